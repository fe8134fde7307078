// The event log and the result hash at one boundary: rules code appends events in the order they happen
// and never orders keys by hand; the kernel seals a turn's result with the SHA-256 of its canonical JSON.
import { canonicalSha256 } from './canonical.ts';
import type { TurnResult } from './ruleset.ts';

/** A turn's events in the order they happened; each is a ruleset's union member, `type` as its tag. */
export class EventLog<Ev extends { type: string }> {
  private readonly list: Ev[] = [];

  push(event: Ev): void {
    this.list.push(event);
  }

  events(): readonly Ev[] {
    return this.list;
  }
}

/**
 * The result with its hash: SHA-256 of the canonical JSON of every other field (views included: what a
 * player is told is part of what must replay), fed to the hash a piece at a time (canonicalSha256). mepbm
 * writes the same bytes through the kernel's CanonicalHashSink itself, skipping the key-order walk over
 * the parts of its result it builds in canonical order.
 */
export function sealTurn<St, Ev, V, U>(result: Omit<TurnResult<St, Ev, V, U>, 'hash'>): TurnResult<St, Ev, V, U> {
  return { ...result, hash: canonicalSha256(result) };
}
