// The bounds of every board a scenario can describe (docs/security.md, "Boards and maps"), in one place
// for every ruleset: each ruleset's scenario schema checks them before anything is built or drawn, so no
// scenario makes a board, or a picture of one, that takes the server's memory or time. Generous for real
// games: JOverseer's 2950 map is 44 columns by 39 rows (1,716 hexes), the turn benchmark's 500-nation game
// 151 by 120, the engine benchmarks' maps 200 by 200; a Descent quest a few hundred squares, a Mage Knight
// map a dozen tiles within 4 positions of the start, Expeditions' map 500 units wide.

export const BOARD_LIMITS = Object.freeze({
  /** Columns, and rows, of a grid board (mepbm's and Guards of Atlantis' hexes, Descent's squares). */
  gridSide: 200,
  /** Spaces on one board (hexes, squares, locations). */
  spaces: 40_000,
  /** A tile position's lattice coordinates (Mage Knight), each from -this to this. */
  tileCoordinate: 16,
  /** A point a scenario places on the map picture (Expeditions' `at`), each coordinate from -this to this. */
  pictureCoordinate: 2000,
});

const limitNote = 'the limits of docs/security.md';

/** Why a grid position is off the largest board Arbiter takes (columns and rows from 0 or 1), or null. */
export function gridPositionProblem(col: number, row: number): string | null {
  const max = BOARD_LIMITS.gridSide;
  if (col <= max && row <= max) return null;
  return `column ${col}, row ${row} is off the largest board Arbiter takes: at most ${max} columns and ${max} rows (${limitNote})`;
}

/** Why `count` spaces are too many for one board, or null. */
export function spaceCountProblem(count: number, what = 'spaces'): string | null {
  if (count <= BOARD_LIMITS.spaces) return null;
  return `${count} ${what} is more than a board may have: at most ${BOARD_LIMITS.spaces} (${limitNote})`;
}

/** Why a tile position's lattice coordinate is too far out, or null. */
export function tileCoordinateProblem(n: number): string | null {
  const max = BOARD_LIMITS.tileCoordinate;
  if (Math.abs(n) <= max) return null;
  return `tile position coordinate ${n} is too far out: each is from -${max} to ${max} (${limitNote})`;
}

/** Why a point on the map picture is too far out, or null. */
export function pictureCoordinateProblem(n: number): string | null {
  const max = BOARD_LIMITS.pictureCoordinate;
  if (Number.isFinite(n) && Math.abs(n) <= max) return null;
  return `map coordinate ${n} is too far out: each is from -${max} to ${max} (${limitNote})`;
}

/** Throws a RangeError (a caller's bug: its scenario check let it through) when a board has too many spaces. */
export function assertBoardSize(count: number, board: string): void {
  const problem = spaceCountProblem(count);
  if (problem !== null) throw new RangeError(`${board}: ${problem}`);
}

/** What `withinLimit` needs of a schema refinement's context (zod's has it). */
export interface RefinementContext {
  addIssue(issue: { code: 'custom'; message: string }): void;
}

/** A schema refinement (zod's `superRefine`) from one of the problems above: the value's issue, or none. */
export function withinLimit<T>(problem: (value: T) => string | null): (value: T, ctx: RefinementContext) => void {
  return (value, ctx) => {
    const p = problem(value);
    if (p !== null) ctx.addIssue({ code: 'custom', message: p });
  };
}
