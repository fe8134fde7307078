// Sightings (docs/rules-mepbm.md "What a nation sees"): what a nation's units and population centres see of
// foreign armies and navies, from how far, with how much detail, and which of them saw it; and the
// population centres a nation knows (docs/rules-mepbm.md "Population centres").
import { army, navy } from '../resolution-helpers.ts';
import type { PositionInput } from '../resolution-helpers.ts';
import type { Case } from './types.ts';

const G = 'gondor';
const M = 'mordor';
/** Osgiliath (a town of Gondor at 0505) and, next door, the army of Minas Morgul at 0605. */
const osgiliath = (p: PositionInput): PositionInput => ({ centres: [{ hex: '0505', nation: G, size: 'town', name: 'Osgiliath' }], ...p });
const gothmog = { commander: { command: 60, name: 'Gothmog' } };

export const sightingCases: Case[] = [
  {
    id: 'V1',
    rule: 'A population centre sees the foreign army in the next hex at the end of the turn (Osgiliath sees the army at Minas Morgul).',
    source: 'issue',
    position: osgiliath({ units: [army('morgul', M, '0605', { heavyInfantry: 2000 })] }),
    orders: [],
    expect: [{ sees: G, unit: 'morgul', what: 'nearby', by: '0505', distance: 1 }],
  },
  {
    id: 'V2',
    rule: 'A unit sees the foreign army that ends its move next to it, and the sighting names the unit that saw it.',
    source: 'issue',
    position: { units: [army('faramir', G, '0505'), army('morgul', M, '0905')] },
    orders: ['morgul, 850, no, w, w, w'],
    expect: [{ sees: G, unit: 'morgul', what: 'nearby', by: 'faramir', distance: 1 }, { sees: M, unit: 'faramir', what: 'nearby', by: 'morgul', distance: 1 }],
  },
  {
    id: 'V3',
    rule: 'Beyond the sighting range (1 hex by default) nothing is seen: the army two hexes from Osgiliath is not.',
    source: 'house rule',
    position: osgiliath({ units: [army('morgul', M, '0705')] }),
    orders: [],
    expect: [{ notSees: G, unit: 'morgul' }],
  },
  {
    id: 'V4',
    rule: 'Setting sightingRange 2: the same army is seen two hexes away.',
    source: 'house rule',
    position: osgiliath({ settings: { sightingRange: 2 }, units: [army('morgul', M, '0705')] }),
    orders: [],
    expect: [{ sees: G, unit: 'morgul', what: 'nearby', by: '0505', distance: 2 }],
  },
  {
    id: 'V5',
    rule: 'More detail the closer it is: in the same hex the commander is named; from the next hex only nation and size.',
    source: 'reference',
    position: { units: [army('faramir', G, '0505'), army('morgul', M, '0505', { heavyInfantry: 100 }, gothmog), army('udun', M, '0605', { heavyInfantry: 100 }, gothmog)] },
    orders: [],
    expect: [
      { sees: G, unit: 'morgul', what: 'met', by: 'faramir', distance: 0, commander: 'Gothmog' },
      { sees: G, unit: 'udun', what: 'nearby', distance: 1, commander: null },
    ],
  },
  {
    id: 'V6',
    rule: 'An army aboard a navy is reported as such, with the navy: seen from the shore next to it.',
    source: 'issue',
    position: {
      hexes: { '0605': 'coast', '0705': 'coast' },
      units: [army('faramir', G, '0505'), navy('corsairs', M, '0705'), army('umbar', M, '0705', { heavyInfantry: 200 }, { aboard: 'corsairs' })],
    },
    orders: ['corsairs, 830, no, w'],
    expect: [
      { sees: G, unit: 'corsairs', what: 'nearby', by: 'faramir', distance: 1 },
      { sees: G, unit: 'umbar', what: 'nearby', by: 'faramir', distance: 1, aboard: 'corsairs' },
    ],
  },
  {
    id: 'V7',
    rule: 'An army that moved evasively is not seen from the next hex (it is seen in its own hex only).',
    source: 'house rule',
    position: osgiliath({ units: [army('morgul', M, '0905')] }),
    orders: ['morgul, 850, ev, w, w, w'],
    expect: [{ notSees: G, unit: 'morgul' }],
  },
  {
    id: 'PC1',
    rule: 'A nation knows its own centres with capital, harbour or port, and loyalty.',
    source: 'reference',
    position: {
      centres: [
        { hex: '0505', nation: G, size: 'city', name: 'Minas Tirith', capital: true, loyalty: 80 },
        { hex: '0808', nation: G, size: 'town', name: 'Pelargir', dock: 'port', loyalty: 60 },
      ],
      units: [],
    },
    orders: [],
    expect: [
      { knows: G, centre: '0505', capital: true, dock: null, loyalty: 80 },
      { knows: G, centre: '0808', capital: false, dock: 'port', loyalty: 60 },
    ],
  },
  {
    id: 'PC2',
    rule: "A foreign centre inside the nation's map window is known without a unit stopping there, with what is seen from outside (capital, port), not its loyalty.",
    source: 'reference',
    position: {
      centres: [{ hex: '0605', nation: M, size: 'city', name: 'Minas Morgul', capital: true, dock: 'harbour', loyalty: 90 }],
      units: [army('faramir', G, '0505')],
    },
    orders: [],
    expect: [{ knows: G, centre: '0605', capital: true, dock: 'harbour', loyalty: null }],
  },
  {
    id: 'PC3',
    rule: 'A foreign centre outside the map window is not known; a hidden one inside it is not shown either.',
    source: 'reference',
    position: {
      centres: [
        { hex: '0905', nation: M, size: 'town' },
        { hex: '0506', nation: M, size: 'camp', hidden: true },
      ],
      units: [army('faramir', G, '0505')],
    },
    orders: [],
    expect: [{ knowsNot: G, centre: '0905' }, { knowsNot: G, centre: '0506' }],
  },
];
