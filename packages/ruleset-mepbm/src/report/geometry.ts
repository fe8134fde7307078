// Drawing geometry of the engine's hex grid: pointy-top hexes in horizontal rows, even rows shifted
// half a hex right ("even-r" offset), hex ids CCRR (or CCCRRR on maps wider or taller than 99).
// The neighbour rule is the rules reference's, exactly; pixel positions follow from it.
import { turnSide } from '@arbiter/engine';
import { type Coord, type Direction, type HexId, DIRECTIONS, formatHexId, parseHexId } from '@arbiter/engine';

// Hex ids, neighbours and distances are the engine's (one hex module for the whole project); this file
// adds only what drawing needs.
export { type Coord, DIRECTIONS, distance, neighbour, opposite } from '@arbiter/engine';

export interface Point {
  x: number;
  y: number;
}

/** The column and row of a hex id, or null when it is not one (the engine's parseHexId). */
export function coordOf(id: HexId): Coord | null {
  return parseHexId(id);
}

/** The column and row of a hex id found at `path` in a view; throws naming the path when it is not one. */
export function requireCoord(id: HexId, path: string): Coord {
  const c = typeof id === 'string' ? parseHexId(id) : null;
  if (c === null) {
    throw new Error(`${path}: ${JSON.stringify(id)} is not a hex id (expected 4 digits CCRR or 6 digits CCCRRR)`);
  }
  return c;
}

/** The hex id of a coordinate (the engine's formatHexId; throws for coordinates off every map). */
export function hexIdOf(c: Coord): HexId {
  return formatHexId(c);
}

/** Key of a coordinate that may lie off the map (a side's far hex), for sets and maps. */
export function coordKey(c: Coord): string {
  return `${c.col},${c.row}`;
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
  const b = CORNER_UNIT[turnSide(i, 1)] as Point;
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
