import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { Rng, canonicalJson, isRngState, rngFromSeed, sha256Hex } from '../src/index.ts';

describe('seeded random source', () => {
  it('is a JSON value that replays: same state, same draws', () => {
    const s = rngFromSeed(7);
    expect(isRngState(JSON.parse(JSON.stringify(s)))).toBe(true);
    const a = new Rng(s);
    const b = new Rng(JSON.parse(JSON.stringify(s)));
    const xs = Array.from({ length: 50 }, () => a.int(1000, { purpose: 't' }));
    const ys = Array.from({ length: 50 }, () => b.int(1000, { purpose: 't' }));
    expect(xs).toEqual(ys);
    expect(a.state()).toEqual(b.state());
    expect(rngFromSeed(8)).not.toEqual(s);
  });

  it('records every draw with its purpose', () => {
    const r = new Rng(rngFromSeed(1));
    r.int(6, { purpose: 'morale', unit: 'a', pulse: 0 });
    r.shuffle([1, 2, 3], { purpose: 'block-order' });
    expect(r.records.map((x) => x.purpose)).toEqual(['morale', 'block-order', 'block-order']);
    expect(r.records[0]).toMatchObject({ purpose: 'morale', sides: 6, unit: 'a', pulse: 0 });
  });

  it('records a draw\'s context as the ruleset gives it, whatever its keys, in sorted key order', () => {
    const r = new Rng(rngFromSeed(3));
    const v = r.int(100, { purpose: 'evasion', unit: 'a', pulse: 2, hex: '0101' });
    // mepbm's keys give the same bytes as when the kernel named them (hex, pulse, purpose, sides, unit, value).
    expect(JSON.stringify(r.records[0])).toBe(`{"hex":"0101","pulse":2,"purpose":"evasion","sides":100,"unit":"a","value":${v}}`);
    const w = r.draw('tile', 4, { position: 'p2', hero: 'tovak' });
    expect(JSON.stringify(r.draws()[1])).toBe(`{"hero":"tovak","position":"p2","purpose":"tile","sides":4,"value":${w}}`);
    expect(canonicalJson(r.draws())).toBe(JSON.stringify(r.draws()));
  });

  it('draw and int give the same value and record for the same context', () => {
    const a = new Rng(rngFromSeed(9));
    const b = new Rng(rngFromSeed(9));
    expect(a.draw('corruption', 7, { mech: 'blue', location: 12 })).toBe(b.int(7, { purpose: 'corruption', mech: 'blue', location: 12 }));
    expect(a.draws()).toEqual(b.draws());
  });

  it('refuses a context key that would hide the draw\'s own purpose, sides or value (a ruleset\'s bug)', () => {
    const r = new Rng(rngFromSeed(1));
    expect(() => r.int(6, { purpose: 'x', sides: 2 })).toThrow('rng: "sides" is the draw\'s own, not a context key (purpose x)');
    expect(() => r.draw('x', 6, { value: 1 })).toThrow('"value" is the draw\'s own');
    expect(() => r.draw('x', 6, { purpose: 'y' })).toThrow('"purpose" is the draw\'s own');
    expect(r.draws()).toEqual([]);
    expect(r.state()).toEqual(rngFromSeed(1));
  });

  test.prop([fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 1000 })], { numRuns: 100 })('int(n) stays in [0, n)', (seed, n) => {
    const r = new Rng(rngFromSeed(seed));
    for (let i = 0; i < 20; i++) {
      const v = r.int(n, { purpose: 't' });
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(n);
    }
  });

  it('rejects bad arguments', () => {
    expect(() => rngFromSeed(1.5)).toThrow(/safe integer/);
    expect(() => new Rng(rngFromSeed(1)).int(0, { purpose: 't' })).toThrow(/sides/);
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  test.prop([fc.jsonValue()], { numRuns: 200 })('does not depend on key order and parses back to the same value', (v) => {
    const s = canonicalJson(v);
    expect(canonicalJson(JSON.parse(s))).toBe(s);
    const reversed = JSON.parse(s, (_k, x: unknown) =>
      x !== null && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x as object).reverse()) : x,
    );
    expect(canonicalJson(reversed)).toBe(s);
  });

  it('names the path of a value JSON cannot hold', () => {
    expect(() => canonicalJson({ a: [1, { b: Number.NaN }] })).toThrow('$.a[1].b is NaN');
    expect(() => canonicalJson({ a: 1n })).toThrow('$.a is a bigint');
  });

  it('sha256Hex is the SHA-256 of the UTF-8 bytes', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    // U+00E9 is the two bytes C3 A9 in UTF-8 (digest from `printf '\xc3\xa9' | sha256sum`), not its
    // UTF-16 code unit or Latin-1 byte E9.
    expect(sha256Hex('\u00e9')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
  });

  it('keeps strings exactly as given: no Unicode normalisation, so two spellings of é hash apart', () => {
    // Precomposed U+00E9 and decomposed "e" + U+0301 look the same; the canonical form does not make
    // them equal (it orders keys, it does not rewrite text), so a replay must store the very bytes.
    const decomposed = 'e\u0301';
    expect(decomposed.normalize('NFC')).toBe('\u00e9');
    expect(sha256Hex(decomposed)).toBe('bf12767b0f2a56b2190075bae8169f656e3ce8d6357d4aff184bc6c7ea48f9f6'); // 65 CC 81
    expect(sha256Hex(decomposed)).not.toBe(sha256Hex('\u00e9'));
    expect(canonicalJson({ name: decomposed })).toBe('{"name":"e\u0301"}');
    expect(canonicalJson({ name: decomposed })).not.toBe(canonicalJson({ name: '\u00e9' }));
    // Keys too: both spellings stay two keys, ordered by UTF-16 code units ("e" 0x65 before U+00E9).
    expect(canonicalJson({ '\u00e9': 1, [decomposed]: 2 })).toBe('{"e\u0301":2,"\u00e9":1}');
  });
});
