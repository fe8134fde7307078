// Drawing geometry of the engine's hex grid: pointy-top hexes in horizontal rows, even rows shifted
// half a hex right ("even-r" offset), hex ids CCRR (or CCCRRR on maps wider or taller than 99).
// The neighbour rule is the rules reference's, exactly; pixel positions follow from it.
import type { Direction, HexId } from '@arbiter/engine';

export interface Coord {
  col: number;
  row: number;
}

export interface Point {
  x: number;
  y: number;
}

const FOUR = /^(\d{2})(\d{2})$/;
const SIX = /^(\d{3})(\d{3})$/;

/** The column and row of a hex id, or null when it is not one. */
export function coordOf(id: HexId): Coord | null {
  const m = FOUR.exec(id) ?? SIX.exec(id);
  if (m === null) return null;
  return { col: Number(m[1]), row: Number(m[2]) };
}

/** The column and row of a hex id found at `path` in a view; throws naming the path when it is not one. */
export function requireCoord(id: HexId, path: string): Coord {
  const c = typeof id === 'string' ? coordOf(id) : null;
  if (c === null) {
    throw new Error(`${path}: ${JSON.stringify(id)} is not a hex id (expected 4 digits CCRR or 6 digits CCCRRR)`);
  }
  return c;
}

export function hexIdOf(c: Coord): HexId {
  if (c.col <= 99 && c.row <= 99) {
    return String(c.col).padStart(2, '0') + String(c.row).padStart(2, '0');
  }
  return String(c.col).padStart(3, '0') + String(c.row).padStart(3, '0');
}

/** The six directions, clockwise from north-east; index i is the hex side between corners i and i+1 below. */
export const DIRECTIONS: readonly Direction[] = ['ne', 'e', 'se', 'sw', 'w', 'nw'];

export function opposite(d: Direction): Direction {
  switch (d) {
    case 'ne':
      return 'sw';
    case 'e':
      return 'w';
    case 'se':
      return 'nw';
    case 'sw':
      return 'ne';
    case 'w':
      return 'e';
    case 'nw':
      return 'se';
  }
}

/** The rules reference's neighbour table (even-r offset). */
export function neighbour(c: Coord, d: Direction): Coord {
  const odd = c.row % 2 === 1;
  switch (d) {
    case 'e':
      return { col: c.col + 1, row: c.row };
    case 'w':
      return { col: c.col - 1, row: c.row };
    case 'ne':
      return odd ? { col: c.col, row: c.row - 1 } : { col: c.col + 1, row: c.row - 1 };
    case 'nw':
      return odd ? { col: c.col - 1, row: c.row - 1 } : { col: c.col, row: c.row - 1 };
    case 'se':
      return odd ? { col: c.col, row: c.row + 1 } : { col: c.col + 1, row: c.row + 1 };
    case 'sw':
      return odd ? { col: c.col - 1, row: c.row + 1 } : { col: c.col, row: c.row + 1 };
  }
}

/** Hex distance, by the rules reference's formula. */
export function distance(a: Coord, b: Coord): number {
  const aa = a.col - Math.ceil(a.row / 2);
  const ab = a.col + Math.floor(a.row / 2);
  const ba = b.col - Math.ceil(b.row / 2);
  const bb = b.col + Math.floor(b.row / 2);
  const da = aa - ba;
  const db = ab - bb;
  return (Math.abs(da) + Math.abs(db) + Math.abs(da - db)) / 2;
}

const SQRT3 = Math.sqrt(3);

/**
 * Pixel centre of a hex for hexes of circumradius `size`, relative to column 0 row 0.
 * Even rows sit half a hex further right, so that NE of an odd-row hex (same column, row above) is up-right.
 */
export function centre(c: Coord, size: number): Point {
  return { x: size * SQRT3 * (c.col + (c.row % 2 === 0 ? 0.5 : 0)), y: size * 1.5 * c.row };
}

/** Width of one hex (flat side to flat side) for circumradius `size`. */
export function hexWidth(size: number): number {
  return size * SQRT3;
}

// Corner k sits at angle 60k - 60 degrees (y down): 0 = top, 1 = upper right, 2 = lower right,
// 3 = bottom, 4 = lower left, 5 = upper left. Side ne joins corners 0-1, e 1-2, se 2-3, sw 3-4, w 4-5, nw 5-0.
const CORNER_UNIT: readonly Point[] = [0, 1, 2, 3, 4, 5].map((k) => {
  const a = ((60 * k - 90) * Math.PI) / 180;
  return { x: Math.cos(a), y: Math.sin(a) };
});

export function corners(p: Point, size: number): Point[] {
  return CORNER_UNIT.map((u) => ({ x: p.x + u.x * size, y: p.y + u.y * size }));
}

/** The two end points of the side of the hex centred at `p` that faces direction `d`. */
export function sideEnds(p: Point, size: number, d: Direction): [Point, Point] {
  const i = DIRECTIONS.indexOf(d);
  const a = CORNER_UNIT[i] as Point;
  const b = CORNER_UNIT[(i + 1) % 6] as Point;
  return [
    { x: p.x + a.x * size, y: p.y + a.y * size },
    { x: p.x + b.x * size, y: p.y + b.y * size },
  ];
}

/**
 * A number rounded to one decimal for SVG output: deterministic and short ("12", "12.5", "-3.1").
 * Built from integers, which is several times faster than formatting a double; the SVG renderer calls it
 * for every coordinate.
 */
export function num(n: number): string {
  const r = Math.round(n * 10);
  const a = r < 0 ? -r : r;
  const whole = Math.floor(a / 10);
  const tenth = a - whole * 10;
  const s = tenth === 0 ? String(whole) : `${whole}.${tenth}`;
  return r < 0 ? `-${s}` : s;
}
