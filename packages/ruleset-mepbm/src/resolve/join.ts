// 870 move and join: after all movement, a unit joins the army it named when the army ended within its
// reach (and, when the order names a hex, in that hex).
import { distance, parseHexId } from '@arbiter/engine';
import { CHARACTER_RANGE, STOP_MESSAGES } from '../paths.ts';
import { AFTER_MOVEMENT } from './events.ts';
import { onlyOf } from './emit.ts';
import { hexIdOf } from './model.ts';
import type { RUnit, Resolution } from './model.ts';
import { detach, removePresent } from './presence.ts';

/** After movement: 870 move and join. */
export function moveAndJoin(r: Resolution, u: RUnit): void {
  if (u.orderKind !== 'move-and-join' || u.destroyed) return;
  const o = u.order!.order;
  if (o.kind !== 'move-and-join') return;
  const army = r.byId.get(o.army)!;
  const startCoord = parseHexId(hexIdOf(r, u.start))!;
  let problem: string | null = null;
  if (army.destroyed) problem = `army ${army.id} was destroyed this turn`;
  else if (o.to !== undefined && hexIdOf(r, army.hex) !== o.to) problem = `army ${army.id} ended its move at ${hexIdOf(r, army.hex)}, not at ${o.to} where the order meets it`;
  else {
    const d = distance(startCoord, parseHexId(hexIdOf(r, army.hex))!);
    if (d > CHARACTER_RANGE) problem = `army ${army.id} ended its move at ${hexIdOf(r, army.hex)}, ${d} hexes from ${u.id}'s start ${hexIdOf(r, u.start)} (at most ${CHARACTER_RANGE})`;
  }
  if (problem !== null) {
    u.stop = { hex: hexIdOf(r, u.hex), message: `${STOP_MESSAGES['join-failed']}: ${problem}`, reason: 'join-failed' };
    r.events.push({
      army: army.id,
      hex: hexIdOf(r, u.hex),
      message: `${u.id} could not join ${army.id}: ${problem}`,
      nations: onlyOf(r, u.nation),
      pulse: AFTER_MOVEMENT,
      type: 'join-failed',
      unit: u.id,
    });
    return;
  }
  if (u.carrier !== army) {
    detach(r, u);
    removePresent(r, u);
    u.hex = army.hex;
    u.carrier = army;
    army.passengers.push(u);
  }
  r.events.push({
    army: army.id,
    hex: hexIdOf(r, u.hex),
    message: `${u.id} joined ${army.id} at ${hexIdOf(r, u.hex)}`,
    nations: onlyOf(r, u.nation),
    pulse: AFTER_MOVEMENT,
    type: 'joined',
    unit: u.id,
  });
}
