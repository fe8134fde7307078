// The event log of a turn: a discriminated union, `type` as its tag. Every event is public (Mage Knight
// is played in the open); only the tile deck is hidden.
import type { RampagingKind, Site, Terrain } from './terrain.ts';
import type { TurnAction } from './orders.ts';
import type { HexDirection } from '@arbiter/engine';

/** Why a hero's movement ended before its order's last entry (null: every entry was done). */
export type StopReason = 'provoked' | 'assault' | RefusalCode;

export type RefusalCode =
  | 'off-map'
  | 'unrevealed'
  | 'inaccessible'
  | 'rampaging-enemy'
  | 'provoke-onto-hero'
  | 'insufficient-move'
  | 'explore-nothing'
  | 'explore-ambiguous'
  | 'explore-no-position'
  | 'explore-revealed'
  | 'deck-empty'
  | 'explore-placement'
  | 'cards-fixed'
  | 'after-action';

export type MkEvent =
  | { type: 'returned-to-portal'; hero: string; space: string }
  | { type: 'rested'; hero: string }
  | { type: 'cards-played'; hero: string; cards: number[]; points: number; mpLeft: number }
  | { type: 'card-powered'; hero: string; points: number; mpLeft: number }
  | { type: 'moved'; hero: string; from: string; to: string; direction: HexDirection; cost: number; mpLeft: number }
  | { type: 'step-refused'; hero: string; entry: number; code: RefusalCode; message: string }
  | { type: 'cost-reduced'; hero: string; terrain: Terrain | 'all'; points: number }
  | { type: 'explored'; hero: string; from: string; position: string; tile: string; tileKind: 'countryside' | 'core'; cost: number; mpLeft: number; fromReserve?: true }
  | { type: 'enemy-revealed'; space: string; kind: RampagingKind }
  | { type: 'fame-gained'; hero: string; fame: number; total: number; reason: 'tile-revealed' }
  | { type: 'provoked'; hero: string; space: string; enemies: { space: string; kind: RampagingKind }[] }
  /** `provoked`: rampaging enemies the same step provoked; they join the one combat, not fortified. */
  | { type: 'assault'; hero: string; space: string; site: Site; provoked: { space: string; kind: RampagingKind }[] }
  /** The turn's action, named at the end of the move order (not adjudicated: only recorded). */
  | { type: 'action'; hero: string; space: string; action: TurnAction }
  | { type: 'movement-ended'; hero: string; space: string; mpPlayed: number; mpSpent: number; mpLost: number; stop: StopReason | null; entriesNotDone: number }
  | { type: 'attack'; hero: string; space: string; targets: string[] }
  | { type: 'forced-withdrawal'; hero: string; from: string; to: string; spaces: string[]; wounds: number }
  | { type: 'left-the-map'; hero: string; space: string }
  | { type: 'level-up'; hero: string; level: number };

export type MkEventType = MkEvent['type'];
