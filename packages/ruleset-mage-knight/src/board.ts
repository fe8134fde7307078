// The map during play: the hex-tiles topology of the scenario's positions (from the kernel) plus what
// is revealed on it. Rules questions the geometry cannot answer live here: which spaces are revealed,
// which tile positions are still open, where the portal is.
import { hexTiles, type HexDirection, type HexTiles } from '@arbiter/engine';
import type { MkState, Space, TileHex } from './types.ts';

export const TILE_HEX_NAMES: readonly TileHex[] = ['c', 'ne', 'e', 'se', 'sw', 'w', 'nw'];

export class Board {
  readonly topology: HexTiles;
  private readonly revealed = new Map<string, Space>();
  private readonly placed = new Set<string>();

  constructor(state: Pick<MkState, 'positions' | 'spaces' | 'tiles'>) {
    this.topology = hexTiles(state.positions);
    for (const s of state.spaces) this.revealed.set(s.id, s);
    for (const t of state.tiles) this.placed.add(t.position);
  }

  /** A revealed space, or undefined (not on the map, or on a tile not yet revealed). */
  space(id: string): Space | undefined {
    return this.revealed.get(id);
  }

  /** Adds a revealed tile's spaces (the state holds the same objects). */
  reveal(position: string, spaces: readonly Space[]): void {
    this.placed.add(position);
    for (const s of spaces) this.revealed.set(s.id, s);
  }

  isPlaced(position: string): boolean {
    return this.placed.has(position);
  }

  /** The space next to `space` in direction `d` on the map shape (revealed or not), or null. */
  neighbour(space: string, d: HexDirection): string | null {
    return this.topology.neighbour(space, d);
  }

  /** Revealed neighbours of a space. */
  revealedNeighbours(space: string): string[] {
    return this.topology
      .neighbours(space)
      .map((e) => e.to)
      .filter((s) => this.revealed.has(s));
  }

  /** The open tile positions a space borders (on the map shape, no tile yet), with the directions into each. */
  openPositionsFrom(space: string): { position: string; directions: HexDirection[] }[] {
    return this.topology.positionsTouching(space).filter((p) => !this.placed.has(p.position));
  }

  /** Revealed spaces a hero can stand on (not lake or mountain, no rampaging enemy) from which `position` can be explored. */
  spacesExploring(position: string, enemyOn: (space: string) => boolean): string[] {
    if (this.placed.has(position) || this.topology.position(position) === undefined) return [];
    const out: string[] = [];
    for (const s of this.revealed.values()) {
      if (s.terrain === 'lake' || s.terrain === 'mountain' || enemyOn(s.id)) continue;
      if (this.topology.positionsTouching(s.id).some((p) => p.position === position)) out.push(s.id);
    }
    return out.sort();
  }

  portal(): string {
    for (const s of this.revealed.values()) if (s.site === 'portal') return s.id;
    throw new Error('the map has no portal (the scenario check should have refused it)');
  }
}
