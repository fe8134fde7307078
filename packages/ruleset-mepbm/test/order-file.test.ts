// JOverseer's order files (docs/orders.md, "Order files"): read by the order parser in place (line and
// column numbers of the file), checked against the game's JOverseer numbers, characters read as units.
import { describe, expect, it } from 'vitest';
import { checkOrders, createGame, parseOrders, parseScenario, printOrder } from '../src/index.ts';
import { army, character, scenario } from './resolution-helpers.ts';

const pad = (id: string) => id.padEnd(5, ' ');
const dashes = (n: number) => Array.from({ length: n }, () => '--').join(',');
/** An order line as JOverseer writes it: the id padded to 5, the order, 15 parameters with -- for empty. */
const line = (id: string, order: number, ...params: string[]) => `${pad(id)},${order},${[...params, dashes(15 - params.length)].join(',')}`;
const file = (game: number, nation: number, lines: string[]) =>
  ['BEGINMEAUTOINPUT', `${game},${nation},1234,5678,Ann Player,15Jan2027,NO,${lines.length}`, '', ...lines, '', 'ENDMEAUTOINPUT', 'JO1.17.3'].join('\n');

function gameState() {
  const s: Record<string, unknown> = {
    ...scenario({
      units: [army('aragorn', 'gondor', '0505'), character('gandalf', 'gondor', '0505', { spells: [304] }), army('gothmog', 'mordor', '0909')],
    }),
    joverseer: { game: 77 },
  };
  s['nations'] = [
    { id: 'gondor', joverseer: { nation: 6, characters: { arago: 'aragorn', ganda: 'gandalf' } } },
    { id: 'mordor', joverseer: { nation: 11 } },
  ];
  const p = parseScenario(s);
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return createGame(p.scenario);
}

const checked = (text: string, nation = 'gondor') => {
  const { orders, errors } = parseOrders(text);
  return { errors, checks: checkOrders(gameState(), nation, orders) };
};

describe('reading an order file', () => {
  const text = file(77, 6, [line('arago', 850, 'no', 'e', 'e', 'h'), line('ganda', 825, '304', '0707'), line('ganda', 870, 'arago')]);

  it('gives the orders typed by hand, on the mapped units, with the travel mode first and the -- left out', () => {
    const typed = parseOrders('aragorn, 850, no, e, e, h\ngandalf, 825, 304, 0707\ngandalf, 870, aragorn').orders;
    const { errors, checks } = checked(text);
    expect(errors).toEqual([]);
    expect(checks.map((c) => printOrder(c.order))).toEqual(typed.map(printOrder));
    // The same verdicts too (a character has one movement order a turn: the 870 is refused either way).
    const byHand = checkOrders(gameState(), 'gondor', typed);
    expect(checks.map((c) => c.status)).toEqual(byHand.map((c) => c.status));
    expect(checks[2]!.reason).toBe('"gandalf" already has order 825 (line 5) this turn; a character gets one of 810, 825, 870 per turn');
    expect(checks.map((c) => c.status)).toEqual(['accepted', 'accepted', 'rejected']);
  });

  it('keeps the file\'s line and column numbers', () => {
    const { orders } = parseOrders(text);
    expect(orders.map((o) => [o.line, o.column])).toEqual([[4, 1], [5, 1], [6, 1]]);
  });

  it('reads the file inside a mail with other text around it, and after a byte-order mark', () => {
    const { orders, errors } = parseOrders(`\uFEFFHi GM, my orders:\n\n${text}\n-- \nAnn`);
    expect(errors).toEqual([]);
    expect(orders).toHaveLength(3);
  });

  it('names a bad header, a -- before a given parameter, an unknown order and a missing end with line and column', () => {
    const bad = ['BEGINMEAUTOINPUT', 'x77,6,1,2,Ann,1Jan2027,NO,1', line('arago', 850, 'no', 'e')].join('\n');
    expect(parseOrders(bad)).toEqual({
      orders: [],
      errors: [
        { line: 2, column: 1, message: 'the order file\'s header starts with the game number; "x77" is not a number' },
        { line: 3, column: 1, message: 'the order file has no ENDMEAUTOINPUT line: it may have been cut short; the orders above were read' },
      ],
    });
    const gaps = file(77, 6, [`${pad('arago')},850,no,--,e,${dashes(12)}`, line('arago', 940, '12')]);
    const r = parseOrders(gaps);
    expect(r.orders).toEqual([]);
    expect(r.errors.map((e) => [e.line, e.column])).toEqual([
      [4, 14],
      [5, 7],
    ]);
    expect(r.errors[0]!.message).toBe('an empty parameter (--) comes before a given one; JOverseer writes -- only after the last parameter');
    expect(r.errors[1]!.message).toMatch(/^order "940" is not known/);
  });
});

describe('checking an order file against the game', () => {
  it('rejects the orders of a file for another game or another nation, naming both numbers', () => {
    const other = checked(file(78, 6, [line('arago', 850, 'no', 'e')]));
    expect(other.checks[0]).toMatchObject({ status: 'rejected', reason: 'the order file is for JOverseer game 78; this game is game 77' });
    const wrongNation = checked(file(77, 11, [line('arago', 850, 'no', 'e')]));
    expect(wrongNation.checks[0]).toMatchObject({ status: 'rejected', reason: 'the order file is for nation 11; gondor is JOverseer nation 6' });
  });

  it('reads a character id that is not mapped as a unit id, so a foreign or missing unit is refused as usual', () => {
    const { checks } = checked(file(11 + 66, 11, [line('gothm', 850, 'no', 'e'), line('gothmog', 850, 'no', 'w')]), 'mordor');
    expect(checks.map((c) => [c.order.unit, c.status])).toEqual([
      ['gothm', 'rejected'],
      ['gothmog', 'accepted'],
    ]);
  });
});
