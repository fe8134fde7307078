import { describe, expect, it } from 'vitest';
import { type CanonicalHashSink, EventLog, Rng, canonicalJson, canonicalSha256, outcomeWithViews, rngFromSeed, sealOutcome, sealTurn, viewsOnDemand } from '../src/index.ts';

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

describe('the seal of an unsealed outcome (issue 30)', () => {
  const body = { turn: 3, units: [{ id: 'u' }], events: [{ type: 'moved', to: 'b' }], rolls: [], errors: [], nextState: { turn: 4, z: 1, a: [2] } };
  const views: Record<string, { seen: string[] }> = { ben: { seen: ['b'] }, ann: { seen: ['a'] }, '10': { seen: [] }, '9': { seen: ['c'] } };

  it('hashes the same bytes as the canonical JSON of the sealed result, views built one at a time in key order', () => {
    const built: string[] = [];
    const outcome = { ...body, ...viewsOnDemand(Object.keys(views), (p) => (built.push(p), views[p]!)) };
    expect(built).toEqual([]);
    const handed: string[] = [];
    const hash = sealOutcome(outcome, (p) => handed.push(p));
    // Keys that are array indexes come first, in numeric order, as canonicalJson writes them.
    expect(handed).toEqual(['9', '10', 'ann', 'ben']);
    expect(built).toEqual(handed);
    expect(hash).toBe(canonicalSha256({ ...body, views }));
    const sealed = sealTurn(outcome);
    expect(sealed.hash).toBe(hash);
    expect(sealed.views).toEqual(views);
    expect(sealTurn(outcomeWithViews({ ...body, views })).hash).toBe(hash);
  });

  it("writes through a ruleset's own writer when it has one, and refuses a view for a player it does not have", () => {
    const plain = { ...body, ...viewsOnDemand(['ann', 'ben'], (p) => views[p]!) };
    const writer = {
      outcome: (out: CanonicalHashSink) => out.put(canonicalJson({ ...body, views: {} }).replace(/,"views":\{\}\}$/, '')),
      view: (out: CanonicalHashSink, _p: string, v: unknown) => out.put(JSON.stringify(v)),
    };
    expect(sealOutcome({ ...plain, writer })).toBe(sealOutcome(plain));
    expect(() => plain.view('cat')).toThrow('no view for "cat"');
  });

  it("hands on each view's canonical JSON when asked, the same text hashed, with the same hash", () => {
    const long = { b: Array.from({ length: 600 }, (_, i) => ({ i })), a: 'x' };
    const all = { ...views, long };
    const outcome = { ...body, ...viewsOnDemand(Object.keys(all), (p) => all[p as keyof typeof all]!) };
    const texts: Record<string, string | undefined> = {};
    const hash = sealOutcome(outcome, (p, _v, json) => (texts[p] = json), { viewJson: true });
    expect(hash).toBe(sealOutcome(outcome));
    for (const p of Object.keys(all)) expect(texts[p]).toBe(canonicalJson(all[p as keyof typeof all]));
    // A ruleset's own writer, long arrays included (the hash sink writes them a slice at a time).
    const writer = {
      outcome: (out: CanonicalHashSink) => out.put(canonicalJson({ ...body, views: {} }).replace(/,"views":\{\}\}$/, '')),
      view: (out: CanonicalHashSink, _p: string, v: unknown) => out.putCanonical(v),
    };
    const viaWriter: Record<string, string | undefined> = {};
    expect(sealOutcome({ ...outcome, writer }, (p, _v, json) => (viaWriter[p] = json), { viewJson: true })).toBe(hash);
    expect(viaWriter).toEqual(texts);
    const sealed = sealTurn(outcome, { viewJson: true, onView: (p, _v, json) => expect(json).toBe(texts[p]) });
    expect(sealed.hash).toBe(hash);
    // Without the option, no text is built.
    sealOutcome(outcome, (_p, _v, json) => expect(json).toBeUndefined());
  });
});
