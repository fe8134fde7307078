// A sequential ruleset's turn, written once: one player's move as it arrives, or the whole round at the
// deadline (every player still to move, in the turn order's preset). The kernel keeps the round's
// bookkeeping (who has moved, the next round once every seat has) and the random source; the ruleset
// gives what a move does, what its mistakes are, and the views and units of the result. The outcome is
// not sealed here (the services seal it, `sealTurn`); each view is built when asked.
import type { EventLog as EventLogType } from './result.ts';
import { EventLog, viewsOnDemand } from './result.ts';
import { Rng, type RngState } from './rng.ts';
import type { OrderError, PlayerId, TurnOutcome, TurnStructure } from './ruleset.ts';
import { mayMove, movesLeft, recordMoves, type Round, type Seat } from './turn.ts';

/** What the kernel needs of a sequential ruleset's state: the round's bookkeeping and the random source. */
export interface SequentialState extends Round { rng: RngState }

export interface SequentialRules<St extends SequentialState, O, Ev extends { type: string }, V, U> {
  structure: TurnStructure;
  /** The players in seat order, with their sides where the preset needs them. */
  seats(state: St): Seat[];
  /** Mistakes known before a whole round is played: orders for units nobody has, or for players who moved. */
  screenRound(state: St, orders: readonly O[]): OrderError[];
  /** Mistakes known before one player's move: orders for units that are not that player's. */
  screenMove(state: St, player: PlayerId, orders: readonly O[]): OrderError[];
  /**
   * The moves of `players`, in this order (one player, or a side's members who order themselves), on the
   * working copy `s` (changed in place), drawing from `rng` and writing to `log`: the mistakes found.
   */
  play(s: St, players: readonly PlayerId[], orders: readonly O[], rng: Rng, log: EventLogType<Ev>): OrderError[];
  /** One player's view of the result (`turn` is the turn played). */
  view(next: St, player: PlayerId, turn: number, events: readonly Ev[], errors: readonly OrderError[]): V;
  /** What happened to the pieces of `players`. */
  units(before: St, next: St, players: readonly PlayerId[], events: readonly Ev[]): U[];
  /** The result's errors in the order the ruleset reports them (default: as found). */
  sortErrors?(errors: OrderError[]): OrderError[];
}

export interface SequentialPlay<St, O, Ev, V, U> {
  /** Who may move now (the contract's `sequential.mayMove`). */
  mayMove(state: St): PlayerId[];
  /** One player's move (the contract's `sequential.move`); throws when it is not that player's move. */
  move(state: St, player: PlayerId, orders: readonly O[]): TurnOutcome<St, Ev, V, U>;
  /** The rest of the round at the deadline (the contract's `adjudicate`). */
  adjudicate(state: St, orders: readonly O[], options?: { orderErrors?: readonly OrderError[] }): TurnOutcome<St, Ev, V, U>;
}

export function sequentialPlay<St extends SequentialState, O, Ev extends { type: string }, V, U>(rules: SequentialRules<St, O, Ev, V, U>): SequentialPlay<St, O, Ev, V, U> {
  const seatsOf = (state: St) => rules.seats(state);
  function play(state: St, players: readonly PlayerId[], orders: readonly O[], prior: readonly OrderError[]): TurnOutcome<St, Ev, V, U> {
    const round = recordMoves(rules.structure, seatsOf(state), state, players);
    const s = structuredClone(state);
    const rng = new Rng(s.rng);
    const log = new EventLog<Ev>();
    const found = rules.play(s, players, orders, rng, log);
    s.rng = rng.state();
    s.turn = round.turn;
    s.moved = round.moved;
    const events = [...log.events()];
    const errors = rules.sortErrors?.([...prior, ...found]) ?? [...prior, ...found];
    const units = rules.units(state, s, players, events);
    const views = viewsOnDemand(
      seatsOf(s).map((p) => p.id),
      (player) => rules.view(s, player, state.turn, events, errors),
    );
    return { turn: state.turn, units, events, rolls: rng.draws().map((r) => ({ ...r })), errors, nextState: s, ...views };
  }
  return {
    mayMove: (state) => mayMove(rules.structure, seatsOf(state), state.moved),
    move: (state, player, orders) => {
      recordMoves(rules.structure, seatsOf(state), state, [player]); // throws naming whose move it is
      return play(state, [player], orders, rules.screenMove(state, player, orders));
    },
    adjudicate: (state, orders, options) =>
      play(state, movesLeft(rules.structure, seatsOf(state), state.moved), orders, [...(options?.orderErrors ?? []), ...rules.screenRound(state, orders)]),
  };
}
