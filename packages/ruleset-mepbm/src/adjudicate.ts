// Simultaneous turn resolution in pulses (docs/rules.md "Turn resolution"). Pure: the same state and
// orders give byte-identical results, whatever order the orders come in.
//
// Model in brief: pulse 0 is the start of the turn (character orders 810/825 happen here, before any
// army moves); pulses 1..14 are days. A unit that starts a step of cost c at pulse t arrives at t+c.
// While a step is under way the unit is "on the road": it still counts as being in its origin hex for
// reports, but it neither blocks nor is blocked, sees nor is seen. At each pulse all arrivals happen
// first, then every unit at rest that has an order entry left tries its next entry. An army that entered
// its hex by movement this turn must get past the hex's blockers (the seed's four-step order) to leave.
import { createHash } from 'node:crypto';
import { canonicalJson } from '@arbiter/engine';
import { DIRECTIONS, DIRECTION_INDEX, distance, parseHexId } from '@arbiter/engine';
import { TERRAIN_CODE, hexIdOfIndex, hexIdTable, hexIndexOf } from './map.ts';
import type { GameMap } from './map.ts';
import type { Order } from './orders.ts';
import {
  CHARACTER_RANGE,
  MP_FORCE_MARCH,
  MP_MOVE,
  MP_NAVY,
  STOP_MESSAGES,
  armyStepCost,
  blockOfCost,
  costTableFor,
  endsNavyMove,
  navyStepCost,
  troopCount,
} from './paths.ts';
import type { StopReason } from './paths.ts';
import { Rng } from '@arbiter/engine';
import type { DrawRecord } from '@arbiter/engine';
import type { RuleSettings } from './settings.ts';
import type { ArmyState, CharacterState, GameState, NationState, NavyState, PopulationCentreState, UnitState } from './state.ts';
import { isFriendlyOrTolerant, relationOf } from './state.ts';
import { armySizeWord, armyStrength, confront, evasionChance, navySizeWord } from './strength.ts';
import type {
  Direction,
  HexId,
  MoveStep,
  NationId,
  NationView,
  OrderError,
  Sighting,
  Step,
  Stop,
  UnitId,
  UnitResult,
} from './types.ts';
import { each } from './each.ts';
import { judgeOrders, worldOf } from './validate.ts';
import type { AcceptedOrder, OrderVerdict, World } from './validate.ts';
import { buildViewsWithJson } from './views.ts';
import type { ViewJson } from './views.ts';

/** The last day of a turn. */
export const PULSES = 14;
/** Pulse number of events that happen after all movement (870 joins). */
export const AFTER_MOVEMENT = 15;

interface EventBase {
  /** 0 = before movement, 1..14 = days, 15 = after movement. */
  pulse: number;
  message: string;
  /** The nations that may see this event (fog of war). */
  nations: NationId[];
}

type Ev<T extends string, D> = EventBase & { type: T } & D;

export type TurnEvent =
  | Ev<'order-rejected', { unit: UnitId; line: number; column: number }>
  | Ev<'morale', { unit: UnitId; before: number; after: number }>
  | Ev<'character-moved', { unit: UnitId; from: HexId; to: HexId; order: 810 | 825; spell?: number; left?: UnitId }>
  | Ev<'boarded', { unit: UnitId; hex: HexId; navies: UnitId[]; transportsNeeded: number; transports: number }>
  | Ev<'disembarked', { unit: UnitId; hex: HexId; navy: UnitId }>
  | Ev<'standing', { unit: UnitId; hex: HexId; sides: Direction[] }>
  | Ev<'step', { unit: UnitId; from: HexId; to: HexId; dir: MoveStep; cost: number; mpLeft: number }>
  | Ev<'stop', { unit: UnitId; hex: HexId; reason: StopReason }>
  | Ev<'departure-order', { hex: HexId; units: UnitId[] }>
  | Ev<'block-order', { hex: HexId; unit: UnitId; blockers: UnitId[] }>
  | Ev<
      'interception',
      {
        hex: HexId;
        unit: UnitId;
        by: UnitId;
        outcome: 'overrun' | 'forced-past' | 'stopped' | 'evaded';
        strength: number;
        blockerStrength: number;
        defendedSide: boolean;
      }
    >
  | Ev<'population-centre', { hex: HexId; unit: UnitId; owner: NationId; outcome: 'stopped' | 'evaded' }>
  | Ev<'evasion', { hex: HexId; unit: UnitId; chance: number; roll: number; success: boolean }>
  | Ev<'destroyed', { unit: UnitId; hex: HexId; cause: 'overrun' | 'lost-at-sea'; by?: UnitId }>
  | Ev<'character-killed', { unit: UnitId; hex: HexId; with: UnitId }>
  | Ev<'storm', { unit: UnitId; hex: HexId }>
  | Ev<'joined', { unit: UnitId; army: UnitId; hex: HexId }>
  | Ev<'join-failed', { unit: UnitId; army: UnitId; hex: HexId }>;

export interface TurnResult {
  turn: number;
  units: UnitResult[];
  events: TurnEvent[];
  rolls: DrawRecord[];
  errors: OrderError[];
  views: Record<NationId, NationView>;
  nextState: GameState;
  hash: string;
}

export interface AdjudicateOptions {
  /** Errors found while parsing the order text (parseOrders), included in the result and its hash. */
  orderErrors?: readonly OrderError[];
}

/** A unit during resolution (indexes, not strings, on the hot path). */
export interface RUnit {
  index: number;
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
  /** Pulse at which it arrived where seenBy saw it. */
  seenAt: number;
  morale: { before: number; after: number } | null;
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
  units: RUnit[];
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

/** The `[nation]` array shared by that nation's events. */
function onlyOf(r: Resolution, n: NationId): NationId[] {
  let a = r.onlyLists.get(n);
  if (a === undefined) {
    a = [n];
    r.onlyLists.set(n, a);
  }
  return a;
}

export function adjudicate(state: GameState, orders: readonly Order[], options: AdjudicateOptions = {}): TurnResult {
  const world = worldOf(state);
  const r: Resolution = {
    world,
    map: world.map,
    settings: rulesOf(state.settings),
    rng: new Rng(state.rng),
    nations: new Map(state.nations.map((n) => [n.id, n])),
    units: [],
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
  // The turn in phases, each a function of its own, looping over small per-item functions; this function
  // has no loop of its own. The optimising compiler then works on code that runs many times per turn,
  // instead of one huge function that runs once per turn and is compiled (and thrown away) mid-loop.
  startUnits(r, state);
  const errors = applyOrders(r, orders, options);
  each(r, r.units, characterMove);
  each(r, r.units, setUpMover);
  each(r, r.present, observeHex);
  runPulses(r);
  each(r, r.units, stayPut);
  each(r, r.units, moveAndJoin);

  // Results, the next state, views, hash.
  const units = unitResults(r);
  const nextState = buildNextState(state, r);
  const rolls = r.rng.records;
  const { views, json } = buildViewsWithJson(r, units, state.turn);
  const body = { turn: state.turn, units, events: r.events, rolls, errors, views, nextState };
  const hash = turnHash(body, json);
  return { ...body, hash };
}

/** Who saw whom in a hex at the start of the turn. */
function observeHex(r: Resolution, list: RUnit[] | undefined, hex: number): void {
  if (list !== undefined && list.length > 0) observeAll(r, hex, list);
}

/** After the pulses: a unit that stays where it is commits what others saw of it. */
function stayPut(r: Resolution, u: RUnit): void {
  if (!u.destroyed && u.carrier === null) commitSeen(r, u, 'met', PULSES);
  if (!u.done && !u.destroyed) u.done = true;
}

function unitResults(r: Resolution): UnitResult[] {
  const out: UnitResult[] = new Array(r.units.length);
  each({ r, out }, r.units, putUnitResult);
  return out;
}

function putUnitResult(c: { r: Resolution; out: UnitResult[] }, u: RUnit, i: number): void {
  c.out[i] = unitResult(c.r, u);
}

/** Units at the start of the turn, who travels with whom, and who is at rest where. */
function startUnits(r: Resolution, state: GameState): void {
  each(r, state.units, addUnit);
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
function friendlyTable(r: Resolution, n: number): Uint8Array {
  const names: NationId[] = new Array(n);
  for (const [name, i] of r.nationIx) names[i] = name;
  const t = new Uint8Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) t[a * n + b] = isFriendlyOrTolerant(relationOf(r.nations, names[a]!, names[b]!)) ? 1 : 0;
  }
  return t;
}

/** A population centre as the resolution reads it. */
interface Centre {
  nation: NationId;
  nationIx: number;
  fortification: PopulationCentreState['fortification'];
}

/** The rule settings as a fresh object of one fixed shape (see friendlyTable). */
function rulesOf(s: RuleSettings): RuleSettings {
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
  };
}

/** Index of a nation (a nation named only by a unit or a population centre gets the next one). */
function nationIndex(r: Resolution, n: NationId): number {
  let i = r.nationIx.get(n);
  if (i === undefined) {
    i = r.nationIx.size;
    r.nationIx.set(n, i);
  }
  return i;
}

function addUnit(r: Resolution, s: UnitState, index: number): void {
  const u = newUnit(r, s, index);
  r.units.push(u);
  r.byId.set(u.id, u);
}

function attachToCarrier(r: Resolution, u: RUnit): void {
  const s = u.state;
  const carrierId = s.kind === 'army' ? s.aboard : s.kind === 'character' ? s.with : null;
  if (carrierId !== null) {
    const c = r.byId.get(carrierId);
    if (c === undefined) throw new Error(`game state: ${u.id} travels with unknown unit ${carrierId}`);
    u.carrier = c;
    c.passengers.push(u);
  }
}

function presentAtStart(r: Resolution, u: RUnit): void {
  if (u.carrier === null) addPresent(r, u);
}

function newUnit(r: Resolution, s: UnitState, index: number): RUnit {
  const hex = hexIndexOf(r.map, s.hex);
  return {
    index,
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
    seenAt: 0,
    morale: null,
    order: null,
    orderKind: null,
  };
}

/** Orders in canonical order, with the checks shared with the receipt; returns the turn's order errors. */
function applyOrders(r: Resolution, orders: readonly Order[], options: AdjudicateOptions): OrderError[] {
  const verdicts = judgeOrders(r.world, orders);
  const errors: OrderError[] = [...(options.orderErrors ?? [])];
  each({ r, errors }, verdicts, applyVerdict);
  errors.sort((a, b) => a.line - b.line || a.column - b.column || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
  return errors;
}

function applyVerdict(c: { r: Resolution; errors: OrderError[] }, v: OrderVerdict): void {
  if (v.accepted === null) rejectOrder(c.r, v.order, v.reason, c.errors);
  else {
    const u = c.r.byId.get(v.accepted.unit.id)!;
    u.order = v.accepted;
    u.orderKind = v.order.kind;
  }
}

function rejectOrder(r: Resolution, o: Order, reason: string | undefined, errors: OrderError[]): void {
  errors.push({ line: o.line, column: o.column, unit: o.unit, message: reason ?? 'rejected' });
  const owner = r.byId.get(o.unit)?.nation;
  r.events.push({
    column: o.column,
    line: o.line,
    message: `order "${o.unit}, ${o.code}" on line ${o.line} was rejected: ${reason ?? ''}`,
    nations: owner === undefined ? [] : [owner],
    pulse: 0,
    type: 'order-rejected',
    unit: o.unit,
  });
}

/** Pulse 0, before movement: character moves and spells (they leave their army first). */
function characterMove(r: Resolution, u: RUnit): void {
  if (u.orderKind !== 'character-move' && u.orderKind !== 'movement-spell') return;
  const o = u.order!;
  if (o.order.kind !== 'character-move' && o.order.kind !== 'movement-spell') return;
  const from = u.hex;
  const left = u.carrier;
  detach(r, u);
  removePresent(r, u);
  u.hex = o.dest!;
  addPresent(r, u);
  const spell = o.order.kind === 'movement-spell' ? o.order.spell : undefined;
  emit(r, {
    type: 'character-moved',
    pulse: 0,
    unit: u.id,
    from: hexIdOf(r, from),
    to: hexIdOf(r, u.hex),
    order: o.order.code,
    ...(spell !== undefined ? { spell } : {}),
    ...(left !== null ? { left: left.id } : {}),
    message: `${u.id} ${left !== null ? `left ${left.id} and ` : ''}${spell !== undefined ? `cast spell ${spell} and ` : ''}moved from ${hexIdOf(r, from)} to ${hexIdOf(r, u.hex)}`,
    nations: onlyOf(r, u.nation),
  });
}

/** Movement orders: set up movers, morale for unfed ones, boarding and disembarking; 840 sides. */
function setUpMover(r: Resolution, u: RUnit): void {
  const k = u.orderKind;
  if (k !== 'stand-and-defend' && k !== 'army-move' && k !== 'navy-move') return;
  const o = u.order!;
  const ord = o.order;
  if (ord.kind === 'stand-and-defend') {
    const d = DIRECTION_INDEX[ord.dir];
    u.defends = (1 << d) | (1 << ((d + 5) % 6)) | (1 << ((d + 1) % 6));
    const sides = DIRECTIONS.filter((_, i) => (u.defends & (1 << i)) !== 0);
    r.events.push({
      hex: hexIdOf(r, u.hex),
      message: `${u.id} stands and defends ${hexIdOf(r, u.hex)} on its ${sides.join(', ')} sides`,
      nations: onlyOf(r, u.nation),
      pulse: 0,
      sides,
      type: 'standing',
      unit: u.id,
    });
    return;
  }
  if (ord.kind !== 'army-move' && ord.kind !== 'navy-move') return;
  u.plan = ord.steps;
  u.evasive = ord.evasive;
  u.done = false;
  if (ord.kind === 'army-move') {
    const a = u.state as ArmyState;
    u.mode = 'army';
    u.budget = ord.code === 860 ? MP_FORCE_MARCH : MP_MOVE;
    u.table = costTableFor(a.troops);
    u.fed = a.food > 0;
    if (o.disembark) {
      const navy = u.carrier!;
      detach(r, u);
      addPresent(r, u);
      r.events.push({
        hex: hexIdOf(r, u.hex),
        message: `${u.id} marched ashore from ${navy.id} at ${hexIdOf(r, u.hex)}`,
        nations: onlyOf(r, u.nation),
        navy: navy.id,
        pulse: 0,
        type: 'disembarked',
        unit: u.id,
      });
    }
    if (!u.fed) moraleLoss(r, u);
  } else {
    u.mode = 'navy';
    u.budget = MP_NAVY;
    if (u.kind === 'army') {
      const a = u.state as ArmyState;
      const convoy = o.convoy!.map((n) => r.byId.get(n.id)!);
      u.fed = a.food > 0 && convoy.every((n) => (n.state as NavyState).food > 0);
      if (a.food <= 0) moraleLoss(r, u);
      for (const n of convoy) {
        removePresent(r, n);
        n.carrier = u;
        u.passengers.push(n);
        if ((n.state as NavyState).food <= 0) moraleLoss(r, n);
      }
      const transports = convoy.reduce((t, n) => t + (n.state as NavyState).ships.transports, 0);
      r.events.push({
        hex: hexIdOf(r, u.hex),
        message: `${u.id} boarded ${convoy.map((n) => n.id).join(', ')} at ${hexIdOf(r, u.hex)} (${o.transportsNeeded ?? 0} transports needed, ${transports} available)`,
        nations: onlyOf(r, u.nation),
        navies: convoy.map((n) => n.id),
        pulse: 0,
        transports,
        transportsNeeded: o.transportsNeeded ?? 0,
        type: 'boarded',
        unit: u.id,
      });
    } else {
      const n = u.state as NavyState;
      u.fed = n.food > 0;
      if (!u.fed) moraleLoss(r, u);
    }
  }
}

/** Pulses 0..14: at each, arrivals first, then every unit at rest with an entry left tries it. */
function runPulses(r: Resolution): void {
  const arrivals: RUnit[][] = [];
  for (let p = 0; p <= PULSES; p++) arrivals.push([]);
  const groupOf = new Int32Array(r.map.terrain.length).fill(-1);
  for (let p = 0; p <= PULSES; p++) {
    let ready: RUnit[];
    if (p === 0) ready = r.units.filter((u) => !u.done);
    else ready = arrivalsAt(r, p, arrivals[p]!);
    if (ready.length > 0) departures(r, p, ready, arrivals, groupOf);
  }
}

/** The pulse's arrivals, in unit order; returns those that go on (at rest with an entry left). */
function arrivalsAt(r: Resolution, p: number, due: RUnit[]): RUnit[] {
  due.sort((a, b) => a.index - b.index);
  const ready: RUnit[] = [];
  for (let i = 0; i < due.length; i++) {
    const u = due[i]!;
    if (u.destroyed) continue;
    arrive(r, u, p);
    if (!u.done && !u.destroyed) ready.push(u);
  }
  return ready;
}

/** The pulse's departures: grouped by hex, in unit order; ties between armies that may interact are broken by the random source. */
function departures(r: Resolution, p: number, ready: RUnit[], arrivals: RUnit[][], groupOf: Int32Array): void {
  // (A slot per hex instead of a Map: no hashing, no iterator entries; groups keep first-seen order.)
  const groups: RUnit[][] = [];
  const groupHexes: number[] = [];
  for (let i = 0; i < ready.length; i++) {
    const u = ready[i]!;
    const gi = groupOf[u.hex]!;
    if (gi < 0) {
      groupOf[u.hex] = groups.length;
      groups.push([u]);
      groupHexes.push(u.hex);
    } else groups[gi]!.push(u);
  }
  for (let i = 0; i < groupHexes.length; i++) groupOf[groupHexes[i]!] = -1;
  for (let gi = 0; gi < groups.length; gi++) departGroup(r, p, groupHexes[gi]!, groups[gi]!, arrivals);
}

/** The units at rest in one hex try their next entries, in unit order or, when contested, a random one. */
function departGroup(r: Resolution, p: number, hex: number, group: RUnit[], arrivals: RUnit[][]): void {
  const order = group.length > 1 && contested(r, hex, group) ? departureOrder(r, p, hex, group) : group;
  for (let i = 0; i < order.length; i++) {
    const u = order[i]!;
    if (u.destroyed || u.done) continue;
    const next = depart(r, u, p);
    if (next > 0) arrivals[next]!.push(u);
  }
}

function departureOrder(r: Resolution, p: number, hex: number, group: RUnit[]): RUnit[] {
  const order = r.rng.shuffle(group, { purpose: 'departure-order', pulse: p, hex: hexIdOf(r, hex) });
  r.events.push({
    hex: hexIdOf(r, hex),
    message: `pulse ${p}: ${order.length} armies try to leave ${hexIdOf(r, hex)} at once; random order ${order.map((u) => u.id).join(', ')}`,
    nations: [],
    pulse: p,
    type: 'departure-order',
    units: order.map((u) => u.id),
  });
  return order;
}

/** After movement: 870 move and join. */
function moveAndJoin(r: Resolution, u: RUnit): void {
  if (u.orderKind !== 'move-and-join' || u.destroyed) return;
  const o = u.order!.order;
  if (o.kind !== 'move-and-join') return;
  const army = r.byId.get(o.army)!;
  const startCoord = parseHexId(hexIdOf(r, u.start))!;
  let problem: string | null = null;
  if (army.destroyed) problem = `army ${army.id} was destroyed this turn`;
  else {
    const d = distance(startCoord, parseHexId(hexIdOf(r, army.hex))!);
    if (d > CHARACTER_RANGE) problem = `army ${army.id} ended its move at ${hexIdOf(r, army.hex)}, ${d} hexes from ${u.id}'s start ${hexIdOf(r, u.start)} (at most ${CHARACTER_RANGE})`;
  }
  if (problem !== null) {
    u.stop = { hex: hexIdOf(r, u.hex), message: `${STOP_MESSAGES['join-failed']}: ${problem}`, reason: 'join-failed' };
    r.events.push({
      army: army.id,
      hex: hexIdOf(r, u.hex),
      message: `${u.id} could not join ${army.id}: ${problem}`,
      nations: onlyOf(r, u.nation),
      pulse: AFTER_MOVEMENT,
      type: 'join-failed',
      unit: u.id,
    });
    return;
  }
  if (u.carrier !== army) {
    detach(r, u);
    removePresent(r, u);
    u.hex = army.hex;
    u.carrier = army;
    army.passengers.push(u);
  }
  r.events.push({
    army: army.id,
    hex: hexIdOf(r, u.hex),
    message: `${u.id} joined ${army.id} at ${hexIdOf(r, u.hex)}`,
    nations: onlyOf(r, u.nation),
    pulse: AFTER_MOVEMENT,
    type: 'joined',
    unit: u.id,
  });
}

/** Adds an event with its keys in sorted order (see turnHash). */
function emit(r: Resolution, e: TurnEvent): void {
  r.events.push(sortedRecord(e));
}

/**
 * SHA-256 of canonicalJson(body), fast: every object the resolution builds (results, steps, events,
 * rolls, views, next-state units) is built with its keys in sorted order, so the native JSON.stringify
 * writes those parts canonically; only what comes from the input (order errors, map, nations, population
 * centres, settings) goes through canonicalJson. A property test checks the hash equals
 * sha256Hex(canonicalJson(everything but the hash)).
 *
 * The bytes go to the hash through a reusable byte buffer (JsonHashSink): a turn's result is about 30 MB
 * of JSON, written a slice of an array at a time, so no JSON string lives longer than it takes to copy
 * it into the buffer (long-lived strings would be copied again by the garbage collector).
 */
function turnHash(b: Omit<TurnResult, 'hash'>, viewJson: ViewJson): string {
  const n = b.nextState;
  const out = new JsonHashSink();
  out.put(`{"errors":${canonicalJson(b.errors)},"events":`);
  out.putArray(b.events);
  out.put(`,"nextState":{"map":`);
  out.put(mapJson(n.map));
  out.put(
    `,"nations":${canonicalJson(n.nations)},"populationCentres":${canonicalJson(n.populationCentres)}` +
      `,"rng":${canonicalJson(n.rng)},"ruleset":${JSON.stringify(n.ruleset)},"seed":${canonicalJson(n.seed)},"settings":${canonicalJson(n.settings)}` +
      `,"turn":${canonicalJson(n.turn)},"units":`,
  );
  out.putArray(n.units);
  out.put(`},"rolls":`);
  out.putArray(b.rolls);
  out.put(`,"turn":${canonicalJson(b.turn)},"units":`);
  // A unit's result is written once and reused in its nation's view (views hold the same objects); only
  // from here on, so that these strings live as short a time as they can.
  const unitJson: string[] = new Array(b.units.length);
  each(unitJson, b.units, putJson);
  out.putFragments(unitJson, null);
  out.put(',"views":{');
  let first = true;
  for (const [nation, v] of Object.entries(b.views)) {
    out.put(`${first ? '' : ','}${JSON.stringify(nation)}:`);
    hashView(out, nation, v, viewJson, unitJson);
    first = false;
  }
  out.put('}}');
  return out.digest();
}

/**
 * The same bytes as JSON.stringify(v): views are built with their keys in sorted order, and their map and
 * units are written from the fragments of the same shared objects (views.ts).
 */
function hashView(out: JsonHashSink, nation: NationId, v: NationView, viewJson: ViewJson, unitJson: string[]): void {
  out.put('{"events":');
  out.putArray(v.events);
  out.put(',"map":');
  const hexes = viewJson.hexes.get(nation);
  const sides = viewJson.sides.get(nation);
  if (hexes === undefined || sides === undefined) out.put(JSON.stringify(v.map));
  else {
    out.put('{"hexes":');
    out.putFragments(viewJson.hexJson as string[], hexes);
    out.put(',"hexsides":');
    out.putFragments(viewJson.sideJson as string[], sides);
    out.put('}');
  }
  out.put(`,"nation":${JSON.stringify(v.nation)},"orderTemplate":`);
  out.putArray(v.orderTemplate);
  out.put(',"populationCentres":');
  out.putArray(v.populationCentres);
  out.put(',"sightings":');
  out.putArray(v.sightings);
  out.put(`,"turn":${JSON.stringify(v.turn)},"units":`);
  const own = viewJson.units.get(nation);
  if (own === undefined) out.putArray(v.units);
  else out.putFragments(unitJson, own);
  out.put('}');
}

function putJson(out: string[], x: unknown, i: number): void {
  out[i] = JSON.stringify(x);
}

/** Size of the hash sink's byte buffer. */
const SINK_BYTES = 1 << 20;
/** The sink's buffer, reused from turn to turn (scratch space only: nothing in it outlives a digest). */
let sinkBuffer: Buffer | null = null;
/** How many fragments are joined into one string before they are copied into the sink. */
const FRAGMENTS = 256;

/** Feeds JSON text to SHA-256 through a byte buffer, flushed to the hash when full. */
class JsonHashSink {
  private readonly h = createHash('sha256');
  private readonly buf: Buffer;
  private pos = 0;

  constructor() {
    this.buf = sinkBuffer ??= Buffer.allocUnsafe(SINK_BYTES);
  }

  /** Room for `chars` UTF-16 code units (at most 3 UTF-8 bytes each); false if it can never fit. */
  private room(chars: number): boolean {
    if (this.pos + chars * 3 <= SINK_BYTES) return true;
    this.flush();
    return chars * 3 <= SINK_BYTES;
  }

  put(s: string): void {
    if (this.room(s.length)) this.pos += this.buf.write(s, this.pos);
    else this.h.update(s, 'utf8');
  }

  /**
   * `json` (the JSON of an array) without its opening bracket when `first` is false and always without its
   * closing one: the middle of a longer array written a slice at a time.
   */
  private putSlice(json: string, first: boolean): void {
    if (!this.room(json.length)) {
      this.h.update(json.substring(first ? 0 : 1, json.length - 1), 'utf8');
      return;
    }
    const at = this.pos;
    const bytes = this.buf.write(json, at);
    // The slice's "[" becomes the "," after the previous slice; its "]" is dropped.
    if (!first) this.buf[at] = 0x2c;
    this.pos = at + bytes - 1;
  }

  /** JSON.stringify(list), written a slice at a time. */
  putArray(list: readonly unknown[]): void {
    if (list.length <= FRAGMENTS) {
      this.put(JSON.stringify(list));
      return;
    }
    for (let i = 0; i < list.length; i += FRAGMENTS) this.putSlice(JSON.stringify(list.slice(i, i + FRAGMENTS)), i === 0);
    this.put(']');
  }

  /** The JSON array of the fragments at `indexes` of `fragments` (all of them when indexes is null). */
  putFragments(fragments: readonly string[], indexes: ArrayLike<number> | null): void {
    const count = indexes === null ? fragments.length : indexes.length;
    if (count === 0) {
      this.put('[]');
      return;
    }
    const part: string[] = [];
    for (let i = 0; i < count; i += FRAGMENTS) {
      part.length = 0;
      const end = Math.min(count, i + FRAGMENTS);
      for (let j = i; j < end; j++) part.push(fragments[indexes === null ? j : indexes[j]!]!);
      this.put(i === 0 ? '[' : ',');
      this.put(part.join(','));
    }
    this.put(']');
  }

  private flush(): void {
    if (this.pos > 0) this.h.update(this.buf.subarray(0, this.pos));
    this.pos = 0;
  }

  digest(): string {
    this.flush();
    return this.h.digest('hex');
  }
}

const mapJsonCache = new WeakMap<object, string>();
function mapJson(m: GameState['map']): string {
  let s = mapJsonCache.get(m);
  if (s === undefined) {
    // A stored map is nearly always plain data with its keys already in order: then its canonical JSON is
    // JSON.stringify's, and checking that is cheaper than canonicalJson's sorted copy of every hex.
    s = plainMapData(m) ? JSON.stringify(m) : canonicalJson(m);
    mapJsonCache.set(m, s);
  }
  return s;
}

/** Whether `m` is plain data whose keys are in canonical order: { hexes, hexsides }, hexes { hex, terrain }, hexsides { dir, features, hex }. */
function plainMapData(m: GameState['map']): boolean {
  if (!keysAre(m, MAP_KEYS) || !Array.isArray(m.hexes) || !Array.isArray(m.hexsides)) return false;
  const check = { plain: true };
  each(check, m.hexes, checkHex);
  if (check.plain) each(check, m.hexsides, checkHexside);
  return check.plain;
}

function checkHex(c: { plain: boolean }, h: GameState['map']['hexes'][number]): void {
  if (!keysAre(h, HEX_KEYS) || typeof h.hex !== 'string' || typeof h.terrain !== 'string') c.plain = false;
}

function checkHexside(c: { plain: boolean }, h: GameState['map']['hexsides'][number]): void {
  if (!keysAre(h, HEXSIDE_KEYS) || typeof h.dir !== 'string' || typeof h.hex !== 'string' || !Array.isArray(h.features)) c.plain = false;
  else for (let j = 0; j < h.features.length; j++) if (typeof h.features[j] !== 'string') c.plain = false;
}

const MAP_KEYS = ['hexes', 'hexsides'];
const HEX_KEYS = ['hex', 'terrain'];
const HEXSIDE_KEYS = ['dir', 'features', 'hex'];

/** `o` is a plain object whose enumerable keys are exactly `keys`, in that order. */
function keysAre(o: unknown, keys: readonly string[]): boolean {
  if (typeof o !== 'object' || o === null || Object.getPrototypeOf(o) !== Object.prototype) return false;
  let i = 0;
  for (const k in o) {
    if (k !== keys[i]) return false;
    i++;
  }
  return i === keys.length;
}

// ---------------------------------------------------------------------------------------------------
// Presence (units at rest in a hex, not travelling with another unit)

function addPresent(r: Resolution, u: RUnit): void {
  const list = r.present[u.hex];
  if (list === undefined) r.present[u.hex] = [u];
  else list.push(u);
}

function removePresent(r: Resolution, u: RUnit): void {
  const list = r.present[u.hex];
  if (list === undefined) return;
  const i = list.indexOf(u);
  if (i >= 0) list.splice(i, 1);
}

function detach(r: Resolution, u: RUnit): void {
  const c = u.carrier;
  if (c === null) return;
  const i = c.passengers.indexOf(u);
  if (i >= 0) c.passengers.splice(i, 1);
  u.carrier = null;
  void r;
}

/** An army that can block or be blocked: on land, not aboard or sailing. */
function landArmy(u: RUnit): boolean {
  return u.kind === 'army' && u.mode !== 'navy' && u.carrier === null && !u.destroyed;
}

/** The seed: an army stops another when it is not friendly or tolerant to it, or the other is neither to it. */
export function armiesHostile(r: Resolution, a: NationId, b: NationId): boolean {
  const ai = r.nationIx.get(a);
  const bi = r.nationIx.get(b);
  if (ai === undefined || bi === undefined) return a !== b && nationsHostile(r, a, b);
  return unitsHostile(r, ai, a, bi, b);
}

/** armiesHostile by nation index. */
function unitsHostile(r: Resolution, ai: number, a: NationId, bi: number, b: NationId): boolean {
  if (ai === bi) return false;
  const n = r.nationCount;
  if (ai >= n || bi >= n) return nationsHostile(r, a, b);
  return r.friendly[ai * n + bi] === 0 || r.friendly[bi * n + ai] === 0;
}

function nationsHostile(r: Resolution, a: NationId, b: NationId): boolean {
  return !(isFriendlyOrTolerant(relationOf(r.nations, a, b)) && isFriendlyOrTolerant(relationOf(r.nations, b, a)));
}

/** The seed: a fortified population centre of a nation that is not tolerant or friendly to the army stops it. */
export function centreStops(r: Resolution, pc: PopulationCentreState, mover: NationId): boolean {
  return pc.fortification !== 'none' && pc.nation !== mover && !isFriendlyOrTolerant(relationOf(r.nations, pc.nation, mover));
}

/** centreStops for a centre and an army of the resolution. */
function centreStopsUnit(r: Resolution, pc: Centre, u: RUnit): boolean {
  if (pc.fortification === 'none' || pc.nation === u.nation) return false;
  const n = r.nationCount;
  if (pc.nationIx >= n || u.nationIx >= n) return !isFriendlyOrTolerant(relationOf(r.nations, pc.nation, u.nation));
  return r.friendly[pc.nationIx * n + u.nationIx] === 0;
}

function contested(r: Resolution, hex: number, group: RUnit[]): boolean {
  const movers = group.filter((u) => u.mode === 'army' && u.entered && u.entry < u.plan.length);
  if (movers.length === 0) return false;
  const armies = (r.present[hex] ?? []).filter(landArmy);
  let count = 0;
  for (const m of movers) if (armies.some((a) => unitsHostile(r, a.nationIx, a.nation, m.nationIx, m.nation))) count++;
  return count > 1 || (count === 1 && movers.length > 1);
}

// ---------------------------------------------------------------------------------------------------
// Movement

function moraleLoss(r: Resolution, u: RUnit): void {
  const s = u.state as ArmyState | NavyState;
  const { unfedMoraleLossMin: min, unfedMoraleLossMax: max } = r.settings;
  const loss = min + r.rng.int(max - min + 1, { purpose: 'morale', unit: u.id, pulse: 0 });
  const after = Math.max(0, s.morale - loss);
  u.morale = { before: s.morale, after };
  r.events.push({
    after,
    before: s.morale,
    message: `${u.id} has no food and loses ${s.morale - after} morale (${s.morale} to ${after})`,
    nations: onlyOf(r, u.nation),
    pulse: 0,
    type: 'morale',
    unit: u.id,
  });
}

function stopUnit(r: Resolution, u: RUnit, reason: StopReason, p: number, detail?: string): void {
  u.done = true;
  const hex = hexIdOf(r, u.hex);
  const message = detail === undefined ? STOP_MESSAGES[reason] : [STOP_MESSAGES[reason], ': ', detail].join('');
  u.stop = { hex, message, reason };
  r.events.push({ hex, message: [u.id, ' stopped at ', hex, ': ', message].join(''), nations: onlyOf(r, u.nation), pulse: p, reason, type: 'stop', unit: u.id });
}

/** The unit tries its next order entry at pulse p; returns the pulse it arrives, or 0 when it does not leave now. */
function depart(r: Resolution, u: RUnit, p: number): number {
  const { map } = r;
  if (u.entry >= u.plan.length) {
    u.done = true;
    return 0;
  }
  const entry = u.plan[u.entry] as MoveStep;
  if (entry === 'h') {
    if (u.mpSpent + 1 > u.budget) {
      stopUnit(r, u, 'insufficient-mp', p, `a day of rest costs 1 and ${u.budget - u.mpSpent} MP are left`);
      return 0;
    }
    u.pendingTo = u.hex;
    u.pendingDir = -1;
    u.pendingCost = 1;
    return p + 1;
  }
  const d = DIRECTION_INDEX[entry];
  const cost =
    u.mode === 'army'
      ? armyStepCost(map, u.hex, d, u.table, u.fed, u.evasive)
      : navyStepCost(map, u.hex, d, u.fed, u.evasive, r.world.isDock);
  if (cost < 0) {
    stopUnit(r, u, blockOfCost(cost), p, `moving ${entry} from ${hexIdOf(r, u.hex)}`);
    return 0;
  }
  if (u.mpSpent + cost > u.budget) {
    stopUnit(r, u, 'insufficient-mp', p, `moving ${entry} costs ${cost} and ${u.budget - u.mpSpent} MP are left`);
    return 0;
  }
  if (u.mode === 'army' && u.entered) {
    const blocked = intercept(r, u, p, d);
    if (blocked !== null) return 0;
  }
  commitSeen(r, u, 'passed-through', p);
  removePresent(r, u);
  u.pendingTo = map.neighbours[u.hex * 6 + d] as number;
  u.pendingDir = d;
  u.pendingCost = cost;
  return p + cost;
}

function arrive(r: Resolution, u: RUnit, p: number): void {
  const { map } = r;
  const from = u.hex;
  const cost = u.pendingCost;
  const dir: MoveStep = u.pendingDir < 0 ? 'h' : (DIRECTIONS[u.pendingDir] as Direction);
  u.mpSpent += cost;
  u.entry++;
  if (u.pendingDir >= 0) {
    u.hex = u.pendingTo;
    u.entered = true;
  }
  // Keys in sorted order: the canonical JSON of the result then needs no copy of them.
  const step: Step = { cost, dir, from: hexIdOf(r, from), mpLeft: u.budget - u.mpSpent, pulse: p, to: hexIdOf(r, u.hex) };
  u.steps.push(step);
  u.visited.push(u.hex);
  moveAlong(u, step);
  // Keys in sorted order (the most frequent event: its canonical JSON then needs no copy).
  r.events.push({
    cost,
    dir,
    from: step.from,
    message:
      dir === 'h'
        ? [u.id, ' rested a day at ', step.to, ' (1 MP, ', step.mpLeft, ' left)'].join('')
        : [u.id, ' moved ', dir, ' from ', step.from, ' to ', step.to, ' (', cost, ' MP, ', step.mpLeft, ' left)'].join(''),
    mpLeft: step.mpLeft,
    nations: onlyOf(r, u.nation),
    pulse: p,
    to: step.to,
    type: 'step',
    unit: u.id,
  });
  if (u.pendingDir < 0) return;
  addPresent(r, u);
  observeArrival(r, u, p);
  if (u.mode === 'navy') {
    if (map.terrain[u.hex] === TERRAIN_CODE.sea) {
      const { openSeaLossPercent: loss, openSeaStormPercent: storm } = r.settings;
      if (loss + storm > 0) {
        const roll = r.rng.int(100, { purpose: 'open-sea', unit: u.id, pulse: p, hex: step.to });
        if (roll < loss) {
          destroy(r, u, p, 'lost-at-sea', null);
          return;
        }
        if (roll < loss + storm) {
          r.events.push({ hex: step.to, message: `${u.id} was caught by a storm at ${step.to}`, nations: [u.nation], pulse: p, type: 'storm', unit: u.id });
          if (u.entry < u.plan.length) stopUnit(r, u, 'storm', p);
          else u.done = true;
          return;
        }
      }
    }
    if (endsNavyMove(map, u.hex, r.world.isDock) && u.entry < u.plan.length) {
      stopUnit(r, u, 'docked', p, `at ${step.to}`);
    }
  }
}

function moveAlong(u: RUnit, step: Step): void {
  for (const q of u.passengers) {
    q.hex = u.hex;
    q.steps.push(step);
    q.visited.push(u.hex);
    moveAlong(q, step);
  }
}

function destroy(r: Resolution, u: RUnit, p: number, cause: 'overrun' | 'lost-at-sea', by: RUnit | null): void {
  const hex = hexIdOf(r, u.hex);
  u.destroyed = true;
  u.done = true;
  u.stop = { hex, message: STOP_MESSAGES[cause], reason: cause };
  if (u.carrier === null) removePresent(r, u);
  emit(r, {
    type: 'destroyed',
    pulse: p,
    unit: u.id,
    hex,
    cause,
    ...(by !== null ? { by: by.id } : {}),
    message: cause === 'overrun' ? `${u.id} (${u.nation}) was overrun at ${hex} by ${by?.id ?? ''} (${by?.nation ?? ''})` : `${u.id} was lost at sea at ${hex}`,
    nations: by !== null && by.nation !== u.nation ? [u.nation, by.nation] : [u.nation],
  });
  for (const q of u.passengers) destroyPassenger(r, q, u, p, hex);
}

function destroyPassenger(r: Resolution, q: RUnit, carrier: RUnit, p: number, hex: HexId): void {
  q.destroyed = true;
  q.done = true;
  const reason: StopReason = carrier.stop?.reason === 'lost-at-sea' ? 'lost-at-sea' : 'overrun';
  q.stop = { hex, message: `${q.kind === 'character' ? 'killed' : 'destroyed'} with ${carrier.id}: ${STOP_MESSAGES[reason]}`, reason };
  if (q.kind === 'character') {
    r.events.push({ hex, message: `${q.id} was killed with ${carrier.id} at ${hex}`, nations: onlyOf(r, q.nation), pulse: p, type: 'character-killed', unit: q.id, with: carrier.id });
  } else {
    r.events.push({ cause: reason, hex, message: `${q.id} was lost with ${carrier.id} at ${hex}`, nations: onlyOf(r, q.nation), pulse: p, type: 'destroyed', unit: q.id });
  }
  for (const x of q.passengers) destroyPassenger(r, x, q, p, hex);
}

/** The seed's steps 3 and 4 for an army trying to leave its hex in direction d. Returns the stop reason, or null. */
function intercept(r: Resolution, u: RUnit, p: number, d: number): StopReason | null {
  const { map, settings } = r;
  const hexId = hexIdOf(r, u.hex);
  // The evasion roll, made at most once per interception (at the first blocker it is needed for).
  let evaded: boolean | null = null;

  // Step 3: armies.
  let blockers = (r.present[u.hex] ?? []).filter((b) => b !== u && landArmy(b) && unitsHostile(r, b.nationIx, b.nation, u.nationIx, u.nation));
  if (blockers.length > 1) {
    blockers = r.rng.shuffle(blockers, { purpose: 'block-order', unit: u.id, pulse: p, hex: hexId });
    r.events.push({
      blockers: blockers.map((b) => b.id),
      hex: hexId,
      message: `pulse ${p}: ${blockers.length} armies try to stop ${u.id} at ${hexId}; random order ${blockers.map((b) => b.id).join(', ')}`,
      nations: [],
      pulse: p,
      type: 'block-order',
      unit: u.id,
    });
  }
  for (const b of blockers) {
    if (b.destroyed) continue;
    const defended = (b.defends & (1 << d)) !== 0;
    const eff = defended ? b.strength * settings.standAndDefendFactor : b.strength;
    const outcome = confront(u.strength, eff, settings);
    if (outcome === 'overrun') {
      interception(r, p, hexId, u, b, eff, defended, outcome, `${u.id} (${u.nation}) overran ${b.id} (${b.nation}) at ${hexId}`, [u.nation, b.nation]);
      sight(r, u.nation, b, u.hex, p, 'we-overran');
      sight(r, b.nation, u, u.hex, p, 'overran-us');
      destroy(r, b, p, 'overrun', u);
      continue;
    }
    if (outcome === 'forced-past') {
      interception(r, p, hexId, u, b, eff, defended, outcome, `${u.id} (${u.nation}) forced its way past ${b.id} (${b.nation}) at ${hexId}`, [u.nation, b.nation]);
      sight(r, u.nation, b, u.hex, p, 'we-forced-past');
      sight(r, b.nation, u, u.hex, p, 'forced-past-us');
      continue;
    }
    if (u.evasive && (evaded ??= evadeRoll(r, u, p, hexId))) {
      interception(r, p, hexId, u, b, eff, defended, 'evaded', `${u.id} slipped past ${b.id} (${b.nation}) at ${hexId}`, [u.nation]);
      sight(r, u.nation, b, u.hex, p, 'we-evaded');
      continue;
    }
    interception(r, p, hexId, u, b, eff, defended, 'stopped', `${u.id} (${u.nation}) was stopped at ${hexId} by ${b.id} (${b.nation})`, [u.nation, b.nation]);
    sight(r, u.nation, b, u.hex, p, 'blocked-us');
    sight(r, b.nation, u, u.hex, p, 'we-blocked');
    stopUnit(r, u, 'blocked-by-army', p, `${b.id} (${b.nation})`);
    return 'blocked-by-army';
  }

  // Step 4: fortified population centres.
  const pc = r.centres[u.hex];
  if (pc !== undefined && centreStopsUnit(r, pc, u)) {
    r.knownCentres.get(u.nation)?.add(u.hex);
    if (u.evasive && (evaded ??= evadeRoll(r, u, p, hexId))) {
      r.events.push({
        hex: hexId,
        message: `${u.id} slipped past the ${pc.fortification} of ${pc.nation} at ${hexId}`,
        nations: onlyOf(r, u.nation),
        outcome: 'evaded',
        owner: pc.nation,
        pulse: p,
        type: 'population-centre',
        unit: u.id,
      });
      return null;
    }
    r.events.push({
      hex: hexId,
      message: `${u.id} (${u.nation}) was stopped at ${hexId} by the ${pc.fortification} of ${pc.nation}`,
      nations: [u.nation, pc.nation],
      outcome: 'stopped',
      owner: pc.nation,
      pulse: p,
      type: 'population-centre',
      unit: u.id,
    });
    sight(r, pc.nation, u, u.hex, p, 'we-blocked');
    stopUnit(r, u, 'blocked-by-population-centre', p, `${pc.fortification} of ${pc.nation}`);
    return 'blocked-by-population-centre';
  }
  return null;
}

/** An interception event (keys in sorted order). */
function interception(
  r: Resolution,
  p: number,
  hex: HexId,
  u: RUnit,
  b: RUnit,
  blockerStrength: number,
  defendedSide: boolean,
  outcome: 'overrun' | 'forced-past' | 'stopped' | 'evaded',
  message: string,
  nations: NationId[],
): void {
  r.events.push({ blockerStrength, by: b.id, defendedSide, hex, message, nations, outcome, pulse: p, strength: u.strength, type: 'interception', unit: u.id });
}

/** An evasive army's roll to slip past what would stop it. */
function evadeRoll(r: Resolution, u: RUnit, p: number, hexId: HexId): boolean {
  const chance = evasionChance(u.command, u.troops, r.settings);
  const roll = r.rng.int(100, { purpose: 'evasion', unit: u.id, pulse: p, hex: hexId });
  const evaded = roll < chance;
  r.events.push({
    chance,
    hex: hexId,
    message: `${u.id} tried to slip past evasively at ${hexId}: ${evaded ? 'succeeded' : 'failed'}`,
    nations: onlyOf(r, u.nation),
    pulse: p,
    roll,
    success: evaded,
    type: 'evasion',
    unit: u.id,
  });
  return evaded;
}

// ---------------------------------------------------------------------------------------------------
// Sightings (fog of war: docs/rules.md "What a nation sees")

function seenKind(u: RUnit): 'army' | 'navy' | null {
  if (u.kind === 'navy') return 'navy';
  if (u.kind === 'army') return 'army';
  return null;
}

/** What a sighting was, each with a code for the sighting's key. */
const SIGHTING_CODE = {
  met: 0,
  'passed-through': 1,
  'we-overran': 2,
  'overran-us': 3,
  'we-forced-past': 4,
  'forced-past-us': 5,
  'we-evaded': 6,
  'blocked-us': 7,
  'we-blocked': 8,
} as const;
const SIGHTING_CODES = 9;
type SightingWhat = keyof typeof SIGHTING_CODE;

/** One number per (observer, unit, hex, what): no string built per sighting tried. */
function sightingKey(r: Resolution, observer: NationId, u: RUnit, hex: number, what: SightingWhat): number | string {
  const observerIx = r.nationIx.get(observer);
  if (!r.numericSightingKeys || observerIx === undefined || observerIx >= r.nationCount) return `${observer}|${u.id}|${hex}|${what}`;
  return ((observerIx * r.units.length + u.index) * r.map.terrain.length + hex) * SIGHTING_CODES + SIGHTING_CODE[what];
}

function sight(r: Resolution, observer: NationId, u: RUnit, hex: number, pulse: number, what: SightingWhat): void {
  if (observer === u.nation) return;
  const kind = seenKind(u);
  if (kind === null) return;
  const key = sightingKey(r, observer, u, hex, what);
  if (r.sightingKeys.has(key)) return;
  r.sightingKeys.add(key);
  const size = kind === 'army' ? armySizeWord(u.troops) : navySizeWord(u.ships);
  r.sightings.get(observer)?.push({ hex: hexIdOf(r, hex), kind, nation: u.nation, pulse, size, unit: u.id, what });
}


/** Everyone at rest in `hex` at the start of the turn sees everyone else there. */
function observeAll(r: Resolution, hex: number, list: RUnit[]): void {
  const pc = r.centres[hex];
  for (const u of list) {
    for (const v of list) if (v !== u) sight(r, u.nation, v, hex, 0, 'met');
    if (pc !== undefined && pc.nation !== u.nation) {
      sight(r, pc.nation, u, hex, 0, 'met');
      r.knownCentres.get(u.nation)?.add(hex);
    }
  }
}

/** A unit arrives: it sees the units and population centre there; they see it (committed when it leaves or stays). */
function observeArrival(r: Resolution, u: RUnit, p: number): void {
  const list = r.present[u.hex] ?? [];
  u.seenBy.length = 0;
  for (const v of list) {
    if (v === u || v.nation === u.nation) continue;
    sight(r, u.nation, v, u.hex, p, 'met');
    if (!u.seenBy.includes(v.nation)) u.seenBy.push(v.nation);
  }
  const pc = r.centres[u.hex];
  if (pc !== undefined && pc.nation !== u.nation) {
    r.knownCentres.get(u.nation)?.add(u.hex);
    if (!u.seenBy.includes(pc.nation)) u.seenBy.push(pc.nation);
  }
  u.seenAt = p;
}

/** The nations that saw `u` arrive in its hex now learn of it; an evasive unit passing through may go unseen. */
function commitSeen(r: Resolution, u: RUnit, what: 'met' | 'passed-through', p: number): void {
  if (u.seenBy.length === 0) return;
  const at = u.seenAt;
  if (what === 'passed-through' && u.evasive) {
    const seen = r.rng.percent(r.settings.evasiveSightingPercent, { purpose: 'sighting', unit: u.id, pulse: p, hex: hexIdOf(r, u.hex) });
    if (!seen) {
      u.seenBy.length = 0;
      return;
    }
  }
  for (const n of u.seenBy) sight(r, n, u, u.hex, at, what);
  u.seenBy.length = 0;
}

// ---------------------------------------------------------------------------------------------------
// Results

function unitResult(r: Resolution, u: RUnit): UnitResult {
  // Keys in sorted order (destroyed, finalHex, id, kind, morale, mpSpent, nation, startHex, steps, stop),
  // so the canonical JSON of the result needs no copy of them.
  const res = {} as UnitResult;
  if (u.destroyed) res.destroyed = true;
  res.finalHex = hexIdOf(r, u.hex);
  res.id = u.id;
  res.kind = u.kind;
  if (u.morale !== null) res.morale = { after: u.morale.after, before: u.morale.before };
  res.mpSpent = u.mpSpent;
  res.nation = u.nation;
  res.startHex = hexIdOf(r, u.start);
  res.steps = u.steps;
  res.stop = u.stop;
  return res;
}

function buildNextState(state: GameState, r: Resolution): GameState {
  // Objects are built with their keys in sorted order, so hashing the result copies nothing.
  const units: UnitState[] = [];
  each({ r, units }, r.units, pushNextUnit);
  return {
    map: state.map,
    nations: state.nations,
    populationCentres: state.populationCentres,
    rng: r.rng.state(),
    ruleset: state.ruleset,
    seed: state.seed,
    settings: state.settings,
    turn: state.turn + 1,
    units,
  };
}

function pushNextUnit(c: { r: Resolution; units: UnitState[] }, u: RUnit): void {
  if (!u.destroyed) c.units.push(nextUnitState(c.r, u));
}

/** A surviving unit's state for the next turn. */
function nextUnitState(r: Resolution, u: RUnit): UnitState {
  const hex = hexIdOf(r, u.hex);
  const s = u.state;
  switch (s.kind) {
    case 'army': {
      let aboard: UnitId | null = null;
      if (u.mode === 'navy') aboard = u.order?.convoy?.[0]?.id ?? null;
      else if (u.carrier !== null) aboard = u.carrier.id;
      return {
        aboard,
        commander: sortedCommander(s.commander),
        food: s.food,
        hex,
        id: s.id,
        kind: 'army',
        morale: u.morale?.after ?? s.morale,
        nation: s.nation,
        troops: sortedRecord(s.troops),
      };
    }
    case 'navy':
      return {
        commander: sortedCommander(s.commander),
        food: s.food,
        hex,
        id: s.id,
        kind: 'navy',
        morale: u.morale?.after ?? s.morale,
        nation: s.nation,
        ships: { transports: s.ships.transports, warships: s.ships.warships },
      };
    case 'character': {
      const c = { hex, id: s.id, kind: 'character' } as CharacterState;
      if (s.name !== undefined) c.name = s.name;
      c.nation = s.nation;
      c.spells = [...s.spells];
      c.with = u.carrier?.id ?? null;
      return c;
    }
  }
}

function sortedCommander(c: { name?: string; command: number }): ArmyState['commander'] {
  return c.name === undefined ? { command: c.command } : { command: c.command, name: c.name };
}

/** A copy of `o` with its keys in sorted order (the keys are sorted only when they are not already). */
function sortedRecord<T extends object>(o: T): T {
  const keys = Object.keys(o);
  // Insertion sort: records here have a handful of keys, and Array.prototype.sort allocates a work area.
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > k) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = k;
  }
  const out = {} as Record<string, unknown>;
  for (let i = 0; i < keys.length; i++) out[keys[i]!] = (o as Record<string, unknown>)[keys[i]!];
  return out as T;
}

