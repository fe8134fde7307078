// Turn structures: who moves when. Simultaneous (mepbm: every player's orders at the deadline at once) or
// sequential, in seat order (Mage Knight, Expeditions) or in the initiative order of the cards played
// (Guards of Atlantis, ties broken by a ruleset's tie-break). A sequential game's setting says whether its
// moves are adjudicated at the deadline in order, or each as soon as it is that player's move.
import type { PlayerId, SequentialMode, TurnStructure } from './ruleset.ts';

export interface MoveOrderInput {
  /** The players in seat order. */
  seats: readonly PlayerId[];
  /** Initiative structures: each player's initiative this turn (higher moves first). */
  initiative?: Readonly<Record<PlayerId, number>>;
  /** Initiative ties: negative when `a` moves before `b` (e.g. who holds the tie-breaker coin). */
  tieBreak?: (a: PlayerId, b: PlayerId) => number;
}

/**
 * The order in which players move this turn. Simultaneous: every player at once, given in seat order.
 * An initiative structure needs every seated player's initiative and a tie-break for equal ones.
 */
export function moveOrder(structure: TurnStructure, input: MoveOrderInput): PlayerId[] {
  const seats = [...input.seats];
  if (new Set(seats).size !== seats.length) throw new RangeError(`move order: a player is seated twice (${seats.join(', ')})`);
  if (structure.kind === 'simultaneous' || structure.order === 'seat') return seats;
  const initiative = input.initiative;
  if (initiative === undefined) throw new RangeError('move order: an initiative turn needs each player\'s initiative');
  for (const p of seats) {
    if (!Number.isFinite(initiative[p])) throw new RangeError(`move order: player ${p} has no initiative this turn`);
  }
  const tieBreak = input.tieBreak;
  const seat = new Map(input.seats.map((p, i) => [p, i]));
  return seats.sort((a, b) => {
    const d = (initiative[b] as number) - (initiative[a] as number);
    if (d !== 0) return d;
    if (tieBreak === undefined) {
      const [first, second] = (seat.get(a) as number) < (seat.get(b) as number) ? [a, b] : [b, a];
      throw new RangeError(`move order: players ${first} and ${second} have the same initiative and there is no tie-break`);
    }
    return tieBreak(a, b);
  });
}

/** Whose move it is: the first player in `order` who has not moved, or null when all have. */
export function nextToMove(order: readonly PlayerId[], moved: ReadonlySet<PlayerId>): PlayerId | null {
  return order.find((p) => !moved.has(p)) ?? null;
}

/** True when a move is adjudicated as it arrives (sequential, "as each move arrives"), false at the deadline. */
export function adjudicatesOnArrival(structure: TurnStructure, mode: SequentialMode): boolean {
  return structure.kind === 'sequential' && mode === 'as-each-move-arrives';
}
