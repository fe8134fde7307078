// A square grid with diagonal steps, walls and doors between squares (Descent's dungeon tiles).
//
// A square's id is its column as letters and its row as a number, both from the top-left: "A1", "C7",
// "AB12" (column 28). One spelling: upper-case letters, no leading zeros; `parseSpace` also reads
// lower-case and surrounding spaces. Eight neighbours, named n, ne, e, se, s, sw, w, nw. A wall between
// two orthogonal neighbours removes that edge; a door keeps it, marked `through: 'door'` (whether it is
// open is the ruleset's state, so its step rules refuse a closed one). Diagonal steps are free around
// corners unless `diagonalsPastWalls` is false (a house-rule setting: then a diagonal needs one of the
// two L-shaped orthogonal routes free of walls and doors). Distance is steps with diagonals (Chebyshev),
// ignoring every obstacle.
import { assertBoardSize } from '../board-limits.ts';
import type { Edge, Topology } from '../ruleset.ts';

export type SquareDirection = 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w' | 'nw';

/** The eight directions, clockwise from north, with their column and row steps (rows grow southwards). */
export const SQUARE_DIRECTIONS: readonly { name: SquareDirection; dx: number; dy: number }[] = Object.freeze([
  { name: 'n', dx: 0, dy: -1 },
  { name: 'ne', dx: 1, dy: -1 },
  { name: 'e', dx: 1, dy: 0 },
  { name: 'se', dx: 1, dy: 1 },
  { name: 's', dx: 0, dy: 1 },
  { name: 'sw', dx: -1, dy: 1 },
  { name: 'w', dx: -1, dy: 0 },
  { name: 'nw', dx: -1, dy: -1 },
]);

export interface Square {
  /** Column from 1 (A). */
  col: number;
  /** Row from 1. */
  row: number;
}

/** A side between two orthogonally adjacent squares, by their ids. */
export interface SquareSide {
  a: string;
  b: string;
}

export interface SquareGridInput {
  /** The board's squares (a dungeon is not a rectangle). */
  squares: Iterable<string>;
  walls?: Iterable<SquareSide>;
  doors?: Iterable<SquareSide>;
  /** Diagonal steps past a wall's or door's corner (default true, the community ruling). */
  diagonalsPastWalls?: boolean;
}

const SQUARE_ID = /^([A-Z]+)([1-9][0-9]*)$/;

/** Reads a square id in its one spelling ("C7"), or null. */
export function parseSquare(id: string): Square | null {
  const m = SQUARE_ID.exec(id);
  if (m === null) return null;
  let col = 0;
  for (const ch of m[1] as string) col = col * 26 + (ch.charCodeAt(0) - 64);
  const row = Number(m[2]);
  if (!Number.isSafeInteger(col) || !Number.isSafeInteger(row)) return null;
  return { col, row };
}

/** The one spelling of a square: column letters (A..Z, AA..), row number. */
export function formatSquare(s: Square): string {
  if (!Number.isInteger(s.col) || !Number.isInteger(s.row) || s.col < 1 || s.row < 1) {
    throw new RangeError(`square coordinates must be whole numbers from 1, got column ${s.col}, row ${s.row}`);
  }
  let letters = '';
  for (let c = s.col; c > 0; c = Math.floor((c - 1) / 26)) letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  return `${letters}${s.row}`;
}

/** Steps between two squares with diagonals allowed (Chebyshev distance). */
export function squareDistance(a: Square, b: Square): number {
  return Math.max(Math.abs(a.col - b.col), Math.abs(a.row - b.row));
}

function sideKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export function squareGridTopology(input: SquareGridInput): Topology<string> {
  const board = new Set<string>();
  for (const id of input.squares) {
    if (parseSquare(id) === null) throw new RangeError(`square grid: ${JSON.stringify(id)} is not a square id (column letters and row number, e.g. "C7")`);
    board.add(id);
  }
  assertBoardSize(board.size, 'square grid');
  const sides = (list: Iterable<SquareSide> | undefined, what: string): Set<string> => {
    const out = new Set<string>();
    for (const { a, b } of list ?? []) {
      const sa = parseSquare(a);
      const sb = parseSquare(b);
      if (sa === null || sb === null || !board.has(a) || !board.has(b) || Math.abs(sa.col - sb.col) + Math.abs(sa.row - sb.row) !== 1) {
        throw new RangeError(`square grid: a ${what} must lie between two orthogonally adjacent squares of the board, got ${JSON.stringify(a)}-${JSON.stringify(b)}`);
      }
      out.add(sideKey(a, b));
    }
    return out;
  };
  const walls = sides(input.walls, 'wall');
  const doors = sides(input.doors, 'door');
  for (const k of doors) if (walls.has(k)) throw new RangeError(`square grid: ${k.replace('|', '-')} is both a wall and a door`);
  const pastWalls = input.diagonalsPastWalls ?? true;
  const coordOf = (id: string): Square => {
    const s = parseSquare(id);
    if (s === null) throw new RangeError(`square grid: ${JSON.stringify(id)} is not a square id`);
    return s;
  };
  const openSide = (a: string, b: string): boolean => board.has(a) && board.has(b) && !walls.has(sideKey(a, b)) && !doors.has(sideKey(a, b));
  return {
    parseSpace: (text) => {
      const s = parseSquare(text.trim().toUpperCase());
      return s === null ? null : formatSquare(s);
    },
    formatSpace: (id) => formatSquare(coordOf(id)),
    has: (id) => board.has(id),
    neighbours: (id) => {
      const c = coordOf(id);
      const out: Edge<string>[] = [];
      for (const d of SQUARE_DIRECTIONS) {
        if (c.col + d.dx < 1 || c.row + d.dy < 1) continue;
        const to = formatSquare({ col: c.col + d.dx, row: c.row + d.dy });
        if (!board.has(to)) continue;
        if (d.dx === 0 || d.dy === 0) {
          const k = sideKey(id, to);
          if (walls.has(k)) continue;
          out.push(doors.has(k) ? { to, direction: d.name, through: 'door' } : { to, direction: d.name });
          continue;
        }
        if (!pastWalls) {
          const viaCol = formatSquare({ col: c.col + d.dx, row: c.row });
          const viaRow = formatSquare({ col: c.col, row: c.row + d.dy });
          const free = (openSide(id, viaCol) && openSide(viaCol, to)) || (openSide(id, viaRow) && openSide(viaRow, to));
          if (!free) continue;
        }
        out.push({ to, direction: d.name });
      }
      return out;
    },
    distance: (a, b) => squareDistance(coordOf(a), coordOf(b)),
  };
}
