// The order parser, printer and describer (docs/orders-guards-of-atlantis.md): every mistake with its
// line and column, canonical lines that parse back to the same order.
import { describe, expect, it } from 'vitest';
import { describeOrder, parseOrders, printOrder, readHero } from '../src/index.ts';

describe('the order parser', () => {
  it('reads each kind of order, in any case and spacing, and prints it canonically', () => {
    const text = [
      'Arien, Blue-3, 8, MOVE, ne, e',
      '  xarg ,red-4,10, fast   travel 0402   # the battle can wait',
      'brogan, tide-call, 9, primary, e, text nw',
      'tigerclaw, gold-1, 1, hold ; resting',
      '',
    ].join('\n');
    const { orders, errors } = parseOrders(text);
    expect(errors).toEqual([]);
    expect(orders.map(printOrder)).toEqual([
      'arien, blue-3, 8, move, ne, e',
      'xarg, red-4, 10, fast travel 0402',
      'brogan, tide-call, 9, primary, text nw, e',
      'tigerclaw, gold-1, 1, hold',
    ]);
    expect(orders.map((o) => o.line)).toEqual([1, 2, 3, 4]);
    for (const o of orders) expect(parseOrders(printOrder(o)).orders[0]).toEqual({ ...o, line: 1, column: 1 });
  });

  it('OP-TGT: "text <unit> <direction>" names another unit or token the card text moves; a third word is a mistake', () => {
    const { orders, errors } = parseOrders('arien, tow, 6, primary, TEXT  M1 NE, text t1 e\nbrogan, tow, 6, primary, text m1 ne sw');
    expect(orders.map(printOrder)).toEqual(['arien, tow, 6, primary, text m1 ne, text t1 e']);
    expect(orders[0]!.action).toEqual({ kind: 'primary', steps: [], text: [{ kind: 'step', direction: 'ne', target: 'm1' }, { kind: 'step', direction: 'e', target: 't1' }] });
    expect(describeOrder(orders[0]!)).toContain("the card text's movement m1 north-east, t1 east");
    expect(errors).toEqual([{ line: 2, column: 26, unit: 'brogan', message: 'a card-text step is "text <direction>" (the hero) or "text <unit or token> <direction>" (another unit or a token)' }]);
    expect(parseOrders('arien, tow, 6, primary, text m1 up').errors[0]!.message).toBe('"up" is not a direction; use ne, e, se, sw, w or nw');
  });

  it('describes orders in words for the receipt', () => {
    const [move, ft, primary] = parseOrders('arien, blue-3, 8, move, ne, e\narien2, b, 8, fast travel 0402\nx, t, 9, primary, text w').orders;
    expect(describeOrder(move!)).toBe('arien plays blue-3 (initiative 8) for its secondary Movement action: 2 steps (north-east, east)');
    expect(describeOrder(ft!)).toBe('arien2 plays b (initiative 8) to Fast Travel to 0402 instead of its Movement action');
    expect(describeOrder(primary!)).toBe("x plays t (initiative 9) for its primary Movement action with the card text applied: no steps, the card text's movement west");
  });

  it('gives every mistake with its line and column, and no order for a line with one', () => {
    const text = ['arien, blue-3, eight, move', 'arien, blue-3, 8, move, north', 'xarg, red-4, 10, run', 'brogan, tide, 9', 'x, c, 1, move, n, northeast', 'y, c, 1, fast travel 42'].join('\n');
    const { orders, errors } = parseOrders(text);
    expect(orders).toEqual([]);
    expect(errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [1, 16, '"eight" is not an initiative: write the number printed on the card (0-99)'],
      [2, 25, '"north" is not a direction; use ne, e, se, sw, w or nw'],
      [3, 18, '"run" is not a movement: use move, primary, fast travel <hex> or hold'],
      [4, 16, 'an order is <hero>, <card>, <initiative>, <movement>: e.g. "arien, blue-3, 8, move, ne, e"'],
      [5, 16, '"n" is not a direction; use ne, e, se, sw, w or nw (hexes have no north or south side)'],
      [5, 19, '"northeast" is not a direction; use ne, e, se, sw, w or nw (write ne)'],
      [6, 10, '"42" is not a space: write its four-digit hex id, column then row ("0305")'],
    ]);
    expect(errors.every((e) => e.unit !== undefined)).toBe(true);
  });

  it('refuses a second order for the same hero, naming the first line', () => {
    const { orders, errors } = parseOrders('arien, blue-3, 8, move\n\narien, gold-1, 1, hold');
    expect(orders).toHaveLength(1);
    expect(errors).toEqual([{ line: 3, column: 1, unit: 'arien', message: 'arien already has an order on line 1: a hero plays one card a turn' }]);
  });

  it("reads a cancel line's hero name in its one spelling", () => {
    expect(readHero(' Arien ')).toEqual({ ok: true, unit: 'arien' });
    expect(readHero('9lives')).toEqual({ ok: false, message: '"9lives" is not a hero\'s name (letters, digits and -, starting with a letter)' });
  });
});
