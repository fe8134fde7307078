// Pointy-top hex offset board (mepbm's map): ids, directions, neighbours and distance, exactly as the
// rules reference gives them.
//
// Hexes are pointy-top in horizontal rows; even rows are shifted half a hex right ("even-r" offset).
// A hex id is the column and row written together: four digits `CCRR` ("2915" = column 29, row 15),
// or six digits `CCCRRR` when the column or the row is above 99 ("150120" = column 150, row 120).
// Every hex has exactly one spelling: the six-digit form is only valid when it is needed, so ids can be
// compared as strings everywhere (the database, reports, the order parser).
//
// Inside, distance uses the two cube-like axes of the reference: a = x - ceil(y/2), b = x + floor(y/2).

import { assertBoardSize } from '../board-limits.ts';
import type { Edge, Topology } from '../ruleset.ts';

/** One of the six directions of a pointy-top hex. */
export type Direction = 'ne' | 'e' | 'se' | 'sw' | 'w' | 'nw';
/** A hex id as players write it: four digits, column then row ("2915"); six on maps above 99. */
export type HexId = string;

export interface Coord {
  col: number;
  row: number;
}

/** The six directions in clockwise order starting at north-east. The index is a direction's code. */
export const DIRECTIONS: readonly Direction[] = Object.freeze(['ne', 'e', 'se', 'sw', 'w', 'nw'] as const);

/** Direction code (index into DIRECTIONS) by name. */
export const DIRECTION_INDEX: Readonly<Record<Direction, number>> = Object.freeze({
  ne: 0,
  e: 1,
  se: 2,
  sw: 3,
  w: 4,
  nw: 5,
});

/** The largest column or row a hex id can spell (six-digit form). */
export const MAX_COORD = 999;

export function isDirection(s: string): s is Direction {
  return s === 'ne' || s === 'e' || s === 'se' || s === 'sw' || s === 'w' || s === 'nw';
}

export function opposite(d: Direction): Direction {
  return DIRECTIONS[(DIRECTION_INDEX[d] + 3) % 6] as Direction;
}

/** The two sides next to `d` (for 840 stand and defend: `ne` also defends `nw` and `e`). */
export function adjacentDirections(d: Direction): [Direction, Direction] {
  const i = DIRECTION_INDEX[d];
  return [DIRECTIONS[(i + 5) % 6] as Direction, DIRECTIONS[(i + 1) % 6] as Direction];
}

// Column offsets per direction code, for odd and for even rows; row offsets are the same for both.
// Odd y:  NE (x, y-1), E (x+1, y), SE (x, y+1), SW (x-1, y+1), W (x-1, y), NW (x-1, y-1).
// Even y: NE (x+1, y-1), E (x+1, y), SE (x+1, y+1), SW (x, y+1), W (x-1, y), NW (x, y-1).
/** Column offset by direction code for hexes on odd rows. */
export const ODD_ROW_DCOL: readonly number[] = Object.freeze([0, 1, 0, -1, -1, -1]);
/** Column offset by direction code for hexes on even rows. */
export const EVEN_ROW_DCOL: readonly number[] = Object.freeze([1, 1, 1, 0, -1, 0]);
/** Row offset by direction code. */
export const DROW: readonly number[] = Object.freeze([-1, 0, 1, 1, 0, -1]);

/** The hex next to `c` in direction `d` (it may lie off any map; the map decides). */
export function neighbour(c: Coord, d: Direction): Coord {
  const i = DIRECTION_INDEX[d];
  const dcol = (c.row & 1) === 1 ? (ODD_ROW_DCOL[i] as number) : (EVEN_ROW_DCOL[i] as number);
  return { col: c.col + dcol, row: c.row + (DROW[i] as number) };
}

/** Number of hex steps between two hexes, regardless of terrain. */
export function distance(a: Coord, b: Coord): number {
  // a = x - ceil(y/2), b = x + floor(y/2); d = (|da| + |db| + |da - db|) / 2.
  const aa1 = a.col - Math.ceil(a.row / 2);
  const ab1 = a.col + Math.floor(a.row / 2);
  const aa2 = b.col - Math.ceil(b.row / 2);
  const ab2 = b.col + Math.floor(b.row / 2);
  const da = aa2 - aa1;
  const db = ab2 - ab1;
  return (Math.abs(da) + Math.abs(db) + Math.abs(da - db)) / 2;
}

/** The direction from `a` to the adjacent hex `b`, or null when they are not neighbours. */
export function directionBetween(a: Coord, b: Coord): Direction | null {
  const dcols = (a.row & 1) === 1 ? ODD_ROW_DCOL : EVEN_ROW_DCOL;
  const dcol = b.col - a.col;
  const drow = b.row - a.row;
  for (let i = 0; i < 6; i++) {
    if (dcols[i] === dcol && DROW[i] === drow) return DIRECTIONS[i] as Direction;
  }
  return null;
}

function digit(code: number): number {
  return code >= 48 && code <= 57 ? code - 48 : -1;
}

/**
 * Reads a hex id: `CCRR` (4 digits) or `CCCRRR` (6 digits, only when the column or row is above 99).
 * Anything else (other lengths, non-digits, signs, spaces, a 6-digit spelling of a hex that has a
 * 4-digit one) is null; `hexIdProblem` says why in words.
 */
export function parseHexId(s: string): Coord | null {
  const p = parseHexIdPacked(s);
  if (p < 0) return null;
  const col = Math.floor(p / 1000);
  return { col, row: p - col * 1000 };
}

/** parseHexId without an object: col * 1000 + row, or -1 when `s` is not a hex id. */
export function parseHexIdPacked(s: string): number {
  const n = s.length;
  if (n !== 4 && n !== 6) return -1;
  let v = 0;
  for (let i = 0; i < n; i++) {
    const d = digit(s.charCodeAt(i));
    if (d < 0) return -1;
    v = v * 10 + d;
  }
  if (n === 4) return Math.floor(v / 100) * 1000 + (v % 100);
  const col = Math.floor(v / 1000);
  const row = v % 1000;
  if (col <= 99 && row <= 99) return -1; // has a 4-digit spelling
  return col * 1000 + row;
}

/** Why `s` is not a hex id, in words a player understands; null when it is one. */
export function hexIdProblem(s: string): string | null {
  if (parseHexId(s) !== null) return null;
  const shown = JSON.stringify(s);
  if (!/^[0-9]+$/.test(s)) {
    return `${shown} is not a hex number; write four digits, column then row, e.g. 2915 for column 29, row 15`;
  }
  if (s.length === 6) {
    const col = Number(s.slice(0, 3));
    const row = Number(s.slice(3));
    return `${shown} is column ${col}, row ${row}: write it with four digits, ${formatHexId({ col, row })}`;
  }
  return `${shown} is not a hex number; write four digits, column then row, e.g. 2915 for column 29, row 15 (six digits, e.g. 150120, only on maps with more than 99 columns or rows)`;
}

function pad(v: number, width: number): string {
  return String(v).padStart(width, '0');
}

/** The one spelling of a hex id: four digits when column and row are at most 99, else six. */
export function formatHexId(c: Coord): HexId {
  if (!Number.isInteger(c.col) || !Number.isInteger(c.row) || c.col < 0 || c.row < 0) {
    throw new RangeError(`hex coordinates must be non-negative integers, got column ${c.col}, row ${c.row}`);
  }
  if (c.col > MAX_COORD || c.row > MAX_COORD) {
    throw new RangeError(`hex coordinates above ${MAX_COORD} have no id, got column ${c.col}, row ${c.row}`);
  }
  if (c.col <= 99 && c.row <= 99) return pad(c.col, 2) + pad(c.row, 2);
  return pad(c.col, 3) + pad(c.row, 3);
}

/** True when `c` can be written as a hex id (0..999 each). */
export function isValidCoord(c: Coord): boolean {
  return Number.isInteger(c.col) && Number.isInteger(c.row) && c.col >= 0 && c.row >= 0 && c.col <= MAX_COORD && c.row <= MAX_COORD;
}

// ---- side codes: per-side arrays of a packed board (index * 6 + side), for rulesets' typed-array maps ----

/** The number of sides (and neighbours) of a hex; side codes are 0..5, the DIRECTIONS indexes. */
export const HEX_SIDES = 6;

/** Where side `side` of the hex at packed index `index` lives in a per-side array of a board. */
export function sideSlot(index: number, side: number): number {
  return index * 6 + side;
}

/** The side code `turns` sides clockwise from `side` (negative: anticlockwise); 3 is the opposite side. */
export function turnSide(side: number, turns: number): number {
  return (((side + turns) % 6) + 6) % 6;
}

// ---- the board topology (the contract's Topology) ----

/**
 * A pointy-top even-r offset board of the listed hexes: spaces are hex ids in their one spelling,
 * neighbours are the listed hexes next to a hex, each edge named by its direction; distance ignores
 * every obstacle and the board's edge (hex steps on the infinite grid).
 */
export function hexOffsetTopology(hexes: Iterable<HexId>): Topology<HexId> & { directionOf(a: HexId, b: HexId): Direction | null } {
  const board = new Set<HexId>();
  for (const h of hexes) {
    if (parseHexId(h) === null) throw new RangeError(`hex offset board: ${hexIdProblem(h) ?? `${JSON.stringify(h)} is not a hex id`}`);
    board.add(h);
  }
  assertBoardSize(board.size, 'hex offset board');
  const coordOf = (h: HexId): Coord => {
    const c = parseHexId(h);
    if (c === null) throw new RangeError(`hex offset board: ${hexIdProblem(h) ?? `${JSON.stringify(h)} is not a hex id`}`);
    return c;
  };
  return {
    parseSpace: (text) => {
      const c = parseHexId(text.trim());
      return c === null ? null : formatHexId(c);
    },
    formatSpace: (h) => formatHexId(coordOf(h)),
    has: (h) => board.has(h),
    neighbours: (h) => {
      const c = coordOf(h);
      const out: Edge<HexId>[] = [];
      for (const d of DIRECTIONS) {
        const n = neighbour(c, d);
        if (!isValidCoord(n)) continue;
        const id = formatHexId(n);
        if (board.has(id)) out.push({ to: id, direction: d });
      }
      return out;
    },
    distance: (a, b) => distance(coordOf(a), coordOf(b)),
    directionOf: (a, b) => directionBetween(coordOf(a), coordOf(b)),
  };
}
