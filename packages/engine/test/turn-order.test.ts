import { describe, expect, it } from 'vitest';
import { mayMove, movesLeft, recordMoves, type Seat, type TurnStructure } from '../src/index.ts';

const seat: TurnStructure = { kind: 'sequential', order: 'seat' };
const initiative: TurnStructure = { kind: 'sequential', order: 'initiative' };
const sides: TurnStructure = { kind: 'sequential', order: 'sides', sides: ['heroes', 'overlord'] };

describe('turn-order presets', () => {
  const seats: Seat[] = [{ id: 'red' }, { id: 'blue' }, { id: 'green' }];

  it('seat order: the first seat, then each next one; the round ends after the last seat', () => {
    expect(mayMove(seat, seats, [])).toEqual(['red']);
    expect(mayMove(seat, seats, ['red'])).toEqual(['blue']);
    expect(mayMove(seat, seats, ['red', 'blue', 'green'])).toEqual([]);
    const r1 = recordMoves(seat, seats, { turn: 3, moved: [] }, ['red']);
    expect(r1).toEqual({ turn: 3, moved: ['red'] });
    expect(recordMoves(seat, seats, r1, ['blue', 'green'])).toEqual({ turn: 4, moved: [] });
    expect(() => recordMoves(seat, seats, r1, ['green'])).toThrow("it is blue's move, not green's");
  });

  it('initiative order: highest first, ties in seat order', () => {
    const withInitiative: Seat[] = [{ id: 'red', initiative: 2 }, { id: 'blue', initiative: 5 }, { id: 'green', initiative: 2 }];
    expect(movesLeft(initiative, withInitiative, [])).toEqual(['blue', 'red', 'green']);
    expect(mayMove(initiative, withInitiative, ['blue'])).toEqual(['red']);
  });

  it("a side's members in any order they choose, then the next side", () => {
    const party: Seat[] = [{ id: 'anna', side: 'heroes' }, { id: 'olga', side: 'overlord' }, { id: 'ben', side: 'heroes' }];
    expect(mayMove(sides, party, [])).toEqual(['anna', 'ben']);
    expect(mayMove(sides, party, ['ben'])).toEqual(['anna']);
    expect(mayMove(sides, party, ['ben', 'anna'])).toEqual(['olga']);
    expect(movesLeft(sides, party, [])).toEqual(['anna', 'ben', 'olga']);
    expect(() => recordMoves(sides, party, { turn: 1, moved: ['ben'] }, ['olga'])).toThrow("it is anna's move, not olga's");
    expect(recordMoves(sides, party, { turn: 1, moved: [] }, ['ben', 'anna', 'olga'])).toEqual({ turn: 2, moved: [] });
    expect(() => mayMove({ kind: 'sequential', order: 'sides' }, party, [])).toThrow('names no sides');
    expect(() => mayMove(sides, [{ id: 'x' }], [])).toThrow('player x is on no side of heroes, overlord');
  });
});
