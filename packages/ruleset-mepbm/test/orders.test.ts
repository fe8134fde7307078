// The order parser, case by case, in the players' own syntax. Case ids OP-001.. are listed in docs/orders-mepbm.md.
import { describe, expect, it } from 'vitest';
import {
  describeOrder,
  formatOrderError,
  normaliseUnitName,
  parseOrder,
  parseOrders,
  printOrder,
  unitNameProblem,
  type Order,
} from '../src/orders.ts';

/** Parses and drops the position fields, for compact expectations. */
function orders(text: string): unknown[] {
  const r = parseOrders(text);
  return r.orders.map(({ line: _l, column: _c, ...rest }) => rest);
}
function errors(text: string): string[] {
  return parseOrders(text).errors.map(formatOrderError);
}
const KNOWN =
  'known orders: 810 (character move), 825 (movement spell), 830 (navy move), 840 (stand and defend), 850 (army move), 860 (army force march), 870 (move and join an army)';

describe('valid orders', () => {
  it('OP-001 army move: aragorn, 850, no, nw, nw, h', () => {
    expect(orders('aragorn, 850, no, nw, nw, h')).toEqual([{ unit: 'aragorn', kind: 'army-move', code: 850, evasive: false, steps: ['nw', 'nw', 'h'] }]);
  });
  it('OP-002 force march, evasive: aragorn, 860, ev, e', () => {
    expect(orders('aragorn, 860, ev, e')).toEqual([{ unit: 'aragorn', kind: 'army-move', code: 860, evasive: true, steps: ['e'] }]);
  });
  it('OP-003 navy move: swan, 830, no, w, w', () => {
    expect(orders('swan, 830, no, w, w')).toEqual([{ unit: 'swan', kind: 'navy-move', code: 830, evasive: false, steps: ['w', 'w'] }]);
  });
  it('OP-004 stand and defend: aragorn, 840, ne', () => {
    expect(orders('aragorn, 840, ne')).toEqual([{ unit: 'aragorn', kind: 'stand-and-defend', code: 840, dir: 'ne' }]);
  });
  it('OP-005 character move: frodo, 810, 2915', () => {
    expect(orders('frodo, 810, 2915')).toEqual([{ unit: 'frodo', kind: 'character-move', code: 810, to: '2915' }]);
  });
  it('OP-006 movement spells: gandalf, 825, 304, 2920 and gandalf, 825, 308 (no hex)', () => {
    expect(orders('gandalf, 825, 304, 2920\ngandalf, 825, 308')).toEqual([
      { unit: 'gandalf', kind: 'movement-spell', code: 825, spell: 304, to: '2920' },
      { unit: 'gandalf', kind: 'movement-spell', code: 825, spell: 308, to: null },
    ]);
    for (const spell of [302, 306, 310, 312, 314]) {
      expect(orders(`gandalf, 825, ${spell}, 0101`)).toEqual([{ unit: 'gandalf', kind: 'movement-spell', code: 825, spell, to: '0101' }]);
    }
  });
  it('OP-007 move and join: frodo, 870, aragorn', () => {
    expect(orders('frodo, 870, aragorn')).toEqual([{ unit: 'frodo', kind: 'move-and-join', code: 870, army: 'aragorn' }]);
  });
  it('OP-008 fourteen entries are allowed', () => {
    const steps = Array.from({ length: 14 }, (_, i) => (['ne', 'e', 'se', 'sw', 'w', 'nw', 'h'] as const)[i % 7]);
    expect(orders(`aragorn, 860, no, ${steps.join(', ')}`)).toEqual([{ unit: 'aragorn', kind: 'army-move', code: 860, evasive: false, steps }]);
  });
  it('OP-009 six-digit hexes on big maps', () => {
    expect(orders('frodo, 810, 150120')).toEqual([{ unit: 'frodo', kind: 'character-move', code: 810, to: '150120' }]);
  });
});

describe('tolerance: case, spaces, comments, blank lines', () => {
  it('OP-020 "Aragorn ,850,NO,  NW" is fine', () => {
    expect(orders('Aragorn ,850,NO,  NW')).toEqual([{ unit: 'aragorn', kind: 'army-move', code: 850, evasive: false, steps: ['nw'] }]);
  });
  it('OP-021 comments with # and ;, blank lines, tabs, CRLF, a byte-order mark', () => {
    const text = '\uFEFF# my orders\r\n\r\n\tfrodo ,\t810 , 2915   ; to Bree\r\n   \r\n;only a comment\nAragorn, 850, Ev, SE # fast';
    expect(orders(text)).toEqual([
      { unit: 'frodo', kind: 'character-move', code: 810, to: '2915' },
      { unit: 'aragorn', kind: 'army-move', code: 850, evasive: true, steps: ['se'] },
    ]);
    expect(parseOrders(text).errors).toEqual([]);
  });
  it('OP-022 unit names: hyphens, apostrophes, digits, inner spaces collapsed, lower case', () => {
    expect(orders("Witch-king, 850, no, w\nThe   Mouth of  Sauron, 810, 2915\nDáin II, 840, e\nMa’rin_2, 840, w")).toEqual([
      { unit: 'witch-king', kind: 'army-move', code: 850, evasive: false, steps: ['w'] },
      { unit: 'the mouth of sauron', kind: 'character-move', code: 810, to: '2915' },
      { unit: 'dáin ii', kind: 'stand-and-defend', code: 840, dir: 'e' },
      { unit: "ma'rin_2", kind: 'stand-and-defend', code: 840, dir: 'w' },
    ]);
    expect(normaliseUnitName('  The  Witch-King ')).toBe('the witch-king');
    expect(unitNameProblem('a/b')).toBe('"a/b" is not a unit name: "/" is not allowed (use letters, digits, -, _, \' and spaces)');
    expect(unitNameProblem('1234')).toBe('"1234" is not a unit name: a name needs at least one letter');
    expect(unitNameProblem('x'.repeat(65))).toBe('the unit name is too long (65 characters; at most 64)');
  });
  it('OP-023 a trailing comma is tolerated', () => {
    expect(orders('aragorn, 850, no, nw,')).toEqual([{ unit: 'aragorn', kind: 'army-move', code: 850, evasive: false, steps: ['nw'] }]);
  });
  it('OP-024 several orders per unit, kept in text order, with their positions', () => {
    const r = parseOrders('frodo, 810, 2915\n  gandalf, 825, 308\nfrodo, 870, aragorn');
    expect(r.orders.map((o) => [o.unit, o.code, o.line, o.column])).toEqual([
      ['frodo', 810, 1, 1],
      ['gandalf', 825, 2, 3],
      ['frodo', 870, 3, 1],
    ]);
  });
  it('OP-025 empty text and comment-only text give nothing and no error', () => {
    expect(parseOrders('')).toEqual({ orders: [], errors: [] });
    expect(parseOrders('\n\n # nothing this turn\n;\n')).toEqual({ orders: [], errors: [] });
  });
});

describe('mistakes: every one, with line, column and words a player understands', () => {
  it('OP-040 the issue example: line 3, col 18: "n" is not a direction', () => {
    expect(errors('# turn 3\nfrodo, 810, 2915\naragorn,850,no,nw,n')).toEqual([
      'line 3, col 19: "n" is not a direction; use ne, e, se, sw, w or nw, or h to rest a day (hexes have no north or south side)',
    ]);
    expect(errors('# turn 3\nfrodo, 810, 2915\naragorn, 850, no, n')).toEqual([
      'line 3, col 19: "n" is not a direction; use ne, e, se, sw, w or nw, or h to rest a day (hexes have no north or south side)',
    ]);
  });
  it('OP-041 every mistake of a line and of every line is reported, and the error carries the unit', () => {
    const r = parseOrders('aragorn, 850, no, n, se, x\nfrodo, 810, 29x5\ngandalf, 825, 305, 2920');
    expect(r.orders).toEqual([]);
    expect(r.errors).toEqual([
      { line: 1, column: 19, unit: 'aragorn', message: '"n" is not a direction; use ne, e, se, sw, w or nw, or h to rest a day (hexes have no north or south side)' },
      { line: 1, column: 26, unit: 'aragorn', message: '"x" is not a direction; use ne, e, se, sw, w or nw, or h to rest a day' },
      { line: 2, column: 13, unit: 'frodo', message: '"29x5" is not a hex number; write four digits, column then row, e.g. 2915 for column 29, row 15' },
      {
        line: 3,
        column: 15,
        unit: 'gandalf',
        message: '"305" is not a movement spell; use 302 (Long Stride), 304 (Fast Stride), 306 (Path Mastery), 308 (Capital Return), 310 (Major Return), 312 (Return True), 314 (Teleport)',
      },
    ]);
  });
  it('OP-042 a line with a mistake gives no order, the other lines still do', () => {
    const r = parseOrders('aragorn, 850, no, n\nfrodo, 810, 2915');
    expect(r.orders.map(printOrder)).toEqual(['frodo, 810, 2915']);
    expect(r.errors).toHaveLength(1);
  });
  it('OP-043 more than 14 entries', () => {
    const line = `aragorn, 850, no, ${Array(16).fill('e').join(', ')}`;
    expect(errors(line)).toEqual(['line 1, col 61: order 850 takes at most 14 directions, this line has 16: remove the entries from here on']);
  });
  it('OP-044 missing no|ev says what is expected', () => {
    expect(errors('aragorn, 850, nw, nw')).toEqual([
      'line 1, col 15: order 850 needs "no" (normal) or "ev" (evasive) before the directions, e.g. aragorn, 850, no, nw, nw, h',
    ]);
    expect(errors('aragorn, 850')).toEqual([
      'line 1, col 13: order 850 needs "no" (normal) or "ev" (evasive), then the directions, e.g. aragorn, 850, no, nw, nw, h',
    ]);
    expect(errors('swan, 830, fast, w')).toEqual(['line 1, col 12: "fast" is not a movement mode; write "no" (normal) or "ev" (evasive), e.g. swan, 830, no, w, w']);
    expect(errors('aragorn, 850, , nw')).toEqual(['line 1, col 15: "no" (normal) or "ev" (evasive) is missing here, e.g. aragorn, 850, no, nw, nw, h']);
  });
  it('OP-045 a movement order without directions', () => {
    expect(errors('aragorn, 850, no')).toEqual(['line 1, col 17: order 850 needs at least one direction (ne, e, se, sw, w or nw, or h to rest a day)']);
  });
  it('OP-046 unknown order numbers list the known ones; words are not order numbers', () => {
    expect(errors('aragorn, 999, no, e')).toEqual([`line 1, col 10: order "999" is not known; ${KNOWN}`]);
    expect(errors('aragorn, move, no, e')).toEqual([`line 1, col 10: "move" is not an order number; ${KNOWN}`]);
    expect(errors('aragorn, , no, e')).toEqual([`line 1, col 10: the order number is missing; ${KNOWN}`]);
    expect(errors('aragorn')).toEqual([`line 1, col 8: an order number is missing after the unit name; ${KNOWN}`]);
  });
  it('OP-047 lines without commas, without a unit, or starting with the order number', () => {
    expect(errors('aragorn 850 no nw')).toEqual(['line 1, col 1: separate the unit, the order number and each parameter with commas, e.g. aragorn, 850, no, nw, nw']);
    expect(errors('  , 850, no, e')).toEqual(['line 1, col 3: the unit name is missing: start the line with it, e.g. aragorn, 850, no, nw']);
    expect(errors('850, 810, 2915')).toEqual(['line 1, col 1: the line starts with "850": write the unit\'s name first, e.g. aragorn, 850, no, nw']);
    expect(errors('ara$gorn, 840, e')).toEqual(['line 1, col 1: "ara$gorn" is not a unit name: "$" is not allowed (use letters, digits, -, _, \' and spaces)']);
  });
  it('OP-048 too many parameters, each named', () => {
    expect(errors('frodo, 810, 2915, 2916')).toEqual(['line 1, col 19: order 810 takes one hex; "2916" is one parameter too many']);
    expect(errors('aragorn, 840, ne, e')).toEqual(['line 1, col 19: order 840 takes one direction; "e" is one parameter too many']);
    expect(errors('gandalf, 825, 308, 2920')).toEqual([
      'line 1, col 20: order 825 takes only the spell number for 308 (Capital Return: the character goes to the nation\'s capital); "2920" is one parameter too many',
    ]);
    expect(errors('gandalf, 825, 304, 2920, x')).toEqual(['line 1, col 26: order 825 takes a spell number and a hex; "x" is one parameter too many']);
    expect(errors('frodo, 870, aragorn, boromir')).toEqual(['line 1, col 22: order 870 takes one army; "boromir" is one parameter too many']);
  });
  it('OP-049 missing parameters', () => {
    expect(errors('frodo, 810')).toEqual(['line 1, col 11: order 810 needs a destination hex, e.g. frodo, 810, 2915']);
    expect(errors('gandalf, 825, 304')).toEqual(['line 1, col 18: order 825 needs a destination hex, e.g. gandalf, 825, 304, 2920']);
    expect(errors('gandalf, 825')).toEqual([
      'line 1, col 13: order 825 needs the spell number, then the hex, e.g. gandalf, 825, 304, 2920; movement spells: 302 (Long Stride), 304 (Fast Stride), 306 (Path Mastery), 308 (Capital Return), 310 (Major Return), 312 (Return True), 314 (Teleport)',
    ]);
    expect(errors('aragorn, 840')).toEqual(['line 1, col 13: order 840 needs the direction of the side to defend (ne, e, se, sw, w or nw), e.g. aragorn, 840, ne']);
    expect(errors('frodo, 870')).toEqual(['line 1, col 11: order 870 needs the army to join, e.g. frodo, 870, aragorn']);
  });
  it('OP-050 bad directions get hints', () => {
    expect(errors('aragorn, 850, no, northwest, home')).toEqual([
      'line 1, col 19: "northwest" is not a direction; use ne, e, se, sw, w or nw, or h to rest a day (write "nw")',
      'line 1, col 30: "home" is not a direction; use ne, e, se, sw, w or nw, or h to rest a day (write "h")',
    ]);
    expect(errors('aragorn, 840, h')).toEqual(['line 1, col 15: "h" is not a direction; use ne, e, se, sw, w or nw (h, rest a day, is only for movement orders)']);
    expect(errors('aragorn, 840, s')).toEqual(['line 1, col 15: "s" is not a direction; use ne, e, se, sw, w or nw (hexes have no north or south side)']);
  });
  it('OP-051 an empty entry between two commas', () => {
    expect(errors('aragorn, 850, no, nw,, ne')).toEqual(['line 1, col 22: an empty entry between two commas; remove the extra comma or write a direction']);
  });
  it('OP-052 hex ids: non-digits, wrong length, a six-digit spelling of a four-digit hex', () => {
    expect(errors('frodo, 810, 291')).toEqual([
      'line 1, col 13: "291" is not a hex number; write four digits, column then row, e.g. 2915 for column 29, row 15 (six digits, e.g. 150120, only on maps with more than 99 columns or rows)',
    ]);
    expect(errors('frodo, 810, 029015')).toEqual(['line 1, col 13: "029015" is column 29, row 15: write it with four digits, 2915']);
  });
  it('OP-053 long garbage is shortened in messages', () => {
    expect(errors(`aragorn, 850, no, ${'x'.repeat(100)}`)).toEqual([
      `line 1, col 19: "${'x'.repeat(24)}…" is not a direction; use ne, e, se, sw, w or nw, or h to rest a day`,
    ]);
  });
  it('OP-054 errors are values, never exceptions, even for non-text input', () => {
    expect(parseOrders(undefined as unknown as string)).toEqual({ orders: [], errors: [{ line: 1, column: 1, message: 'the orders must be text' }] });
  });
});

describe('printing and words', () => {
  const sample = parseOrders(
    'Aragorn,850,NO,NW,nw,H\nfrodo,810,2915\ngandalf,825,304,2920\ngandalf,825,308\nfrodo,870,ARAGORN\naragorn,840,NE\nswan,830,ev,w\nwitch-king,860,no,e',
  ).orders;

  it('OP-060 canonical one-line form', () => {
    expect(sample.map(printOrder)).toEqual([
      'aragorn, 850, no, nw, nw, h',
      'frodo, 810, 2915',
      'gandalf, 825, 304, 2920',
      'gandalf, 825, 308',
      'frodo, 870, aragorn',
      'aragorn, 840, ne',
      'swan, 830, ev, w',
      'witch-king, 860, no, e',
    ]);
  });
  it('OP-061 in words, for receipts', () => {
    expect(sample.map(describeOrder)).toEqual([
      'aragorn moves (850, normal movement, 12 MP): north-west, north-west, rest a day',
      'frodo moves (810) to hex 2915',
      'gandalf casts Fast Stride (825, spell 304) to hex 2920',
      "gandalf casts Capital Return (825, spell 308) to the nation's capital",
      'frodo moves to and joins (870) army aragorn',
      'aragorn stands and defends (840) its north-east side and the two next to it (north-west, east)',
      'swan sails (830, evasively, 14 MP): west',
      'witch-king force-marches (860, normal movement, 14 MP): east',
    ]);
  });
  it('OP-063 move and join naming the hex (MEPBM and JOverseer field order): eowyn, 870, 2521, theoden', () => {
    expect(orders('eowyn, 870, 2521, theoden')).toEqual([{ unit: 'eowyn', kind: 'move-and-join', code: 870, army: 'theoden', to: '2521' }]);
    const [o] = parseOrders('eowyn,870,2521,theod').orders;
    expect(printOrder(o!)).toBe('eowyn, 870, 2521, theod');
    expect(parseOrders(printOrder(o!)).orders[0]).toEqual(o);
    expect(describeOrder(o!)).toBe('eowyn moves to hex 2521 and joins (870) army theod there');
    expect(errors('eowyn, 870, 2521')).toEqual(['line 1, col 17: order 870 needs the army to join after the hex, e.g. eowyn, 870, 2521, theoden']);
    expect(errors('eowyn, 870, 252, theoden')[0]).toMatch(/^line 1, col 13: "252" is not a hex/);
    expect(errors('eowyn, 870, 2521, theoden, rohan')).toEqual(['line 1, col 28: order 870 takes a hex and one army; "rohan" is one parameter too many']);
  });
  it('OP-062 parseOrder reads one line', () => {
    const { order, errors: errs } = parseOrder('frodo, 810, 2915');
    expect(errs).toEqual([]);
    expect(order).toEqual<Order>({ unit: 'frodo', line: 1, column: 1, kind: 'character-move', code: 810, to: '2915' });
    expect(parseOrder('frodo, 810').order).toBeNull();
  });
});
