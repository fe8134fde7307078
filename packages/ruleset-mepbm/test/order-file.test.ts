// JOverseer's order files (docs/orders-mepbm.md, "Order files"): read by the order parser in place (line and
// column numbers of the file), checked against the game's JOverseer numbers, characters read as units.
import { describe, expect, it } from 'vitest';
import { adjudicate } from './sealed.ts';
import { checkOrders, createGame, parseOrders, parseScenario, printOrder } from '../src/index.ts';
import { decodeCp1252, generateOrderFile, joverseerId, orderFileName, savedOrderFile, type JoCharacter } from './joverseer-export.ts';
import { army, character, navy, scenario } from './resolution-helpers.ts';

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

// ---------------------------------------------------------------------------------------------------
// The corpus: order files exactly as JOverseer 1.19.01's exporter writes them (joverseer-export.ts cites
// its source), read as Arbiter reads a submission, each with no error.

/** Gondor (JOverseer nation 6) with JOverseer's ids, spaces and a non-ASCII letter among them. */
function corpusState() {
  const s: Record<string, unknown> = {
    ...scenario({
      hexes: { '1005': 'coast', '1004': 'coast', '1006': 'coast' },
      units: [
        army('aragorn', 'gondor', '0505'),
        army('theoden', 'gondor', '0707'),
        army('tonn varthkur', 'gondor', '0303'),
        navy('white ship', 'gondor', '1005'),
        character('gandalf', 'gondor', '0505', { spells: [304] }),
        character('ren the unclean', 'gondor', '0404'),
        character('eowyn', 'gondor', '0404'),
      ],
    }),
    joverseer: { game: 77 },
  };
  s['nations'] = [
    {
      id: 'gondor',
      joverseer: {
        nation: 6,
        characters: { arago: 'aragorn', theod: 'theoden', 'tonn ': 'tonn varthkur', 'círda': 'white ship', ganda: 'gandalf', 'ren t': 'ren the unclean', eowyn: 'eowyn' },
      },
    },
  ];
  const p = parseScenario(s);
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return createGame(p.scenario);
}

const GONDOR = { game: 77, nation: 6, player: 'Théoden’s Heir' };
const CORPUS: { name: string; characters: JoCharacter[]; orders: number }[] = [
  {
    name: 'every movement order, each character with an unused slot',
    orders: 7,
    characters: [
      { id: joverseerId('Aragorn'), orders: [{ order: 850, params: ['e', 'e', 'h', 'no'] }] },
      { id: joverseerId('Theoden'), orders: [{ order: 860, params: ['w', 'ev'] }] },
      { id: joverseerId('Tonn Varthkur'), orders: [{ order: 840, params: ['ne'] }] },
      { id: joverseerId('Círdan'), orders: [{ order: 830, params: ['h', 'no'] }] },
      { id: joverseerId('Gandalf'), orders: [{ order: 825, params: ['304', '0707'] }] },
      { id: joverseerId('Ren the Unclean'), orders: [{ order: 810, params: ['0606'] }] },
      { id: joverseerId('Eowyn'), orders: [{ order: 870, params: ['0303', joverseerId('Tonn Varthkur')] }] },
    ],
  },
  {
    name: 'no orders at all: every slot unused',
    orders: 0,
    characters: ['Aragorn', 'Gandalf', 'Ren the Unclean', 'Tonn Varthkur'].map((n) => ({ id: joverseerId(n), orders: [] })),
  },
  {
    name: 'three slots, unused ones before and after an order',
    orders: 3,
    characters: [
      { id: 'arago', orders: [{ order: 850, params: ['e', 'no'] }] },
      { id: 'ganda', slots: 3, orders: [{ order: -1, params: [] }, { order: 825, params: ['304', '0707'] }] },
      { id: 'ren t', orders: [{ order: -1, params: [] }, { order: 810, params: ['0505'] }] },
    ],
  },
];

describe('the corpus: files as JOverseer 1.19.01 saves them (CRLF, Windows-1252, unused slots, padded ids)', () => {
  it('writes what the exporter writes', () => {
    const text = generateOrderFile(GONDOR, CORPUS[0]!.characters);
    const lines = text.split('\n');
    expect(lines[0]).toBe('BEGINMEAUTOINPUT');
    expect(lines[1]).toBe('77,6,1234,5678,Théoden’s Heir,15Jan2027,NO,14');
    expect(lines).toContain(`tonn ,840,ne,${dashes(14)}`);
    expect(lines).toContain(`arago,850,no,e,e,h,${dashes(11)}`);
    expect(lines).toContain(`arago,-1,${dashes(15)}`);
    expect(lines).toContain(`eowyn,870,0303,tonn ,${dashes(13)}`);
    expect(text.endsWith('\nENDMEAUTOINPUT\nJO1.19.01')).toBe(true);
    const bytes = savedOrderFile(GONDOR, CORPUS[0]!.characters);
    expect(bytes.includes(0x0d)).toBe(true);
    expect(bytes[bytes.length - 1]).toBe('1'.charCodeAt(0));
    expect(bytes.includes(0xed)).toBe(true); // í in Windows-1252
    expect(orderFileName(GONDOR)).toBe('me06v0.077');
  });

  for (const c of CORPUS) {
    it(`${c.name}: every order accepted, no error`, () => {
      const text = decodeCp1252(savedOrderFile(GONDOR, c.characters));
      const { orders, errors } = parseOrders(text);
      expect(errors).toEqual([]);
      expect(orders).toHaveLength(c.orders);
      const checks = checkOrders(corpusState(), 'gondor', orders);
      expect(checks.filter((k) => k.status !== 'accepted')).toEqual([]);
    });
  }

  it('reads the ids with spaces and the order 870 in JOverseer\'s field order as the units they map to', () => {
    const { orders } = parseOrders(decodeCp1252(savedOrderFile(GONDOR, CORPUS[0]!.characters)));
    const checks = checkOrders(corpusState(), 'gondor', orders);
    expect(checks.map((k) => printOrder(k.order))).toEqual([
      'aragorn, 850, no, e, e, h',
      'white ship, 830, no, h',
      'eowyn, 870, 0303, tonn varthkur',
      'gandalf, 825, 304, 0707',
      'ren the unclean, 810, 0606',
      'theoden, 860, ev, w',
      'tonn varthkur, 840, ne',
    ]);
    // The turn: Eowyn meets Tonn Varthkur's army where the order says.
    const state = corpusState();
    const result = adjudicate(state, checks.map((k) => k.order));
    expect(result.errors).toEqual([]);
    expect(result.events.find((e) => e.type === 'joined')?.message).toBe('eowyn joined tonn varthkur at 0303');
  });
});
