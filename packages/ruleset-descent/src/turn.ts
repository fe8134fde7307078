// Adjudication: the heroes act, each in the order the hero players' orders give (place numbers; heroes
// without one after, in seat order), then the overlord's monsters in the order of the overlord's lines.
// Pure: the seeded generator's state is in the state, every draw is recorded (the kernel's Rng), events go
// to the kernel's EventLog, and the kernel's sealTurn gives the result hash.
import { EventLog, Rng, sealTurn, type DrawRecord, type OrderError, type TurnResult } from '@arbiter/engine';
import type { DsEvent } from './events.ts';
import { Activation } from './move.ts';
import type { DsOrder } from './orders.ts';
import type { DsState, Figure } from './types.ts';
import { figureResults, type FigureResult } from './units.ts';
import { viewFor, type DsView } from './views.ts';

export type DsTurnResult = TurnResult<DsState, DsEvent, DsView, FigureResult>;

const orderError = (o: DsOrder, message: string): OrderError => ({ line: o.line, column: o.column, message, unit: o.figure });

/** Whose move it is: hero players in seat order, then the overlord. */
export function toMove(state: DsState): string | null {
  const seats = [...state.players.filter((p) => p.side === 'heroes'), ...state.players.filter((p) => p.side === 'overlord')];
  return seats.find((p) => !state.moved.includes(p.id))?.id ?? null;
}

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

interface Outcome {
  players: string[];
  events: DsEvent[];
  rolls: DrawRecord[];
  errors: OrderError[];
}

/** The moves of `players` (in turn order) on a working copy `s` (changed in place). */
function play(s: DsState, players: readonly string[], orders: readonly DsOrder[]): Outcome {
  const rng = new Rng(s.rng);
  const log = new EventLog<DsEvent>();
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
  s.rng = rng.state();
  s.moved.push(...players);
  if (s.players.every((p) => s.moved.includes(p.id))) {
    s.turn += 1;
    s.moved = [];
  }
  return { players: [...players], events: [...log.events()], rolls: rng.draws().map((r) => ({ ...r })), errors };
}

function resultOf(before: DsState, next: DsState, out: Outcome, prior: readonly OrderError[]): DsTurnResult {
  const errors = [...prior, ...out.errors].sort((a, b) => a.line - b.line || a.column - b.column);
  const views = Object.fromEntries(next.players.map((p) => [p.id, viewFor(next, p.id, before.turn, out.events, errors)]));
  return sealTurn({ turn: before.turn, units: figureResults(before, next, out.events), events: out.events, rolls: out.rolls, errors, views, nextState: next });
}

/** One player's move (the contract's sequential member): only that player's figures act. */
export function moveOne(state: DsState, player: string, orders: readonly DsOrder[]): DsTurnResult {
  const next = toMove(state);
  if (next !== player) throw new Error(`it is ${next ?? 'nobody'}'s move, not ${player}'s`);
  const s = structuredClone(state);
  return resultOf(state, s, play(s, [player], orders), []);
}

/** The whole turn: every player who has not moved yet, heroes first, then the overlord. */
export function adjudicateTurn(state: DsState, orders: readonly DsOrder[], options?: { orderErrors?: readonly OrderError[] }): DsTurnResult {
  const s = structuredClone(state);
  const players = state.players.filter((p) => !state.moved.includes(p.id)).map((p) => p.id);
  return resultOf(state, s, play(s, players, orders), options?.orderErrors ?? []);
}
