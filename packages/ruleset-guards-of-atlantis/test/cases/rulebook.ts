// The rules of the rulebook's glossary and the seed that rules version 1 did not adjudicate (issue 29):
// zone adjacency only through non-terrain spaces, card text moving through obstacles (never ending on
// one), and card text moving another unit or a token. Each rule has a case where it applies and one where
// it must not.
import type { Case } from './types.ts';

const arien = (hand: string[], at = '0305') => ({ id: 'arien', team: 'blue' as const, at, hand });
const xarg = (hand: string[], at: string) => ({ id: 'xarg', team: 'red' as const, at, hand });

/**
 * Zone A (columns 2-3) and zone F (columns 5-6) with F's terrain strip (column 4) between them: A's open
 * spaces touch only F's terrain, so A and F are not adjacent by the glossary (they were under version 1).
 */
const STRIP = [
  '~ ~ ~ ~ ~ ~ ~',
  '~ A A f F F ~',
  '~ A A f F F ~',
  '~ A A f F F ~',
  '~ ~ ~ ~ ~ ~ ~',
];

export const rulebookCases: Case[] = [
  {
    id: 'ZONE-1', source: 'reference',
    rule: 'Two zones are adjacent only where non-terrain spaces of one touch non-terrain spaces of the other (the glossary): contact through a strip of terrain does not count, so Fast Travel there is refused.',
    position: { rows: STRIP, heroes: [arien(['blue-3'], '0203')] },
    orders: 'arien, blue-3, 8, fast travel 0503',
    expect: [
      { hero: 'arien', stop: 'not-adjacent-zone' },
      { hero: 'arien', at: '0203' },
      { event: 'movement-refused', where: { hero: 'arien', by: 'fast-travel', reason: { code: 'not-adjacent-zone', message: 'zone F is not adjacent to zone A (adjacent: none)' } } },
    ],
  },
  {
    id: 'ZONE-2', source: 'house rule',
    rule: 'Setting zoneAdjacency "open-to-any" (rules version 1): a non-terrain space touching any space of the other zone, terrain included, counts.',
    position: { rows: STRIP, zoneAdjacency: 'open-to-any', heroes: [arien(['blue-3'], '0203')] },
    orders: 'arien, blue-3, 8, fast travel 0503',
    expect: [{ event: 'fast-travelled', where: { hero: 'arien', fromZone: 'A', toZone: 'F' } }, { hero: 'arien', at: '0503' }],
  },
  {
    id: 'ZONE-3', source: 'reference',
    rule: 'Zones whose non-terrain spaces touch stay adjacent (zone B and zone A of the Arien board, where A has a terrain space too).',
    position: { heroes: [arien(['blue-3'])] },
    orders: 'arien, blue-3, 8, fast travel 0202',
    expect: [{ hero: 'arien', at: '0202' }, { receipt: 'accepted', hero: 'arien', says: 'Fast Travel from zone B to 0202 in zone A' }],
  },
  {
    id: 'THRU-1', source: 'reference',
    rule: 'A unit that may "move through" obstacles may enter and leave them (a minion passed on the way).',
    position: { heroes: [arien(['phase'])], minions: [{ id: 'm1', team: 'red', at: '0405' }] },
    orders: 'arien, phase, 7, primary, text e, text e',
    expect: [{ hero: 'arien', at: '0505' }, { hero: 'arien', spaces: 2, by: 'card-text' }],
  },
  {
    id: 'THRU-2', source: 'reference',
    rule: 'A unit that may "move through" obstacles may enter and leave them: terrain too.',
    position: { heroes: [arien(['phase'])] },
    orders: 'arien, phase, 7, primary, text se, text e',
    expect: [{ hero: 'arien', at: '0406' }, { event: 'moved', where: { hero: 'arien', to: '0306', by: 'card-text' } }],
  },
  {
    id: 'THRU-3', source: 'reference',
    rule: '... but never end on one: an "up to" move written to end on a minion ends on the last space of its path that is no obstacle.',
    position: { heroes: [arien(['phase'])], minions: [{ id: 'm1', team: 'red', at: '0505' }] },
    orders: 'arien, phase, 7, primary, text e, text e',
    expect: [{ hero: 'arien', at: '0405' }, { hero: 'arien', stop: 'ends-on-obstacle' }, { hero: 'arien', spaces: 1, by: 'card-text' }],
  },
  {
    id: 'THRU-4', source: 'reference',
    rule: '... never end on one: an exact move through obstacles that would end on one is not done, and the action stops at that step.',
    position: { heroes: [arien(['phase-2'])], tokens: [{ id: 't1', kind: 'smoke', at: '0505' }] },
    orders: 'arien, phase-2, 7, primary, text e, text e',
    expect: [{ hero: 'arien', at: '0305' }, { event: 'action-stopped', where: { hero: 'arien', card: 'phase-2' } }, { noEvent: 'moved' }],
  },
  {
    id: 'THRU-5', source: 'seed',
    rule: 'This movement follows the same rules and restrictions as a Movement action: without "through", a card-text move stops at an obstacle.',
    position: { heroes: [arien(['tide-call'])], minions: [{ id: 'm1', team: 'red', at: '0405' }] },
    orders: 'arien, tide-call, 9, primary, text e',
    expect: [{ hero: 'arien', at: '0305' }, { event: 'action-stopped', where: { hero: 'arien' } }],
  },
  {
    id: 'OTHER-1', source: 'seed',
    rule: 'Some actions may instruct you to move, or to move another unit or a token in the card text. [another unit: "text m1 e" moves the adjacent minion]',
    position: { heroes: [arien(['tow'])], minions: [{ id: 'm1', team: 'red', at: '0405' }] },
    orders: 'arien, tow, 6, primary, text m1 e',
    expect: [
      { piece: 'm1', at: '0505' },
      { hero: 'arien', at: '0305' },
      { event: 'moved-by-card', where: { hero: 'arien', card: 'tow', unit: 'm1', unitKind: 'minion', from: '0405', path: ['0505'], stop: null } },
      { receipt: 'accepted', hero: 'arien', says: 'card text moves m1: 0405 → 0505' },
    ],
  },
  {
    id: 'OTHER-2', source: 'seed',
    rule: 'Some actions may instruct you to move, or to move another unit or a token in the card text. [another hero]',
    position: { heroes: [arien(['tow']), xarg(['red-4'], '0304')] },
    orders: 'arien, tow, 6, primary, text xarg e',
    expect: [{ hero: 'xarg', at: '0404' }, { event: 'moved-by-card', where: { unit: 'xarg', unitKind: 'hero' } }],
  },
  {
    id: 'OTHER-3', source: 'seed',
    rule: 'Some actions may instruct you to move, or to move another unit or a token in the card text. [a token within 2, up to 2 spaces]',
    position: { heroes: [arien(['beacon'])], tokens: [{ id: 't1', kind: 'smoke', at: '0505' }] },
    orders: 'arien, beacon, 6, primary, text t1 e, text t1 e',
    expect: [{ piece: 't1', at: '0705' }],
  },
  {
    id: 'OTHER-4', source: 'seed',
    rule: 'This movement follows the same rules and restrictions as a Movement action: the unit moved stops at an obstacle (an exact move: the action stops).',
    position: { heroes: [arien(['tow'])], minions: [{ id: 'm1', team: 'red', at: '0405' }, { id: 'm2', team: 'red', at: '0505' }] },
    orders: 'arien, tow, 6, primary, text m1 e',
    expect: [{ piece: 'm1', at: '0405' }, { event: 'action-stopped', where: { hero: 'arien', card: 'tow' } }],
  },
  {
    id: 'OTHER-5', source: 'house rule',
    rule: 'The card text names what it moves and how near it must be: a minion out of its range, or a token for a card that moves a unit, is not moved and the exact move stops the action.',
    position: { heroes: [arien(['tow'])], minions: [{ id: 'm1', team: 'red', at: '0505' }] },
    orders: 'arien, tow, 6, primary, text m1 e',
    expect: [{ piece: 'm1', at: '0505' }, { event: 'action-stopped', where: { reason: "Tow's text moves m1 exactly 1 space, and m1 is 2 spaces from Arien: Tow's text reaches 1: m1 does not move and the action stops at that step" } }],
  },
  {
    id: 'OTHER-6', source: 'house rule',
    rule: 'The card text names what it moves: a token for a card that moves a unit is not moved.',
    position: { heroes: [arien(['tow'])], tokens: [{ id: 't1', kind: 'smoke', at: '0405' }] },
    orders: 'arien, tow, 6, primary, text t1 e',
    expect: [{ piece: 't1', at: '0405' }, { event: 'action-stopped', where: { card: 'tow' } }],
  },
  {
    id: 'OTHER-7', source: 'seed',
    rule: 'Some actions may instruct you to move [yourself]: a card whose text moves the hero takes no "text <unit> <direction>" step.',
    position: { heroes: [arien(['tide-call'])], minions: [{ id: 'm1', team: 'red', at: '0405' }] },
    orders: 'arien, tide-call, 9, primary, text m1 e',
    expect: [{ error: "Tide Call's text moves no other unit or token" }, { piece: 'm1', at: '0405' }],
  },
];
