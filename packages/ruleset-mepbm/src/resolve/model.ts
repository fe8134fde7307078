// The resolution's working state as types (a unit during resolution, the resolution itself, a centre as
// it reads it) and the hex id cache: what every resolve/ file shares, in a file that imports none of them
// but the event types, so that they import it and not each other.
import type { Rng } from '@arbiter/engine';
import { hexIdOfIndex } from '../map.ts';
import type { GameMap } from '../map.ts';
import type { Order } from '../orders.ts';
import type { RuleSettings } from '../settings.ts';
import type { NationState, PopulationCentreState, UnitState } from '../state.ts';
import type { ArmyFood } from '../food.ts';
import type { HexId, MoveStep, NationId, Sighting, Step, Stop, UnitId } from '../types.ts';
import type { AcceptedOrder, World } from '../validate.ts';
import type { TurnEvent } from './events.ts';

/** A unit during resolution (indexes, not strings, on the hot path). */
export interface RUnit {
  /** Its place in the canonical order (by unit id), in which the resolution takes units. */
  index: number;
  /** Its place in the game state's unit list (results and the next state keep that order). */
  slot: number;
  state: UnitState;
  id: UnitId;
  kind: UnitState['kind'];
  nation: NationId;
  /** Index of its nation (Resolution.nationIx). */
  nationIx: number;
  hex: number;
  start: number;
  destroyed: boolean;
  carrier: RUnit | null;
  passengers: RUnit[];
  // movement
  mode: 'army' | 'navy' | null;
  plan: MoveStep[];
  entry: number;
  evasive: boolean;
  budget: number;
  table: number;
  fed: boolean;
  mpSpent: number;
  pendingTo: number;
  pendingDir: number;
  pendingCost: number;
  entered: boolean;
  /** Pulse at which it last left a hex (-1: not yet); its hex is still that origin until it arrives. */
  leftAt: number;
  done: boolean;
  stop: Stop | null;
  steps: Step[];
  /** Hex indexes it entered this turn (for its nation's map window). */
  visited: number[];
  // interception
  strength: number;
  troops: number;
  /** A navy's ships (warships and transports). */
  ships: number;
  command: number;
  /** Bit per direction code defended by 840. */
  defends: number;
  // sightings of this unit by other nations in its current hex, committed when it leaves or stays
  seenBy: NationId[];
  /** Who of each seenBy nation saw it (a unit, or a population centre's hex index), by the same index. */
  seenWho: (RUnit | number)[];
  /** Pulse at which it arrived where seenBy saw it. */
  seenAt: number;
  morale: { before: number; after: number } | null;
  /** An army's food this turn (eaten at pulse 0; food.ts), null for navies and characters. */
  food: ArmyFood | null;
  order: AcceptedOrder | null;
  /** order.order.kind, read from the unit (orders of different kinds have different shapes). */
  orderKind: Order['kind'] | null;
}

export interface Resolution {
  world: World;
  map: GameMap;
  settings: RuleSettings;
  rng: Rng;
  nations: Map<NationId, NationState>;
  /** Units in canonical order (by id): the order never depends on the game state's unit list. */
  units: RUnit[];
  /** The same units in the game state's order (for results, the next state and views). */
  bySlot: RUnit[];
  byId: Map<UnitId, RUnit>;
  /** Units at rest by hex index (a plain array: no hashing on the hot path). */
  present: (RUnit[] | undefined)[];
  events: TurnEvent[];
  sightings: Map<NationId, Sighting[]>;
  /** Sightings made so far, as numbers (sightingKey); strings only for worlds too big for exact numbers. */
  sightingKeys: Set<number | string>;
  knownCentres: Map<NationId, Set<number>>;
  /** Hex ids by index, built once per hex, not per step (see hexIdOf). */
  hexIds: (HexId | undefined)[];
  /** Every nation that owns a unit or population centre or is listed, by index (state order first). */
  nationIx: Map<NationId, number>;
  /** Per pair of nation indexes (nationCount x nationCount): 1 when the first is friendly or tolerant to the second. */
  friendly: Uint8Array;
  nationCount: number;
  /** Population centres by hex index, as the resolution reads them. */
  centres: (Centre | undefined)[];
  /** Whether sighting keys fit in exact numbers (else they are strings). */
  numericSightingKeys: boolean;
  /** One `[nation]` array per nation, shared by that nation's events (see onlyOf). */
  onlyLists: Map<NationId, NationId[]>;
}

/** A population centre as the resolution reads it. */
export interface Centre {
  nation: NationId;
  nationIx: number;
  fortification: PopulationCentreState['fortification'];
}

// Plain functions of the resolution rather than closures made per turn (see resolution.ts).

/** Hex id of an index (cached). */
export function hexIdOf(r: Resolution, index: number): HexId {
  return r.hexIds[index] ?? (r.hexIds[index] = hexIdOfIndex(r.map, index));
}
