// The order parser, printer and describer: round trips, and every mistake with its line and column.
import { describe, expect, it } from 'vitest';
import { test as fcTest, fc } from '@fast-check/vitest';
import { describeOrder, parseOrders, printOrder, readFigure } from '../src/index.ts';

describe('order syntax', () => {
  it('reads a hero order with a place, an action, steps and movement actions', () => {
    const { orders, errors } = parseOrders('Grisban, 1, Run, N, ne, open d1, fatigue 2, attack skel-1 # go\n');
    expect(errors).toEqual([]);
    expect(orders[0]).toMatchObject({ figure: 'grisban', place: 1, action: 'run', entries: [{ kind: 'step', direction: 'n' }, { kind: 'step', direction: 'ne' }, { kind: 'open', door: 'd1' }, { kind: 'fatigue', points: 2 }, { kind: 'attack', target: 'skel-1' }] });
    expect(printOrder(orders[0]!)).toBe('grisban, 1, run, n, ne, open d1, fatigue 2, attack skel-1');
    expect(describeOrder(orders[0]!)).toBe('grisban (hero 1 of the turn) runs: north, north-east, opens door d1, spends 2 fatigue for 2 MP, attacks skel-1');
  });

  it('gives every mistake of every line with its line and column', () => {
    const { orders, errors } = parseOrders('grisban, sprint, n\n\njain, advance, north east, jump, fatigue 0\nskel-1, ready\n, move');
    expect(orders).toEqual([]);
    expect(errors.map((e) => [e.line, e.column])).toEqual([
      [1, 10],
      [3, 16],
      [3, 28],
      [3, 34],
      [4, 9],
      [5, 1],
    ]);
    expect(errors[1]!.message).toContain('(write ne)');
    expect(errors[0]!.message).toContain('not an action');
  });

  it('reads every movement action and prints it back', () => {
    const line = 'tomble, ready dodge, chest c1, pickup, drop rope, drink, reequip, give jain healing-potion, glyph, glyph B2, stairs H8, jump e, climb sw';
    const { orders, errors } = parseOrders(line);
    expect(errors).toEqual([]);
    expect(printOrder(orders[0]!)).toBe(line);
  });

  it('reads a figure id for a cancel line', () => {
    expect(readFigure(' Skel-1 ')).toEqual({ ok: true, unit: 'skel-1' });
    expect(readFigure('9x').ok).toBe(false);
  });

  const entry = fc.oneof(
    fc.constantFrom('n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw', 'pickup', 'drink', 'reequip', 'glyph'),
    fc.integer({ min: 1, max: 10 }).map((n) => `fatigue ${n}`),
    fc.constantFrom('attack skel-1', 'open d1', 'close d2', 'chest c1', 'drop rope', 'give jain rope', 'stairs C7', 'jump n', 'climb se', 'glyph AA12'),
  );
  fcTest.prop([fc.constantFrom('run', 'advance', 'battle', 'move', 'ready guard', 'ready aim'), fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }), fc.array(entry, { maxLength: 12 })])(
    'printing a parsed order and parsing it again gives the same order',
    (action, place, entries) => {
      const line = ['hero-1', ...(place === null ? [] : [String(place)]), action, ...entries].join(', ');
      const first = parseOrders(line);
      expect(first.errors).toEqual([]);
      const again = parseOrders(printOrder(first.orders[0]!));
      expect(again.orders).toEqual(first.orders);
    },
  );

  fcTest.prop([fc.string({ maxLength: 80 })])('never throws, and every error points into the text', (text) => {
    const { errors } = parseOrders(text);
    const lines = text.split(/\r\n|\r|\n/);
    for (const e of errors) {
      expect(e.line).toBeGreaterThanOrEqual(1);
      expect(e.line).toBeLessThanOrEqual(lines.length);
      expect(e.column).toBeGreaterThanOrEqual(1);
    }
  });
});
