// Turn structures: who moves when. Simultaneous (mepbm: every player's orders at the deadline at once)
// or sequential, by one of the turn-order presets below, which a ruleset names in its `turnStructure`
// (after boardgame.io's TurnOrder presets: each a first/next pair, and "any of them, in any order").
// A sequential game's setting says whether its moves are adjudicated at the deadline in order, or each as
// soon as it is that player's move. The who-has-moved bookkeeping of a round is here too (`recordMove`).
import type { PlayerId, SequentialMode, TurnOrderName, TurnStructure } from './ruleset.ts';

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
  if (structure.kind === 'simultaneous' || structure.order !== 'initiative') return seats;
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

// ---- turn-order presets ----

/** A seated player as the presets see it: seat order is the list's order. */
export interface Seat {
  id: PlayerId;
  /** The `sides` preset: the side the player is on (Descent: 'heroes' or 'overlord'). */
  side?: string;
  /** The `initiative` preset: this round's initiative (higher moves first; ties in seat order). */
  initiative?: number;
}

/** The structure's sides, for the `sides` preset. */
export interface TurnOrderOptions { sides?: readonly string[] }

/**
 * How play passes within a round: `first` are the players who may open it, `next` those who may move
 * after `moved` (the players who have moved this round, in the order they did); several players where
 * the order lets them choose among themselves, none when the round is over.
 */
export interface TurnOrder {
  first(seats: readonly Seat[], options: TurnOrderOptions): PlayerId[];
  next(seats: readonly Seat[], moved: readonly PlayerId[], options: TurnOrderOptions): PlayerId[];
}

const firstUnmoved = (order: readonly Seat[], moved: readonly PlayerId[]): PlayerId[] => {
  const p = order.find((s) => !moved.includes(s.id));
  return p === undefined ? [] : [p.id];
};

const byInitiative = (seats: readonly Seat[]): Seat[] =>
  seats
    .map((s, i) => ({ s, i }))
    .sort((a, b) => (b.s.initiative ?? -Infinity) - (a.s.initiative ?? -Infinity) || a.i - b.i)
    .map(({ s }) => s);

function sidesOf(seats: readonly Seat[], options: TurnOrderOptions): string[] {
  const sides = options.sides ?? [];
  if (sides.length === 0) throw new RangeError('turn order "sides": the turn structure names no sides');
  for (const s of seats) {
    if (s.side === undefined || !sides.includes(s.side)) throw new RangeError(`turn order "sides": player ${s.id} is on no side of ${sides.join(', ')}`);
  }
  return [...sides];
}

/** Every unmoved member of the first side with one, in seat order (they choose among themselves). */
function sideMembers(seats: readonly Seat[], moved: readonly PlayerId[], options: TurnOrderOptions): PlayerId[] {
  for (const side of sidesOf(seats, options)) {
    const waiting = seats.filter((s) => s.side === side && !moved.includes(s.id)).map((s) => s.id);
    if (waiting.length > 0) return waiting;
  }
  return [];
}

/** The presets a ruleset names in its `turnStructure.order`. */
export const TURN_ORDERS: Readonly<Record<TurnOrderName, TurnOrder>> = {
  /** Seat order: the first seat, then each next seat (Mage Knight, Expeditions). */
  seat: { first: (seats) => firstUnmoved(seats, []), next: (seats, moved) => firstUnmoved(seats, moved) },
  /** Initiative order: highest initiative first, ties in seat order. */
  initiative: { first: (seats) => firstUnmoved(byInitiative(seats), []), next: (seats, moved) => firstUnmoved(byInitiative(seats), moved) },
  /** A side's members in any order they choose, then the next side (Descent: the heroes, then the overlord). */
  sides: { first: (seats, options) => sideMembers(seats, [], options), next: sideMembers },
};

/** The players who may move now in a round where `moved` have moved: the structure's preset asked. */
export function mayMove(structure: TurnStructure, seats: readonly Seat[], moved: readonly PlayerId[]): PlayerId[] {
  if (structure.kind === 'simultaneous') return seats.filter((s) => !moved.includes(s.id)).map((s) => s.id);
  const order = TURN_ORDERS[structure.order];
  const options: TurnOrderOptions = structure.sides === undefined ? {} : { sides: structure.sides };
  return moved.length === 0 ? order.first(seats, options) : order.next(seats, moved, options);
}

/** The players still to move this round, in the order the preset lets them (a side's members in seat order). */
export function movesLeft(structure: TurnStructure, seats: readonly Seat[], moved: readonly PlayerId[]): PlayerId[] {
  const done = [...moved];
  const left: PlayerId[] = [];
  for (let now = mayMove(structure, seats, done); now.length > 0; now = mayMove(structure, seats, done)) {
    left.push(...now);
    done.push(...now);
  }
  return left;
}

/** A round's bookkeeping, as each sequential ruleset keeps it in its state. */
export interface Round { turn: number; moved: PlayerId[] }

/**
 * `players` have made their moves (in this order): the round's bookkeeping after them, the next round
 * (turn + 1, nobody moved) once every seat has moved. Throws when one of them may not move now (a bug:
 * the services ask `mayMove` first).
 */
export function recordMoves(structure: TurnStructure, seats: readonly Seat[], round: Round, players: readonly PlayerId[]): Round {
  const moved = [...round.moved];
  for (const p of players) {
    const now = mayMove(structure, seats, moved);
    if (!now.includes(p)) throw new Error(`it is ${now.length === 0 ? 'nobody' : now.join(' or ')}'s move, not ${p}'s`);
    moved.push(p);
  }
  return moved.length === seats.length ? { turn: round.turn + 1, moved: [] } : { turn: round.turn, moved };
}
