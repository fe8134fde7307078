// One Move action: where the mech may go (board.ts), walking the path, and what a face-down location
// does when a mech ends there (the map token, the flip, the corruption draws from the seeded bag).
import type { EventLog, Random } from '@arbiter/engine';
import { destinations, enterRefusal, locationOf, mechOn, walkMech } from './board.ts';
import type { ExEvent } from './events.ts';
import type { MoveOrder } from './orders.ts';
import { LOCATION_20, type ExState, type Mech } from './types.ts';

/** Why `to` is no destination for the mech, in words (the receipt's reason and the turn's error). */
export function whyNotDestination(state: ExState, mech: Mech, to: string): string {
  const legal = destinations(state, mech);
  const list = legal.size === 0 ? 'none' : [...legal.keys()].join(', ');
  const tail = ` (legal destinations from ${mech.at}: ${list})`;
  const refusal = enterRefusal(state, to);
  if (refusal !== null) return refusal.message + tail;
  const l = locationOf(state, to);
  if (l === undefined) return `there is no location ${to} on this map${tail}`;
  if (to === mech.at) return `${mech.id} is already on ${to}: a move must end on a different location${tail}`;
  const other = mechOn(state, to, mech);
  if (other !== undefined) return `location ${to} is occupied by ${other.id}: a mech ends only on an unoccupied location${tail}`;
  return `location ${to} is not within ${mech.id}'s range of 1-${mech.range} locations (through face-up locations, never cards or Basecamp)${tail}`;
}

export type MoveOutcome = { ok: true; path: string[] } | { ok: false; reason: string } | { ok: 'forfeit' };

/** Where the Move takes the mech (the spaces from its start), without changing anything. */
export function planMove(state: ExState, mech: Mech, order: MoveOrder): MoveOutcome {
  const legal = destinations(state, mech);
  if (legal.size === 0) return { ok: 'forfeit' };
  if (order.via.length === 0) {
    const path = legal.get(order.to);
    return path === undefined ? { ok: false, reason: whyNotDestination(state, mech, order.to) } : { ok: true, path: [mech.at, ...path] };
  }
  const walk = walkMech(state, mech, [...order.via, order.to]);
  const stop = walk.stop;
  if (stop?.kind === 'refused') return { ok: false, reason: `the path stops at ${stop.to}: ${stop.refusal.message}` };
  if (stop?.kind === 'out-of-points') return { ok: false, reason: `the path is ${order.via.length + 1} locations long; ${mech.id}'s range is 1-${mech.range}` };
  const path = [mech.at, ...walk.steps.map((s) => s.to)];
  if (stop?.kind === 'revealed' && walk.at !== order.to) return { ok: true, path };
  if (walk.at === mech.at) return { ok: false, reason: `${mech.id} must end on a different location than where it began` };
  const other = mechOn(state, walk.at, mech);
  if (other !== undefined) return { ok: false, reason: `location ${walk.at} is occupied by ${other.id}: a mech ends only on an unoccupied location` };
  return { ok: true, path };
}

/** Carries a Move out on the working state `s` (changed in place); returns the error message, or null. */
export function playMoveAction(s: ExState, mech: Mech, order: MoveOrder, rng: Random, log: EventLog<ExEvent>): string | null {
  const plan = planMove(s, mech, order);
  if (plan.ok === 'forfeit') {
    log.push({ type: 'move-forfeited', mech: mech.id, at: mech.at });
    return null;
  }
  if (!plan.ok) {
    log.push({ type: 'move-refused', mech: mech.id, at: mech.at, to: order.to, reason: plan.reason });
    return plan.reason;
  }
  const from = mech.at;
  const to = plan.path[plan.path.length - 1]!;
  mech.at = to;
  log.push({ type: 'moved', mech: mech.id, from, to, path: plan.path });
  if (to !== order.to) log.push({ type: 'move-ended-early', mech: mech.id, at: to, planned: order.to });
  const l = locationOf(s, to)!;
  if (!l.faceUp) reveal(s, mech, to, rng, log);
  return null;
}

function reveal(s: ExState, mech: Mech, id: string, rng: Random, log: EventLog<ExEvent>): void {
  const l = locationOf(s, id)!;
  // 1. the map token, 2. flip face up, 3. corruption until the sum reaches the level.
  if (l.mapToken) {
    l.mapToken = false;
    mech.maps += 1;
    log.push({ type: 'map-gained', mech: mech.id, location: id, maps: mech.maps });
  }
  l.faceUp = true;
  log.push({ type: 'flipped', location: id, corruptionLevel: l.corruptionLevel });
  if (id === LOCATION_20 && s.aside !== null) {
    const token = s.aside;
    s.aside = null;
    l.corruption.push(token);
    log.push({ type: 'corruption-placed', location: id, value: token.value, colour: token.colour });
    return;
  }
  let total = l.corruption.reduce((a, c) => a + c.value, 0);
  while (total < l.corruptionLevel) {
    if (s.bag.length === 0) {
      log.push({ type: 'bag-empty', location: id, total, corruptionLevel: l.corruptionLevel });
      return;
    }
    const i = rng.draw('corruption', s.bag.length, { mech: mech.id, location: id });
    const [token] = s.bag.splice(i, 1) as [ExState['bag'][number]];
    l.corruption.push(token);
    total += token.value;
    log.push({ type: 'corruption-drawn', location: id, value: token.value, colour: token.colour, total, bagLeft: s.bag.length });
  }
}
