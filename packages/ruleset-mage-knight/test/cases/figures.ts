// Other figures and the portal (seed "Other Figures", "Portal Space"; the reference note on forced withdrawal).
import { tile } from '../helpers.ts';
import { plainTile, startPlain } from './maps.ts';
import type { Case } from './types.ts';

/** All plains, the portal on s.nw (so s.c is an ordinary space). */
const edgePortal = { s: tile('A', 'starting', { nw: 'plains portal' }), a: plainTile('T1') };
const pvp = { playerVsPlayer: true };

export const figureCases: Case[] = [
  {
    id: 'OF-1',
    rule: 'You can freely pass through a space occupied by another figure',
    source: 'seed',
    position: { map: edgePortal, heroes: { tovak: 's.w', arythea: 's.c' } },
    orders: ['tovak, move 4, e, e'],
    expect: [
      { hero: 'tovak', final: 's.e', costs: [2, 2], stop: null },
      { hero: 'arythea', final: 's.c' },
      { event: 'forced-withdrawal', count: 0 },
    ],
  },
  {
    id: 'OF-2',
    rule: 'but you should not end your move on that space as this would count as an Attack on another player. (With Player vs. Player combat allowed.)',
    source: 'seed',
    position: { settings: pvp, map: edgePortal, heroes: { tovak: 's.w', arythea: 's.c' } },
    orders: ['tovak, move 2, e'],
    expect: [
      { hero: 'tovak', final: 's.c', wounds: 0 },
      { event: 'attack', where: { hero: 'tovak', space: 's.c', targets: ['arythea'] } },
      { receipt: 'p-tovak', status: 'accepted', warning: 'is an attack (player-vs-player combat)' },
    ],
  },
  {
    id: 'OF-3',
    rule: 'While this may be useful in some situations, we recommend that you do not use Player vs. Player combat during your first game. (The setting playerVsPlayer is off unless the scenario turns it on.)',
    source: 'house rule',
    position: { map: edgePortal, heroes: { tovak: 's.w', arythea: 's.c' } },
    orders: ['tovak, move 2, e'],
    expect: [
      { event: 'attack', count: 0 },
      { event: 'forced-withdrawal', where: { hero: 'tovak' } },
    ],
  },
  {
    id: 'OF-4',
    rule: 'If you are not allowing Player vs. Player combat then ending your move on a space with another player is not allowed. (Forced withdrawal: back along the path taken to a safe space, one Wound per space.)',
    source: 'seed',
    position: { map: edgePortal, heroes: { tovak: 's.w', arythea: 's.e' } },
    orders: ['tovak, move 4, e, e'],
    expect: [
      { hero: 'tovak', final: 's.c', wounds: 1 },
      { event: 'forced-withdrawal', where: { hero: 'tovak', from: 's.e', to: 's.c', spaces: ['s.c'], wounds: 1 } },
      { receipt: 'p-tovak', status: 'accepted', warning: 'is not allowed: forced withdrawal' },
    ],
  },
  {
    id: 'OF-5',
    rule: 'Forced withdrawal backtracks along the path taken, one Wound per space, past every space where another hero stands.',
    source: 'reference',
    position: { map: edgePortal, heroes: { tovak: 's.w', arythea: 's.e', goldyx: 's.c' } },
    orders: ['tovak, move 4, e, e'],
    expect: [
      { hero: 'tovak', final: 's.w', wounds: 2 },
      { event: 'forced-withdrawal', where: { hero: 'tovak', from: 's.e', to: 's.w', spaces: ['s.c', 's.w'], wounds: 2 } },
    ],
  },
  {
    id: 'PO-1',
    rule: 'If, for any reason, you decide to not to move from the portal, ... remove your figure from the map and place it in front of you on the table.',
    source: 'seed',
    position: { map: { s: startPlain }, heroes: { tovak: 's.c', arythea: 's.c' } },
    orders: ['tovak, move 0'],
    expect: [
      { hero: 'tovak', final: null },
      { hero: 'arythea', final: null },
      { event: 'left-the-map', count: 2 },
    ],
  },
  {
    id: 'PO-2',
    rule: 'or if you return to the portal on a later turn, remove your figure from the map and place it in front of you on the table.',
    source: 'seed',
    position: { map: { s: startPlain }, heroes: { tovak: 's.e' } },
    orders: ['tovak, move 2, w'],
    expect: [
      { hero: 'tovak', final: null, costs: [2] },
      { event: 'left-the-map', where: { hero: 'tovak', space: 's.c' } },
    ],
  },
  {
    id: 'PO-3',
    rule: 'No figure can stay on the portal space once a turn is over.',
    source: 'seed',
    position: { map: { s: startPlain }, heroes: { tovak: 's.e', arythea: 's.w' } },
    orders: ['tovak, move 2, w', 'arythea, move 2, e'],
    expect: [
      { hero: 'tovak', final: null },
      { hero: 'arythea', final: null },
      { event: 'forced-withdrawal', count: 0 },
    ],
  },
  {
    id: 'PO-4',
    rule: 'Your figure stays in front of you until your next turn, when you return it to the portal space.',
    source: 'seed',
    position: { map: { s: startPlain }, heroes: { tovak: null, arythea: null } },
    orders: ['tovak, move 2, e'],
    expect: [
      { event: 'returned-to-portal', where: { hero: 'tovak', space: 's.c' } },
      { event: 'returned-to-portal', where: { hero: 'arythea', space: 's.c' } },
      { hero: 'tovak', final: 's.e', costs: [2] },
      { hero: 'arythea', final: null },
    ],
  },
  {
    id: 'PO-5',
    rule: 'Note: Any number of Heroes can occupy the portal space at a time, since they are removed from the map when they do. Heroes that are taken off the map cannot attack each other.',
    source: 'seed',
    position: { settings: pvp, map: { s: startPlain }, heroes: { tovak: 's.e', arythea: 's.c' } },
    orders: ['tovak, move 2, w'],
    expect: [
      { event: 'attack', count: 0 },
      { event: 'forced-withdrawal', count: 0 },
      { hero: 'tovak', final: null },
      { hero: 'arythea', final: null },
    ],
  },
  {
    id: 'OF-6',
    rule: 'The portal and conquered cities hold any number of heroes.',
    source: 'reference',
    position: { map: { s: startPlain, a: tile('T1', 'core', { nw: 'plains city*' }) }, heroes: { tovak: 's.e', arythea: 'a.nw' } },
    orders: ['tovak, move 2, e'],
    expect: [
      { hero: 'tovak', final: 'a.nw', wounds: 0 },
      { event: 'forced-withdrawal', count: 0 },
    ],
  },
];
