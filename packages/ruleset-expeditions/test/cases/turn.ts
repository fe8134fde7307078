// The turn: players in seat order, each taking the actions its orders name.
import type { Case } from './types.ts';

export const turnCases: Case[] = [
  {
    id: 'EX-TURN-1',
    rule: 'Turns go round the table: players in seat order (an earlier seat takes a location first).',
    source: 'reference',
    position: { mechs: { red: '5', blue: '3' } },
    orders: ['blue, move, 6', 'red, move, 6'],
    expect: [{ mech: 'red', at: '6' }, { mech: 'blue', at: '3' }, { error: 'location 6 is occupied by red' }],
  },
  {
    id: 'EX-TURN-2',
    rule: 'Each turn a player takes two of the three actions Move, Play, Gather (all three on the first turn).',
    source: 'reference',
    position: { mechs: { red: '5' }, turn: 2 },
    orders: ['red, play, Wolf Pack', 'red, gather', 'red, move, 6'],
    expect: [{ mech: 'red', at: '5' }, { error: 'red may take 2 actions this turn (turn 2)' }, { event: 'played', where: { mech: 'red', detail: 'Wolf Pack' } }, { event: 'gathered', count: 1 }],
  },
  {
    id: 'EX-TURN-3',
    rule: 'Each turn a player takes two of the three actions Move, Play, Gather (all three on the first turn).',
    source: 'reference',
    position: { mechs: { red: '5' } },
    orders: ['red, play', 'red, gather', 'red, move, 6'],
    expect: [{ mech: 'red', at: '6' }, { noErrors: true }, { event: 'played', count: 1 }, { event: 'gathered', count: 1 }],
  },
  {
    id: 'EX-TURN-4',
    rule: 'Each action once a turn (house rule: a second Move order the same turn is a mistake).',
    source: 'house rule',
    position: { mechs: { red: '5' } },
    orders: ['red, move, 6', 'red, move, 4'],
    expect: [{ mech: 'red', at: '6' }, { error: 'red already takes the move action this turn (line 1)' }],
  },
  {
    id: 'EX-RECEIPT-1',
    rule: 'Receipts list the legal destinations from where the mech stands.',
    source: 'issue',
    position: { mechs: { red: '4' } },
    orders: ['red, move, 7'],
    expect: [{ receipt: 'red-player', status: 'accepted', preview: 'legal destinations from 4: 1, 2, 3, 5, 6, 7 (face down), 8 (face down), 9 (face down)' }],
  },
];
