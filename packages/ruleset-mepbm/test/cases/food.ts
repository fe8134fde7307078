// Food (issue 20, "Food as the game has it"; the seed's unfed costs and morale; docs/rules-mepbm.md "Food").
// Default settings: a foot soldier eats 1 food a turn, a horseman 2; fed means food is left after eating.
import { army } from '../resolution-helpers.ts';
import type { Case } from './types.ts';

const N = 'north';
const hi = (n: number) => ({ heavyInfantry: n });

export const foodCases: Case[] = [
  {
    id: 'F1',
    rule: 'An army\'s troops eat food each turn: a foot soldier 1, a horseman 2 (100 heavy infantry and 50 heavy cavalry eat 200).',
    source: 'house rule',
    position: { units: [army('a', N, '0505', { heavyInfantry: 100, heavyCavalry: 50 }, { food: 1000 })] },
    orders: ['a, 850, no, e'],
    expect: [{ unit: 'a', eaten: 200, fed: true, foodLeft: 800, fedNextTurn: true, costs: [3] }],
  },
  {
    id: 'F2',
    rule: 'Food is consumed each turn whether the army moves or not.',
    source: 'issue',
    position: { units: [army('a', N, '0505', hi(100), { food: 250 })] },
    orders: [],
    expect: [{ unit: 'a', eaten: 100, fed: true, foodLeft: 150, fedNextTurn: true, mp: 0 }],
  },
  {
    id: 'F3',
    rule: 'An army is fed when food is left in its baggage train after its troops have eaten: 100 foot with 101 food are fed (1 left), and will not be fed next turn.',
    source: 'house rule',
    position: { units: [army('a', N, '0505', hi(100), { food: 101 })] },
    orders: ['a, 850, no, e'],
    expect: [{ unit: 'a', fed: true, foodLeft: 1, fedNextTurn: false, costs: [3] }, { event: 'morale', count: 0 }],
  },
  {
    id: 'F4',
    rule: 'If an army has no food (its food does not outlast what its troops eat: 100 foot with 100 food), the movement cost is increased by 1/3 and it loses 1-5 morale for its move order.',
    source: 'seed',
    position: { seed: 1, units: [army('a', N, '0505', hi(100), { food: 100, morale: 50 })] },
    orders: ['a, 850, no, e'],
    expect: [
      { unit: 'a', eaten: 100, fed: false, foodLeft: 0, fedNextTurn: false, costs: [4], morale: 47 },
      { event: 'morale', where: { unit: 'a', before: 50, after: 47 }, count: 1 },
    ],
  },
  {
    id: 'F5',
    rule: 'Cavalry eat more than foot: 100 light cavalry with 150 food move unfed (cavalry table, plains unfed 3), 100 light infantry with 150 food move fed (3).',
    source: 'house rule',
    position: { units: [army('cav', N, '0505', { lightCavalry: 100 }, { food: 150 }), army('foot', N, '0507', { lightInfantry: 100 }, { food: 150 })] },
    orders: ['cav, 850, no, e', 'foot, 850, no, e'],
    expect: [
      { unit: 'cav', eaten: 150, fed: false, foodLeft: 0, costs: [3] },
      { unit: 'foot', eaten: 100, fed: true, foodLeft: 50, costs: [3] },
    ],
  },
  {
    id: 'F6',
    rule: 'An army that runs short eats what it has; its food never goes below 0, and an unfed army without a move order loses no morale.',
    source: 'house rule',
    position: { units: [army('a', N, '0505', hi(100), { food: 40, morale: 50 })] },
    orders: ['a, 840, e'],
    expect: [{ unit: 'a', eaten: 40, fed: false, foodLeft: 0, fedNextTurn: false, morale: 50 }, { event: 'morale', count: 0 }],
  },
  {
    id: 'F7',
    rule: 'The food per soldier is a game setting (foodPerSoldier): with heavy infantry eating 3, 100 of them with 250 food are unfed.',
    source: 'house rule',
    position: { settings: { foodPerSoldier: { heavyInfantry: 3 } }, units: [army('a', N, '0505', hi(100), { food: 250 })] },
    orders: ['a, 850, no, e'],
    expect: [{ unit: 'a', eaten: 250, fed: false, foodLeft: 0, costs: [4] }],
  },
  {
    id: 'F8',
    rule: 'House rule (supply): an army at a population centre of its own nation draws food before eating, up to 2 turns of what its troops eat plus 1: 100 foot with 0 food draw 201, are fed, and will be fed next turn.',
    source: 'house rule',
    position: { centres: [{ hex: '0505', nation: N, size: 'town' }], units: [army('a', N, '0505', hi(100), { food: 0 })] },
    orders: ['a, 850, no, e'],
    expect: [{ unit: 'a', supplied: 201, eaten: 100, fed: true, foodLeft: 101, fedNextTurn: true, costs: [3] }, { event: 'morale', count: 0 }],
  },
  {
    id: 'F9',
    rule: '... as far as the centre gives in a turn (a camp 200), shared by its armies in the order of their ids.',
    source: 'house rule',
    position: {
      centres: [{ hex: '0505', nation: N, size: 'camp' }],
      units: [army('a', N, '0505', hi(100), { food: 50 }), army('b', N, '0505', hi(100), { food: 0 })],
    },
    orders: [],
    expect: [
      { unit: 'a', supplied: 151, foodLeft: 101 },
      { unit: 'b', supplied: 49, eaten: 49, fed: false, foodLeft: 0 },
    ],
  },
  {
    id: 'F10',
    rule: 'No supply where it must not be: at another nation\'s centre (even a friendly one), aboard a navy, or besieged by a hostile army in the hex.',
    source: 'house rule',
    position: {
      hexes: { '0705': 'shore' },
      nations: { north: { west: 'friendly' }, west: { north: 'friendly' } },
      centres: [
        { hex: '0305', nation: 'west', size: 'city' },
        { hex: '0505', nation: N, size: 'city' },
        { hex: '0705', nation: N, size: 'city', dock: 'port' },
      ],
      units: [
        army('guest', N, '0305', hi(100), { food: 0 }),
        army('besieged', N, '0505', hi(100), { food: 0 }),
        army('orcs', 'south', '0505', hi(100)),
        { id: 'ship', kind: 'navy', nation: N, hex: '0705', commander: { command: 50 }, ships: { warships: 1, transports: 1 }, food: 10, morale: 50 },
        army('marines', N, '0705', hi(100), { food: 0, aboard: 'ship' }),
      ],
    },
    orders: [],
    expect: [
      { unit: 'guest', supplied: 0, fed: false },
      { unit: 'besieged', supplied: 0, fed: false },
      { unit: 'marines', supplied: 0, fed: false },
    ],
  },
  {
    id: 'F11',
    rule: 'What a centre gives is a game setting (foodSupply): a town giving 0 supplies nothing.',
    source: 'house rule',
    position: { settings: { foodSupply: { town: 0 } }, centres: [{ hex: '0505', nation: N, size: 'town' }], units: [army('a', N, '0505', hi(100), { food: 0 })] },
    orders: [],
    expect: [{ unit: 'a', supplied: 0, fed: false }],
  },
];
