// The events of a turn, in the order they happen: a discriminated union, `type` its tag.
import type { HexId } from '@arbiter/engine';
import type { Team } from './types.ts';

export type MovementKind = 'movement-action' | 'card-text';

export type GoaEvent =
  /** The cards played this turn, revealed together, and the order they resolve in. */
  | { type: 'cards-revealed'; order: { hero: string; card: string; initiative: number }[] }
  /** A tie of initiative between teams, settled by the team holding the coin. */
  | { type: 'tie-broken'; initiative: number; heroes: string[]; coin: Team }
  | { type: 'coin-passed'; to: Team }
  | { type: 'no-card'; hero: string }
  /** An order that cannot be carried out at all (its card is not in the hero's hand...). */
  | { type: 'order-refused'; hero: string; card: string; reason: string }
  | { type: 'card-resolved'; hero: string; card: string; initiative: number; action: 'secondary-movement' | 'primary-movement' | 'fast-travel' | 'hold' }
  | { type: 'card-text-applied'; hero: string; card: string; text: string }
  | { type: 'effect-in-play'; hero: string; card: string; effect: string }
  | { type: 'movement-limited'; hero: string; spaces: number; by: string }
  | { type: 'moved'; hero: string; from: HexId; to: HexId; by: MovementKind }
  | { type: 'fast-travelled'; hero: string; from: HexId; to: HexId; fromZone: string; toZone: string }
  /** A movement ended: where, after how many spaces of how many, and why it stopped short (null: it did not). */
  | { type: 'movement-ended'; hero: string; by: MovementKind; at: HexId; spaces: number; allowed: number; stop: { code: string; message: string } | null }
  /** A movement or Fast Travel that could not start or be done (the hero stays). */
  | { type: 'movement-refused'; hero: string; by: MovementKind | 'fast-travel'; reason: { code: string; message: string } }
  /** A card text moved another unit or a token (`path`: the spaces it entered; `stop`: why it stopped short). */
  | { type: 'moved-by-card'; hero: string; card: string; unit: string; unitKind: 'hero' | 'minion' | 'token' | null; from: HexId | null; path: HexId[]; stop: { code: string; message: string } | null }
  /** A mandatory step of the card text could not be done: the action stops at that step. */
  | { type: 'action-stopped'; hero: string; card: string; reason: string };
