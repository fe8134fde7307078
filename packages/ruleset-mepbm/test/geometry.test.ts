import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS, centre, coordOf, distance, hexIdOf, hexWidth, neighbour, num, opposite, requireCoord, sideEnds } from '../src/report/geometry.ts';

describe('hex ids', () => {
  it('reads 4-digit CCRR and 6-digit CCCRRR ids', () => {
    expect(coordOf('2915')).toEqual({ col: 29, row: 15 });
    expect(coordOf('0101')).toEqual({ col: 1, row: 1 });
    expect(coordOf('150120')).toEqual({ col: 150, row: 120 });
  });
  it('refuses anything else', () => {
    for (const bad of ['', '291', '29155', '29x5', ' 2915', '2915 ', '-915', '1234567']) expect(coordOf(bad)).toBeNull();
  });
  it('names the path of a bad id in the error', () => {
    expect(() => requireCoord('29x5', 'view.units[2].finalHex')).toThrow('view.units[2].finalHex: "29x5" is not a hex id');
  });
  it('formats 4 digits up to 99, else 6', () => {
    expect(hexIdOf({ col: 29, row: 15 })).toBe('2915');
    expect(hexIdOf({ col: 1, row: 9 })).toBe('0109');
    expect(hexIdOf({ col: 150, row: 20 })).toBe('150020');
  });
});

describe('neighbours (rules reference table, even-r)', () => {
  it('odd row', () => {
    const c = { col: 29, row: 15 };
    expect(hexIdOf(neighbour(c, 'e'))).toBe('3015');
    expect(hexIdOf(neighbour(c, 'w'))).toBe('2815');
    expect(hexIdOf(neighbour(c, 'ne'))).toBe('2914');
    expect(hexIdOf(neighbour(c, 'nw'))).toBe('2814');
    expect(hexIdOf(neighbour(c, 'se'))).toBe('2916');
    expect(hexIdOf(neighbour(c, 'sw'))).toBe('2816');
  });
  it('even row', () => {
    const c = { col: 29, row: 16 };
    expect(hexIdOf(neighbour(c, 'ne'))).toBe('3015');
    expect(hexIdOf(neighbour(c, 'nw'))).toBe('2915');
    expect(hexIdOf(neighbour(c, 'se'))).toBe('3017');
    expect(hexIdOf(neighbour(c, 'sw'))).toBe('2917');
  });
  it('distance examples', () => {
    expect(distance({ col: 29, row: 15 }, { col: 29, row: 16 })).toBe(1);
    expect(distance({ col: 1, row: 1 }, { col: 44, row: 39 })).toBe(62);
  });
});

const coord = fc.record({ col: fc.integer({ min: 1, max: 150 }), row: fc.integer({ min: 1, max: 150 }) });
const dir = fc.constantFrom(...DIRECTIONS);

describe('drawing geometry', () => {
  test.prop([coord, dir], { numRuns: 300 })('a neighbour is one hex away and its centre one hex width away', (c, d) => {
    const n = neighbour(c, d);
    expect(distance(c, n)).toBe(1);
    expect(neighbour(n, opposite(d))).toEqual(c);
    const a = centre(c, 24);
    const b = centre(n, 24);
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(hexWidth(24), 9);
  });
  test.prop([coord, dir], { numRuns: 300 })('a side drawn from either hex is the same segment', (c, d) => {
    const [a1, a2] = sideEnds(centre(c, 20), 20, d);
    const [b1, b2] = sideEnds(centre(neighbour(c, d), 20), 20, opposite(d));
    expect(a1.x).toBeCloseTo(b2.x, 9);
    expect(a1.y).toBeCloseTo(b2.y, 9);
    expect(a2.x).toBeCloseTo(b1.x, 9);
    expect(a2.y).toBeCloseTo(b1.y, 9);
  });
  it('the north-east neighbour is drawn up and to the right', () => {
    for (const row of [15, 16]) {
      const c = { col: 29, row };
      const a = centre(c, 10);
      const b = centre(neighbour(c, 'ne'), 10);
      expect(b.x).toBeGreaterThan(a.x);
      expect(b.y).toBeLessThan(a.y);
    }
  });
});

describe('num', () => {
  test.prop([fc.double({ min: -1e6, max: 1e6, noNaN: true })], { numRuns: 500 })('equals rounding to one decimal', (n) => {
    const expected = Math.round(n * 10) / 10;
    expect(Number(num(n))).toBe(Object.is(expected, -0) ? 0 : expected);
    expect(num(n)).not.toMatch(/^-0$|e/);
  });
  it('formats', () => {
    expect([num(12), num(12.54), num(-3.06), num(-0.04), num(0.96)]).toEqual(['12', '12.5', '-3.1', '0', '1']);
  });
});
