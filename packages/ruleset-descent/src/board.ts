// The dungeon on the kernel's square grid: every square of every area (revealed or not: the board's
// shape; what the state's rules allow on an unrevealed square is the ruleset's business), walls, doors.
import { formatSquare, parseSquare, squareDistance, squareGridTopology, type Topology } from '@arbiter/engine';
import type { Door, DsState, Figure } from './types.ts';
import { footprint } from './scenario.ts';

const boards = new WeakMap<DsState['areas'], Topology>();

export function topologyOf(state: DsState): Topology {
  let t = boards.get(state.areas);
  if (t === undefined) {
    t = squareGridTopology({
      squares: state.areas.flatMap((a) => a.squares),
      walls: state.walls.map(([a, b]) => ({ a, b })),
      doors: state.doors.map((d) => ({ a: d.between[0], b: d.between[1] })),
      diagonalsPastWalls: state.settings.diagonalsPastWalls,
    });
    boards.set(state.areas, t);
  }
  return t;
}

/** Rules questions about the dungeon of one state (read live: doors open, areas get revealed). */
export class Dungeon {
  readonly topology: Topology;
  constructor(readonly s: DsState) {
    this.topology = topologyOf(s);
  }

  areaOf(square: string): DsState['areas'][number] | undefined {
    return this.s.areas.find((a) => a.squares.includes(square));
  }

  revealed(square: string): boolean {
    return this.areaOf(square)?.revealed === true;
  }

  doorBetween(a: string, b: string): Door | undefined {
    return this.s.doors.find((d) => (d.between[0] === a && d.between[1] === b) || (d.between[0] === b && d.between[1] === a));
  }

  squaresOf(f: Figure): string[] {
    return f.square === null ? [] : footprint(f.square, f.size);
  }

  figuresOn(square: string, except?: Figure): Figure[] {
    return this.s.figures.filter((f) => f !== except && this.squaresOf(f).includes(square));
  }

  /** Figures adjacent (diagonals included) to any square of `squares`, not standing on them. */
  adjacent(a: readonly string[], b: readonly string[]): boolean {
    return a.some((x) => b.some((y) => squareDistance(parseSquare(x)!, parseSquare(y)!) === 1));
  }

  near(a: readonly string[], b: readonly string[]): boolean {
    return a.some((x) => b.some((y) => squareDistance(parseSquare(x)!, parseSquare(y)!) <= 1));
  }

  /** An orthogonal side a figure may cross: both squares on the board, no wall, no closed door. */
  openSide(a: string, b: string): boolean {
    if (!this.topology.has(a) || !this.topology.has(b)) return false;
    if (!this.topology.neighbours(a).some((e) => e.to === b)) return false;
    return this.doorBetween(a, b)?.open !== false;
  }

  /**
   * A diagonal step crosses a wall line when neither L-shaped route around it is open (both blocked by a
   * wall, a closed door or the dungeon's edge): around one wall's corner is fine, through a wall is not.
   */
  crossesWall(from: string, to: string): boolean {
    const a = parseSquare(from)!;
    const b = parseSquare(to)!;
    if (a.col === b.col || a.row === b.row) return false;
    const viaCol = formatSquare({ col: b.col, row: a.row });
    const viaRow = formatSquare({ col: a.col, row: b.row });
    return !((this.openSide(from, viaCol) && this.openSide(viaCol, to)) || (this.openSide(from, viaRow) && this.openSide(viaRow, to)));
  }

  isPit(square: string): boolean {
    return this.s.pits.includes(square);
  }

  blockingObstacle(square: string): boolean {
    return this.s.obstacles.some((o) => o.square === square && o.blocking);
  }

  stairsAt(square: string): string | null {
    return this.s.stairs.find((x) => x.square === square)?.colour ?? null;
  }

  glyphAt(square: string): { square: string; active: boolean } | undefined {
    return this.s.glyphs.find((g) => g.square === square);
  }
}
