// The resolution of one turn: its working state (units by index, who is at rest where, the rules, the
// random source) and its set-up from the game state before pulse 0.
import { hexIdOfIndex, hexIdTable, hexIndexOf } from '../map.ts';
import type { GameMap } from '../map.ts';
import type { Order } from '../orders.ts';
import { troopCount } from '../paths.ts';
import { Rng } from '@arbiter/engine';
import type { RuleSettings } from '../settings.ts';
import { navyDocking, sightingRange } from '../settings.ts';
import type { GameState, NationState, PopulationCentreState, UnitState } from '../state.ts';
import { isFriendlyOrTolerant, relationOf } from '../state.ts';
import { armyStrength } from '../strength.ts';
import { armyFood, foodPerSoldier } from '../food.ts';
import type { ArmyFood } from '../food.ts';
import { foodSupply, foodSupplyTurns, suppliedFood } from '../supply.ts';
import type { HexId, MoveStep, NationId, Sighting, Step, Stop, UnitId } from '../types.ts';
import { each } from '../each.ts';
import { worldOf } from '../validate.ts';
import type { AcceptedOrder, World } from '../validate.ts';
import type { TurnEvent } from './events.ts';
import { addPresent } from './presence.ts';
import { SIGHTING_CODES } from './sightings.ts';

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

// Plain functions of the resolution rather than closures made per turn: a closure made afresh each turn
// is a new call target for the optimised code that calls it, which then throws that code away.

/** Hex id of an index (cached). */
export function hexIdOf(r: Resolution, index: number): HexId {
  return r.hexIds[index] ?? (r.hexIds[index] = hexIdOfIndex(r.map, index));
}

/** A fresh resolution of a turn from the game state (its units are added by startUnits). */
export function newResolution(state: GameState): Resolution {
  const world = worldOf(state);
  return {
    world,
    map: world.map,
    settings: rulesOf(state.settings),
    rng: new Rng(state.rng),
    nations: new Map(state.nations.map((n) => [n.id, n])),
    units: [],
    bySlot: [],
    byId: new Map(),
    present: new Array<RUnit[] | undefined>(world.map.terrain.length),
    events: [],
    sightings: new Map(state.nations.map((n) => [n.id, []])),
    sightingKeys: new Set(),
    knownCentres: new Map(state.nations.map((n) => [n.id, new Set<number>()])),
    hexIds: hexIdTable(world.map),
    nationIx: new Map(state.nations.map((n, i) => [n.id, i])),
    friendly: new Uint8Array(0),
    nationCount: 0,
    centres: new Array<Centre | undefined>(world.map.terrain.length),
    numericSightingKeys: false,
    onlyLists: new Map(),
  };
}

/** Units at the start of the turn, who travels with whom, and who is at rest where. */
export function startUnits(r: Resolution, state: GameState): void {
  each(r, canonicalOrder(state.units), addUnit);
  r.bySlot = new Array<RUnit>(r.units.length);
  each(r, r.units, putBySlot);
  each(r, r.units, attachToCarrier);
  each(r, r.units, presentAtStart);
  for (const pc of state.populationCentres) nationIndex(r, pc.nation);
  const n = r.nationIx.size;
  r.nationCount = n;
  r.friendly = friendlyTable(r, n);
  for (const [hex, pc] of r.world.pcByHex) {
    if (hex >= 0) r.centres[hex] = { nation: pc.nation, nationIx: nationIndex(r, pc.nation), fortification: pc.fortification };
  }
  r.numericSightingKeys = n * r.units.length * r.map.terrain.length * SIGHTING_CODES <= Number.MAX_SAFE_INTEGER;
}

/**
 * The input state's objects are read once, before the pulses: the pulse loop reads only the resolution's
 * own objects (units, centres, this table, the rules), whose shapes do not change from turn to turn, so its
 * compiled code is not thrown away when a turn's state comes from another source (a database row, a copy).
 */
export function friendlyTable(r: Resolution, n: number): Uint8Array {
  const names: NationId[] = new Array(n);
  for (const [name, i] of r.nationIx) names[i] = name;
  const t = new Uint8Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) t[a * n + b] = isFriendlyOrTolerant(relationOf(r.nations, names[a]!, names[b]!)) ? 1 : 0;
  }
  return t;
}

/** A population centre as the resolution reads it. */
export interface Centre {
  nation: NationId;
  nationIx: number;
  fortification: PopulationCentreState['fortification'];
}

/** The rule settings as a fresh object of one fixed shape (see friendlyTable). */
export function rulesOf(s: RuleSettings): RuleSettings {
  return {
    troopStrength: s.troopStrength,
    forcePastRatio: s.forcePastRatio,
    overrunRatio: s.overrunRatio,
    standAndDefendFactor: s.standAndDefendFactor,
    evasionCommandDivisor: s.evasionCommandDivisor,
    evasionTroopsPerPoint: s.evasionTroopsPerPoint,
    evasionMinPercent: s.evasionMinPercent,
    evasionMaxPercent: s.evasionMaxPercent,
    evasiveSightingPercent: s.evasiveSightingPercent,
    unfedMoraleLossMin: s.unfedMoraleLossMin,
    unfedMoraleLossMax: s.unfedMoraleLossMax,
    openSeaLossPercent: s.openSeaLossPercent,
    openSeaStormPercent: s.openSeaStormPercent,
    cavalryPerTransport: s.cavalryPerTransport,
    infantryPerTransport: s.infantryPerTransport,
    viewRadius: s.viewRadius,
    foodPerSoldier: foodPerSoldier(s),
    navyDocking: navyDocking(s),
    sightingRange: sightingRange(s),
    foodSupply: foodSupply(s),
    foodSupplyTurns: foodSupplyTurns(s),
  };
}

/** Index of a nation (a nation named only by a unit or a population centre gets the next one). */
export function nationIndex(r: Resolution, n: NationId): number {
  let i = r.nationIx.get(n);
  if (i === undefined) {
    i = r.nationIx.size;
    r.nationIx.set(n, i);
  }
  return i;
}

/**
 * The state's units with their places in its list, sorted by unit id (ids are unique): the resolution takes
 * units in this order, so permuting the game state's unit list changes nothing but the order of the output.
 */
export function canonicalOrder(units: readonly UnitState[]): { s: UnitState; slot: number }[] {
  const out = units.map((s, slot) => ({ s, slot }));
  out.sort((a, b) => (a.s.id < b.s.id ? -1 : a.s.id > b.s.id ? 1 : a.slot - b.slot));
  return out;
}

export function addUnit(r: Resolution, e: { s: UnitState; slot: number }, index: number): void {
  const u = newUnit(r, e.s, index);
  u.slot = e.slot;
  r.units.push(u);
  r.byId.set(u.id, u);
}

export function putBySlot(r: Resolution, u: RUnit): void {
  r.bySlot[u.slot] = u;
}

export function attachToCarrier(r: Resolution, u: RUnit): void {
  const s = u.state;
  const carrierId = s.kind === 'army' ? s.aboard : s.kind === 'character' ? s.with : null;
  if (carrierId !== null) {
    const c = r.byId.get(carrierId);
    if (c === undefined) throw new Error(`game state: ${u.id} travels with unknown unit ${carrierId}`);
    u.carrier = c;
    c.passengers.push(u);
  }
}

export function presentAtStart(r: Resolution, u: RUnit): void {
  if (u.carrier === null) addPresent(r, u);
}

export function newUnit(r: Resolution, s: UnitState, index: number): RUnit {
  const hex = hexIndexOf(r.map, s.hex);
  return {
    index,
    slot: index,
    state: s,
    id: s.id,
    kind: s.kind,
    nation: s.nation,
    nationIx: nationIndex(r, s.nation),
    hex,
    start: hex,
    destroyed: false,
    carrier: null,
    passengers: [],
    mode: null,
    plan: [],
    entry: 0,
    evasive: false,
    budget: 0,
    table: 0,
    fed: true,
    mpSpent: 0,
    pendingTo: -1,
    pendingDir: -1,
    pendingCost: 0,
    entered: false,
    leftAt: -1,
    done: true,
    stop: null,
    steps: [],
    visited: [],
    strength: s.kind === 'army' ? armyStrength(s.troops, r.settings) : 0,
    troops: s.kind === 'army' ? troopCount(s.troops) : 0,
    ships: s.kind === 'navy' ? s.ships.warships + s.ships.transports : 0,
    command: s.kind === 'character' ? 0 : s.commander.command,
    defends: 0,
    seenBy: [],
    seenWho: [],
    seenAt: 0,
    morale: null,
    food: s.kind === 'army' ? armyFood(s, r.settings, suppliedFood(r.world.state, s.id)) : null,
    order: null,
    orderKind: null,
  };
}
