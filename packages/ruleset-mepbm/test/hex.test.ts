import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  DIRECTIONS,
  adjacentDirections,
  directionBetween,
  distance,
  formatHexId,
  hexIdProblem,
  isDirection,
  neighbour,
  opposite,
  parseHexId,
  type Coord,
} from '@arbiter/engine';
import { isMoveStep } from '../src/orders.ts';
import type { Direction } from '../src/types.ts';

const hex = (id: string): Coord => {
  const c = parseHexId(id);
  if (c === null) throw new Error(`bad test hex ${id}`);
  return c;
};
const step = (id: string, d: Direction): string => formatHexId(neighbour(hex(id), d));

describe('hex ids', () => {
  it('HX-001 reads four digits as column*100 + row', () => {
    expect(parseHexId('2915')).toEqual({ col: 29, row: 15 });
    expect(parseHexId('0101')).toEqual({ col: 1, row: 1 });
    expect(parseHexId('4439')).toEqual({ col: 44, row: 39 });
    expect(parseHexId('9999')).toEqual({ col: 99, row: 99 });
    expect(parseHexId('0000')).toEqual({ col: 0, row: 0 });
  });

  it('HX-002 reads six digits CCCRRR for maps above 99 columns or rows', () => {
    expect(parseHexId('150120')).toEqual({ col: 150, row: 120 });
    expect(parseHexId('100001')).toEqual({ col: 100, row: 1 });
    expect(parseHexId('001100')).toEqual({ col: 1, row: 100 });
    expect(parseHexId('999999')).toEqual({ col: 999, row: 999 });
  });

  it('HX-003 refuses anything else, and a six-digit spelling of a four-digit hex', () => {
    for (const bad of ['', '291', '29150', '2915a', ' 2915', '29 15', '-915', '+915', '1234567', '029015', '000000', '２９１５']) {
      expect(parseHexId(bad), bad).toBeNull();
      expect(hexIdProblem(bad), bad).toEqual(expect.any(String));
    }
    expect(hexIdProblem('029015')).toBe('"029015" is column 29, row 15: write it with four digits, 2915');
    expect(hexIdProblem('29x5')).toContain('is not a hex number');
    expect(hexIdProblem('2915')).toBeNull();
  });

  it('HX-004 writes four digits up to 99 and six digits above', () => {
    expect(formatHexId({ col: 29, row: 15 })).toBe('2915');
    expect(formatHexId({ col: 1, row: 1 })).toBe('0101');
    expect(formatHexId({ col: 150, row: 120 })).toBe('150120');
    expect(formatHexId({ col: 5, row: 100 })).toBe('005100');
    expect(() => formatHexId({ col: 1000, row: 1 })).toThrow(RangeError);
    expect(() => formatHexId({ col: -1, row: 1 })).toThrow(RangeError);
    expect(() => formatHexId({ col: 1.5, row: 1 })).toThrow(RangeError);
  });

  test.prop([fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 })], { numRuns: 300 })(
    'HX-005 every coordinate has one id and reads back to itself',
    (col, row) => {
      const id = formatHexId({ col, row });
      expect(parseHexId(id)).toEqual({ col, row });
      expect(id.length).toBe(col <= 99 && row <= 99 ? 4 : 6);
    },
  );
});

describe('directions', () => {
  it('HX-010 six directions, no n or s; h is a move step but not a direction', () => {
    expect(DIRECTIONS).toEqual(['ne', 'e', 'se', 'sw', 'w', 'nw']);
    expect(isDirection('n')).toBe(false);
    expect(isDirection('s')).toBe(false);
    expect(isDirection('h')).toBe(false);
    expect(isDirection('NE')).toBe(false);
    expect(isMoveStep('h')).toBe(true);
    expect(isMoveStep('sw')).toBe(true);
  });

  it('HX-011 opposite sides', () => {
    expect(DIRECTIONS.map(opposite)).toEqual(['sw', 'w', 'nw', 'ne', 'e', 'se']);
  });

  it('HX-012 the two sides next to a direction (840 defends all three)', () => {
    expect(adjacentDirections('ne')).toEqual(['nw', 'e']);
    expect(adjacentDirections('e')).toEqual(['ne', 'se']);
    expect(adjacentDirections('se')).toEqual(['e', 'sw']);
    expect(adjacentDirections('sw')).toEqual(['se', 'w']);
    expect(adjacentDirections('w')).toEqual(['sw', 'nw']);
    expect(adjacentDirections('nw')).toEqual(['w', 'ne']);
  });
});

describe('neighbours (even-r: even rows shifted half a hex right)', () => {
  // From (x, y) with y odd: NE (x, y-1), E (x+1, y), SE (x, y+1), SW (x-1, y+1), W (x-1, y), NW (x-1, y-1).
  it('HX-020 odd row 2915: ne 2914, e 3015, se 2916, sw 2816, w 2815, nw 2814', () => {
    expect(step('2915', 'ne')).toBe('2914');
    expect(step('2915', 'e')).toBe('3015');
    expect(step('2915', 'se')).toBe('2916');
    expect(step('2915', 'sw')).toBe('2816');
    expect(step('2915', 'w')).toBe('2815');
    expect(step('2915', 'nw')).toBe('2814');
  });

  // From (x, y) with y even: NE (x+1, y-1), E (x+1, y), SE (x+1, y+1), SW (x, y+1), W (x-1, y), NW (x, y-1).
  it('HX-021 even row 2916: ne 3015, e 3016, se 3017, sw 2917, w 2816, nw 2915', () => {
    expect(step('2916', 'ne')).toBe('3015');
    expect(step('2916', 'e')).toBe('3016');
    expect(step('2916', 'se')).toBe('3017');
    expect(step('2916', 'sw')).toBe('2917');
    expect(step('2916', 'w')).toBe('2816');
    expect(step('2916', 'nw')).toBe('2915');
  });

  it('HX-022 neighbours across the 4/6-digit boundary', () => {
    expect(step('9999', 'e')).toBe('100099');
    expect(step('9999', 'se')).toBe('099100');
    expect(step('100099', 'w')).toBe('9999');
  });

  test.prop([fc.integer({ min: 1, max: 998 }), fc.integer({ min: 1, max: 998 }), fc.constantFrom(...DIRECTIONS)], { numRuns: 300 })(
    'HX-023 going out and coming back through the opposite side returns home; directionBetween agrees',
    (col, row, d) => {
      const c = { col, row };
      const n = neighbour(c, d);
      expect(neighbour(n, opposite(d))).toEqual(c);
      expect(directionBetween(c, n)).toBe(d);
      expect(distance(c, n)).toBe(1);
    },
  );

  it('HX-024 directionBetween is null for non-neighbours', () => {
    expect(directionBetween(hex('2915'), hex('2915'))).toBeNull();
    expect(directionBetween(hex('2915'), hex('3014'))).toBeNull(); // odd row: 3014 is not ne of 2915
    expect(directionBetween(hex('2915'), hex('2917'))).toBeNull();
  });
});

describe('distance', () => {
  it('HX-030 the reference examples: d(2915, 2916) = 1, d(0101, 4439) = 62', () => {
    expect(distance(hex('2915'), hex('2916'))).toBe(1);
    expect(distance(hex('0101'), hex('4439'))).toBe(62);
  });

  it('HX-031 more hand-checked distances', () => {
    expect(distance(hex('2915'), hex('2915'))).toBe(0);
    expect(distance(hex('2915'), hex('3115'))).toBe(2);
    expect(distance(hex('2915'), hex('2917'))).toBe(2);
    expect(distance(hex('2915'), hex('2920'))).toBe(5);
    expect(distance(hex('0101'), hex('0139'))).toBe(38);
    expect(distance(hex('0101'), hex('4401'))).toBe(43);
  });

  test.prop([fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 })], { numRuns: 300 })(
    'HX-032 distance is symmetric and zero only at the same hex',
    (c1, r1, c2, r2) => {
      const a = { col: c1, row: r1 };
      const b = { col: c2, row: r2 };
      expect(distance(a, b)).toBe(distance(b, a));
      expect(distance(a, b) === 0).toBe(c1 === c2 && r1 === r2);
      expect(Number.isInteger(distance(a, b))).toBe(true);
    },
  );

  it('HX-033 distance equals breadth-first steps on an open 30x30 map, from every start in a sample', () => {
    const W = 30;
    const H = 30;
    const starts: Coord[] = [{ col: 1, row: 1 }, { col: 15, row: 16 }, { col: 30, row: 30 }, { col: 7, row: 22 }, { col: 22, row: 7 }];
    for (const s of starts) {
      const dist = new Map<string, number>([[`${s.col},${s.row}`, 0]]);
      const queue: Coord[] = [s];
      for (let q = 0; q < queue.length; q++) {
        const c = queue[q] as Coord;
        const dc = dist.get(`${c.col},${c.row}`) as number;
        for (const d of DIRECTIONS) {
          const n = neighbour(c, d);
          if (n.col < 1 || n.row < 1 || n.col > W || n.row > H) continue;
          const k = `${n.col},${n.row}`;
          if (!dist.has(k)) {
            dist.set(k, dc + 1);
            queue.push(n);
          }
        }
      }
      expect(dist.size).toBe(W * H);
      for (const [k, d] of dist) {
        const [col, row] = k.split(',').map(Number) as [number, number];
        expect(distance(s, { col, row })).toBe(d);
      }
    }
  });
});
