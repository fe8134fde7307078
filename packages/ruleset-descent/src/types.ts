// The Descent ruleset's state, a plain JSON value (stored in PostgreSQL between turns).
import type { RngState } from '@arbiter/engine';

export type Side = 'heroes' | 'overlord';
export type HeroAction = 'run' | 'advance' | 'ready' | 'battle';
export type ReadyOrder = 'guard' | 'dodge' | 'aim' | 'rest';
export type TokenKind = 'chest' | 'potion' | 'treasure' | 'coin' | 'rune-key' | 'item';
export type DoorKind = 'normal' | 'rune';
export type LargeMonsterRule = 'step-and-fit' | 'reference-square';

export interface Door {
  id: string;
  /** The two orthogonally adjacent squares the door lies between. */
  between: [string, string];
  kind: DoorKind;
  /** Rune-locked doors: the rune's colour, and whether its key has unlocked it. */
  rune: string | null;
  unlocked: boolean;
  open: boolean;
}

export interface Token {
  id: string;
  kind: TokenKind;
  square: string;
  /** What the token is (an item's name); chests draw from the treasure deck instead. */
  item: string | null;
}

export interface Figure {
  id: string;
  name: string;
  side: Side;
  player: string;
  /** Null: the hero is in town. */
  square: string | null;
  speed: number;
  fatigue: number;
  wounds: number;
  /** Monsters: attacks allowed in one activation. */
  attacks: number;
  aura: boolean;
  grapple: boolean;
  /** Columns and rows of the base from the reference (top-left) square: [1, 1] for a normal figure. */
  size: [number, number];
  items: string[];
  /** The ready order the hero placed this turn, or null. */
  readied: ReadyOrder | null;
}

export interface Area {
  id: string;
  squares: string[];
  revealed: boolean;
  /** What the scenario places when the area is revealed: hidden from every player until then. */
  monsters: Figure[];
  tokens: Token[];
}

export interface Settings {
  /** Large monsters: `step-and-fit` (the 1st-edition ruling: the base fits at every step), `reference-square` (house rule: only the reference square is walked). */
  largeMonsters: LargeMonsterRule;
  /** Diagonal steps past a wall's or door's corner (the community ruling, default true). */
  diagonalsPastWalls: boolean;
  /** Figures other than the two a line of sight joins block it (default true). */
  figuresBlockSight: boolean;
  /** When a hero reveals an unrevealed area: on line of sight to any of its squares (default), or only next to one (rules version 1). */
  revealBy: 'line-of-sight' | 'adjacent';
}

export interface Player {
  id: string;
  name: string;
  side: Side;
}

export interface DsState {
  ruleset: 'descent';
  turn: number;
  settings: Settings;
  areas: Area[];
  walls: [string, string][];
  doors: Door[];
  pits: string[];
  /** Obstacles: blocking ones stop movement; others (rubble...) are recorded only. */
  obstacles: { square: string; kind: string; blocking: boolean }[];
  stairs: { square: string; colour: string }[];
  glyphs: { square: string; active: boolean }[];
  tokens: Token[];
  /** The treasure deck chests draw from (hidden: only its size is shown). */
  treasureDeck: string[];
  players: Player[];
  figures: Figure[];
  /** Players who have made their move this turn. */
  moved: string[];
  rng: RngState;
}
