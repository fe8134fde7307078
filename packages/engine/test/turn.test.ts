import { describe, expect, it } from 'vitest';
import { adjudicatesOnArrival, moveOrder, nextToMove } from '../src/index.ts';

describe('turn structures', () => {
  const seats = ['red', 'blue', 'green'];

  it('simultaneous and seat-order turns keep the seats', () => {
    expect(moveOrder({ kind: 'simultaneous' }, { seats })).toEqual(seats);
    expect(moveOrder({ kind: 'sequential', order: 'seat' }, { seats })).toEqual(seats);
  });

  it('initiative turns go highest first, ties by the tie-break', () => {
    const initiative = { red: 5, blue: 9, green: 5 };
    const coin = (a: string, b: string) => (a === 'green' ? -1 : b === 'green' ? 1 : 0);
    expect(moveOrder({ kind: 'sequential', order: 'initiative' }, { seats, initiative, tieBreak: coin })).toEqual(['blue', 'green', 'red']);
    expect(() => moveOrder({ kind: 'sequential', order: 'initiative' }, { seats, initiative })).toThrow('players red and green have the same initiative and there is no tie-break');
    expect(() => moveOrder({ kind: 'sequential', order: 'initiative' }, { seats, initiative: { red: 1 } })).toThrow('player blue has no initiative');
    expect(() => moveOrder({ kind: 'simultaneous' }, { seats: ['a', 'a'] })).toThrow('seated twice');
  });

  it('the next to move is the first who has not moved', () => {
    expect(nextToMove(seats, new Set())).toBe('red');
    expect(nextToMove(seats, new Set(['red']))).toBe('blue');
    expect(nextToMove(seats, new Set(seats))).toBeNull();
  });

  it('only a sequential game set to "as each move arrives" adjudicates on arrival', () => {
    expect(adjudicatesOnArrival({ kind: 'sequential', order: 'seat' }, 'as-each-move-arrives')).toBe(true);
    expect(adjudicatesOnArrival({ kind: 'sequential', order: 'seat' }, 'at-deadline')).toBe(false);
    expect(adjudicatesOnArrival({ kind: 'simultaneous' }, 'as-each-move-arrives')).toBe(false);
  });
});
