// The order-line shape every ruleset reads (src/kernel/order-lines.ts): which lines carry an order, and
// where each entry starts.
import { fc, test as prop } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { formatOrderError, orderEntries, orderLines, quoteEntry } from '../../src/kernel/order-lines.ts';

describe('orderLines', () => {
  it('gives each order line its number and its entries with the column where each starts', () => {
    expect(orderLines('aragorn, 850,  no\n\ngandalf ,nw')).toEqual([
      { line: 1, entries: [{ text: 'aragorn', column: 1 }, { text: '850', column: 10 }, { text: 'no', column: 16 }] },
      { line: 3, entries: [{ text: 'gandalf', column: 1 }, { text: 'nw', column: 10 }] },
    ]);
  });

  it('ends lines at CRLF, LF and a lone CR, and leaves a byte-order mark out of the first line', () => {
    const lines = orderLines('\uFEFFa, 1\r\nb, 2\rc, 3\nd, 4');
    expect(lines.map((l) => [l.line, l.entries[0]])).toEqual([
      [1, { text: 'a', column: 1 }],
      [2, { text: 'b', column: 1 }],
      [3, { text: 'c', column: 1 }],
      [4, { text: 'd', column: 1 }],
    ]);
  });

  it('cuts a comment from # or ; by default, from the given marks only when told', () => {
    expect(orderLines('a, 1 # later\n; all comment\n  # also\nb; 2').map((l) => l.entries.map((e) => e.text))).toEqual([['a', '1'], ['b']]);
    expect(orderLines('a, play, Wolf; Pack # note', { comment: ['#'] })[0]!.entries.map((e) => e.text)).toEqual(['a', 'play', 'Wolf; Pack']);
  });

  it('allows a trailing comma, but keeps the empty second entry of "unit,"', () => {
    expect(orderLines('a, 1, 2,,')[0]!.entries.map((e) => e.text)).toEqual(['a', '1', '2']);
    expect(orderLines('a,')[0]!.entries).toEqual([{ text: 'a', column: 1 }, { text: '', column: 3 }]);
  });

  prop.prop([fc.array(fc.stringMatching(/^[a-z0-9 ]{0,6}$/), { minLength: 1, maxLength: 6 })])(
    'every entry text is found in the line at its column',
    (parts) => {
      const body = parts.join(',');
      for (const e of orderEntries(body)) {
        if (e.text !== '') expect(body.slice(e.column - 1, e.column - 1 + e.text.length)).toBe(e.text);
      }
    },
  );
});

describe('quoteEntry', () => {
  it('quotes an entry and cuts it at 24 characters', () => {
    expect(quoteEntry('nw')).toBe('"nw"');
    expect(quoteEntry('x'.repeat(30))).toBe(`"${'x'.repeat(24)}…"`);
  });

  it('cuts at 24 characters, not UTF-16 units: an emoji across the cut is kept whole, never a lone surrogate', () => {
    const text = `${'x'.repeat(23)}🐉🐉`;
    expect(quoteEntry(text)).toBe(`"${'x'.repeat(23)}🐉…"`);
    expect(quoteEntry(text)).not.toMatch(/\\ud83d"?…|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i);
    expect(quoteEntry('🐉'.repeat(24))).toBe(`"${'🐉'.repeat(24)}"`);
  });
});

describe('formatOrderError', () => {
  it('words a mistake with its line and column as every receipt and report does', () => {
    expect(formatOrderError({ line: 3, column: 7, message: '"n" is not a direction' })).toBe('line 3, col 7: "n" is not a direction');
  });
});
