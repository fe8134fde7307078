// Order checks against the open turn's state (the receipt): accepted or rejected, with the legal
// destinations from where the mech stands and the path as if no other mech moved first, in words. A
// face-down destination's contents stay unknown: the preview says the move ends there, no more.
import type { OrderCheck } from '@arbiter/engine';
import { destinations, locationOf } from './board.ts';
import { planMove } from './move.ts';
import { describeOrder, type ExOrder, type MoveOrder } from './orders.ts';
import { pickActions } from './turn.ts';
import type { ExState, Mech } from './types.ts';

type Check = OrderCheck<ExOrder>;

/** The legal destinations in words: "legal destinations from 7: 3, 5, 12 (face down)". */
export function legalDestinations(state: ExState, mech: Mech): string {
  const list = [...destinations(state, mech).keys()].map((id) => (locationOf(state, id)!.faceUp ? id : `${id} (face down)`));
  return `legal destinations from ${mech.at}: ${list.length === 0 ? 'none' : list.join(', ')}`;
}

function checkMove(state: ExState, mech: Mech, order: MoveOrder): Check {
  const legal = legalDestinations(state, mech);
  const plan = planMove(state, mech, order);
  if (plan.ok === 'forfeit') return { order, status: 'accepted', warnings: [`${mech.id} has no valid destination from ${mech.at}: no move, the action is forfeited`], preview: `${mech.id} stays on ${mech.at}; ${legal}` };
  if (!plan.ok) return { order, status: 'rejected', reason: plan.reason, warnings: [] };
  const end = plan.path[plan.path.length - 1]!;
  const steps = plan.path.length - 1;
  const warnings: string[] = [];
  const endLoc = locationOf(state, end)!;
  if (end !== order.to) warnings.push(`the path crosses the face-down location ${end} before ${order.to}: the move ends on ${end}`);
  const through = plan.path.slice(1, -1);
  const words = [
    `from ${mech.at} to ${end}${through.length > 0 ? ` through ${through.join(', ')}` : ''} (${steps} of ${mech.range} locations)`,
    ...(endLoc.faceUp ? [] : [`${end} is face down: the move ends there, ${mech.id} gains its map token if it has one, flips it and draws its corruption`]),
    legal,
  ];
  return { order, status: 'accepted', warnings, preview: words.join('; '), previewPath: plan.path };
}

export function checkOrders(state: ExState, player: string, orders: readonly ExOrder[]): Check[] {
  const mech = state.mechs.find((m) => m.player === player);
  const picked = mech === undefined ? null : pickActions(state, mech, orders);
  return orders.map((order): Check => {
    const reject = (reason: string): Check => ({ order, status: 'rejected', reason, warnings: [] });
    if (mech === undefined) return reject(`${player} is not a player of this game`);
    if (!state.mechs.some((m) => m.id === order.mech)) return reject(`${JSON.stringify(order.mech)} is not a mech of this game`);
    if (order.mech !== mech.id) return reject(`${order.mech} is not your mech (yours is ${mech.id})`);
    if (state.moved.includes(player)) return reject(`${mech.id} has already taken its turn this round`);
    const error = picked!.errors.find((e) => e.line === order.line && e.column === order.column);
    if (error !== undefined) return reject(error.message);
    if (order.kind === 'move') return checkMove(state, mech, order);
    return { order, status: 'accepted', warnings: [], preview: `${describeOrder(order)} (recorded; only Move is adjudicated)` };
  });
}

/** The template lines for a player's mech: where it stands and where it may go. */
export function orderTemplate(state: ExState, player: string): string[] {
  const mech = state.mechs.find((m) => m.player === player);
  if (mech === undefined) return [];
  const first = [...destinations(state, mech).keys()][0];
  return [`# ${mech.id} is on ${mech.at}; ${legalDestinations(state, mech)}`, first === undefined ? `${mech.id}, gather` : `${mech.id}, move, ${first}`];
}
