// The Guards of Atlantis II state and the card data a scenario gives (docs/scenario-format-guards-of-atlantis.md).
import type { HexId, RngState } from '@arbiter/engine';

export type Team = 'red' | 'blue';
export const TEAMS: readonly Team[] = ['red', 'blue'];
export const otherTeam = (t: Team): Team => (t === 'red' ? 'blue' : 'red');

/**
 * What a card's text does to movement, as data (the card's printed text is kept beside it, in words).
 * - `move`: "move N spaces" in the card text (no Fast Travel; not stopped by effects that stop movement
 *   actions; the exact number unless `upTo` ("up to N") or `optional` ("you may move")). `through`: "you
 *   may move through obstacles" (enter and leave them, never end on one). `target`: who moves: the hero
 *   (`self`), another `unit` (a hero or minion) or a `token`, within `within` spaces of the hero.
 * - `movement-action`: "perform a movement action of N" in the card text (Fast Travel allowed instead).
 * - `enemies-adjacent-slowed`: "enemy heroes adjacent to you cannot fast travel or move more than
 *   `maxSpaces` spaces with a movement action" (this turn; checked when such a hero starts a movement action).
 * - `enemies-adjacent-stopped`: "enemy heroes adjacent to you cannot perform movement actions" (this turn).
 */
export type CardEffect =
  | { kind: 'move'; spaces: number; upTo: boolean; optional: boolean; timing: 'before' | 'after'; through: boolean; target: MoveTarget; within: number }
  | { kind: 'movement-action'; spaces: number; timing: 'before' | 'after' }
  | { kind: 'enemies-adjacent-slowed'; maxSpaces: number; noFastTravel: boolean }
  | { kind: 'enemies-adjacent-stopped' };

/** Who a card text's `move` moves: the hero itself, another unit (hero or minion), or a token. */
export type MoveTarget = 'self' | 'unit' | 'token';

export type CardColor = 'gold' | 'silver' | 'red' | 'green' | 'blue';
export type PrimaryAction = 'movement' | 'attack' | 'skill' | 'defense';

export interface Card {
  name: string;
  color: CardColor;
  /** The initiative printed on the card: higher resolves first. */
  initiative: number;
  /** The primary action, and its value (a movement card's primary movement value). */
  primary: { action: PrimaryAction; value: number };
  /** The secondary Movement value (the movement icon): a secondary Movement action moves up to this. */
  movement: number;
  /** The card text in words, as printed. */
  text: string;
  /** What the text does to movement (applied with the primary action only). */
  effects: CardEffect[];
}

export interface Player { id: string; name: string; team: Team }
export interface Hero { id: string; name: string; player: string; team: Team; at: HexId }
export interface Minion { id: string; team: Team; at: HexId }
export interface Token { id: string; kind: string; at: HexId }
export interface SpawnPoint { hex: HexId; team: Team }

/** A card text's lasting effect this turn: `by` is the hero whose card it is. */
export interface Status {
  by: string;
  card: string;
  effect: Extract<CardEffect, { kind: 'enemies-adjacent-slowed' | 'enemies-adjacent-stopped' }>;
}

export interface Settings {
  /** Who holds the tie-breaker coin at the start ("random": drawn from the seeded generator at the first tie). */
  coin: Team | 'random';
  /** After the coin breaks a tie between teams: it passes to the other team, or stays (house rule). */
  coinAfterTie: 'passes' | 'stays';
  /**
   * Which contacts make two zones adjacent (Fast Travel): `open-to-open` (default, the glossary: a
   * non-terrain space of one touching a non-terrain space of the other, at least two of them) or
   * `open-to-any` (rules version 1: a non-terrain space touching any space of the other, terrain included).
   */
  zoneAdjacency: 'open-to-open' | 'open-to-any';
}

export interface GoaState {
  ruleset: 'guards-of-atlantis';
  name: string;
  turn: number;
  rng: RngState;
  settings: Settings;
  /** The team holding the tie-breaker coin now, or null before a "random" coin's first draw. */
  coin: Team | null;
  /** The board as rows of cells (docs/scenario-format-guards-of-atlantis.md): zone letters, terrain, water. */
  rows: string[];
  battleZone: string | null;
  spawnPoints: SpawnPoint[];
  players: Player[];
  heroes: Hero[];
  minions: Minion[];
  tokens: Token[];
  cards: Record<string, Card>;
  /** Each hero's cards in hand, and the cards it has played (public once resolved). */
  hands: Record<string, string[]>;
  played: Record<string, string[]>;
}
