// The order syntax (docs/orders-expeditions.md): what parses, the one printed spelling, and every
// mistake with its line and column.
import { describe, expect, it } from 'vitest';
import { describeOrder, parseOrders, printOrder, readMech } from '../src/index.ts';

describe('Expeditions order parser', () => {
  it('reads move, move with a path, play and gather in any case and spacing', () => {
    const { orders, errors } = parseOrders('Blue, MOVE, 12\nblue ,move 12,  via 7 , 9\nred, play, Wolf Pack\nred, gather # the rest is a comment\n\n');
    expect(errors).toEqual([]);
    expect(orders.map(printOrder)).toEqual(['blue, move, 12', 'blue, move, 12, via 7, 9', 'red, play, Wolf Pack', 'red, gather']);
    expect(orders.map((o) => [o.line, o.column])).toEqual([[1, 1], [2, 1], [3, 1], [4, 1]]);
  });

  it('prints a line that parses back to the same order', () => {
    for (const line of ['blue, move, 12, via 7, 9', 'red, play', 'red, gather, ore', 'green, move, 3']) {
      const once = parseOrders(line).orders[0]!;
      expect(printOrder(once)).toBe(line);
      expect(parseOrders(printOrder(once)).orders[0]).toEqual(once);
    }
  });

  it('describes orders in words for receipts', () => {
    expect(describeOrder(parseOrders('blue, move, 12, via 9').orders[0]!)).toBe('blue moves to location 12 by way of 9');
    expect(describeOrder(parseOrders('blue, gather').orders[0]!)).toBe('blue takes the Gather action');
  });

  it('gives every mistake of a line with its column, and no order for that line', () => {
    const { orders, errors } = parseOrders('blue, move, 12\n9lives, fly\nred, move, basecamp, via c1\nred, move\nred, move, 3, 4');
    expect(orders).toHaveLength(1);
    expect(errors).toEqual([
      { line: 2, column: 1, message: '"9lives" is not a mech id (letters, digits and -, starting with a letter)' },
      { line: 2, column: 9, message: '"fly" is not an action; write move, play or gather' },
      { line: 3, column: 12, message: 'destination: a mech may not move back to Basecamp (it is not a location)' },
      { line: 3, column: 26, message: 'via: "c1" is not a location number (1 to 99)' },
      { line: 4, column: 6, message: 'write the destination: "blue, move, 12"' },
      { line: 5, column: 15, message: '"4": the path comes after "via": "blue, move, 12, via 7, 9"' },
    ]);
  });

  it('refuses a line with only a mech, an empty path entry and too long a path', () => {
    const { errors } = parseOrders(`blue\nblue, move, 3, via 2,,1\nblue, move, 3, via ${Array.from({ length: 13 }, (_, i) => i + 1).join(', ')}`);
    expect(errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [1, 1, 'an order needs the mech and its action: "blue, move, 12", "blue, play" or "blue, gather"'],
      [2, 22, 'an empty entry (two commas in a row)'],
      [3, 59, 'too many locations on the path (13; at most 12)'],
    ]);
  });

  it('reads a cancel line\'s mech name in its one spelling', () => {
    expect(readMech(' Blue ')).toEqual({ ok: true, unit: 'blue' });
    expect(readMech('')).toEqual({ ok: false, message: 'the mech name is missing' });
  });
});
