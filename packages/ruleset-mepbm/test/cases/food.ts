// Food (issue 20, "Food as the game has it"; the seed's unfed costs and morale; docs/rules.md "Food").
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
];
