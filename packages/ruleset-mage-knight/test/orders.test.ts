// The order syntax (docs/orders-mage-knight.md): parsing, errors with line and column, printing, words.
import { describe, expect, it } from 'vitest';
import { test as fcTest, fc } from '@fast-check/vitest';
import { describeOrder, parseOrders, printOrder, TERRAINS, TURN_ACTIONS } from '../src/index.ts';
import type { Entry, MkOrder } from '../src/index.ts';

const one = (text: string) => parseOrders(text);

describe('Mage Knight order parser', () => {
  it('OP-1: reads a move order with cards, steps, explores, plays and powers', () => {
    const r = one('tovak, move 2+2+2, w, explore nw, play 2, nw, power 1, explore');
    expect(r.errors).toEqual([]);
    expect(r.orders).toEqual([
      {
        kind: 'move',
        hero: 'tovak',
        line: 1,
        column: 1,
        cards: [2, 2, 2],
        entries: [
          { kind: 'step', direction: 'w' },
          { kind: 'explore', direction: 'nw' },
          { kind: 'play', cards: [2] },
          { kind: 'step', direction: 'nw' },
          { kind: 'power', points: 1 },
          { kind: 'explore', direction: null },
        ],
      },
    ]);
  });

  it('OP-2: case, spaces, comments, blank lines and a trailing comma do not matter', () => {
    const r = one('\n  TOVAK ,MOVE   4 , NE,   e,  # to the village\n; a comment line\n\narythea, rest');
    expect(r.errors).toEqual([]);
    expect(r.orders.map(printOrder)).toEqual(['tovak, move 4, ne, e', 'arythea, rest']);
    expect(r.orders.map((o) => [o.line, o.column])).toEqual([
      [2, 3],
      [5, 1],
    ]);
  });

  it('OP-3: every mistake is reported with its line and column, and the line gives no order', () => {
    const r = one('tovak, move 4, n, explore x\narythea, jump 3\ngoldyx, move\nnorowas, move 2+a\n5tovak, rest, e\ntovak, move 4, e,, w');
    expect(r.orders).toEqual([]);
    expect(r.errors).toEqual([
      { line: 1, column: 16, message: '"n" is not a direction; use ne, e, se, sw, w or nw (hexes have no north or south side), or explore, play <points>, power <points>, reduce <terrain> <points>, or the turn\'s action (interact, challenge, enter-site, burn)' },
      { line: 1, column: 19, message: 'explore: "x" is not a direction; use ne, e, se, sw, w or nw' },
      { line: 2, column: 10, message: '"jump 3" is not an order; write "move <points>, <steps...>" or "rest"' },
      { line: 3, column: 9, message: 'write the Move points of the cards played: "move 4" or "move 2+2"' },
      { line: 4, column: 10, message: '"2+a" is not a number of Move points (write 4, or each card\'s points: 2+2)' },
      { line: 5, column: 1, message: '"5tovak" is not a hero id (letters, digits and -, starting with a letter)' },
      { line: 5, column: 15, message: 'a resting hero does not move: "rest" takes nothing after it' },
      { line: 6, column: 18, message: 'an empty entry (two commas in a row)' },
    ]);
  });

  it('OP-4: long direction names get a hint; move or rest in the middle is named', () => {
    const r = one('tovak, move 4, north-east, rest');
    expect(r.errors.map((e) => e.message)).toEqual([
      '"north-east" is not a direction; use ne, e, se, sw, w or nw (write ne), or explore, play <points>, power <points>, reduce <terrain> <points>, or the turn\'s action (interact, challenge, enter-site, burn)',
      'rest belongs at the start of the order, right after the hero',
    ]);
  });

  it('OP-5: limits: a card of more than 20 points, power 0, more than 40 entries', () => {
    expect(one('tovak, move 25').errors[0]?.message).toBe('25 Move points from one card is more than any card gives (at most 20)');
    expect(one('tovak, move 4, power 0').errors[0]?.message).toBe('power: 0 is not between 1 and 20');
    expect(one(`tovak, move 4, ${Array(41).fill('e').join(', ')}`).errors[0]?.message).toBe('too many entries (41; at most 40)');
    expect(one('tovak').errors[0]?.message).toMatch(/an order needs the hero and what it does/);
  });

  it('OP-6: describes orders in words for receipts', () => {
    const [o] = one('tovak, move 2+2+2, ne, explore, play 2, ne').orders;
    expect(describeOrder(o!)).toBe(
      'tovak plays 6 Move points (cards 2 + 2 + 2) and moves: north-east, explores a new tile, plays 2 Move points more, north-east',
    );
    expect(describeOrder(one('tovak, move 0').orders[0]!)).toBe('tovak plays 0 Move points and stays');
    expect(describeOrder(one('tovak, move 1, explore se, power 2').orders[0]!)).toBe(
      'tovak plays 1 Move point and moves: explores the new tile to the south-east, powers a card already played for 2 more Move points',
    );
    expect(describeOrder(one('tovak, rest').orders[0]!)).toBe('tovak rests this turn (no movement)');
  });
});

const direction = fc.constantFrom('ne', 'e', 'se', 'sw', 'w', 'nw' as const);
const cards = fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 4 });
const entry: fc.Arbitrary<Entry> = fc.oneof(
  direction.map((d) => ({ kind: 'step' as const, direction: d })),
  fc.option(direction, { nil: null }).map((d) => ({ kind: 'explore' as const, direction: d })),
  cards.map((c) => ({ kind: 'play' as const, cards: c })),
  fc.integer({ min: 1, max: 20 }).map((n) => ({ kind: 'power' as const, points: n })),
  fc.record({ terrain: fc.constantFrom(...TERRAINS, 'all' as const), points: fc.integer({ min: 1, max: 20 }) }).map((r) => ({ kind: 'reduce' as const, ...r })),
  fc.constantFrom(...TURN_ACTIONS).map((action) => ({ kind: 'action' as const, action })),
);
const order: fc.Arbitrary<MkOrder> = fc.oneof(
  fc.record({ hero: fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/), cards, entries: fc.array(entry, { maxLength: 40 }) }).map((o) => ({ kind: 'move' as const, line: 1, column: 1, ...o })),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/).map((hero) => ({ kind: 'rest' as const, hero, line: 1, column: 1 })),
);

describe('Mage Knight order printer', () => {
  fcTest.prop([order])('OPP-1: printing an order and parsing it gives the same order back', (o) => {
    const r = parseOrders(printOrder(o));
    expect(r.errors).toEqual([]);
    expect(r.orders).toEqual([o]);
  });

  fcTest.prop([fc.string({ maxLength: 80 })])('OPP-2: the parser never throws; every error has a line and column inside the text', (text) => {
    const r = parseOrders(text);
    const lines = text.split(/\r\n|\r|\n/);
    for (const e of r.errors) {
      expect(e.line).toBeGreaterThanOrEqual(1);
      expect(e.line).toBeLessThanOrEqual(lines.length);
      expect(e.column).toBeGreaterThanOrEqual(1);
      expect(e.column).toBeLessThanOrEqual((lines[e.line - 1]?.length ?? 0) + 1);
    }
  });
});
