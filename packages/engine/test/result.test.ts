import { describe, expect, it } from 'vitest';
import { EventLog, Rng, canonicalSha256, rngFromSeed, sealTurn } from '../src/index.ts';

describe('the event log, the draws and the sealed result', () => {
  it('keeps events in order and seals the result with the hash of everything else', () => {
    const log = new EventLog<{ type: 'moved'; to: string } | { type: 'explored'; tile: number }>();
    log.push({ type: 'moved', to: '0101' });
    log.push({ type: 'explored', tile: 3 });
    const body = { turn: 1, units: [], events: [...log.events()], rolls: [], errors: [], views: { p: { b: 1, a: 2 } }, nextState: { turn: 2 } };
    const sealed = sealTurn(body);
    expect(sealed.events.map((e) => e.type)).toEqual(['moved', 'explored']);
    expect(sealed.hash).toBe(canonicalSha256(body));
    // Key order does not matter; content does.
    expect(sealTurn({ ...body, views: { p: { a: 2, b: 1 } } }).hash).toBe(sealed.hash);
    expect(sealTurn({ ...body, turn: 2 }).hash).not.toBe(sealed.hash);
  });

  it('Random.draw records its context with the keys in order, and replays', () => {
    const a = new Rng(rngFromSeed(11));
    const b = new Rng(rngFromSeed(11));
    const x = a.draw('tile', 8, { tile: 'countryside', position: 3 });
    expect(b.int(8, { purpose: 'tile' })).toBe(x);
    expect(a.draws()).toEqual([{ position: 3, purpose: 'tile', sides: 8, tile: 'countryside', value: x }]);
    expect(Object.keys(a.draws()[0] as object)).toEqual(['position', 'purpose', 'sides', 'tile', 'value']);
    expect(a.draw('plain', 6)).toBe(b.int(6, { purpose: 'plain' }));
  });
});
