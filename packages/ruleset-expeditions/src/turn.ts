// Adjudication: a round is every player's turn in seat order (the kernel's `seat` preset and `sequentialPlay`). One player's turn: the
// actions its orders name, in line order (Move adjudicated in full, Play and Gather recorded), at most
// the actions a turn allows, each once. Pure: the seeded generator's state is in the state, every draw is
// recorded (the kernel's Rng through the contract's Random), events go to the kernel's EventLog, and the
// kernel's sealTurn gives the result hash.
import { sequentialPlay, type EventLog, type OrderError, type Rng, type TurnResult, type TurnStructure } from '@arbiter/engine';
import type { ExEvent } from './events.ts';
import { playMoveAction } from './move.ts';
import { assertNever } from '@arbiter/engine';
import { type ExOrder } from './orders.ts';
import type { ExState, Mech } from './types.ts';
import { mechResults, type MechResult } from './units.ts';
import { viewFor, type ExView } from './views.ts';

export type ExTurnResult = TurnResult<ExState, ExEvent, ExView, MechResult>;

export const TURN_STRUCTURE: TurnStructure = { kind: 'sequential', order: 'seat' };

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

/** One player's turn, on the round's working copy `s` (changed in place): the mistakes found. */
function playTurn(s: ExState, player: string, orders: readonly ExOrder[], rng: Rng, log: EventLog<ExEvent>): OrderError[] {
  const mech = mechOf(s, player);
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
  return errors;
}

/** Orders in line order, whatever order they arrived in (a result must not depend on it). */
function inLineOrder(orders: readonly ExOrder[]): ExOrder[] {
  return [...orders].sort((a, b) => a.line - b.line || a.column - b.column);
}

function unknownMechErrors(state: ExState, orders: readonly ExOrder[]): OrderError[] {
  const ids = new Set(state.mechs.map((m) => m.id));
  return orders.filter((o) => !ids.has(o.mech)).map((o) => orderError(o, `${JSON.stringify(o.mech)} is not a mech of this game (mechs: ${[...ids].join(', ')})`));
}

/** The round in seat order (the kernel's `seat` preset): one turn a player, each as it arrives or all at the deadline. */
const play = sequentialPlay<ExState, ExOrder, ExEvent, ExView, MechResult>({
  structure: TURN_STRUCTURE,
  seats: (state) => state.players.map((p) => ({ id: p.id })),
  screenRound: (state, arrived) => {
    const orders = inLineOrder(arrived);
    return [
      ...unknownMechErrors(state, orders),
      ...state.moved.flatMap((pid) => {
        const m = mechOf(state, pid);
        return orders.filter((x) => x.mech === m.id).map((o) => orderError(o, `${m.id} has already taken its turn this round`));
      }),
    ];
  },
  // Only the mover's mech's orders count.
  screenMove: (state, player, arrived) => {
    const mech = mechOf(state, player);
    return inLineOrder(arrived).filter((o) => o.mech !== mech.id).map((o) => orderError(o, `${o.mech} is not ${player}'s mech (${mech.id} is)`));
  },
  play: (s, players, arrived, rng, log) => {
    const orders = inLineOrder(arrived);
    return players.flatMap((p) => playTurn(s, p, orders, rng, log));
  },
  view: viewFor,
  units: mechResults,
});

/** Whose turn it is: the first player in seat order who has not taken it this round. */
export const mayMove = play.mayMove;
/** One player's turn (the sequential member of the contract): only that player's mech's orders count. */
export const moveOne = play.move;
/** The whole round: each remaining player's turn in seat order, with the orders of every player. */
export const adjudicateTurn = play.adjudicate;
