// Events into the resolution: the nation lists they are shown to, and each event with its keys in order.
import type { NationId } from '../types.ts';
import type { TurnEvent } from './events.ts';
import type { Resolution } from './model.ts';
import { sortedRecord } from './results.ts';

/** The `[nation]` array shared by that nation's events. */
export function onlyOf(r: Resolution, n: NationId): NationId[] {
  let a = r.onlyLists.get(n);
  if (a === undefined) {
    a = [n];
    r.onlyLists.set(n, a);
  }
  return a;
}

/** Adds an event with its keys in sorted order (see the seal writer, turn-hash.ts). */
export function emit(r: Resolution, e: TurnEvent): void {
  r.events.push(sortedRecord(e));
}
