// The rulebook's rules the seed leaves out (issue 29): an assault that also provokes, where a tile may be
// placed, powering a card played after an explore, cheaper terrain, and the action after all movement.
// Each rule has a case where it applies and one where it must not.
import { tile } from '../helpers.ts';
import { exploreMap, exploreShape, plainTile, startAll } from './maps.ts';
import type { Case } from './types.ts';

const t6 = tile('T6', 'countryside', {});
const c1 = tile('C1', 'core', { c: 'plains city' });
const c2 = tile('C2', 'core', { c: 'hills' });
const base = { shape: exploreShape, map: exploreMap };
/** The explore map with a tile on f too: a borders s and f. */
const withF = { shape: exploreShape, map: { ...exploreMap, f: plainTile('T2') } };
/** ... and on g: h touches a, f and g. */
const withFG = { shape: exploreShape, map: { ...exploreMap, f: plainTile('T2'), g: plainTile('T3') } };
/** A keep at a.nw with Orc Marauders at a.w: from s.e, the step east into the keep is next to the orcs at both ends. */
const keepByOrcs = {
  map: { s: tile('A', 'starting', { c: 'plains portal' }), a: tile('T1', 'countryside', { nw: 'hills keep', w: 'plains orc-marauders' }), f: plainTile('T2') },
};
const onStart = { s: startAll, a: plainTile('T1') };
const cityStart = { s: tile('A', 'starting', { c: 'plains portal', e: 'plains city', ne: 'forest' }), a: plainTile('T1') };

export const assaultCases: Case[] = [
  {
    id: 'AP-1',
    rule: 'An assault is a move, and it can happen that it provokes one or more rampaging enemies. You have to fight both the defenders and these rampaging enemies at once.',
    source: 'reference',
    position: { ...keepByOrcs, heroes: { tovak: 's.e' } },
    orders: ['tovak, move 9, e, e'],
    expect: [
      { hero: 'tovak', final: 'a.nw', costs: [3], stop: 'assault', notDone: 1, lost: 6 },
      { event: 'provoked', where: { hero: 'tovak', space: 'a.nw', enemies: [{ space: 'a.w', kind: 'orc-marauders' }] } },
      { event: 'assault', where: { hero: 'tovak', space: 'a.nw', site: 'keep', provoked: [{ space: 'a.w', kind: 'orc-marauders' }] } },
      { before: 'provoked', then: 'assault' },
      { receipt: 'p-tovak', status: 'accepted', warning: 'an assault, one combat together with the provoked enemies' },
    ],
  },
  {
    id: 'AP-2',
    rule: 'An assault that provokes nobody is an assault alone: the step into the keep from a space not next to the orcs.',
    source: 'reference',
    position: { ...keepByOrcs, heroes: { tovak: 'f.sw' } },
    orders: ['tovak, move 9, se'],
    expect: [
      { hero: 'tovak', final: 'a.nw', stop: 'assault' },
      { event: 'assault', where: { space: 'a.nw', provoked: [] } },
      { event: 'provoked', count: 0 },
    ],
  },
];

export const placementCases: Case[] = [
  {
    id: 'TL-1',
    rule: 'Countryside tiles can only be placed such that they will be adjacent to at least two other tiles (f touches s and a).',
    source: 'reference',
    position: { ...base, deck: [t6], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 2, explore'],
    expect: [{ revealed: 'f', tile: 'T6' }, { noErrors: true }],
  },
  {
    id: 'TL-2',
    rule: '... or adjacent to a tile that borders at least two other tiles (g touches only a, and a borders s and f).',
    source: 'reference',
    position: { ...withF, deck: [t6], heroes: { tovak: 'a.e' } },
    orders: ['tovak, move 2, explore e'],
    expect: [{ revealed: 'g', tile: 'T6' }],
  },
  {
    id: 'TL-3',
    rule: 'A Countryside tile may not go where it touches one tile that borders fewer than two (g and h touch only a, and a borders only s).',
    source: 'reference',
    position: { ...base, deck: [t6], heroes: { tovak: 'a.e', arythea: 'a.e' } },
    orders: ['tovak, move 2, explore e', 'arythea, move 2, explore ne'],
    expect: [
      { hero: 'tovak', stop: 'explore-placement', spent: 0 },
      { hero: 'arythea', stop: 'explore-placement', spent: 0 },
      { event: 'step-refused', where: { hero: 'tovak', message: 'a Countryside tile must touch at least two placed tiles, or a tile that borders two; position g touches a, which borders fewer than two' } },
      { notRevealed: 'g' },
      { notRevealed: 'h' },
      { receipt: 'p-tovak', status: 'accepted', warning: 'position g touches a' },
    ],
  },
  {
    id: 'TL-4',
    rule: 'Core tiles can only be placed such that they will be adjacent to at least two other tiles (h touches a and f; g touches only a, though a borders two).',
    source: 'reference',
    position: { ...withF, deck: [c1], heroes: { arythea: 'a.e', tovak: 'a.e' } },
    orders: ['arythea, move 2, explore e', 'tovak, move 2, explore ne'],
    expect: [
      { hero: 'arythea', stop: 'explore-placement' },
      { event: 'step-refused', where: { hero: 'arythea', message: 'the next tile is a Core tile: it must touch at least two placed tiles; position g touches 1 (a)' } },
      { revealed: 'h', tile: 'C1' },
      { notRevealed: 'g' },
    ],
  },
  {
    id: 'TL-5',
    rule: 'Core (brown) tiles cannot be added to the coastline; a Countryside tile can (h on the coastline).',
    source: 'reference',
    position: { ...withF, coastline: ['h'], deck: [c1], heroes: { tovak: 'a.e' } },
    orders: ['tovak, move 2, explore ne'],
    expect: [
      { hero: 'tovak', stop: 'explore-placement' },
      { event: 'step-refused', where: { message: 'the next tile is a Core tile, and Core tiles are never placed on the coastline (position h)' } },
      { notRevealed: 'h' },
    ],
  },
  {
    id: 'TL-6',
    rule: 'Core (brown) tiles cannot be added to the coastline; a Countryside tile can (h on the coastline).',
    source: 'reference',
    position: { ...withF, coastline: ['h'], deck: [t6, c1], heroes: { tovak: 'a.e' } },
    orders: ['tovak, move 2, explore ne'],
    expect: [{ revealed: 'h', tile: 'T6' }],
  },
  {
    id: 'TL-7',
    rule: 'If there are no tiles left in the Map Tile deck when a player attempts to explore, they may use a random Countryside tile removed from the game during Setup ... Tiles explored this way can only be placed such that they are adjacent to at least three other tiles.',
    source: 'reference',
    position: { ...withFG, deck: [], reserve: [t6], heroes: { tovak: 'a.ne' } },
    orders: ['tovak, move 2, explore'],
    expect: [
      { revealed: 'h', tile: 'T6' },
      { event: 'explored', where: { position: 'h', tile: 'T6', fromReserve: true } },
      { roll: 'tile', count: 1 },
    ],
  },
  {
    id: 'TL-8',
    rule: '... only such that they are adjacent to at least three other tiles (to fill up holes): f touches two, so a reserve tile may not go there.',
    source: 'reference',
    position: { ...base, deck: [], reserve: [t6], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 2, explore'],
    expect: [
      { hero: 'tovak', stop: 'explore-placement' },
      { event: 'step-refused', where: { message: 'the deck is empty: a tile from the reserve only fills a hole, touching at least three placed tiles; position f touches 2 (a, s)' } },
    ],
  },
  {
    id: 'TL-9',
    rule: 'If all Countryside tiles have been placed, they can use removed non-City Core tiles instead. (A countryside tile of the reserve comes first.)',
    source: 'reference',
    position: { ...withFG, deck: [], reserve: [c2, t6], heroes: { tovak: 'a.ne', arythea: 'a.ne' } },
    orders: ['tovak, move 2, explore'],
    expect: [{ revealed: 'h', tile: 'T6' }],
  },
  {
    id: 'TL-10',
    rule: 'Setting emptyDeck "none": the empty deck ends exploring, whatever the reserve holds.',
    source: 'house rule',
    position: { ...withFG, settings: { emptyDeck: 'none' }, deck: [], reserve: [t6], heroes: { tovak: 'a.ne' } },
    orders: ['tovak, move 2, explore'],
    expect: [
      { hero: 'tovak', stop: 'deck-empty' },
      { event: 'step-refused', where: { message: 'the tile deck is empty: no more tiles to explore' } },
      { notRevealed: 'h' },
    ],
  },
];

export const cardCases: Case[] = [
  {
    id: 'CM-8',
    rule: 'You are allowed to play additional cards after a new tile is revealed. (Only the cards played before the explore are fixed: one played after it can be powered.)',
    source: 'reference',
    position: { ...base, deck: [t6], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 2, explore, play 1, power 1, ne'],
    expect: [
      { hero: 'tovak', final: 'f.sw', played: 4, spent: 4, lost: 0, stop: null },
      { event: 'card-powered', where: { points: 1, mpLeft: 2 } },
    ],
  },
  {
    id: 'CM-9',
    rule: 'It is not possible to power previously played cards with mana for the strong effect: a second explore fixes the card played between the two.',
    source: 'reference',
    position: { ...base, deck: [t6, tile('T7', 'countryside', {})], heroes: { tovak: 'a.ne' } },
    orders: ['tovak, move 2, explore nw, play 2, explore ne, power 1'],
    expect: [
      { hero: 'tovak', stop: 'cards-fixed', spent: 4, notDone: 1 },
      { revealed: 'f' },
      { revealed: 'h' },
    ],
  },
];

export const modifierCases: Case[] = [
  {
    id: 'MR-1',
    rule: 'Some effects reduce the Move cost of certain terrains (reduce forest 1: forest costs 2 by day).',
    source: 'reference',
    position: { map: onStart, heroes: { tovak: 's.c' } },
    orders: ['tovak, move 2, reduce forest 1, e'],
    expect: [
      { hero: 'tovak', final: 's.e', costs: [2], lost: 0 },
      { event: 'cost-reduced', where: { hero: 'tovak', terrain: 'forest', points: 1 } },
      { receipt: 'p-tovak', status: 'accepted', preview: 'forest 1 cheaper from here on, east to s.e (forest, 2 MP, 0 left)' },
    ],
  },
  {
    id: 'MR-2',
    rule: 'These apply to all movement done after the effect is played, until the end of turn (a step before it pays the full cost; a reduction of forest leaves hills alone).',
    source: 'reference',
    position: { map: onStart, heroes: { tovak: 's.c' } },
    orders: ['tovak, move 11, e, reduce forest 2, w, e, w, ne'],
    expect: [{ hero: 'tovak', final: 's.ne', costs: [3, 2, 1, 2, 3], spent: 11 }],
  },
  {
    id: 'MR-3',
    rule: 'If the Move cost of a terrain is reduced to 0, the player may enter spaces of this terrain without paying any Move points. The Move cost of a terrain cannot be reduced below 0.',
    source: 'reference',
    position: { map: onStart, heroes: { tovak: 's.c' } },
    orders: ['tovak, move 0, reduce hills 5, ne'],
    expect: [{ hero: 'tovak', final: 's.ne', costs: [0], spent: 0, stop: null }],
  },
  {
    id: 'MR-4',
    rule: 'If a player plays more than one of this type of effect, they can apply them in any order (reductions add up: forest 3 - 1 - 1 = 1).',
    source: 'reference',
    position: { map: onStart, heroes: { tovak: 's.c' } },
    orders: ['tovak, move 1, reduce forest 1, reduce all 1, e'],
    expect: [{ hero: 'tovak', final: 's.e', costs: [1], lost: 0 }],
  },
  {
    id: 'MR-5',
    rule: 'A reduction does not make a lake or a mountain accessible (the red X is not a cost).',
    source: 'house rule',
    position: { map: onStart, heroes: { tovak: 's.c' } },
    orders: ['tovak, move 4, reduce lake 3, nw'],
    expect: [{ hero: 'tovak', costs: [], stop: 'inaccessible' }],
  },
  {
    id: 'MR-6',
    rule: 'The cost to move into a city is always 2, regardless of the terrain shown on its space: a reduction of its terrain does not touch it; one of every space (all) does.',
    source: 'house rule',
    position: { map: cityStart, heroes: { tovak: 's.c', arythea: 's.c' } },
    orders: ['tovak, move 2, reduce plains 2, e', 'arythea, move 1, reduce all 1, e'],
    expect: [
      { hero: 'tovak', costs: [2], stop: 'assault' },
      { hero: 'arythea', costs: [1], stop: 'assault' },
    ],
  },
  {
    id: 'MR-7',
    rule: 'Some effects reduce the Move cost of certain terrains: exploring is not terrain, it still costs 2.',
    source: 'reference',
    position: { ...base, deck: [t6], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 1, reduce all 2, explore'],
    expect: [{ hero: 'tovak', stop: 'insufficient-move' }, { notRevealed: 'f' }],
  },
  {
    id: 'MR-8',
    rule: 'By night forest costs 5: a reduction applies to the cost of the round (reduce forest 2 at night: 3).',
    source: 'reference',
    position: { time: 'night', map: onStart, heroes: { tovak: 's.c' } },
    orders: ['tovak, move 3, reduce forest 2, e'],
    expect: [{ hero: 'tovak', final: 's.e', costs: [3], lost: 0 }],
  },
];

export const actionCases: Case[] = [
  {
    id: 'AC-1',
    rule: 'However, it still counts as movement, so it has to be done before you take an action (combat or interaction): a line may end with the action.',
    source: 'seed',
    position: { map: onStart, heroes: { tovak: 's.c' } },
    orders: ['tovak, move 4, ne, interact'],
    expect: [
      { hero: 'tovak', final: 's.ne', stop: null, notDone: 0, lost: 1 },
      { event: 'action', where: { hero: 'tovak', space: 's.ne', action: 'interact' } },
      { before: 'movement-ended', then: 'action' },
      { receipt: 'p-tovak', status: 'accepted', preview: "then interacts with the locals on s.ne (the turn's action)" },
    ],
  },
  {
    id: 'AC-2',
    rule: 'All movement comes before the action: a step, an explore or a card for movement after it is refused.',
    source: 'seed',
    position: { ...base, deck: [t6], heroes: { tovak: 's.e', arythea: 's.c', goldyx: 's.c' } },
    orders: ['tovak, move 6, challenge, explore', 'arythea, move 4, nw, enter-site, e', 'goldyx, move 2, burn, play 2'],
    expect: [
      { hero: 'tovak', final: 's.e', stop: 'after-action', notDone: 1 },
      { hero: 'arythea', final: 's.nw', stop: 'after-action', notDone: 1 },
      { hero: 'goldyx', stop: 'after-action', played: 2 },
      { notRevealed: 'f' },
      { event: 'action', count: 3 },
      { receipt: 'p-arythea', order: 2, status: 'accepted', warning: 'all movement comes before the action' },
    ],
  },
  {
    id: 'AC-3',
    rule: 'A provoke ends movement at once and combat is the mandatory action: the action written after it is not taken.',
    source: 'seed',
    position: { map: keepByOrcs.map, heroes: { tovak: 's.e' } },
    orders: ['tovak, move 9, e, interact'],
    expect: [
      { hero: 'tovak', stop: 'assault', notDone: 1 },
      { event: 'action', count: 0 },
    ],
  },
];

/** The other side of seed sentences whose cases showed only where they apply (issue 29). */
export const strictCases: Case[] = [
  {
    id: 'MC-11',
    rule: 'To move your figure, you must spend Move points provided by cards you have played: exactly the cost is enough.',
    source: 'seed',
    position: { map: onStart, heroes: { tovak: 's.c' } },
    orders: ['tovak, move 3, ne'],
    expect: [{ hero: 'tovak', final: 's.ne', costs: [3], lost: 0, stop: null }],
  },
  {
    id: 'RE-7',
    rule: 'If you move from a space adjacent to a rampaging enemy to another space adjacent to the same enemy, it is provoked: a step away from it, to a space not next to it, provokes nothing.',
    source: 'seed',
    position: { map: { s: tile('A', 'starting', { c: 'plains', e: 'plains portal' }), a: tile('T1', 'countryside', { w: 'plains orc-marauders' }) }, heroes: { tovak: 's.e' } },
    orders: ['tovak, move 4, w, w'],
    expect: [{ hero: 'tovak', final: 's.w', stop: null }, { event: 'provoked', count: 0 }],
  },
  {
    id: 'PO-6',
    rule: 'No figure can stay on the portal space once a turn is over: a hero that starts from the portal and ends elsewhere stays on the map.',
    source: 'seed',
    position: { map: onStart, heroes: { tovak: null } },
    orders: ['tovak, move 3, ne'],
    expect: [{ hero: 'tovak', final: 's.ne' }, { event: 'returned-to-portal', count: 1 }, { event: 'left-the-map', count: 0 }],
  },
  {
    id: 'OF-7',
    rule: 'Ending your move on a space with another player is not allowed: a space another hero left earlier in the turn is free.',
    source: 'seed',
    position: { map: { s: tile('A', 'starting', { c: 'plains portal' }), a: plainTile('T1') }, heroes: { tovak: 's.e', arythea: 's.c' } },
    orders: ['tovak, move 2, se', 'arythea, move 2, e'],
    expect: [{ hero: 'tovak', final: 'a.w' }, { hero: 'arythea', final: 's.e', wounds: 0 }, { event: 'forced-withdrawal', count: 0 }],
  },
];
