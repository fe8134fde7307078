// The board as the kernel's square grid: columns A.. and rows 1.. from the top-left, eight directions,
// walls between squares. What a crew sees is a distance on the same grid (walls do not hide anything).
import { formatSquare, parseSquare, squareGridTopology, type Topology } from '@arbiter/engine';
import type { Board, LrState } from './types.ts';

/** Every square of the board, row by row from the top-left (the board's order). */
export function squaresOf(board: Pick<Board, 'columns' | 'rows'>): string[] {
  const out: string[] = [];
  for (let row = 1; row <= board.rows; row++) for (let col = 1; col <= board.columns; col++) out.push(formatSquare({ col, row }));
  return out;
}

const topologies = new WeakMap<Board, Topology>();

/** The board of a scenario or state as the kernel's topology (built once per board object). */
export function topologyOf(board: Board): Topology {
  let t = topologies.get(board);
  if (t === undefined) {
    t = squareGridTopology({ squares: squaresOf(board), walls: board.walls.map(([a, b]) => ({ a, b })) });
    topologies.set(board, t);
  }
  return t;
}

export const boardOf = (state: LrState): Topology => topologyOf(state.board);

/** Column and row of a square of the board (a bug if it is not one). */
export function cell(square: string): { col: number; row: number } {
  const s = parseSquare(square);
  if (s === null) throw new RangeError(`not a square: ${JSON.stringify(square)}`);
  return s;
}
