// A unit's move ending: stopped where it is (the stop event), or destroyed with those it carries.
import { STOP_MESSAGES } from '../paths.ts';
import type { StopReason } from '../paths.ts';
import type { HexId } from '../types.ts';
import { emit, onlyOf } from './emit.ts';
import { hexIdOf } from './model.ts';
import type { RUnit, Resolution } from './model.ts';
import { removePresent } from './presence.ts';

export function stopUnit(r: Resolution, u: RUnit, reason: StopReason, p: number, detail?: string): void {
  u.done = true;
  const hex = hexIdOf(r, u.hex);
  const message = detail === undefined ? STOP_MESSAGES[reason] : [STOP_MESSAGES[reason], ': ', detail].join('');
  u.stop = { hex, message, reason };
  r.events.push({ hex, message: [u.id, ' stopped at ', hex, ': ', message].join(''), nations: onlyOf(r, u.nation), pulse: p, reason, type: 'stop', unit: u.id });
}

export function destroy(r: Resolution, u: RUnit, p: number, cause: 'overrun' | 'lost-at-sea', by: RUnit | null): void {
  const hex = hexIdOf(r, u.hex);
  u.destroyed = true;
  u.done = true;
  u.stop = { hex, message: STOP_MESSAGES[cause], reason: cause };
  if (u.carrier === null) removePresent(r, u);
  emit(r, {
    type: 'destroyed',
    pulse: p,
    unit: u.id,
    hex,
    cause,
    ...(by !== null ? { by: by.id } : {}),
    message: cause === 'overrun' ? `${u.id} (${u.nation}) was overrun at ${hex} by ${by?.id ?? ''} (${by?.nation ?? ''})` : `${u.id} was lost at sea at ${hex}`,
    nations: by !== null && by.nation !== u.nation ? [u.nation, by.nation] : [u.nation],
  });
  for (const q of u.passengers) destroyPassenger(r, q, u, p, hex);
}

export function destroyPassenger(r: Resolution, q: RUnit, carrier: RUnit, p: number, hex: HexId): void {
  q.destroyed = true;
  q.done = true;
  const reason: StopReason = carrier.stop?.reason === 'lost-at-sea' ? 'lost-at-sea' : 'overrun';
  q.stop = { hex, message: `${q.kind === 'character' ? 'killed' : 'destroyed'} with ${carrier.id}: ${STOP_MESSAGES[reason]}`, reason };
  if (q.kind === 'character') {
    r.events.push({ hex, message: `${q.id} was killed with ${carrier.id} at ${hex}`, nations: onlyOf(r, q.nation), pulse: p, type: 'character-killed', unit: q.id, with: carrier.id });
  } else {
    r.events.push({ cause: reason, hex, message: `${q.id} was lost with ${carrier.id} at ${hex}`, nations: onlyOf(r, q.nation), pulse: p, type: 'destroyed', unit: q.id });
  }
  for (const x of q.passengers) destroyPassenger(r, x, q, p, hex);
}
