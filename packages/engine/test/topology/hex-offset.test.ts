import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS, formatHexId, hexOffsetTopology, sideSlot, turnSide } from '../../src/index.ts';

// A 5 x 4 board: columns 1..5, rows 1..4.
const ids: string[] = [];
for (let col = 1; col <= 5; col++) for (let row = 1; row <= 4; row++) ids.push(formatHexId({ col, row }));
const board = hexOffsetTopology(ids);

describe('hex offset topology', () => {
  it('parses the one spelling of a hex id and refuses the rest', () => {
    expect(board.parseSpace('0302')).toBe('0302');
    expect(board.parseSpace(' 0302 ')).toBe('0302');
    expect(board.parseSpace('302')).toBeNull();
    expect(board.parseSpace('003002')).toBeNull(); // has a four-digit spelling
    expect(board.formatSpace('0302')).toBe('0302');
  });

  it('gives the neighbours on the board with their directions (even row shifted right)', () => {
    // 0302 is column 3, row 2 (even): NE (4,1), E (4,2), SE (4,3), SW (3,3), W (2,2), NW (3,1).
    expect(board.neighbours('0302')).toEqual([
      { to: '0401', direction: 'ne' },
      { to: '0402', direction: 'e' },
      { to: '0403', direction: 'se' },
      { to: '0303', direction: 'sw' },
      { to: '0202', direction: 'w' },
      { to: '0301', direction: 'nw' },
    ]);
    // 0101 (odd row, corner): only E, SE and... SW is (0, 2): off the board.
    expect(board.neighbours('0101')).toEqual([
      { to: '0201', direction: 'e' },
      { to: '0102', direction: 'se' },
    ]);
  });

  it('measures distance ignoring the board', () => {
    expect(board.distance('0101', '0101')).toBe(0);
    expect(board.distance('0302', '0401')).toBe(1);
    expect(board.distance('0101', '0504')).toBe(6);
    expect(board.has('0101')).toBe(true);
    expect(board.has('0606')).toBe(false);
  });

  test.prop([fc.constantFrom(...ids)])('every neighbour is at distance 1 and sees the hex back in the opposite direction', (h) => {
    for (const e of board.neighbours(h)) {
      expect(board.distance(h, e.to)).toBe(1);
      const back = board.neighbours(e.to).find((b) => b.to === h);
      expect(back?.direction).toBe(DIRECTIONS[turnSide(DIRECTIONS.indexOf(e.direction as (typeof DIRECTIONS)[number]), 3)]);
    }
  });

  it('refuses a board with a hex that is not a hex id, naming it', () => {
    expect(() => hexOffsetTopology(['0101', '12'])).toThrow('"12" is not a hex number');
  });

  it('numbers the per-side slots of a packed board and turns sides', () => {
    expect(sideSlot(0, 0)).toBe(0);
    expect(sideSlot(7, 5)).toBe(47);
    expect(turnSide(0, 3)).toBe(3);
    expect(turnSide(4, 3)).toBe(1);
    expect(turnSide(0, -1)).toBe(5);
    expect(turnSide(5, 1)).toBe(0);
  });
});
