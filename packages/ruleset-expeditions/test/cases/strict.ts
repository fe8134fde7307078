// The other side of each rule (issue 29): for the seed's sentences whose cases show where the rule
// applies, a case where it must not, the way a strict reviewer reads them: a written `via` path ending
// on an occupied location, a path that jumps, a face-up location that does not end a move or draw, the
// 20-value token kept aside while another location is revealed.
import { tokens } from '../helpers.ts';
import type { Case } from './types.ts';

export const strictCases: Case[] = [
  {
    id: 'EX-VIA-1',
    rule: 'While moving, your mech may travel through occupied locations ... [but a written path may not end on one: "another unoccupied location"]',
    source: 'seed',
    position: { mechs: { red: '1', blue: '3' } },
    orders: ['red, move, 3, via 2'],
    expect: [
      { mech: 'red', at: '1' },
      { mech: 'blue', at: '3' },
      { error: 'location 3 is occupied by blue: a mech ends only on an unoccupied location' },
      { event: 'move-refused', where: { mech: 'red', to: '3' } },
      { event: 'moved', count: 0 },
      { receipt: 'red-player', status: 'rejected', reason: 'location 3 is occupied by blue' },
    ],
  },
  {
    id: 'EX-VIA-2',
    rule: 'While moving, your mech may travel through occupied locations ... [through two of them, ending on a free one]',
    source: 'seed',
    position: { mechs: { red: '1', blue: '2', green: '3' } },
    orders: ['red, move, 6, via 2, 3'],
    expect: [{ mech: 'red', at: '6' }, { noErrors: true }, { event: 'moved', where: { mech: 'red', path: ['1', '2', '3', '6'] } }],
  },
  {
    id: 'EX-VIA-3',
    rule: 'Move your mech to another unoccupied location within range: a written path goes from neighbour to neighbour (1 to 3 skips 2).',
    source: 'seed',
    position: { mechs: { red: '1' } },
    orders: ['red, move, 6, via 3'],
    expect: [{ mech: 'red', at: '1' }, { error: 'the path stops at 3' }, { event: 'moved', count: 0 }],
  },
  {
    id: 'EX-FACEDOWN-3',
    rule: 'If your mech moves to a face-down location, its movement ends: a face-up location on the way does not end it.',
    source: 'seed',
    position: { mechs: { red: '4' } },
    orders: ['red, move, 6, via 5'],
    expect: [{ mech: 'red', at: '6' }, { event: 'move-ended-early', count: 0 }, { event: 'flipped', count: 0 }, { roll: 'corruption', count: 0 }, { mech: 'red', maps: 0 }],
  },
  {
    id: 'EX-TWENTY-2',
    rule: 'EXCEPTION: When location 20 is revealed, place the 20-value corruption on it instead of using the corruption bag: any other location draws from the bag, and the 20 stays aside.',
    source: 'seed',
    position: { mechs: { red: '4' }, bag: tokens(3, '3t') },
    orders: ['red, move, 7'],
    expect: [{ location: '7', corruption: [3] }, { roll: 'corruption', count: 1 }, { event: 'corruption-placed', count: 0 }, { bag: 1 }],
  },
  {
    id: 'EX-RANGE-6',
    rule: 'Unless stated otherwise, movement always has a range of 1–3 locations: a written path of exactly three is within it; one location is enough.',
    source: 'seed',
    position: { mechs: { red: '1', blue: '4' }, faceUp: ['1', '2', '3', '4', '5', '6', '7', '8', '9'] },
    orders: ['red, move, 9, via 2, 3, 6', 'blue, move, 7'],
    expect: [{ mech: 'red', at: '1' }, { error: "the path is 4 locations long; red's range is 1-3" }, { mech: 'blue', at: '7' }],
  },
];
