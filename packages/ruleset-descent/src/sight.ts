// Line of sight on the dungeon's squares (docs/rules-descent.md, "Line of sight"): a straight line from
// the centre of one square to the centre of the other. It is blocked where it crosses a wall, a closed
// door or the dungeon's edge, and where it passes through a square off the board, with a blocking obstacle,
// or (setting `figuresBlockSight`) with a figure other than the two it joins. Touching a corner is not
// crossing: a line through a corner point is blocked only when both ways round the corner are shut (the
// same test as a diagonal step's, `Dungeon.crossesWall`). Exact: squares are 2 x 2 in doubled coordinates,
// so every centre and every side is an integer, and the walk compares crossings as integers.
import { formatSquare, parseSquare } from '@arbiter/engine';
import type { Dungeon } from './board.ts';
import type { Figure } from './types.ts';

/** Why a line of sight is blocked (in words), or null when it is clear. */
export type SightBlock = string | null;

const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);

/** The square holding the doubled-coordinate point strictly inside it (col, row from 1), or null off the grid. */
function squareAt(col: number, row: number): string | null {
  return col < 1 || row < 1 ? null : formatSquare({ col, row });
}

/** Which figure stands on each square (every square of a large base), for the lines of one question. */
export function occupancy(d: Dungeon): Map<string, Figure[]> {
  const out = new Map<string, Figure[]>();
  for (const f of d.s.figures) for (const q of d.squaresOf(f)) out.set(q, [...(out.get(q) ?? []), f]);
  return out;
}

/**
 * Whether the line from the centre of `from` to the centre of `to` is clear; `ignore` are the figures it
 * joins (their squares never block it); `standing` is `occupancy(d)`, when many lines share it.
 */
export function sightBetween(d: Dungeon, from: string, to: string, ignore: readonly Figure[] = [], standing: ReadonlyMap<string, readonly Figure[]> = occupancy(d)): SightBlock {
  const a = parseSquare(from)!;
  const b = parseSquare(to)!;
  if (from === to) return null;
  // Doubled coordinates: square (c, r) spans x in [2c-2, 2c], y in [2r-2, 2r]; its centre is (2c-1, 2r-1).
  const x0 = 2 * a.col - 1;
  const y0 = 2 * a.row - 1;
  const dx = 2 * (b.col - a.col);
  const dy = 2 * (b.row - a.row);
  const sx = Math.abs(dx) || 1;
  const sy = Math.abs(dy) || 1;
  const scale = sx * sy;
  // Every crossing of an even grid line, as T in [0, scale] (T / scale is the share of the line walked).
  const crossings = new Map<number, { x: number | null; y: number | null }>();
  for (let X = x0 + sign(dx); dx !== 0 && X !== x0 + dx; X += sign(dx)) {
    if (X % 2 !== 0) continue;
    const T = (X - x0) * sign(dx) * sy;
    crossings.set(T, { ...(crossings.get(T) ?? { y: null }), x: X });
  }
  for (let Y = y0 + sign(dy); dy !== 0 && Y !== y0 + dy; Y += sign(dy)) {
    if (Y % 2 !== 0) continue;
    const T = (Y - y0) * sign(dy) * sx;
    crossings.set(T, { ...(crossings.get(T) ?? { x: null }), y: Y });
  }
  // The row (or column) a point of the line lies in, at T where it crosses the other axis's line.
  const cellOf = (start: number, delta: number, T: number): number => Math.floor((start * scale + delta * T) / (2 * scale)) + 1;
  let col = a.col;
  let row = a.row;
  for (const T of [...crossings.keys()].sort((p, q) => p - q)) {
    const c = crossings.get(T)!;
    const here = squareAt(col, row)!;
    const nextCol = c.x === null ? col : col + sign(dx);
    const nextRow = c.y === null ? row : row + sign(dy);
    const next = squareAt(nextCol, nextRow);
    if (next === null || !d.topology.has(next)) return `the line leaves the dungeon at ${next ?? 'its edge'}`;
    if (c.x !== null && c.y !== null) {
      if (d.crossesWall(here, next)) return `a wall or closed door closes the corner between ${here} and ${next}`;
    } else if (c.x !== null) {
      const r = cellOf(y0, dy, T);
      if (r !== row) throw new Error(`line of sight ${from}-${to}: lost its row`);
      if (!d.openSide(here, next)) return shutWhy(d, here, next);
    } else {
      const k = cellOf(x0, dx, T);
      if (k !== col) throw new Error(`line of sight ${from}-${to}: lost its column`);
      if (!d.openSide(here, next)) return shutWhy(d, here, next);
    }
    col = nextCol;
    row = nextRow;
    if (next === to) break;
    const blocked = blockerOn(d, next, ignore, standing);
    if (blocked !== null) return blocked;
  }
  return null;
}

function shutWhy(d: Dungeon, a: string, b: string): string {
  const door = d.doorBetween(a, b);
  return door !== undefined ? `door ${door.id} between ${door.between[0]} and ${door.between[1]} is closed` : `a wall stands between ${a} and ${b}`;
}

function blockerOn(d: Dungeon, square: string, ignore: readonly Figure[], standing: ReadonlyMap<string, readonly Figure[]>): SightBlock {
  if (d.blockingObstacle(square)) return `a blocking obstacle on ${square} is in the way`;
  if (!d.s.settings.figuresBlockSight) return null;
  const f = standing.get(square)?.find((x) => !ignore.includes(x));
  return f === undefined ? null : `${f.id} on ${square} is in the way`;
}

/** Line of sight between two figures: from any square of one's base to any square of the other's. */
export function sightOf(d: Dungeon, viewer: Figure, target: Figure): SightBlock {
  let first: SightBlock = null;
  const standing = occupancy(d);
  for (const p of d.squaresOf(viewer)) {
    for (const q of d.squaresOf(target)) {
      const why = sightBetween(d, p, q, [viewer, target], standing);
      if (why === null) return null;
      first ??= why;
    }
  }
  return first ?? `${target.id} is not on the board`;
}
