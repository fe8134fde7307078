// Where a revealed tile may be placed (the rulebook's Movement 5e): a Countryside tile where it touches at
// least two placed tiles, or touches a tile that borders at least two; a Core tile only where it touches
// at least two, and never on the coastline; a tile from the reserve (the empty deck's fallback) only where
// it touches at least three, to fill a hole. The kind of the next tile is known before the explore (the
// deck's backs are green, then brown), so a position it may not go on is refused before the draw.
import { latticeNeighbours } from '@arbiter/engine';
import type { MkState, TileKind, TilePositionDef } from './types.ts';

/** Where the next tile comes from: the deck (its kind shows on its back) or the reserve. */
export type NextTile = { from: 'deck'; kind: Exclude<TileKind, 'starting'> } | { from: 'reserve' };

/** The next tile an explore would reveal, or null when there is none to take. */
export function nextTile(state: Pick<MkState, 'deck' | 'reserve' | 'settings'>): NextTile | null {
  if (state.deck.countryside.length > 0) return { from: 'deck', kind: 'countryside' };
  if (state.deck.core.length > 0) return { from: 'deck', kind: 'core' };
  if (state.settings.emptyDeck === 'reserve' && state.reserve.length > 0) return { from: 'reserve' };
  return null;
}

class Layout {
  private readonly byAt = new Map<string, TilePositionDef>();
  private readonly placed: ReadonlySet<string>;

  constructor(state: Pick<MkState, 'positions' | 'tiles'>) {
    for (const p of state.positions) this.byAt.set(`${p.at[0]},${p.at[1]}`, p);
    this.placed = new Set(state.tiles.map((t) => t.position));
  }

  /** The placed tiles touching a position. */
  placedAround(p: TilePositionDef): TilePositionDef[] {
    return latticeNeighbours(p.at)
      .map(([a, b]) => this.byAt.get(`${a},${b}`))
      .filter((n): n is TilePositionDef => n !== undefined && this.placed.has(n.id));
  }
}

const ids = (ps: readonly TilePositionDef[]) => ps.map((p) => p.id).join(', ') || 'none';

/** Why the next tile may not be placed on `position` (in words), or null when it may. */
export function placementProblem(state: Pick<MkState, 'positions' | 'tiles'>, position: string, next: NextTile): string | null {
  const p = state.positions.find((x) => x.id === position);
  if (p === undefined) throw new Error(`${position} is not a tile position of this map`);
  const layout = new Layout(state);
  const around = layout.placedAround(p);
  if (next.from === 'reserve') {
    return around.length >= 3 ? null : `the deck is empty: a tile from the reserve only fills a hole, touching at least three placed tiles; position ${position} touches ${around.length} (${ids(around)})`;
  }
  if (next.kind === 'core') {
    if (p.coastline === true) return `the next tile is a Core tile, and Core tiles are never placed on the coastline (position ${position})`;
    return around.length >= 2 ? null : `the next tile is a Core tile: it must touch at least two placed tiles; position ${position} touches ${around.length} (${ids(around)})`;
  }
  if (around.length >= 2) return null;
  if (around.some((n) => layout.placedAround(n).length >= 2)) return null;
  return `a Countryside tile must touch at least two placed tiles, or a tile that borders two; position ${position} touches ${ids(around)}, which ${around.length === 1 ? 'borders' : 'border'} fewer than two`;
}
