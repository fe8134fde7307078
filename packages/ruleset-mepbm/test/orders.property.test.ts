// Properties of the order parser: it never throws, every error is well placed, and printing then
// parsing gives the same order back.
import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { formatHexId } from '@arbiter/engine';
import { parseOrders, printOrder, SPELL_CODES, type Order } from '../src/orders.ts';
import type { Direction, MoveStep } from '../src/types.ts';

const DIRS: Direction[] = ['ne', 'e', 'se', 'sw', 'w', 'nw'];
const STEPS: MoveStep[] = [...DIRS, 'h'];

const nameChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzáéöñ0123456789-_\''.split(''));
const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzþ'.split(''));
/** Canonical unit names: lower case, at least one letter, single inner spaces. */
const unitName = fc
  .tuple(letter, fc.array(fc.oneof(nameChar, nameChar, nameChar, fc.constant(' ')), { maxLength: 20 }))
  .map(([first, rest]) => (first + rest.join('')).replace(/\s+/g, ' ').trim());
const hexId = fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 })).map(([col, row]) => formatHexId({ col, row }));
const steps = fc.array(fc.constantFrom(...STEPS), { minLength: 1, maxLength: 14 });

const order: fc.Arbitrary<Order> = fc.oneof(
  fc.record({ unit: unitName, code: fc.constantFrom(850 as const, 860 as const), evasive: fc.boolean(), steps }).map((o) => ({ ...o, kind: 'army-move' as const, line: 1, column: 1 })),
  fc.record({ unit: unitName, evasive: fc.boolean(), steps }).map((o) => ({ ...o, kind: 'navy-move' as const, code: 830 as const, line: 1, column: 1 })),
  fc.record({ unit: unitName, dir: fc.constantFrom(...DIRS) }).map((o) => ({ ...o, kind: 'stand-and-defend' as const, code: 840 as const, line: 1, column: 1 })),
  fc.record({ unit: unitName, to: hexId }).map((o) => ({ ...o, kind: 'character-move' as const, code: 810 as const, line: 1, column: 1 })),
  fc
    .record({ unit: unitName, spell: fc.constantFrom(...SPELL_CODES), to: hexId })
    .map((o) => ({ ...o, to: o.spell === 308 ? null : o.to, kind: 'movement-spell' as const, code: 825 as const, line: 1, column: 1 })),
  fc.record({ unit: unitName, army: unitName }).map((o) => ({ ...o, kind: 'move-and-join' as const, code: 870 as const, line: 1, column: 1 })),
);

function checkWellFormed(text: string): void {
  const r = parseOrders(text);
  const lines = text.split(/\r\n|\r|\n/);
  for (const e of r.errors) {
    expect(Number.isInteger(e.line) && e.line >= 1 && e.line <= lines.length).toBe(true);
    // The column points into the line, or just after its last character (a missing parameter).
    expect(Number.isInteger(e.column) && e.column >= 1 && e.column <= (lines[e.line - 1] as string).length + 1).toBe(true);
    expect(e.message.length).toBeGreaterThan(0);
    expect(e.message).not.toMatch(/^line \d/); // the renderer adds the position
  }
  // A line gives an order or errors, never both.
  const orderLines = new Set(r.orders.map((o) => o.line));
  for (const e of r.errors) expect(orderLines.has(e.line)).toBe(false);
  expect(orderLines.size).toBe(r.orders.length);
}

describe('the parser never throws', () => {
  test.prop([fc.string({ maxLength: 200 })], { numRuns: 300 })('OPP-001 on arbitrary strings', (s) => {
    checkWellFormed(s);
  });

  test.prop([fc.string({ unit: 'binary', maxLength: 120 })], { numRuns: 200 })('OPP-002 on arbitrary Unicode, including lone surrogates', (s) => {
    checkWellFormed(s);
  });

  const token = fc.oneof(
    fc.constantFrom(...STEPS, 'no', 'ev', 'NO', 'Ev', '850', '860', '830', '840', '810', '825', '870', '308', '304', '2915', '150120', 'n', 's', 'home', '', ' ', '#', ';', '\t'),
    unitName,
    fc.string({ maxLength: 6 }),
  );
  const nearLine = fc.array(token, { minLength: 0, maxLength: 20 }).chain((ts) => fc.constantFrom(',', ', ', ' ,', ',,', ' ').map((sep) => ts.join(sep)));
  test.prop([fc.array(nearLine, { maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\r')], { numRuns: 300 })(
    'OPP-003 on near-valid order lines',
    (lines, eol) => {
      checkWellFormed(lines.join(eol));
    },
  );

  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), ch: fc.string({ minLength: 1, maxLength: 2 }) }),
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), ch: fc.constant('') }),
    fc.record({ kind: fc.constant('upper' as const), at: fc.nat(), ch: fc.constant('') }),
  );
  test.prop([fc.array(order, { minLength: 1, maxLength: 5 }), fc.array(mutation, { maxLength: 4 })], { numRuns: 300 })(
    'OPP-004 on valid orders with a few characters inserted, deleted or upper-cased',
    (os, muts) => {
      let text = os.map(printOrder).join('\n');
      for (const m of muts) {
        const at = text.length === 0 ? 0 : m.at % text.length;
        if (m.kind === 'insert') text = text.slice(0, at) + m.ch + text.slice(at);
        else if (m.kind === 'delete') text = text.slice(0, at) + text.slice(at + 1);
        else text = text.toUpperCase();
      }
      checkWellFormed(text);
    },
  );
});

describe('print/parse round trip', () => {
  test.prop([fc.array(order, { minLength: 1, maxLength: 10 })], { numRuns: 300 })('OPP-010 parseOrders(printOrder(o)) gives o back', (os) => {
    const text = os.map(printOrder).join('\n');
    const r = parseOrders(text);
    expect(r.errors).toEqual([]);
    expect(r.orders).toEqual(os.map((o, i) => ({ ...o, line: i + 1, column: 1 })));
  });

  test.prop([order, fc.constantFrom(' ', '  ', '\t'), fc.boolean()], { numRuns: 200 })(
    'OPP-011 extra spaces around commas and upper case do not change the order',
    (o, pad, upper) => {
      let line = printOrder(o)
        .split(', ')
        .join(`${pad},${pad}`);
      if (upper) line = line.toUpperCase();
      const r = parseOrders(`${pad}${line}${pad}# comment`);
      expect(r.errors).toEqual([]);
      expect(r.orders).toEqual([{ ...o, column: 1 + pad.length }]);
    },
  );
});
