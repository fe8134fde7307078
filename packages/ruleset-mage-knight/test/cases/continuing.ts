// Continuing movement after exploring, the seed's explore example, resting; order syntax and seat order.
import { tile } from '../helpers.ts';
import { exploreMap, exploreShape, orcMap, plainTile } from './maps.ts';
import type { Case } from './types.ts';

const t6 = tile('T6', 'countryside', {});
const t5 = tile('T5', 'countryside', { w: 'hills', ne: 'lake' });
const base = { shape: exploreShape, map: exploreMap };
/**
 * The seed's explore example: a forest north-east of the portal; the new tile has hills next to it. Tile T1
 * on a lets the new tile at f touch two placed tiles (the rulebook's placement rule).
 */
const forestExample = {
  shape: ['s', 'a', 'f'],
  map: { s: tile('A', 'starting', { c: 'plains portal', ne: 'forest' }), a: plainTile('T1') },
  deck: [tile('T3', 'countryside', { w: 'hills' })],
  heroes: { tovak: null },
};
const edgePortal = { s: tile('A', 'starting', { nw: 'plains portal' }), a: plainTile('T1') };

export const continuingCases: Case[] = [
  {
    id: 'CM-1',
    rule: 'You may continue movement even after exploring a new tile.',
    source: 'seed',
    position: { ...base, deck: [t6], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 6, explore, ne, e'],
    expect: [{ hero: 'tovak', final: 'f.se', costs: [2, 2], spent: 6, stop: null }],
  },
  {
    id: 'CM-2',
    rule: 'You may even play additional cards to add more Move points to those leftover from the cards already played.',
    source: 'seed',
    position: { ...base, deck: [t6], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 3, explore, play 1, ne'],
    expect: [{ hero: 'tovak', final: 'f.sw', played: 4, spent: 4, lost: 0, stop: null }],
  },
  {
    id: 'EX-6',
    rule: 'A player plays three Move 2 cards, giving him a total of 6 Move points. He moves one space into a forest (which costs him 3 Move points), and then explores a new tile for 2 Move points.',
    source: 'seed example',
    position: forestExample,
    orders: ['tovak, move 2+2+2, ne, explore, play 2, ne'],
    expect: [
      { event: 'cards-played', where: { hero: 'tovak', cards: [2, 2, 2], points: 6, mpLeft: 6 } },
      { event: 'moved', where: { to: 's.ne', cost: 3, mpLeft: 3 } },
      { event: 'explored', where: { from: 's.ne', position: 'f', tile: 'T3', cost: 2, mpLeft: 1 } },
      { hero: 'tovak', final: 'f.w', costs: [3, 3], played: 8, spent: 8, lost: 0, stop: null },
      { receipt: 'p-tovak', status: 'accepted', preview: 'then explores (entry 2); the rest depends on the tile revealed' },
    ],
  },
  {
    id: 'EX-7',
    rule: 'On the newly revealed tile there are now hills next to his current space. He still has 1 Move point left, so he needs to play another 2 Move points worth of cards to move into these hills.',
    source: 'seed example',
    position: forestExample,
    orders: ['tovak, move 2+2+2, ne, explore, ne'],
    expect: [
      { hero: 'tovak', final: 's.ne', spent: 5, lost: 1, stop: 'insufficient-move' },
      { event: 'step-refused', where: { entry: 3, message: 'entering f.w (hills) costs 3 Move points by day; 1 left' } },
    ],
  },
  {
    id: 'EX-8',
    rule: 'In our example, it is not possible to get those additional 2 Move points by powering one of the already played cards with mana.',
    source: 'seed example',
    position: forestExample,
    orders: ['tovak, move 2+2+2, ne, explore, power 2, ne'],
    expect: [
      { hero: 'tovak', final: 's.ne', stop: 'cards-fixed', notDone: 2 },
      { event: 'card-powered', count: 0 },
    ],
  },
  {
    id: 'CM-3',
    rule: 'However, you are not allowed to change or modify cards that were played before exploring. (Before an explore, powering a played card is allowed.)',
    source: 'seed',
    position: forestExample,
    orders: ['tovak, move 2+2, power 1, ne, explore'],
    expect: [
      { event: 'card-powered', where: { points: 1, mpLeft: 5 } },
      { hero: 'tovak', played: 5, spent: 5, stop: null },
      { revealed: 'f', tile: 'T3' },
    ],
  },
  {
    id: 'CM-4',
    rule: 'So, a player can do as much traveling and exploring during his movement phase, as long as he can pay for it with Move points.',
    source: 'seed',
    position: { ...base, deck: [t6, t5], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 10, explore, ne, e, se, explore ne'],
    expect: [
      { revealed: 'f', tile: 'T6' },
      { revealed: 'h', tile: 'T5' },
      { hero: 'tovak', final: 'a.ne', costs: [2, 2, 2], spent: 10, stop: null },
    ],
  },
  {
    id: 'CM-5',
    rule: 'It is possible to only explore on your turn, without actually moving, if you start your turn next to an unrevealed place.',
    source: 'seed',
    position: { ...base, deck: [t6], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 2, explore'],
    expect: [{ hero: 'tovak', final: 's.e', costs: [], spent: 2 }, { revealed: 'f' }],
  },
  {
    id: 'CM-6',
    rule: 'However, it still counts as movement, so it has to be done before you take an action (combat or interaction),',
    source: 'seed',
    position: { map: orcMap, deck: [t6], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 9, sw, explore se'],
    expect: [
      { hero: 'tovak', final: 's.se', stop: 'provoked', notDone: 1 },
      { notRevealed: 'b' },
    ],
  },
  {
    id: 'CM-7',
    rule: 'and only on a Regular turn (not when Resting).',
    source: 'seed',
    position: { ...base, deck: [t6], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 2, explore', 'tovak, rest'],
    expect: [
      { error: 'movement only on a regular turn (not when resting)' },
      { event: 'rested', where: { hero: 'tovak' } },
      { notRevealed: 'f' },
      { receipt: 'p-tovak', order: 1, status: 'rejected', reason: 'movement only on a regular turn' },
      { receipt: 'p-tovak', order: 2, status: 'accepted' },
    ],
  },
  {
    id: 'OS-1',
    rule: 'Now you know how to play Move cards to provide Move points. Next, let\'s explain how to spend them to move your figure across the map. ("move 2+2": two cards of 2.)',
    source: 'seed',
    position: { map: edgePortal, heroes: { tovak: 's.w' } },
    orders: ['Tovak ,  MOVE 2 + 2 ,E, e   # two March cards'],
    expect: [{ noErrors: true }, { event: 'cards-played', where: { cards: [2, 2], points: 4 } }, { hero: 'tovak', final: 's.e', costs: [2, 2] }],
  },
  {
    id: 'OS-2',
    rule: 'Hexes have six sides (ne e se sw w nw): a mistake in an order line is reported with its line and column, and that line is not carried out.',
    source: 'house rule',
    position: { map: edgePortal, heroes: { tovak: 's.w' } },
    orders: ['tovak, move 4, n'],
    expect: [{ error: 'hexes have no north or south side' }, { hero: 'tovak', final: 's.w' }, { event: 'movement-ended', count: 0 }],
  },
  {
    id: 'OS-3',
    rule: 'An order for a hero who is not in the game is an error naming the heroes there are; two move orders for one hero: the first counts.',
    source: 'house rule',
    position: { map: edgePortal, heroes: { tovak: 's.w' } },
    orders: ['bob, move 2, e', 'tovak, move 2, e', 'tovak, move 4, e, e'],
    expect: [
      { error: '"bob" is not a hero of this game (heroes: tovak)' },
      { error: 'tovak already has a move order this turn (line 2)' },
      { hero: 'tovak', final: 's.c' },
      { receipt: 'p-tovak', order: 1, status: 'rejected', reason: 'is not a hero of this game' },
      { receipt: 'p-tovak', order: 3, status: 'rejected', reason: 'already has a move order' },
    ],
  },
  {
    id: 'TS-1',
    rule: 'Turns are sequential: each player moves in seat order, seeing the moves made before.',
    source: 'house rule',
    position: { map: edgePortal, heroes: { tovak: 's.e', arythea: 's.w' } },
    orders: ['arythea, move 2, e', 'tovak, move 2, w'],
    expect: [
      { hero: 'tovak', final: 's.c', wounds: 0 },
      { hero: 'arythea', final: 's.w', wounds: 1 },
    ],
  },
  {
    id: 'TS-2',
    rule: 'A tile revealed by one player is on the map for the players after him in the same turn.',
    source: 'house rule',
    position: { ...base, deck: [t6], heroes: { tovak: 's.e', arythea: 'a.nw' } },
    orders: ['arythea, move 2, ne', 'tovak, move 2, explore'],
    expect: [{ hero: 'arythea', final: 'f.se', costs: [2] }],
  },
  {
    id: 'RC-1',
    rule: 'The receipt: an order for another player\'s hero is rejected.',
    source: 'house rule',
    position: { map: edgePortal, heroes: { tovak: 's.e', arythea: 's.w' } },
    orders: ['arythea, move 2, e'],
    expect: [{ receipt: 'p-tovak', status: 'rejected', reason: 'arythea is not your hero (yours is tovak)' }],
  },
];
