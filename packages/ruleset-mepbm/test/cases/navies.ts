// Navies (830; rules reference "Navies"; house rules in docs/rules-mepbm.md), boarding, morale and order checks.
import { army, character, navy } from '../resolution-helpers.ts';
import type { PositionInput } from '../resolution-helpers.ts';
import type { Case } from './types.ts';

const N = 'north';
const S = 'south';
/** Columns 1-2 open sea, 3 coastal water, 4 shore, then plains; a major river along the se sides of 0505, 0605, 0705. */
const coastMap = (p: PositionInput): PositionInput => {
  const hexes: Record<string, 'sea' | 'coast' | 'shore'> = {};
  for (let r = 1; r <= 16; r++) {
    const row = String(r).padStart(2, '0');
    hexes[`01${row}`] = 'sea';
    hexes[`02${row}`] = 'sea';
    hexes[`03${row}`] = 'coast';
    hexes[`04${row}`] = 'shore';
  }
  return { cols: 10, rows: 16, hexes, sides: ['0505 se major-river', '0605 se major-river', '0705 se major-river'], ...p };
};
/**
 * An estuary (the Anduin below Pelargir): column 3 coastal water, shore hexes 0405..0805 along a major river
 *  (on the se sides of 0405..0805), a port at 0705, a shore hex 0408 away from the river; the rest plains.
 */
const estuary = (p: PositionInput): PositionInput => {
  const hexes: Record<string, 'coast' | 'shore'> = {};
  for (let r = 1; r <= 10; r++) hexes[`03${String(r).padStart(2, '0')}`] = 'coast';
  for (const h of ['0405', '0505', '0605', '0705', '0805', '0408']) hexes[h] = 'shore';
  const sides = ['0405', '0505', '0605', '0705', '0805'].map((h) => `${h} se major-river`);
  return { cols: 10, rows: 10, hexes, sides, centres: [{ hex: '0705', nation: N, size: 'city', dock: 'port' }], ...p };
};
const calm = { openSeaLossPercent: 0, openSeaStormPercent: 0 };

export const navyCases: Case[] = [
  {
    id: 'N1',
    rule: 'Navies: 1 MP per water hex fed.',
    source: 'reference',
    position: coastMap({ units: [navy('swan', N, '0303')] }),
    orders: ['swan, 830, no, se, sw, se, sw'],
    expect: [{ unit: 'swan', final: '0307', costs: [1, 1, 1, 1], stop: null }],
  },
  {
    id: 'N2',
    rule: 'Unfed navies move slower (2 MP per hex) and lose 1-5 morale.',
    source: 'reference',
    position: coastMap({ units: [navy('swan', N, '0303', undefined, { food: 0 })] }),
    orders: ['swan, 830, no, se, sw, se, sw'],
    expect: [{ unit: 'swan', final: '0307', costs: [2, 2, 2, 2] }, { event: 'morale', where: { unit: 'swan' }, count: 1 }],
  },
  {
    id: 'N3',
    rule: 'Army or Navy Moving Evasively: Movement Costs Doubled.',
    source: 'seed',
    position: coastMap({ units: [navy('swan', N, '0303'), navy('gull', N, '0309', undefined, { food: 0 })] }),
    orders: ['swan, 830, ev, se, sw, se, sw', 'gull, 830, ev, se, sw, se, sw'],
    expect: [
      { unit: 'swan', final: '0307', costs: [2, 2, 2, 2] },
      { unit: 'gull', final: '0312', costs: [4, 4, 4], stop: 'insufficient-mp' },
    ],
  },
  {
    id: 'N4',
    rule: 'Navy: 14 movement points (and at most 14 entries).',
    source: 'seed',
    position: coastMap({ units: [navy('swan', N, '0301')] }),
    orders: ['swan, 830, no, se, sw, se, sw, se, sw, se, sw, se, sw, se, sw, se, sw'],
    expect: [{ unit: 'swan', final: '0315', mp: 14, stop: null }],
  },
  {
    id: 'N5',
    rule: 'Entering a shore hex ends the move.',
    source: 'reference',
    position: coastMap({ units: [navy('swan', N, '0305')] }),
    orders: ['swan, 830, no, e, e'],
    expect: [{ unit: 'swan', final: '0405', mp: 1, stop: 'docked' }],
  },
  {
    id: 'N6',
    rule: 'Entering a hex with a harbour or port from the water ends the move.',
    source: 'reference',
    position: coastMap({ centres: [{ hex: '0409', nation: N, size: 'town', dock: 'harbour' }], units: [navy('swan', N, '0309')] }),
    orders: ['swan, 830, no, e, e'],
    expect: [{ unit: 'swan', final: '0409', mp: 1, stop: 'docked' }],
  },
  {
    id: 'N7',
    rule: 'Navies may travel along major rivers (between hexes that border a major river).',
    source: 'reference',
    position: coastMap({ units: [navy('swan', N, '0405')] }),
    orders: ['swan, 830, no, e, e, e'],
    expect: [{ unit: 'swan', final: '0705', mp: 3, stop: null }],
  },
  {
    id: 'N8',
    rule: 'Coastal water and rivers are the navies\' routes: a navy cannot enter an inland hex away from a major river.',
    source: 'reference',
    position: coastMap({ units: [navy('swan', N, '0409')] }),
    orders: ['swan, 830, no, e'],
    expect: [{ unit: 'swan', final: '0409', stop: 'not-navigable' }],
  },
  {
    id: 'N9',
    rule: 'Open sea risks storms (house rule: a storm ends the move; openSeaStormPercent set to 100 here).',
    source: 'house rule',
    position: coastMap({ settings: { openSeaLossPercent: 0, openSeaStormPercent: 100 }, units: [navy('swan', N, '0305')] }),
    orders: ['swan, 830, no, w, w'],
    expect: [{ unit: 'swan', final: '0205', mp: 1, stop: 'storm' }, { event: 'storm', where: { unit: 'swan', hex: '0205' }, count: 1 }],
  },
  {
    id: 'N10',
    rule: '... "or worse": a navy lost at sea takes everyone aboard with it (openSeaLossPercent set to 100 here).',
    source: 'house rule',
    position: coastMap({
      settings: { openSeaLossPercent: 100, openSeaStormPercent: 0 },
      units: [navy('swan', N, '0305'), army('aragorn', N, '0305', { heavyInfantry: 100 }, { aboard: 'swan' }), character('frodo', N, '0305', { with: 'aragorn' })],
    }),
    orders: ['swan, 830, no, w, w'],
    expect: [
      { unit: 'swan', destroyed: true, stop: 'lost-at-sea', gone: true },
      { unit: 'aragorn', destroyed: true, gone: true },
      { unit: 'frodo', destroyed: true, gone: true },
    ],
  },
  {
    id: 'N11',
    rule: 'Coastal water is the safe route: no open-sea roll there, whatever the odds.',
    source: 'reference',
    position: coastMap({ settings: { openSeaLossPercent: 100, openSeaStormPercent: 0 }, units: [navy('swan', N, '0303')] }),
    orders: ['swan, 830, no, se, sw'],
    expect: [{ unit: 'swan', final: '0305', destroyed: false }],
  },
  {
    id: 'N12',
    rule: 'An army commander issuing 830 picks up enough anchored transports of its nation: ceil(cavalry/150 + infantry/250) = ceil(150/150 + 500/250) = 3.',
    source: 'reference',
    position: coastMap({
      settings: calm,
      units: [army('aragorn', N, '0405', { heavyInfantry: 500, lightCavalry: 150 }), navy('n1', N, '0405'), navy('n2', N, '0405'), navy('n3', N, '0405')],
    }),
    orders: ['aragorn, 830, no, w, w'],
    expect: [
      { unit: 'aragorn', final: '0205', with: 'n1' },
      { unit: 'n1', final: '0205' },
      { unit: 'n2', final: '0205' },
      { unit: 'n3', final: '0405' },
      { event: 'boarded', where: { unit: 'aragorn', navies: ['n1', 'n2'], transportsNeeded: 3, transports: 4 }, count: 1 },
    ],
  },
  {
    id: 'N13',
    rule: '... an army without enough anchored transports cannot sail (1000 infantry need 4; 2 are anchored).',
    source: 'reference',
    position: coastMap({ units: [army('aragorn', N, '0405', { heavyInfantry: 1000 }), navy('n1', N, '0405')] }),
    orders: ['aragorn, 830, no, w, w'],
    expect: [{ unit: 'aragorn', final: '0405' }, { error: 'needs 4 transports' }],
  },
  {
    id: 'N14',
    rule: 'A navy with its own 830 is not anchored and cannot be boarded.',
    source: 'house rule',
    position: coastMap({ units: [army('aragorn', N, '0405', { heavyInfantry: 500 }), navy('n1', N, '0405'), navy('n2', N, '0405', { warships: 0, transports: 1 })] }),
    orders: ['aragorn, 830, no, w', 'n1, 830, no, w'],
    expect: [{ unit: 'aragorn', final: '0405' }, { unit: 'n1', final: '0305' }, { error: 'needs 2 transports' }],
  },
  {
    id: 'N15',
    rule: 'An army aboard a navy moves with it, and so do the characters with that army.',
    source: 'issue',
    position: coastMap({ units: [navy('swan', N, '0305'), army('aragorn', N, '0305', { heavyInfantry: 100 }, { aboard: 'swan' }), character('frodo', N, '0305', { with: 'aragorn' })] }),
    orders: ['swan, 830, no, se, sw'],
    expect: [
      { unit: 'aragorn', final: '0307', with: 'swan' },
      { unit: 'frodo', final: '0307', with: 'aragorn' },
    ],
  },
  {
    id: 'N16',
    rule: 'An army aboard a navy in a land hex (shore, dock, river) marches ashore with 850/860.',
    source: 'house rule',
    position: coastMap({ units: [navy('swan', N, '0405'), army('aragorn', N, '0405', { heavyInfantry: 100 }, { aboard: 'swan' })] }),
    orders: ['aragorn, 850, no, e'],
    expect: [{ unit: 'aragorn', final: '0505', with: null }, { event: 'disembarked', where: { unit: 'aragorn', navy: 'swan' }, count: 1 }],
  },
  {
    id: 'N17',
    rule: 'An army aboard a navy at sea cannot march; an army aboard cannot give 830 itself (its navy sails).',
    source: 'house rule',
    position: coastMap({ units: [navy('swan', N, '0305'), army('aragorn', N, '0305', { heavyInfantry: 100 }, { aboard: 'swan' }), navy('gull', N, '0309'), army('boromir', N, '0309', { heavyInfantry: 100 }, { aboard: 'gull' })] }),
    orders: ['aragorn, 850, no, e', 'boromir, 830, no, se'],
    expect: [
      { unit: 'aragorn', final: '0305', with: 'swan' },
      { unit: 'boromir', final: '0309', with: 'gull' },
      { error: 'aboard navy "swan" at sea', line: 1 },
      { error: 'is already aboard navy "gull"', line: 2 },
    ],
  },
  {
    id: 'N18',
    rule: 'An army aboard a navy neither blocks nor is blocked (it is not on land).',
    source: 'house rule',
    position: coastMap({ units: [navy('raft', S, '0605'), army('orcs', S, '0605', { heavyInfantry: 1000 }, { aboard: 'raft' }), army('aragorn', N, '0505')] }),
    orders: ['aragorn, 850, no, e, e'],
    expect: [{ unit: 'aragorn', final: '0705', stop: null }],
  },
  {
    id: 'N19',
    rule: 'A navy moves along a major river without stopping: down the river from a port, through shore hexes, to the sea (JOverseer).',
    source: 'reference',
    position: estuary({ units: [navy('swan', N, '0705')] }),
    orders: ['swan, 830, no, w, w, w, w, se'],
    expect: [{ unit: 'swan', final: '0306', mp: 5, stop: null }],
  },
  {
    id: 'N20',
    rule: 'Entering a shore hex or a port along a major river from the water does not end the move: up the river to the port and past it.',
    source: 'reference',
    position: estuary({ units: [navy('swan', N, '0305')] }),
    orders: ['swan, 830, no, e, e, e, e, e'],
    expect: [{ unit: 'swan', final: '0805', mp: 5, stop: null }],
  },
  {
    id: 'N21',
    rule: 'Away from a major river, entering a shore hex from the water still ends the move (the river rule must not apply there).',
    source: 'reference',
    position: estuary({ units: [navy('swan', N, '0308')] }),
    orders: ['swan, 830, no, e, e'],
    expect: [{ unit: 'swan', final: '0408', mp: 1, stop: 'docked' }],
  },
  {
    id: 'N22',
    rule: 'Setting navyDocking "every-landing" (rules version 2): every shore hex and dock ends the move, along a river too.',
    source: 'house rule',
    position: estuary({ settings: { navyDocking: 'every-landing' }, units: [navy('swan', N, '0705')] }),
    orders: ['swan, 830, no, w, w, w, w'],
    expect: [{ unit: 'swan', final: '0605', mp: 1, stop: 'docked' }],
  },
  {
    id: 'M1',
    rule: 'Unfed armies lose 1-5 morale each time a move order is issued (seeded roll; seed 1 rolls a loss of 3).',
    source: 'seed',
    position: { seed: 1, units: [army('a', N, '0505', { heavyInfantry: 100 }, { food: 0, morale: 50 })] },
    orders: ['a, 850, no, e'],
    expect: [{ unit: 'a', morale: 47 }, { event: 'morale', where: { unit: 'a', before: 50, after: 47 }, count: 1 }],
  },
  {
    id: 'M2',
    rule: 'Fed armies lose no morale by moving; unfed armies without a move order lose none either.',
    source: 'seed',
    position: { units: [army('a', N, '0505'), army('b', N, '0507', { heavyInfantry: 100 }, { food: 0 })] },
    orders: ['a, 850, no, e', 'b, 840, e'],
    expect: [{ unit: 'a', morale: 50 }, { unit: 'b', morale: 50 }, { event: 'morale', count: 0 }],
  },
  {
    id: 'O1',
    rule: 'An order for a unit that does not exist is an error with its line and column.',
    source: 'issue',
    position: { units: [army('a', N, '0505')] },
    orders: ['a, 850, no, e', 'sauron, 850, no, w'],
    expect: [{ error: 'there is no unit "sauron"', line: 2 }, { unit: 'a', final: '0605' }],
  },
  {
    id: 'O2',
    rule: 'An order for the wrong kind of unit is rejected (850 is for armies; 810 for characters).',
    source: 'issue',
    position: { units: [army('a', N, '0505'), character('frodo', N, '0505')] },
    orders: ['frodo, 850, no, e', 'a, 810, 0507'],
    expect: [{ error: 'is a character; order 850 is for armies', line: 1 }, { error: 'is an army; order 810 is for characters', line: 2 }],
  },
  {
    id: 'O3',
    rule: 'Several orders per unit run in order number sequence; an army gets one movement order per turn (the lower number stands).',
    source: 'house rule',
    position: { units: [army('a', N, '0505')] },
    orders: ['a, 860, no, e', 'a, 850, no, w'],
    expect: [{ unit: 'a', final: '0405' }, { error: 'already has order 850 (line 2)', line: 1 }],
  },
  {
    id: 'O4',
    rule: 'Orders are read with every mistake reported by line and column; a faulty line is not executed.',
    source: 'issue',
    position: { units: [army('a', N, '0505')] },
    orders: ['# comment line', 'a, 850, no, n, e'],
    expect: [{ error: '"n" is not a direction', line: 2 }, { unit: 'a', final: '0505', mp: 0 }],
  },
  {
    id: 'O5',
    rule: 'At most 14 direction entries: a 15th entry is an error at its column and the order is not executed.',
    source: 'reference',
    position: { units: [army('a', N, '0105')] },
    // "a, 860, no, " is 12 characters and each entry 3 more: the 15th "e" starts at column 55.
    orders: ['a, 860, no, e, e, e, e, e, e, e, e, e, e, e, e, e, e, e'],
    expect: [{ error: 'order 860 takes at most 14 directions, this line has 15: remove the entries from here on', line: 1, column: 55 }, { unit: 'a', final: '0105', mp: 0 }],
  },
];
