// Adjudication: the heroes act, each in the order the hero players' orders give (place numbers; heroes
// without one after, in seat order), then the overlord's monsters in the order of the overlord's lines.
// The kernel's `sides` preset and `sequentialPlay` keep the round. Pure: the seeded generator's state is
// in the state, every draw is recorded (the kernel's Rng), events go to the kernel's EventLog.
import { sequentialPlay, type EventLog, type OrderError, type Rng, type TurnResult, type TurnStructure } from '@arbiter/engine';
import type { DsEvent } from './events.ts';
import { Activation } from './move.ts';
import type { DsOrder } from './orders.ts';
import type { DsState, Figure } from './types.ts';
import { figureResults, type FigureResult } from './units.ts';
import { viewFor, type DsView } from './views.ts';

export type DsTurnResult = TurnResult<DsState, DsEvent, DsView, FigureResult>;

export const TURN_STRUCTURE: TurnStructure = { kind: 'sequential', order: 'sides', sides: ['heroes', 'overlord'] };

const orderError = (o: DsOrder, message: string): OrderError => ({ line: o.line, column: o.column, message, unit: o.figure });

/** The first order of each figure, and errors for the others and for orders no figure can follow. */
export function pickOrders(state: DsState, orders: readonly DsOrder[]): { picked: Map<string, DsOrder>; errors: OrderError[] } {
  const picked = new Map<string, DsOrder>();
  const errors: OrderError[] = [];
  const sorted = [...orders].sort((a, b) => a.line - b.line || a.column - b.column);
  const hidden = new Set(state.areas.flatMap((a) => a.monsters.map((m) => m.id)));
  for (const o of sorted) {
    const f = state.figures.find((x) => x.id === o.figure);
    if (f === undefined && !hidden.has(o.figure)) {
      errors.push(orderError(o, `${JSON.stringify(o.figure)} is not a figure of this game`));
      continue;
    }
    const side = f?.side ?? 'overlord';
    if (side === 'heroes' && o.action === 'move') errors.push(orderError(o, `${o.figure} is a hero: heroes run, advance, ready <order> or battle`));
    else if (side === 'overlord' && o.action !== 'move') errors.push(orderError(o, `${o.figure} is a monster: monsters move (by their speed), they do not ${o.action}`));
    else if (side === 'overlord' && o.place !== null) errors.push(orderError(o, `${o.figure} is a monster: only heroes take a place in the heroes' order`));
    else if (picked.has(o.figure)) errors.push(orderError(o, `${o.figure} already has an order this turn (line ${picked.get(o.figure)!.line}); one activation per turn`));
    else picked.set(o.figure, o);
  }
  return { picked, errors };
}

/** The heroes of `players` in the order they act: by place, then seat, then the scenario's order. */
export function heroOrder(state: DsState, players: readonly string[], picked: ReadonlyMap<string, DsOrder>): Figure[] {
  const seat = (f: Figure) => state.players.findIndex((p) => p.id === f.player);
  const index = (f: Figure) => state.figures.indexOf(f);
  return state.figures
    .filter((f) => f.side === 'heroes' && players.includes(f.player))
    .sort((a, b) => (picked.get(a.id)?.place ?? 99) - (picked.get(b.id)?.place ?? 99) || seat(a) - seat(b) || index(a) - index(b));
}

/** The moves of `players` (in turn order) on the round's working copy `s` (changed in place): the mistakes found. */
function playMoves(s: DsState, players: readonly string[], orders: readonly DsOrder[], rng: Rng, log: EventLog<DsEvent>): OrderError[] {
  const { picked, errors } = pickOrders(s, orders);
  const acted = new Set<string>();
  const heroes = players.filter((p) => s.players.find((x) => x.id === p)?.side === 'heroes');
  for (const h of heroOrder(s, heroes, picked)) {
    const o = picked.get(h.id);
    if (o === undefined) continue;
    new Activation(s, h, rng, log).run(o);
    acted.add(h.id);
  }
  const overlord = s.players.find((p) => p.side === 'overlord')!.id;
  if (players.includes(overlord)) {
    for (const o of picked.values()) {
      if (acted.has(o.figure)) continue;
      const m = s.figures.find((f) => f.id === o.figure && f.side === 'overlord');
      if (m === undefined) {
        errors.push(orderError(o, `${o.figure} is not on the board: its area was not revealed this turn`));
        continue;
      }
      new Activation(s, m, rng, log).run(o);
      acted.add(o.figure);
    }
  }
  for (const o of picked.values()) {
    const f = s.figures.find((x) => x.id === o.figure);
    if (!acted.has(o.figure) && f !== undefined && !players.includes(f.player)) errors.push(orderError(o, `${o.figure} is not a figure of the player moving now`));
  }
  return errors;
}

/**
 * The round (the kernel's `sides` preset): the hero players in any order they choose (each move as it
 * arrives; at the deadline by their place numbers), then the overlord.
 */
const play = sequentialPlay<DsState, DsOrder, DsEvent, DsView, FigureResult>({
  structure: TURN_STRUCTURE,
  seats: (state) => state.players.map((p) => ({ id: p.id, side: p.side })),
  screenRound: () => [],
  screenMove: () => [],
  play: playMoves,
  view: viewFor,
  units: (before, next, _players, events) => figureResults(before, next, events),
  sortErrors: (errors) => errors.sort((a, b) => a.line - b.line || a.column - b.column),
});

/** Who may move now: every hero player who has not moved this turn, else the overlord. */
export const mayMove = play.mayMove;
/** One player's move (the contract's sequential member): only that player's figures act. */
export const moveOne = play.move;
/** The whole turn: every player who has not moved yet, heroes first (by place numbers), then the overlord. */
export const adjudicateTurn = play.adjudicate;
