// Exploring and "The First Reconnaissance" (seed "Exploring", "Special Rule for the First Scenario").
import { tile } from '../helpers.ts';
import { exploreMap, exploreShape } from './maps.ts';
import type { Case } from './types.ts';

const t5 = tile('T5', 'countryside', { w: 'hills', ne: 'lake' });
const t6 = tile('T6', 'countryside', {});
const c1 = tile('C1', 'core', { c: 'plains city' });
const t7 = tile('T7', 'countryside', { c: 'plains orc-marauders' });
const base = { shape: exploreShape, map: exploreMap };
const recon = { famePerTile: 1 };

export const exploringCases: Case[] = [
  {
    id: 'XP-1',
    rule: 'When you are standing on a spot that borders empty table space, and if that empty space is not behind the extended coastline from the Starting tile, you can explore the land. Reveal a new tile and add it to the map.',
    source: 'seed',
    position: { ...base, deck: [t5, t6], heroes: { tovak: null } },
    orders: ['tovak, move 4, e, explore'],
    expect: [
      { hero: 'tovak', final: 's.e', costs: [2], spent: 4, stop: null },
      { revealed: 'f', tile: 'T5' },
      { event: 'explored', where: { hero: 'tovak', from: 's.e', position: 'f', tile: 'T5', cost: 2 } },
    ],
  },
  {
    id: 'XP-2',
    rule: 'No new tiles may be explored from the spaces marked by black dots (either because they do not border an empty space, ...',
    source: 'seed',
    position: { ...base, deck: [t5], heroes: { tovak: 'a.c' } },
    orders: ['tovak, move 2, explore'],
    expect: [
      { hero: 'tovak', final: 'a.c', stop: 'explore-nothing', spent: 0 },
      { notRevealed: 'f' },
    ],
  },
  {
    id: 'XP-3',
    rule: '... or because they border empty spaces behind coastline only).',
    source: 'seed',
    position: { ...base, deck: [t5], heroes: { tovak: 's.nw', arythea: 's.se' } },
    orders: ['tovak, move 2, explore', 'arythea, move 2, explore se'],
    expect: [
      { hero: 'tovak', stop: 'explore-nothing' },
      { hero: 'arythea', stop: 'explore-no-position' },
      { event: 'explored', count: 0 },
    ],
  },
  {
    id: 'XP-4',
    rule: 'Reveal a new tile and add it to the map. (The rampaging enemies printed on it are put on their spaces, face up.)',
    source: 'seed',
    position: { ...base, deck: [t7], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 2, explore'],
    expect: [
      { event: 'enemy-revealed', where: { space: 'f.c', kind: 'orc-marauders' } },
      { sees: 'p-tovak', enemy: 'f.c' },
    ],
  },
  {
    id: 'XP-5',
    rule: 'Exploring is not an action, it is done as part of movement.',
    source: 'seed',
    position: { ...base, deck: [t6], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 4, explore, ne'],
    expect: [{ hero: 'tovak', final: 'f.sw', costs: [2], spent: 4, stop: null }],
  },
  {
    id: 'XP-6',
    rule: 'To explore a new tile, you have to pay 2 Move points.',
    source: 'seed',
    position: { ...base, deck: [t6, t5], heroes: { tovak: 's.e', arythea: 'a.e' } },
    orders: ['tovak, move 3, explore', 'arythea, move 1, explore e'],
    expect: [
      { hero: 'tovak', spent: 2, lost: 1, stop: null },
      { hero: 'arythea', spent: 0, stop: 'insufficient-move' },
      { notRevealed: 'g' },
    ],
  },
  {
    id: 'XP-7',
    rule: 'If you do, reveal the top tile from the Tile deck, and add it to the map. (Countryside tiles first, then core tiles.)',
    source: 'seed',
    position: { ...base, deck: [t5, c1, t6], heroes: { tovak: 'a.ne' } },
    orders: ['tovak, move 8, explore nw, explore ne, se, explore e'],
    expect: [
      { revealed: 'f', tile: 'T5' },
      { revealed: 'h', tile: 'T6' },
      { revealed: 'g', tile: 'C1' },
      { hero: 'tovak', final: 'a.e', spent: 8 },
    ],
  },
  {
    id: 'XP-8',
    rule: 'Empty deck: no more exploring.',
    source: 'reference',
    position: { ...base, deck: [], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 2, explore'],
    expect: [
      { hero: 'tovak', stop: 'deck-empty' },
      { event: 'step-refused', where: { message: 'the tile deck is empty and so is the reserve: no more tiles to explore' } },
    ],
  },
  {
    id: 'XP-9',
    rule: 'The tile is the top of the (seeded) tile deck: with tileOrder "shuffled" each draw takes a tile at random from the pile, a recorded draw of the game\'s generator.',
    source: 'house rule',
    position: { ...base, settings: { tileOrder: 'shuffled' }, deck: [t5, t6, t7], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 2, explore'],
    expect: [{ roll: 'tile', sides: 3, count: 1 }, { revealed: 'f' }],
  },
  {
    id: 'XP-10',
    rule: 'The orientation of the tile is determined by the symbols in six of its corners ... and by the direction of the art on the tile. (A tile is placed as printed, never turned.)',
    source: 'seed',
    position: { ...base, deck: [t5], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 2, explore'],
    expect: [
      { space: 'f.ne', terrain: 'lake' },
      { space: 'f.w', terrain: 'hills' },
      { space: 'f.c', terrain: 'plains' },
    ],
  },
  {
    id: 'XP-11',
    rule: 'If there are two tiles that could be revealed from one space, the player has to announce which one he is exploring before he reveals the tile.',
    source: 'seed',
    position: { ...base, deck: [t5, t6], heroes: { tovak: 'a.ne' } },
    orders: ['tovak, move 2, explore'],
    expect: [
      { hero: 'tovak', stop: 'explore-ambiguous', spent: 0 },
      { event: 'step-refused', where: { message: 'two tiles could be explored from a.ne: name the one first, explore ne (position h) or explore nw (position f)' } },
      { event: 'explored', count: 0 },
      { receipt: 'p-tovak', status: 'accepted', warning: 'two tiles could be explored from a.ne' },
    ],
  },
  {
    id: 'XP-12',
    rule: 'If there are two tiles that could be revealed from one space, the player has to announce which one he is exploring (explore nw).',
    source: 'seed',
    position: { ...base, deck: [t5, t6], heroes: { tovak: 'a.ne' } },
    orders: ['tovak, move 2, explore nw'],
    expect: [{ revealed: 'f', tile: 'T5' }, { notRevealed: 'h' }],
  },
  {
    id: 'XP-13',
    rule: 'Take a look at the diagram. No new tiles may be explored from the spaces marked by black dots ... The purple tile may be revealed only from one space (because the lake is inaccessible).',
    source: 'seed example',
    position: { ...base, deck: [t5], heroes: { tovak: 's.e' } },
    orders: [],
    expect: [{ explorableFrom: 'g', spaces: ['a.e'] }],
  },
  {
    id: 'XP-14',
    rule: 'The yellow tile can be explored from three spaces, and orange from two spaces.',
    source: 'seed example',
    position: { ...base, deck: [t5], heroes: { tovak: 's.e' } },
    orders: [],
    expect: [
      { explorableFrom: 'f', spaces: ['a.ne', 'a.nw', 's.e'] },
      { explorableFrom: 'h', spaces: ['a.e', 'a.ne'] },
    ],
  },
  {
    id: 'XP-15',
    rule: 'Note there is one space from which both the yellow and orange tile can be explored - a player standing here may reveal one or, for 4 Move points both, but he has to clearly say which one is he exploring each time he draws a tile.',
    source: 'seed example',
    position: { ...base, deck: [t5, t6], heroes: { tovak: 'a.ne' } },
    orders: ['tovak, move 4, explore nw, explore ne'],
    expect: [{ revealed: 'f', tile: 'T5' }, { revealed: 'h', tile: 'T6' }, { hero: 'tovak', spent: 4, lost: 0 }],
  },
  {
    id: 'FR-1',
    rule: '"The First Reconnaissance" scenario has one special rule - every time a player reveals a new tile, he gains 1 Fame.',
    source: 'seed',
    position: { ...base, settings: recon, deck: [t5, t6], heroes: { tovak: 'a.ne' } },
    orders: ['tovak, move 4, explore nw, explore ne'],
    expect: [
      { hero: 'tovak', fame: 2 },
      { event: 'fame-gained', count: 2 },
    ],
  },
  {
    id: 'FR-2',
    rule: 'Thus for each tile you reveal, immediately move your Shield token on the Fame track up by one.',
    source: 'seed',
    position: { ...base, settings: recon, deck: [t5], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 2, explore, ne'],
    expect: [
      { hero: 'tovak', fame: 1, stop: 'insufficient-move' },
      { event: 'fame-gained', where: { hero: 'tovak', fame: 1, total: 1 } },
      { before: 'fame-gained', then: 'step-refused' },
    ],
  },
  {
    id: 'FR-3',
    rule: 'If it crosses the end of a row, the level of your Hero increases at the end of your turn (see the Level Up section in chapter VIII).',
    source: 'seed',
    position: { ...base, settings: recon, deck: [t5], heroes: { tovak: { space: 's.e', fame: 2 } } },
    orders: ['tovak, move 2, explore'],
    expect: [
      { hero: 'tovak', fame: 3, level: 2 },
      { event: 'level-up', where: { hero: 'tovak', level: 2 } },
      { before: 'movement-ended', then: 'level-up' },
    ],
  },
  {
    id: 'FR-4',
    rule: 'Fame per tile revealed is a scenario setting (famePerTile); other scenarios give none.',
    source: 'house rule',
    position: { ...base, deck: [t5], heroes: { tovak: 's.e' } },
    orders: ['tovak, move 2, explore'],
    expect: [{ hero: 'tovak', fame: 0 }, { event: 'fame-gained', count: 0 }, { revealed: 'f' }],
  },
];
