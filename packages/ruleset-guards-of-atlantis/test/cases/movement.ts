// Seed, "Movement Action" (p. 11), and its Arien example.
import type { Case } from './types.ts';

const arien = (hand: string[] = ['blue-3'], at = '0305') => ({ id: 'arien', team: 'blue' as const, at, hand });

export const movementCases: Case[] = [
  {
    id: 'MOVE-1a', source: 'seed',
    rule: 'When you perform a Movement action, you may move your hero up to the number of spaces shown on the movement icon.',
    position: { heroes: [arien()] },
    orders: 'arien, blue-3, 8, move, nw, ne',
    expect: [{ hero: 'arien', at: '0303' }, { hero: 'arien', spaces: 2 }, { noErrors: true }],
  },
  {
    id: 'MOVE-1b', source: 'seed',
    rule: 'When you perform a Movement action, you may move your hero up to the number of spaces shown on the movement icon.',
    position: { heroes: [arien()] },
    orders: 'arien, blue-3, 8, move, w, e, w, e',
    expect: [{ hero: 'arien', spaces: 3 }, { hero: 'arien', stop: 'too-far' }, { hero: 'arien', at: '0205' }],
  },
  {
    id: 'MOVE-2', source: 'seed',
    rule: 'You can only perform one action on the card!',
    position: { heroes: [arien(['blue-3', 'gold-1'])] },
    orders: 'arien, blue-3, 8, move, w\narien, gold-1, 1, move, w',
    expect: [{ error: 'already has an order on line 1' }, { hero: 'arien', at: '0205' }],
  },
  {
    id: 'MOVE-2b', source: 'seed',
    rule: 'You can only perform one action on the card!',
    position: { heroes: [arien()] },
    orders: 'arien, blue-3, 8, fast travel 0202, w',
    expect: [{ error: 'Fast Travel replaces the whole movement action' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'MOVE-3', source: 'seed',
    rule: 'Do not apply the card text when you perform the secondary Movement action!',
    position: { heroes: [arien(['tide-call'])] },
    orders: 'arien, tide-call, 9, move, w',
    expect: [{ noEvent: 'card-text-applied' }, { hero: 'arien', at: '0205' }, { hero: 'arien', spaces: 1, by: 'movement-action' }],
  },
  {
    id: 'MOVE-3b', source: 'seed',
    rule: 'Do not apply the card text when you perform the secondary Movement action!',
    position: { heroes: [arien(['tide-call'])] },
    orders: 'arien, tide-call, 9, move, text w',
    expect: [{ error: 'card text is applied only with the primary action' }],
  },
  {
    id: 'MOVE-4a', source: 'seed',
    rule: 'Units cannot move through or into spaces with (Units — heroes and minions, , and all count as obstacles). [the seed lost two icons: tokens and terrain; a hero]',
    position: { heroes: [arien(), { id: 'brogan', team: 'blue', at: '0205', hand: ['gold-1'] }] },
    orders: 'arien, blue-3, 8, move, w, w',
    expect: [{ hero: 'arien', stop: 'hero' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'MOVE-4b', source: 'seed',
    rule: 'Units cannot move through or into spaces with (Units — heroes and minions, , and all count as obstacles). [the seed lost two icons: tokens and terrain; a minion]',
    position: { heroes: [arien(['blue-3'], '0405')], minions: [{ id: 'm1', team: 'red', at: '0505' }] },
    orders: 'arien, blue-3, 8, move, e, e',
    expect: [{ hero: 'arien', stop: 'minion' }, { hero: 'arien', at: '0405' }],
  },
  {
    id: 'MOVE-4c', source: 'seed',
    rule: 'Units cannot move through or into spaces with (Units — heroes and minions, , and all count as obstacles). [the seed lost two icons: tokens and terrain; a token]',
    position: { heroes: [arien()], tokens: [{ id: 't1', kind: 'smoke', at: '0405' }] },
    orders: 'arien, blue-3, 8, move, e',
    expect: [{ hero: 'arien', stop: 'token' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'MOVE-4d', source: 'seed',
    rule: 'Units cannot move through or into spaces with (Units — heroes and minions, , and all count as obstacles). [the seed lost two icons: tokens and terrain; terrain]',
    position: { heroes: [arien()] },
    orders: 'arien, blue-3, 8, move, se',
    expect: [{ hero: 'arien', stop: 'terrain' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'MOVE-4e', source: 'reference',
    rule: 'Every board space without a full grid outline is terrain, including the water around the board.',
    position: { heroes: [arien(['blue-3'], '0205')] },
    orders: 'arien, blue-3, 8, move, w',
    expect: [{ hero: 'arien', stop: 'terrain' }, { hero: 'arien', at: '0205' }],
  },
  {
    id: 'MOVE-5a', source: 'seed',
    rule: 'Effects which limit your movement distance, or prevent you from performing a movement action, are only checked at the start of the movement action. [limited at the start]',
    position: { heroes: [{ id: 'xarg', team: 'red', at: '0505', hand: ['undertow'] }, arien(['blue-3'], '0405')] },
    orders: 'xarg, undertow, 11, primary\narien, blue-3, 8, move, w, w',
    expect: [{ event: 'movement-limited', where: { hero: 'arien', spaces: 1 } }, { hero: 'arien', at: '0305' }, { hero: 'arien', stop: 'too-far' }],
  },
  {
    id: 'MOVE-5b', source: 'seed',
    rule: 'Effects which limit your movement distance, or prevent you from performing a movement action, are only checked at the start of the movement action. [not adjacent at the start: not limited]',
    position: { heroes: [{ id: 'xarg', team: 'red', at: '0505', hand: ['undertow'] }, arien(['blue-3'], '0205')] },
    orders: 'xarg, undertow, 11, primary\narien, blue-3, 8, move, e, e, ne',
    expect: [{ noEvent: 'movement-limited' }, { hero: 'arien', spaces: 3 }, { hero: 'arien', at: '0404' }],
  },
  {
    id: 'MOVE-5c', source: 'seed',
    rule: 'Effects which limit your movement distance, or prevent you from performing a movement action, are only checked at the start of the movement action. [prevented]',
    position: { heroes: [{ id: 'xarg', team: 'red', at: '0505', hand: ['anchor'] }, arien(['blue-3'], '0405')] },
    orders: 'xarg, anchor, 12, primary\narien, blue-3, 8, move, w',
    expect: [{ event: 'movement-refused', where: { hero: 'arien', by: 'movement-action' } }, { hero: 'arien', at: '0405' }],
  },
  {
    id: 'MOVE-6a', source: 'seed example',
    rule: 'Arien may move up to 3 spaces, using the secondary movement action on his Blue card. He cannot move through obstacles, such as units, tokens, or terrain.',
    position: { heroes: [arien()], tokens: [{ id: 't1', kind: 'smoke', at: '0405' }], minions: [{ id: 'm1', team: 'red', at: '0505' }] },
    orders: 'arien, blue-3, 8, move, ne, e, e',
    expect: [
      { reachable: 'arien', budget: 3, includes: ['0204', '0304', '0404', '0206', '0202', '0203', '0302', '0303', '0504'], excludes: ['0405', '0306', '0505', '0403', '0605'] },
      { hero: 'arien', at: '0504' },
      { hero: 'arien', spaces: 3 },
      { noErrors: true },
    ],
  },
  {
    id: 'MOVE-6b', source: 'seed example',
    rule: 'He cannot move through obstacles, such as units, tokens, or terrain.',
    position: { heroes: [arien()], tokens: [{ id: 't1', kind: 'smoke', at: '0405' }] },
    orders: 'arien, blue-3, 8, move, e, e, e',
    expect: [{ hero: 'arien', spaces: 0 }, { hero: 'arien', stop: 'token' }, { hero: 'arien', at: '0305' }],
  },
];
