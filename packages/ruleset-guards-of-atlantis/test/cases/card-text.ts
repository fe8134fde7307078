// Seed, "Movement as Primary Action" and "Movement in the Card Text" (p. 11).
import type { Case } from './types.ts';

const arien = (hand: string[], at = '0305') => ({ id: 'arien', team: 'blue' as const, at, hand });
const xarg = (hand: string[], at: string) => ({ id: 'xarg', team: 'red' as const, at, hand });

export const cardTextCases: Case[] = [
  {
    id: 'PRIMARY-1', source: 'seed',
    rule: 'When you perform the Primary action on a Movement card, apply the card text in addition to moving up to the number of spaces on the icon.',
    position: { heroes: [arien(['tide-call'])] },
    orders: 'arien, tide-call, 9, primary, text nw, e, e',
    expect: [{ event: 'card-text-applied', where: { hero: 'arien', card: 'tide-call' } }, { hero: 'arien', spaces: 1, by: 'card-text' }, { hero: 'arien', spaces: 2, by: 'movement-action' }, { hero: 'arien', at: '0404' }],
  },
  {
    id: 'PRIMARY-1b', source: 'seed',
    rule: 'When you perform the Primary action on a Movement card, apply the card text in addition to moving up to the number of spaces on the icon. [only a Movement card]',
    position: { heroes: [arien(['blue-3'])] },
    orders: 'arien, blue-3, 8, primary, w',
    expect: [{ error: "primary action is attack, not movement" }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'PRIMARY-2', source: 'seed',
    rule: 'The card text is applied even if you choose to move zero spaces.',
    position: { heroes: [arien(['undertow'])] },
    orders: 'arien, undertow, 11, primary',
    expect: [{ event: 'card-text-applied', where: { hero: 'arien' } }, { event: 'effect-in-play', where: { hero: 'arien', card: 'undertow' } }, { hero: 'arien', spaces: 0, by: 'movement-action' }],
  },
  {
    id: 'PRIMARY-3a', source: 'seed',
    rule: 'Unless it says otherwise, the card text comes into effect before movement.',
    position: { heroes: [arien(['tide-call'])] },
    orders: 'arien, tide-call, 9, primary, e, text nw',
    expect: [{ event: 'moved', where: { hero: 'arien', from: '0305', to: '0204', by: 'card-text' } }, { event: 'moved', where: { hero: 'arien', from: '0204', to: '0304', by: 'movement-action' } }, { hero: 'arien', at: '0304' }],
  },
  {
    id: 'PRIMARY-3b', source: 'seed',
    rule: 'Unless it says otherwise, the card text comes into effect before movement. [the text says after]',
    position: { heroes: [arien(['surge'])] },
    orders: 'arien, surge, 5, primary, text e, ne',
    expect: [{ event: 'moved', where: { hero: 'arien', from: '0305', to: '0304', by: 'movement-action' } }, { event: 'moved', where: { hero: 'arien', from: '0304', to: '0404', by: 'card-text' } }, { hero: 'arien', at: '0404' }],
  },
  {
    id: 'TEXT-1', source: 'seed',
    rule: 'Some actions may instruct you to move, or to move another unit or a token in the card text. [you move; another unit or a token: OTHER-1..OTHER-7]',
    position: { heroes: [arien(['tide-call'])] },
    orders: 'arien, tide-call, 9, primary, text w',
    expect: [{ event: 'moved', where: { hero: 'arien', to: '0205', by: 'card-text' } }, { hero: 'arien', at: '0205' }],
  },
  {
    id: 'TEXT-2', source: 'seed',
    rule: 'This movement follows the same rules and restrictions as a Movement action, except:',
    position: { heroes: [arien(['surge'])], tokens: [{ id: 't1', kind: 'smoke', at: '0404' }] },
    orders: 'arien, surge, 5, primary, ne, text e, text e',
    expect: [{ hero: 'arien', stop: 'token' }, { hero: 'arien', at: '0304' }, { hero: 'arien', spaces: 0, by: 'card-text' }],
  },
  {
    id: 'TEXT-3', source: 'seed',
    rule: 'It cannot be used to Fast Travel.',
    position: { heroes: [arien(['tide-call'])] },
    orders: 'arien, tide-call, 9, primary, text fast travel 0202',
    expect: [{ error: 'movement in the card text cannot Fast Travel' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'TEXT-4', source: 'seed',
    rule: 'Effects which stop you from performing a Movement action do not prevent movement in the card text.',
    position: { heroes: [xarg(['anchor'], '0505'), arien(['tide-call'], '0405')] },
    orders: 'xarg, anchor, 12, primary\narien, tide-call, 9, primary, text ne, w',
    expect: [{ event: 'moved', where: { hero: 'arien', from: '0405', to: '0404', by: 'card-text' } }, { event: 'movement-refused', where: { hero: 'arien', by: 'movement-action' } }, { hero: 'arien', at: '0404' }],
  },
  {
    id: 'TEXT-5a', source: 'seed',
    rule: 'Unless the distance is optional (“up to 2 spaces”), or the move itself is optional (“you may move”), you must move the exact number of spaces, or stop performing the action at that step (See “Mandatory and Optional Steps” on page 10). [fewer written]',
    position: { heroes: [arien(['long-tide'])] },
    orders: 'arien, long-tide, 9, primary, text nw',
    expect: [{ error: 'moves exactly 2 spaces' }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'TEXT-5b', source: 'seed',
    rule: 'Unless the distance is optional (“up to 2 spaces”), or the move itself is optional (“you may move”), you must move the exact number of spaces, or stop performing the action at that step (See “Mandatory and Optional Steps” on page 10). [blocked: the action stops]',
    position: { heroes: [arien(['long-tide'])], minions: [{ id: 'm1', team: 'red', at: '0505' }] },
    orders: 'arien, long-tide, 9, primary, text e, text e, nw',
    expect: [{ event: 'action-stopped', where: { hero: 'arien' } }, { noEvent: 'movement-ended', where: { hero: 'arien', by: 'movement-action' } }, { hero: 'arien', at: '0305' }],
  },
  {
    id: 'TEXT-5c', source: 'seed',
    rule: 'Unless the distance is optional (“up to 2 spaces”), or the move itself is optional (“you may move”), you must move the exact number of spaces, or stop performing the action at that step (See “Mandatory and Optional Steps” on page 10). [up to]',
    position: { heroes: [arien(['surge'])] },
    orders: 'arien, surge, 5, primary, text w',
    expect: [{ noErrors: true }, { noEvent: 'action-stopped' }, { hero: 'arien', at: '0205' }, { hero: 'arien', spaces: 1, by: 'card-text' }],
  },
  {
    id: 'TEXT-5d', source: 'seed',
    rule: 'Unless the distance is optional (“up to 2 spaces”), or the move itself is optional (“you may move”), you must move the exact number of spaces, or stop performing the action at that step (See “Mandatory and Optional Steps” on page 10). [you may move]',
    position: { heroes: [arien(['drift'])] },
    orders: 'arien, drift, 4, primary, w',
    expect: [{ noErrors: true }, { noEvent: 'action-stopped' }, { hero: 'arien', spaces: 0, by: 'card-text' }, { hero: 'arien', at: '0205' }],
  },
  {
    id: 'ISSUE-SLOW', source: 'issue',
    rule: '"enemy heroes adjacent to you cannot fast travel or move more than 1 space with a movement action" is modelled.',
    position: { heroes: [xarg(['undertow'], '0504'), arien(['blue-3'], '0404')] },
    orders: 'xarg, undertow, 11, primary\narien, blue-3, 8, fast travel 0202',
    expect: [{ hero: 'arien', stop: 'no-fast-travel' }, { hero: 'arien', at: '0404' }],
  },
];
