// Adjudication: a round is every player's turn in seat order (sequential). One player's turn: the
// actions its orders name, in line order (Move adjudicated in full, Play and Gather recorded), at most
// the actions a turn allows, each once. Pure: the seeded generator's state is in the state, every draw is
// recorded (the kernel's Rng through the contract's Random), events go to the kernel's EventLog, and the
// kernel's sealTurn gives the result hash.
import { EventLog, Rng, sealTurn, type DrawRecord, type OrderError, type TurnResult } from '@arbiter/engine';
import type { ExEvent } from './events.ts';
import { playMoveAction } from './move.ts';
import { assertNever } from '@arbiter/engine';
import { type ExOrder } from './orders.ts';
import type { ExState, Mech } from './types.ts';
import { mechResults, type MechResult } from './units.ts';
import { viewFor, type ExView } from './views.ts';

export type ExTurnResult = TurnResult<ExState, ExEvent, ExView, MechResult>;

/** Whose turn it is: the first player in seat order who has not taken it this round. */
export function toMove(state: ExState): string | null {
  return state.players.find((p) => !state.moved.includes(p.id))?.id ?? null;
}

export function mechOf(state: ExState, player: string): Mech {
  const m = state.mechs.find((x) => x.player === player);
  if (m === undefined) throw new Error(`player ${player} has no mech`);
  return m;
}

export function orderError(o: ExOrder, message: string): OrderError {
  return { line: o.line, column: o.column, message, unit: o.mech };
}

/** Actions a player may take this turn: all three on the first turn, else two (the scenario's settings). */
export function actionsAllowed(state: ExState): number {
  return state.turn === 1 ? state.settings.actionsFirstTurn : state.settings.actionsPerTurn;
}

/** The orders a mech carries out this turn, in line order, and the errors of those it may not. */
export function pickActions(state: ExState, mech: Mech, orders: readonly ExOrder[]): { taken: ExOrder[]; errors: OrderError[] } {
  const mine = orders.filter((o) => o.mech === mech.id).sort((a, b) => a.line - b.line);
  const allowed = actionsAllowed(state);
  const taken: ExOrder[] = [];
  const errors: OrderError[] = [];
  for (const o of mine) {
    const same = taken.find((t) => t.kind === o.kind);
    if (same !== undefined) errors.push(orderError(o, `${mech.id} already takes the ${o.kind} action this turn (line ${same.line}); each action once a turn`));
    else if (taken.length >= allowed) errors.push(orderError(o, `${mech.id} may take ${allowed} actions this turn (turn ${state.turn}); this is one more`));
    else taken.push(o);
  }
  return { taken, errors };
}

interface TurnOutcome {
  players: string[];
  events: ExEvent[];
  rolls: DrawRecord[];
  errors: OrderError[];
}

/** One player's turn, on a working copy `s` (changed in place). */
function playTurn(s: ExState, player: string, orders: readonly ExOrder[]): TurnOutcome {
  const mech = mechOf(s, player);
  const rng = new Rng(s.rng);
  const log = new EventLog<ExEvent>();
  const { taken, errors } = pickActions(s, mech, orders);
  for (const o of taken) {
    switch (o.kind) {
      case 'move': {
        const error = playMoveAction(s, mech, o, rng, log);
        if (error !== null) errors.push(orderError(o, error));
        break;
      }
      case 'play':
        log.push({ type: 'played', mech: mech.id, detail: o.detail });
        break;
      case 'gather':
        log.push({ type: 'gathered', mech: mech.id, detail: o.detail });
        break;
      default:
        assertNever(o);
    }
  }
  s.rng = rng.state();
  s.moved.push(player);
  if (s.moved.length === s.players.length) {
    s.turn += 1;
    s.moved = [];
  }
  return { players: [player], events: [...log.events()], rolls: rng.draws().map((r) => ({ ...r })), errors };
}

function resultOf(before: ExState, next: ExState, outcome: TurnOutcome, priorErrors: readonly OrderError[]): ExTurnResult {
  const turn = before.turn;
  const errors = [...priorErrors, ...outcome.errors];
  const views = Object.fromEntries(next.players.map((p) => [p.id, viewFor(next, p.id, turn, outcome.events, errors)]));
  const units = mechResults(before, next, outcome.players, outcome.events);
  return sealTurn({ turn, units, events: outcome.events, rolls: outcome.rolls, errors, views, nextState: next });
}

/** Orders in line order, whatever order they arrived in (a result must not depend on it). */
function inLineOrder(orders: readonly ExOrder[]): ExOrder[] {
  return [...orders].sort((a, b) => a.line - b.line || a.column - b.column);
}

function unknownMechErrors(state: ExState, orders: readonly ExOrder[]): OrderError[] {
  const ids = new Set(state.mechs.map((m) => m.id));
  return orders.filter((o) => !ids.has(o.mech)).map((o) => orderError(o, `${JSON.stringify(o.mech)} is not a mech of this game (mechs: ${[...ids].join(', ')})`));
}

/** One player's turn (the sequential member of the contract): only that player's mech's orders count. */
export function moveOne(state: ExState, player: string, arrived: readonly ExOrder[]): ExTurnResult {
  const orders = inLineOrder(arrived);
  const next = toMove(state);
  if (next !== player) throw new Error(`it is ${next ?? 'nobody'}'s turn, not ${player}'s`);
  const mech = mechOf(state, player);
  const foreign = orders.filter((o) => o.mech !== mech.id).map((o) => orderError(o, `${o.mech} is not ${player}'s mech (${mech.id} is)`));
  const s = structuredClone(state);
  return resultOf(state, s, playTurn(s, player, orders), foreign);
}

/** The whole round: each remaining player's turn in seat order, with the orders of every player. */
export function adjudicateTurn(state: ExState, arrived: readonly ExOrder[], options?: { orderErrors?: readonly OrderError[] }): ExTurnResult {
  const orders = inLineOrder(arrived);
  const s = structuredClone(state);
  const early = [...(options?.orderErrors ?? []), ...unknownMechErrors(state, orders)];
  for (const pid of state.moved) {
    const m = mechOf(state, pid);
    for (const o of orders.filter((x) => x.mech === m.id)) early.push(orderError(o, `${m.id} has already taken its turn this round`));
  }
  const all: TurnOutcome = { players: [], events: [], rolls: [], errors: [] };
  for (const p of state.players) {
    if (state.moved.includes(p.id)) continue;
    const out = playTurn(s, p.id, orders);
    all.players.push(...out.players);
    all.events.push(...out.events);
    all.rolls.push(...out.rolls);
    all.errors.push(...out.errors);
  }
  return resultOf(state, s, all, early);
}
