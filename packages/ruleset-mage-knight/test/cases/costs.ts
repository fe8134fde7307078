// Move costs (seed "Move Costs"; the reference note's Day/Night table and city rule).
import { tile } from '../helpers.ts';
import { plainTile, startAll } from './maps.ts';
import type { Case } from './types.ts';

const mountainTile = tile('T1', 'countryside', { nw: 'mountain' });
const onStart = { s: startAll, a: plainTile('T1') };

export const costCases: Case[] = [
  {
    id: 'MC-1',
    rule: 'The Move cost of each terrain type is depicted on the Day/ Night board, represented by the large number. (By day: hills 3, forest 3, wasteland 4, desert 5.)',
    source: 'seed',
    position: { map: onStart, heroes: { tovak: 's.c', arythea: 's.c', goldyx: 's.c', norowas: 's.c' } },
    orders: ['tovak, move 3, ne', 'arythea, move 3, e', 'goldyx, move 4, se', 'norowas, move 5, sw'],
    expect: [
      { hero: 'tovak', final: 's.ne', costs: [3], stop: null },
      { hero: 'arythea', final: 's.e', costs: [3], stop: null },
      { hero: 'goldyx', final: 's.se', costs: [4], stop: null },
      { hero: 'norowas', final: 's.sw', costs: [5], stop: null },
    ],
  },
  {
    id: 'MC-2',
    rule: 'The Move cost of each terrain type ... by day: swamp 5, plains 2.',
    source: 'seed',
    position: { map: onStart, heroes: { tovak: 's.c', arythea: 's.e' } },
    orders: ['tovak, move 5, w', 'arythea, move 2, e'],
    expect: [
      { hero: 'tovak', final: 's.w', costs: [5] },
      { hero: 'arythea', final: 'a.nw', costs: [2] },
    ],
  },
  {
    id: 'MC-3',
    rule: 'A red "X" means that this terrain is inaccessible. (Lake and mountain, by day and by night.)',
    source: 'seed',
    position: { map: { s: startAll, a: mountainTile }, heroes: { tovak: 's.ne', arythea: 's.e' } },
    orders: ['tovak, move 9, w', 'arythea, move 9, e'],
    expect: [
      { hero: 'tovak', final: 's.ne', stop: 'inaccessible', spent: 0, lost: 9 },
      { hero: 'arythea', final: 's.e', stop: 'inaccessible' },
      { event: 'step-refused', where: { hero: 'tovak', code: 'inaccessible', message: 's.nw (lake) is inaccessible' } },
      { event: 'step-refused', where: { hero: 'arythea', code: 'inaccessible', message: 'a.nw (mountain) is inaccessible' } },
    ],
  },
  {
    id: 'MC-4',
    rule: 'Ignore the small blue numbers for now; they are for Night Rounds. (By night forest costs 5 and desert 3; the others are as by day.)',
    source: 'seed',
    position: { time: 'night', map: onStart, heroes: { tovak: 's.c', arythea: 's.c', goldyx: 's.c', norowas: 's.c' } },
    orders: ['tovak, move 5, e', 'arythea, move 3, sw', 'goldyx, move 3, ne', 'norowas, move 9, se, e'],
    expect: [
      { hero: 'tovak', final: 's.e', costs: [5] },
      { hero: 'arythea', final: 's.sw', costs: [3] },
      { hero: 'goldyx', final: 's.ne', costs: [3] },
      { hero: 'norowas', final: 'a.w', costs: [4, 2] },
    ],
  },
  {
    id: 'MC-5',
    rule: 'To move your figure, you must spend Move points provided by cards you have played.',
    source: 'seed',
    position: { map: onStart, heroes: { tovak: 's.ne', arythea: 's.ne' } },
    orders: ['tovak, move 0, se', 'arythea, move 2+1, se'],
    expect: [
      { hero: 'tovak', final: 's.ne', stop: 'insufficient-move', played: 0, spent: 0 },
      { hero: 'arythea', final: 's.e', costs: [3], played: 3, spent: 3, lost: 0 },
    ],
  },
  {
    id: 'MC-6',
    rule: 'You can move to any space adjacent to your space unless that terrain is inaccessible. (All six directions.)',
    source: 'seed',
    position: { map: onStart, heroes: { tovak: 's.c' } },
    orders: ['tovak, move 4+4+4+4+3+3, ne, se, sw, w, nw, e'],
    expect: [{ hero: 'tovak', costs: [3, 3, 4, 5, 5, 2], spent: 22, stop: null }],
  },
  {
    id: 'MC-7',
    rule: 'You can move as far as you want, as long as you have enough Move points to do so.',
    source: 'seed',
    position: { map: { s: tile('A', 'starting', { nw: 'plains portal' }), a: plainTile('T1') }, heroes: { tovak: 's.w' } },
    orders: ['tovak, move 6, e, e, e, e'],
    expect: [
      { hero: 'tovak', final: 'a.nw', costs: [2, 2, 2], spent: 6, lost: 0, stop: 'insufficient-move', notDone: 1 },
      { event: 'step-refused', where: { entry: 4, message: 'entering a.ne (plains) costs 2 Move points by day; 0 left' } },
    ],
  },
  {
    id: 'MC-8',
    rule: 'The following diagram shows three examples of movement from the starting position, and their Move costs.',
    source: 'seed example',
    position: { map: onStart, heroes: { tovak: null, arythea: null, goldyx: null } },
    orders: ['tovak, move 3, ne', 'arythea, move 9, se, w', 'goldyx, move 10, sw, nw'],
    expect: [
      { event: 'returned-to-portal', where: { hero: 'tovak', space: 's.c' } },
      { hero: 'tovak', final: 's.ne', costs: [3], spent: 3 },
      { hero: 'arythea', final: 's.sw', costs: [4, 5], spent: 9 },
      { hero: 'goldyx', final: 's.w', costs: [5, 5], spent: 10 },
    ],
  },
  {
    id: 'MC-9',
    rule: 'Note: When moving into an adjacent space, you pay the Move cost of the space you are entering. The terrain of the space you are leaving does not matter.',
    source: 'seed',
    position: { map: onStart, heroes: { tovak: 's.w', arythea: 's.sw' } },
    orders: ['tovak, move 2, e', 'arythea, move 5, nw'],
    expect: [
      { hero: 'tovak', costs: [2] },
      { hero: 'arythea', final: 's.w', costs: [5] },
    ],
  },
  {
    id: 'MC-10',
    rule: 'A city space costs 2 whatever terrain is printed under it.',
    source: 'reference',
    position: {
      map: { s: startAll, a: tile('T1', 'core', { nw: 'swamp city*', c: 'hills city' }) },
      heroes: { tovak: 's.e', arythea: 'a.w' },
    },
    orders: ['tovak, move 2, e', 'arythea, move 9, e, e'],
    expect: [
      { hero: 'tovak', final: 'a.nw', costs: [2], stop: null },
      { hero: 'arythea', final: 'a.c', costs: [2], stop: 'assault' },
    ],
  },
];
