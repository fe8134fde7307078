// The turn (issue #16 and the reference): every player picks a card at the same time; the cards resolve
// in initiative order, ties between teams to the holder of the tie-breaker coin; a later card sees the
// board as the earlier ones left it. Plus the reference's board facts.
import type { Case } from './types.ts';

const arien = (hand: string[] = ['blue-3'], at = '0305') => ({ id: 'arien', team: 'blue' as const, at, hand });
const xarg = (hand: string[], at = '0503') => ({ id: 'xarg', team: 'red' as const, at, hand });
const brogan = (hand: string[], at = '0206') => ({ id: 'brogan', team: 'blue' as const, at, hand });

export const turnCases: Case[] = [
  {
    id: 'TURN-1', source: 'reference',
    rule: 'The cards resolve one by one in initiative order (the number printed on each card).',
    position: { heroes: [arien(), xarg(['red-4'])] },
    orders: 'arien, blue-3, 8, move, w\nxarg, red-4, 10, move, e',
    expect: [{ resolved: ['xarg', 'arien'] }],
  },
  {
    id: 'TURN-2', source: 'reference',
    rule: 'Ties between teams are settled by the team that holds the tie-breaker coin. [the coin passes after the tie: a setting]',
    position: { heroes: [arien(), xarg(['red-8'])], coin: 'blue' },
    orders: 'xarg, red-8, 8, move, e\narien, blue-3, 8, move, w',
    expect: [{ resolved: ['arien', 'xarg'] }, { event: 'tie-broken', where: { initiative: 8, coin: 'blue' } }, { event: 'coin-passed', where: { to: 'red' } }],
  },
  {
    id: 'TURN-2b', source: 'house rule',
    rule: 'Ties between teams are settled by the team that holds the tie-breaker coin. [coinAfterTie "stays"]',
    position: { heroes: [arien(), xarg(['red-8'])], coin: 'red', coinAfterTie: 'stays' },
    orders: 'xarg, red-8, 8, move, e\narien, blue-3, 8, move, w',
    expect: [{ resolved: ['xarg', 'arien'] }, { noEvent: 'coin-passed' }],
  },
  {
    id: 'TURN-3', source: 'reference',
    rule: 'Every random element comes from the seeded random source kept in the game state and recorded. [a "random" coin is drawn at the first tie]',
    position: { heroes: [arien(), xarg(['red-8'])], coin: 'random' },
    orders: 'xarg, red-8, 8, move, e\narien, blue-3, 8, move, w',
    expect: [{ event: 'tie-broken', where: { initiative: 8 } }, { roll: 'tie-breaker-coin', sides: 2 }],
  },
  {
    id: 'TURN-4', source: 'house rule',
    rule: 'A tie inside one team resolves in the scenario\'s hero order (at the table the team decides).',
    position: { heroes: [brogan(['silver-8']), arien()] },
    orders: 'arien, blue-3, 8, move, ne\nbrogan, silver-8, 8, move, e',
    expect: [{ resolved: ['brogan', 'arien'] }, { noEvent: 'tie-broken' }],
  },
  {
    id: 'TURN-5', source: 'issue',
    rule: 'A later card sees the board as the earlier ones left it.',
    position: { heroes: [arien(), xarg(['red-4'])] },
    orders: 'xarg, red-4, 10, move, sw\narien, blue-3, 8, move, ne, e',
    expect: [{ hero: 'xarg', at: '0404' }, { hero: 'arien', at: '0304' }, { hero: 'arien', stop: 'hero' }],
  },
  {
    id: 'TURN-6a', source: 'issue',
    rule: 'Every player picks a card (the order: card, initiative, movement). [a card not in hand]',
    position: { heroes: [arien()] },
    orders: 'arien, gold-1, 1, move, w',
    expect: [{ error: 'there is no card gold-1' }, { event: 'order-refused', where: { hero: 'arien' } }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'TURN-6b', source: 'issue',
    rule: 'Every player picks a card (the order: card, initiative, movement). [the initiative is the card\'s]',
    position: { heroes: [arien()] },
    orders: 'arien, blue-3, 9, move, w',
    expect: [{ error: 'has initiative 8, not 9' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'TURN-7', source: 'issue',
    rule: 'All orders by the deadline, then one adjudication in initiative order. [a hero without an order plays no card]',
    position: { heroes: [arien(), xarg(['red-4'])] },
    orders: 'xarg, red-4, 10, move, e',
    expect: [{ event: 'no-card', where: { hero: 'arien' } }, { resolved: ['xarg'] }],
  },
  {
    id: 'RECEIPT-1', source: 'issue',
    rule: 'Receipts with the reachable path and what would stop it.',
    position: { heroes: [arien()], tokens: [{ id: 't1', kind: 'smoke', at: '0405' }] },
    orders: 'arien, blue-3, 8, move, w, e, e',
    expect: [{ receipt: 'accepted', hero: 'arien', says: '0305 → 0205 → 0305 (movement: 2 of 3 spaces, stopped: 0405 holds smoke token t1: an obstacle)' }],
  },
  {
    id: 'RECEIPT-2', source: 'issue',
    rule: 'Receipts: an order for another player\'s hero is refused.',
    position: { heroes: [arien(), xarg(['red-4'])] },
    orders: 'xarg, red-4, 10, move, e',
    expect: [{ receipt: 'rejected', hero: 'xarg', says: 'is not your hero' }],
  },
  {
    id: 'BOARD-1', source: 'reference',
    rule: 'Spawn points are not obstacles.',
    position: { heroes: [arien()] },
    orders: 'arien, blue-3, 8, move, w',
    expect: [{ hero: 'arien', at: '0205' }, { noErrors: true }],
  },
];
