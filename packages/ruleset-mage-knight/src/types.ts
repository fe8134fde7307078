// The Mage Knight ruleset's state, a plain JSON value (stored in PostgreSQL between turns).
import type { RngState } from '@arbiter/engine';
import type { RampagingKind, Site, Terrain, TimeOfDay } from './terrain.ts';

export type TileHex = 'c' | 'ne' | 'e' | 'se' | 'sw' | 'w' | 'nw';

/** One hex of a tile as printed: terrain, and a site if any; a rampaging enemy token put on it when revealed. */
export interface HexDef {
  terrain: Terrain;
  site?: Site;
  /** A fortified site that is already conquered (a scenario may start with one). */
  conquered?: boolean;
  enemy?: RampagingKind;
}

export type TileKind = 'starting' | 'countryside' | 'core';

/** A tile: seven hexes with a fixed orientation (placed as printed, never turned by a player). */
export interface TileDef {
  id: string;
  kind: TileKind;
  hexes: Record<TileHex, HexDef>;
}

export interface TilePositionDef {
  id: string;
  at: [number, number];
  /** On the coastline (a wedge's leftmost or rightmost lane): no Core tile may be placed here. */
  coastline?: boolean;
}

/** A revealed space on the map. */
export interface Space {
  id: string;
  terrain: Terrain;
  site: Site | null;
  conquered: boolean;
}

export interface PlacedTile {
  position: string;
  tile: string;
  kind: TileKind;
}

export interface Hero {
  id: string;
  name: string;
  player: string;
  /** Null: off the map, in front of the player (after ending a turn on the portal). */
  space: string | null;
  fame: number;
  level: number;
  wounds: number;
}

export interface Enemy {
  /** Where its token lies: rampaging enemies never move. */
  space: string;
  kind: RampagingKind;
  defeated: boolean;
}

export interface Player {
  id: string;
  name: string;
}

export interface Settings {
  /** Player-vs-player combat: ending a move on another hero is an attack (else forced withdrawal). */
  playerVsPlayer: boolean;
  /** Fame per tile revealed ("The First Reconnaissance": 1); 0 for none. */
  famePerTile: number;
  /** Fame at which each next level is reached (the ends of the Fame track's rows). */
  levelAt: number[];
  /** `shuffled`: each draw takes a tile at random from the pile (a recorded draw); `as-listed`: the first. */
  tileOrder: 'shuffled' | 'as-listed';
  /**
   * An explore when the tile deck is empty: `reserve` (the rulebook) takes a random tile removed from the
   * game at setup (countryside first, then non-city core), placed only where it touches three placed tiles;
   * `none`: no more exploring.
   */
  emptyDeck: 'reserve' | 'none';
}

export interface MkState {
  ruleset: 'mage-knight';
  turn: number;
  time: TimeOfDay;
  settings: Settings;
  /** The map shape: every position a tile may lie on (positions behind the coastline are not in it). */
  positions: TilePositionDef[];
  tiles: PlacedTile[];
  /** Revealed spaces, sorted by id. */
  spaces: Space[];
  /** The tile deck, unrevealed: countryside tiles are drawn first, then core tiles. Hidden from every player. */
  deck: { countryside: TileDef[]; core: TileDef[] };
  /** Tiles removed from the game at setup (the scenario's `reserve`): the empty deck's fallback. Hidden from every player. */
  reserve: TileDef[];
  players: Player[];
  heroes: Hero[];
  enemies: Enemy[];
  /** Players who have made their move this turn (seat order). */
  moved: string[];
  rng: RngState;
}
