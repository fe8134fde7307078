// Fuzz of the order parser against hostile input (issue 13, finding 1): whatever the text, parseOrders
// returns (never throws, never overflows the stack) in time linear in the text's length. Each
// pathological shape of a given size is parsed within a small multiple of the time of ordinary order
// lines of the same size, measured in the same test (see test/linear-time.ts).
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { parseOrders } from '../src/orders.ts';
import { compareTimes, ofLength } from '../../../test/linear-time.ts';

const SIZE = 40_000;
const harmlessText = ofLength('aragorn, 850, no, nw, nw, h\nfrodo, 810, 2915\ngandalf, 825, 304, 2920\n', SIZE);
const harmless = () => parseOrders(harmlessText);

/** Shapes that once cost more than linear time, or could: one long line of separators or entries. */
const shapes: Record<string, string> = {
  'a unit then only commas': 'a' + ','.repeat(SIZE - 1),
  'a unit then ", " repeated': ofLength('frodo' + ', '.repeat(SIZE), SIZE),
  'only commas': ','.repeat(SIZE),
  'an army move with thousands of bad steps': ofLength('aragorn, 850, no' + ', x'.repeat(SIZE), SIZE),
  'an army move with thousands of empty steps then a step': ofLength('aragorn, 850, no' + ', '.repeat(SIZE), SIZE - 3) + ', e',
  'a unit name of spaces and letters': ofLength('a ', SIZE) + ', 850',
  'one long entry of spaces': 'aragorn,' + ' '.repeat(SIZE - 12) + ', 85',
  'lines of commas': ofLength(',,,,,,,,,\n', SIZE),
  'comment characters': ofLength('#;', SIZE),
  'a long hex number': 'frodo, 810, ' + '1'.repeat(SIZE - 12),
  'a long non-ASCII name': ofLength('é\u0301', SIZE - 5) + ', 850',
};

describe('parseOrders on hostile input', () => {
  it('parses 100,000 commas (the issue\'s request) and ", " runs, dropping trailing empty entries', () => {
    const r = parseOrders('a' + ','.repeat(100_000));
    // Trailing commas are tolerated: what is left is "a," with a missing order number.
    expect(r.errors).toEqual([{ line: 1, column: 3, unit: 'a', message: expect.stringContaining('the order number is missing') }]);
    expect(parseOrders('frodo' + ', '.repeat(100_000)).errors).toHaveLength(1);
  });

  it('returns every one of 300,000 errors on one line without overflowing the stack', () => {
    const r = parseOrders('aragorn, 850, no' + ', x'.repeat(300_000));
    expect(r.orders).toEqual([]);
    expect(r.errors).toHaveLength(300_001); // 300,000 bad directions and the one "at most 14 directions"
  });

  for (const [name, text] of Object.entries(shapes)) {
    it(`parses ${name} (${text.length} characters) in time linear in its length`, async () => {
      expect(text.length).toBeGreaterThanOrEqual(SIZE - 10);
      const r = await compareTimes(harmless, () => parseOrders(text));
      expect(r, `${name}: ${r.pathologicalMs.toFixed(1)} ms against ${r.harmlessMs.toFixed(1)} ms for ordinary orders`).toMatchObject({ within: true });
    }, 120_000);
  }
});

/** Random pathological texts: a few fragments (separators, spaces, words, line ends) repeated at length. */
const fragment = fc.constantFrom(',', ', ', ' ', '  ,', 'x', 'ne', '850', 'no', '\n', '\r\n', '#', ';', '\t', '\u00a0', 'é', '2915', "'");
const repeatedShape = fc.array(fragment, { minLength: 1, maxLength: 4 }).map((parts) => ofLength('aragorn, 850, ' + parts.join(''), SIZE));

describe('fuzz parseOrders', () => {
  test.prop([fc.string({ unit: 'binary', maxLength: 400 })], { numRuns: 300 })('never throws on any text', (text) => {
    const r = parseOrders(text);
    expect(Array.isArray(r.orders) && Array.isArray(r.errors)).toBe(true);
  });

  test.prop([repeatedShape], { numRuns: 12 })('parses a long repeated fragment in time linear in its length', async (text) => {
    const r = await compareTimes(harmless, () => parseOrders(text));
    expect(r, `${JSON.stringify(text.slice(0, 40))}…: ${r.pathologicalMs.toFixed(1)} ms against ${r.harmlessMs.toFixed(1)} ms`).toMatchObject({ within: true });
  }, 300_000);
});
