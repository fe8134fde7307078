// The resolution of one turn set up from the game state before pulse 0 (its working state's types, the
// units by index, who is at rest where, the rules, the random source, are in model.ts).
import { hexIdTable, hexIndexOf } from '../map.ts';
import { troopCount } from '../paths.ts';
import { Rng } from '@arbiter/engine';
import type { RuleSettings } from '../settings.ts';
import { navyDocking, sightingRange } from '../settings.ts';
import type { GameState, UnitState } from '../state.ts';
import { isFriendlyOrTolerant, relationOf } from '../state.ts';
import { armyStrength } from '../strength.ts';
import { armyFood, foodPerSoldier } from '../food.ts';
import { foodSupply, foodSupplyTurns, suppliedFood } from '../supply.ts';
import type { NationId } from '../types.ts';
import { each } from '../each.ts';
import { worldOf } from '../validate.ts';
import type { Centre, RUnit, Resolution } from './model.ts';
import { addPresent } from './presence.ts';
import { SIGHTING_CODES } from './sightings.ts';

// Plain functions of the resolution rather than closures made per turn: a closure made afresh each turn
// is a new call target for the optimised code that calls it, which then throws that code away.

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
