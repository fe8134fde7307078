// Seed, "Fast Travel Action (Replaces Movement)" (p. 11), and its Arien example (Arien in zone B; A and
// B allowed; the battle zone D, holding enemy minions, and C and E, not adjacent to B, refused).
import type { Case } from './types.ts';

const arien = (hand: string[] = ['blue-3'], at = '0305') => ({ id: 'arien', team: 'blue' as const, at, hand });
const battle = [{ id: 'm1', team: 'red' as const, at: '0605' }, { id: 'm2', team: 'red' as const, at: '0603' }];

export const fastTravelCases: Case[] = [
  {
    id: 'FT-1', source: 'seed',
    rule: 'You may perform one Fast Travel secondary action instead of your entire Movement action.',
    position: { heroes: [arien()], minions: battle },
    orders: 'arien, blue-3, 8, fast travel 0203',
    expect: [{ event: 'fast-travelled', where: { hero: 'arien', from: '0305', to: '0203' } }, { hero: 'arien', at: '0203' }, { noEvent: 'moved' }],
  },
  {
    id: 'FT-2', source: 'seed',
    rule: 'When you Fast Travel, you may move to any space in the same Zone, or an adjacent Zone, as long as all of the below are true: The destination space is either in the same Zone, or in an Zone. [the seed lost the word: adjacent]',
    position: { heroes: [arien()] },
    orders: 'arien, blue-3, 8, fast travel 0903',
    expect: [{ hero: 'arien', stop: 'not-adjacent-zone' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'FT-3', source: 'seed',
    rule: 'There are no enemy heroes or minions in the Zone you are Fast Traveling from.',
    position: { heroes: [arien(), { id: 'xarg', team: 'red', at: '0206', hand: ['gold-1'] }] },
    orders: 'arien, blue-3, 8, fast travel 0203',
    expect: [{ hero: 'arien', stop: 'enemies-in-zone' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'FT-3b', source: 'seed',
    rule: 'There are no enemy heroes or minions in the Zone you are Fast Traveling from. [a friendly hero does not count]',
    position: { heroes: [arien(), { id: 'brogan', team: 'blue', at: '0206', hand: ['gold-1'] }] },
    orders: 'arien, blue-3, 8, fast travel 0203',
    expect: [{ hero: 'arien', at: '0203' }],
  },
  {
    id: 'FT-4', source: 'seed',
    rule: 'There are no enemy heroes or minions in the Zone you are Fast Traveling to.',
    position: { heroes: [arien()], minions: [{ id: 'm1', team: 'red', at: '0302' }] },
    orders: 'arien, blue-3, 8, fast travel 0203',
    expect: [{ hero: 'arien', stop: 'enemies-in-zone' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'FT-5', source: 'seed',
    rule: 'Blocking the enemy from Fast Traveling is one of the key strategies. Avoid using your Red and Gold cards to Fast Travel. [an enemy of higher initiative moves into the zone first]',
    position: { heroes: [arien(), { id: 'xarg', team: 'red', at: '0503', hand: ['red-4'] }] },
    orders: 'xarg, red-4, 10, move, nw\narien, blue-3, 8, fast travel 0202',
    expect: [{ resolved: ['xarg', 'arien'] }, { hero: 'xarg', at: '0402' }, { hero: 'arien', stop: 'enemies-in-zone' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'FT-6', source: 'seed',
    rule: 'You can only perform one Fast Travel action, regardless of the movement value on the card!',
    position: { heroes: [arien()] },
    orders: 'arien, blue-3, 8, fast travel 0203, fast travel 0202',
    expect: [{ error: 'Fast Travel replaces the whole movement action: nothing may follow it' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'FT-7', source: 'seed',
    rule: 'If you replace a primary movement action with Fast Travel action, the card text is not applied.',
    position: { heroes: [arien(['tide-call'])] },
    orders: 'arien, tide-call, 9, fast travel 0203',
    expect: [{ noEvent: 'card-text-applied' }, { hero: 'arien', at: '0203' }],
  },
  {
    id: 'FT-8', source: 'seed',
    rule: 'If a card text allows you to Fast Travel as part of another action, this Fast Travel is subject to the same restrictions.',
    position: { heroes: [arien(['riptide'])], minions: battle },
    orders: 'arien, riptide, 6, primary, text fast travel 0504',
    expect: [{ event: 'movement-refused', where: { hero: 'arien', by: 'fast-travel' } }, { hero: 'arien', stop: 'enemies-in-zone' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'FT-9a', source: 'seed',
    rule: 'If a card text allows you to move, you cannot Fast Travel instead.',
    position: { heroes: [arien(['surge'])] },
    orders: 'arien, surge, 5, primary, text fast travel 0202',
    expect: [{ error: 'cannot Fast Travel' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'FT-9b', source: 'seed',
    rule: 'If a card text allows you to perform a Movement action, you can Fast Travel instead, with the same restrictions as normal Fast Travel.',
    position: { heroes: [arien(['riptide'])] },
    orders: 'arien, riptide, 6, primary, w, text fast travel 0202',
    expect: [{ event: 'moved', where: { hero: 'arien', to: '0205' } }, { event: 'fast-travelled', where: { hero: 'arien', from: '0205', to: '0202' } }, { hero: 'arien', at: '0202' }],
  },
  {
    id: 'FT-10a', source: 'seed',
    rule: 'You do not need to have a path of empty spaces to the destination space in order to Fast Travel.',
    position: { heroes: [arien(['blue-3'], '0205'), { id: 'brogan', team: 'blue', at: '0305', hand: ['gold-1'] }], tokens: [{ id: 't1', kind: 'smoke', at: '0204' }, { id: 't2', kind: 'smoke', at: '0206' }] },
    orders: 'arien, blue-3, 8, fast travel 0202',
    expect: [{ reachable: 'arien', budget: 3, excludes: ['0202'] }, { hero: 'arien', at: '0202' }],
  },
  {
    id: 'FT-10b', source: 'seed',
    rule: 'Tokens and units have no effect on Zone adjacency.',
    position: { heroes: [arien()], tokens: [{ id: 't1', kind: 'smoke', at: '0204' }, { id: 't2', kind: 'smoke', at: '0304' }, { id: 't3', kind: 'smoke', at: '0404' }] },
    orders: 'arien, blue-3, 8, fast travel 0202',
    expect: [{ event: 'fast-travelled', where: { fromZone: 'B', toZone: 'A' } }, { hero: 'arien', at: '0202' }],
  },
  {
    id: 'FT-11', source: 'reference',
    rule: 'The destination must be an empty space in the same or an adjacent zone.',
    position: { heroes: [arien()], tokens: [{ id: 't1', kind: 'smoke', at: '0202' }] },
    orders: 'arien, blue-3, 8, fast travel 0202',
    expect: [{ hero: 'arien', stop: 'token' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'ARIEN-A', source: 'seed example',
    rule: 'Arien the Tidemaster may Fast Travel to any space in Zone A from Zone B, because there are no enemy heroes or minions in either Zone and the two Zones are adjacent (share a border).',
    position: { heroes: [arien()], minions: battle },
    orders: 'arien, blue-3, 8, fast travel 0302',
    expect: [{ event: 'fast-travelled', where: { fromZone: 'B', toZone: 'A' } }, { hero: 'arien', at: '0302' }],
  },
  {
    id: 'ARIEN-B', source: 'seed example',
    rule: 'Arien may Fast Travel to any space in Zone B, because there are no enemies in Zone B and Arien is in Zone B.',
    position: { heroes: [arien()], minions: battle },
    orders: 'arien, blue-3, 8, fast travel 0406',
    expect: [{ event: 'fast-travelled', where: { fromZone: 'B', toZone: 'B' } }, { hero: 'arien', at: '0406' }],
  },
  {
    id: 'ARIEN-D', source: 'seed example',
    rule: 'Arien cannot Fast Travel to the Battle Zone (D), because there are enemy minions in that Zone. He will have to use the Movement action to enter the Battle Zone.',
    position: { heroes: [arien()], minions: battle },
    orders: 'arien, blue-3, 8, fast travel 0504',
    expect: [{ hero: 'arien', stop: 'enemies-in-zone' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'ARIEN-D2', source: 'seed example',
    rule: 'He will have to use the Movement action to enter the Battle Zone.',
    position: { heroes: [arien()], minions: battle },
    orders: 'arien, blue-3, 8, move, ne, e, e',
    expect: [{ hero: 'arien', at: '0504' }],
  },
  {
    id: 'ARIEN-C', source: 'seed example',
    rule: 'Arien cannot Fast Travel from Zone B to Zone C, or from Zone B to Zone E, because Zones C and E are not adjacent to Zone B. [C]',
    position: { heroes: [arien()], minions: battle },
    orders: 'arien, blue-3, 8, fast travel 0803',
    expect: [{ hero: 'arien', stop: 'not-adjacent-zone' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'ARIEN-E', source: 'seed example',
    rule: 'Arien cannot Fast Travel from Zone B to Zone C, or from Zone B to Zone E, because Zones C and E are not adjacent to Zone B. [E]',
    position: { heroes: [arien()], minions: battle },
    orders: 'arien, blue-3, 8, fast travel 0805',
    expect: [{ hero: 'arien', stop: 'not-adjacent-zone' }, { hero: 'arien', at: '0305' }],
  },
];
