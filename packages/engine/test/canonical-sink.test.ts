import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { CanonicalHashSink, HASH_SLICE, canonicalJson, canonicalSha256, sha256Hex } from '../src/index.ts';

// canonicalSha256 writes the canonical JSON to SHA-256 a piece at a time; the bytes must be canonicalJson's.
describe('canonicalSha256 through the hash sink', () => {
  test.prop([fc.jsonValue()])('is the SHA-256 of canonicalJson for any JSON value', (v) => {
    expect(canonicalSha256(v)).toBe(sha256Hex(canonicalJson(v)));
  });

  test.prop([fc.array(fc.record({ b: fc.integer(), a: fc.string(), c: fc.option(fc.string(), { nil: undefined }) }), { minLength: HASH_SLICE - 2, maxLength: HASH_SLICE * 3 })])(
    'writes long arrays a slice at a time, members out of order and undefined ones too',
    (units) => {
      const result = { views: { x: { units } }, units, turn: 3, skipped: undefined };
      expect(canonicalSha256(result)).toBe(sha256Hex(canonicalJson(result)));
    },
  );

  it('writes what JSON.stringify writes for values that are not plain objects or arrays', () => {
    for (const v of [undefined, null, 3, 'é', new Number(4), { a: new String('s'), f: () => 1, n: [undefined, () => 1] }, new Map([[1, 2]])]) {
      expect(canonicalSha256(v)).toBe(sha256Hex(canonicalJson(v)));
    }
  });

  it('hashes past its buffer: one string larger than the buffer, and many small pieces', () => {
    const big = 'x'.repeat(1 << 20);
    expect(canonicalSha256({ big, list: Array.from({ length: 5000 }, (_, i) => ({ i, s: big.slice(0, i) })) })).toBe(
      sha256Hex(canonicalJson({ big, list: Array.from({ length: 5000 }, (_, i) => ({ i, s: big.slice(0, i) })) })),
    );
  });

  it('refuses to be written to after its digest, and names the path of a value JSON cannot hold', () => {
    const sink = new CanonicalHashSink();
    sink.put('[]');
    expect(sink.digest()).toBe(sha256Hex('[]'));
    expect(() => sink.put('1')).toThrow('written to after its digest');
    expect(() => canonicalSha256({ a: [1, Number.NaN] })).toThrow('canonicalJson: $.a[1] is NaN');
  });

  it('writes fragments in the order of the indexes it is given', () => {
    const sink = new CanonicalHashSink();
    const fragments = Array.from({ length: HASH_SLICE * 2 + 1 }, (_, i) => JSON.stringify({ i }));
    const indexes = fragments.map((_, i) => fragments.length - 1 - i);
    sink.putFragments(fragments, indexes);
    expect(sink.digest()).toBe(sha256Hex(`[${indexes.map((i) => fragments[i]).join(',')}]`));
  });
});
