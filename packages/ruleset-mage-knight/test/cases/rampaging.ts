// Rampaging enemies (seed "Rampaging Enemies" and its example; the reference note on provoking).
import { tile } from '../helpers.ts';
import { orcMap } from './maps.ts';
import type { Case } from './types.ts';

/** Orc Marauders at a.w and Draconum at s.c: the two spaces next to both s.e and s.se. */
const twoEnemies = {
  s: tile('A', 'starting', { nw: 'plains portal', c: 'plains draconum', se: 'hills' }),
  a: tile('T1', 'countryside', { w: 'plains orc-marauders' }),
};
const yellowMap = { ...orcMap, f: tile('T2', 'countryside', { c: 'forest orc-marauders', ne: 'hills', w: 'wasteland', nw: 'swamp' }) };

export const rampagingCases: Case[] = [
  {
    id: 'RE-1',
    rule: 'There are two Orc Khan symbols on the initial portion of the map - two green enemy tokens were put, face up, on the indicated spaces.',
    source: 'seed',
    position: { map: yellowMap, heroes: { tovak: 's.c' } },
    orders: [],
    expect: [
      { sees: 'p-tovak', enemy: 'a.w' },
      { sees: 'p-tovak', enemy: 'f.c' },
    ],
  },
  {
    id: 'RE-2',
    rule: 'You cannot enter a space occupied by an undefeated rampaging enemy.',
    source: 'seed',
    position: { map: orcMap, heroes: { tovak: null } },
    orders: ['tovak, move 9, se'],
    expect: [
      { hero: 'tovak', final: null, stop: 'rampaging-enemy', spent: 0 },
      { event: 'step-refused', where: { code: 'rampaging-enemy', message: 'a.w is occupied by rampaging Orc Marauders and cannot be entered' } },
    ],
  },
  {
    id: 'RE-3',
    rule: 'If you move from a space adjacent to a rampaging enemy to another space adjacent to the same enemy, it is provoked and attacks you.',
    source: 'seed',
    position: { map: orcMap, heroes: { tovak: null } },
    orders: ['tovak, move 3, sw'],
    expect: [
      { hero: 'tovak', final: 's.se', costs: [3], stop: 'provoked' },
      { event: 'provoked', where: { hero: 'tovak', space: 's.se', enemies: [{ space: 'a.w', kind: 'orc-marauders' }] } },
    ],
  },
  {
    id: 'RE-4',
    rule: 'This immediately ends your movement, and you have to fight as a mandatory action (see Combat).',
    source: 'seed',
    position: { map: orcMap, heroes: { tovak: null } },
    orders: ['tovak, move 9, sw, w'],
    expect: [{ hero: 'tovak', final: 's.se', costs: [3], stop: 'provoked', lost: 6, notDone: 1 }],
  },
  {
    id: 'RE-5',
    rule: 'Two adjacent hexes share exactly two neighbours, so one step can provoke two rampaging enemies at once.',
    source: 'reference',
    position: { map: twoEnemies, heroes: { tovak: 's.e' } },
    orders: ['tovak, move 3, sw'],
    expect: [
      {
        event: 'provoked',
        where: {
          space: 's.se',
          enemies: [
            { space: 's.c', kind: 'draconum' },
            { space: 'a.w', kind: 'orc-marauders' },
          ],
        },
      },
    ],
  },
  {
    id: 'RE-6',
    rule: "A step onto another hero's space that would provoke is not allowed.",
    source: 'reference',
    position: { map: orcMap, heroes: { tovak: 's.e', arythea: 's.se' } },
    orders: ['tovak, move 3, sw'],
    expect: [
      { hero: 'tovak', final: null, stop: 'provoke-onto-hero', spent: 0 },
      { event: 'provoked', count: 0 },
      { receipt: 'p-tovak', status: 'accepted', warning: 'would provoke Orc Marauders at a.w: not allowed' },
    ],
  },
  {
    id: 'EX-1',
    rule: 'Both red and violet move paths would provoke the wolf riders to attack, since you would be moving from one space adjacent to the wolf to another that is also adjacent. (Red: portal, north-east, south-east, south-east to the village.)',
    source: 'seed example',
    position: { map: orcMap, heroes: { tovak: null } },
    orders: ['tovak, move 6, ne, se, se'],
    expect: [
      { hero: 'tovak', final: 'a.c', costs: [2, 2, 2], stop: 'provoked' },
      { event: 'provoked', where: { space: 'a.c' } },
      { receipt: 'p-tovak', status: 'accepted', warning: 'entering a.c provokes Orc Marauders at a.w' },
    ],
  },
  {
    id: 'EX-2',
    rule: 'The violet move will not even be finished - the attack immediately ends the movement after the first step, and the unused Move points are lost.',
    source: 'seed example',
    position: { map: orcMap, heroes: { tovak: null } },
    orders: ['tovak, move 6, e, e'],
    expect: [{ hero: 'tovak', final: 'a.nw', costs: [2], stop: 'provoked', lost: 4, notDone: 1 }],
  },
  {
    id: 'EX-3',
    rule: 'The red movement brings you to a village, but then you will have to fight there. Since combat uses your action for the turn, you would not be able to interact in the village this turn.',
    source: 'seed example',
    position: { map: orcMap, heroes: { tovak: null } },
    orders: ['tovak, move 6, ne, se, se'],
    expect: [
      { event: 'movement-ended', where: { hero: 'tovak', space: 'a.c', stop: 'provoked' } },
      { hero: 'tovak', final: 'a.c' },
    ],
  },
  {
    id: 'EX-4',
    rule: 'The green move path can get you to the village without provoking the attack, it just costs you more Move points to go around.',
    source: 'seed example',
    position: { map: orcMap, heroes: { tovak: null } },
    orders: ['tovak, move 8, ne, e, se, sw'],
    expect: [
      { hero: 'tovak', final: 'a.c', costs: [2, 2, 2, 2], spent: 8, stop: null },
      { event: 'provoked', count: 0 },
    ],
  },
  {
    id: 'EX-5',
    rule: 'On a subsequent turn, making the move shown by the yellow path is okay. Since you are moving from a space adjacent to an enemy to a space adjacent to another enemy, neither of these enemies are provoked.',
    source: 'seed example',
    position: { map: yellowMap, heroes: { tovak: 'a.nw' } },
    orders: ['tovak, move 2, nw'],
    expect: [
      { hero: 'tovak', final: 'f.sw', costs: [2], stop: null },
      { event: 'provoked', count: 0 },
    ],
  },
  {
    id: 'FS-1',
    rule: 'Fortified sites (keep, mage tower, city) that are unconquered: entering one ends movement and is an assault. (A keep.)',
    source: 'reference',
    position: { map: { s: tile('A', 'starting', { c: 'plains portal' }), a: tile('T1', 'countryside', { nw: 'hills keep' }) }, heroes: { tovak: 's.e' } },
    orders: ['tovak, move 9, e, e'],
    expect: [
      { hero: 'tovak', final: 'a.nw', costs: [3], stop: 'assault', notDone: 1, lost: 6 },
      { event: 'assault', where: { hero: 'tovak', space: 'a.nw', site: 'keep' } },
    ],
  },
  {
    id: 'FS-3',
    rule: 'Fortified sites (keep, mage tower, city) that are unconquered: entering one ends movement and is an assault. (A mage tower.)',
    source: 'reference',
    position: { map: { s: tile('A', 'starting', { c: 'plains portal' }), a: tile('T1', 'countryside', { w: 'plains mage-tower' }) }, heroes: { tovak: 's.e' } },
    orders: ['tovak, move 9, se, e'],
    expect: [
      { hero: 'tovak', final: 'a.w', costs: [2], stop: 'assault' },
      { event: 'assault', where: { space: 'a.w', site: 'mage-tower' } },
    ],
  },
  {
    id: 'FS-2',
    rule: 'A conquered fortified site does not end movement; adventure sites (a village, a dungeon) do not end movement.',
    source: 'reference',
    position: { map: { s: tile('A', 'starting', { c: 'plains portal', e: 'plains village' }), a: tile('T1', 'countryside', { nw: 'hills keep*', ne: 'plains dungeon' }) }, heroes: { tovak: 's.ne' } },
    orders: ['tovak, move 9, se, e, e, se'],
    expect: [{ hero: 'tovak', final: 'a.e', costs: [2, 3, 2, 2], stop: null }],
  },
];
