// Which orders stand: the checks shared by the intake's receipt (check.ts) and the turn (adjudicate.ts).
// Orders are first put in a canonical order (unit, order number, position, content), so the outcome
// never depends on the order in which they were typed or submitted.
import { assertNever } from '@arbiter/engine';
import { canonicalJson } from '@arbiter/engine';
import { each } from './each.ts';
import { distance, parseHexId } from '@arbiter/engine';
import { buildMap, hexIndexOf, TERRAIN_CODE } from './map.ts';
import type { GameMap } from './map.ts';
import type { ArmyMoveOrder, CharacterMoveOrder, MoveAndJoinOrder, MovementSpellOrder, NavyMoveOrder, Order } from './orders.ts';
import { CHARACTER_RANGE, navigable } from './paths.ts';
import type { ArmyState, CharacterState, GameState, MapData, NavyState, PopulationCentreState, UnitState } from './state.ts';
import { transportsNeeded } from './strength.ts';
import { foodEaten, isFed } from './food.ts';
import { suppliedFood } from './supply.ts';
import type { RuleSettings } from './settings.ts';
import type { NationId, UnitId } from './types.ts';

export interface World {
  state: GameState;
  map: GameMap;
  units: Map<UnitId, UnitState>;
  /** Population centre by hex index. */
  pcByHex: Map<number, PopulationCentreState>;
  capitals: Map<NationId, PopulationCentreState>;
  isDock: (index: number) => boolean;
}

const mapCache = new WeakMap<MapData, GameMap>();

/** The compact map of a state (built once per map object). Throws if the stored map is invalid: a bug upstream. */
export function mapOf(state: GameState): GameMap {
  let map = mapCache.get(state.map);
  if (map === undefined) {
    const built = buildMap(state.map);
    if (built.errors.length > 0) {
      const first = built.errors[0]!;
      throw new Error(`the game state's map is invalid (${built.errors.length} problems; first: ${first.path}: ${first.message})`);
    }
    map = built.map;
    mapCache.set(state.map, map);
  }
  return map;
}

export function worldOf(state: GameState): World {
  const map = mapOf(state);
  const units = new Map<UnitId, UnitState>();
  each(units, state.units, setById);
  const pcByHex = new Map<number, PopulationCentreState>();
  const capitals = new Map<NationId, PopulationCentreState>();
  for (const p of state.populationCentres) {
    pcByHex.set(hexIndexOf(map, p.hex), p);
    if (p.capital) capitals.set(p.nation, p);
  }
  const isDock = (i: number) => {
    const p = pcByHex.get(i);
    return p !== undefined && p.dock !== 'none';
  };
  return { state, map, units, pcByHex, capitals, isDock };
}

// The intake checks many submissions against one unchanging state (a game's open turn): its World is
// built once per state object. A state whose unit list was replaced or grew or shrank gets a new one.
const worldCache = new WeakMap<GameState, { world: World; units: readonly UnitState[]; count: number }>();

/** worldOf, reused for the same state object while its unit list is unchanged (read-only use only). */
export function sharedWorldOf(state: GameState): World {
  const hit = worldCache.get(state);
  if (hit !== undefined && hit.units === state.units && hit.count === state.units.length) return hit.world;
  const world = worldOf(state);
  worldCache.set(state, { world, units: state.units, count: state.units.length });
  return world;
}

/** The state's units by id (shared, read-only; see sharedWorldOf). */
export function unitsById(state: GameState): ReadonlyMap<UnitId, UnitState> {
  return sharedWorldOf(state).units;
}

function setById(units: Map<UnitId, UnitState>, u: UnitState): void {
  units.set(u.id, u);
}

/** Canonical processing order: unit, order number, line, column, then the order's content. */
export function sortOrders(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => {
    if (a.unit !== b.unit) return a.unit < b.unit ? -1 : 1;
    if (a.code !== b.code) return a.code - b.code;
    if (a.line !== b.line) return a.line - b.line;
    if (a.column !== b.column) return a.column - b.column;
    // Only orders built by a program can share a position: fall back to their content.
    const ka = canonicalJson(a);
    const kb = canonicalJson(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}

export interface AcceptedOrder {
  order: Order;
  unit: UnitState;
  /** 830 issued by an army commander: the anchored navies it boards, lead first. */
  convoy?: NavyState[];
  transportsNeeded?: number;
  /** 850/860 by an army aboard a navy in a land hex: it marches ashore first. */
  disembark?: boolean;
  /** 810/825: destination hex index. */
  dest?: number;
}

export interface OrderVerdict {
  order: Order;
  accepted: AcceptedOrder | null;
  reason?: string;
  warnings: string[];
}

const SPELL_RANGE: Partial<Record<number, number>> = { 302: 14, 304: 16, 306: 19 };
const SPELL_NAME: Record<number, string> = {
  302: 'Long Stride',
  304: 'Fast Stride',
  306: 'Path Mastery',
  308: 'Capital Return',
  310: 'Major Return',
  312: 'Return True',
  314: 'Teleport',
};

function kindWord(u: UnitState): string {
  return u.kind === 'army' ? 'an army' : u.kind === 'navy' ? 'a navy' : 'a character';
}

function isWater(map: GameMap, index: number): boolean {
  const t = map.terrain[index];
  return t === TERRAIN_CODE.coast || t === TERRAIN_CODE.sea;
}

/** The kinds of unit each order is for. */
const EXPECTS: Readonly<Record<Order['kind'], readonly UnitState['kind'][]>> = {
  'army-move': ['army'],
  'stand-and-defend': ['army'],
  'navy-move': ['army', 'navy'],
  'character-move': ['character'],
  'movement-spell': ['character'],
  'move-and-join': ['character'],
};

/**
 * Judges every order. `nation`, when given, is the submitting nation: it may order only its own units.
 * Verdicts come back in canonical order.
 */
export function judgeOrders(world: World, orders: readonly Order[], nation?: NationId): OrderVerdict[] {
  const sorted = sortOrders(orders);
  const { units } = world;
  const verdicts: OrderVerdict[] = [];
  const movementTaken = new Map<UnitId, Order>();
  // Navies with their own 830 are not anchored and cannot be boarded.
  const naviesSailing = new Set<UnitId>();
  for (const o of sorted) {
    if (o.code !== 830) continue;
    const u = units.get(o.unit);
    if (u?.kind === 'navy' && (nation === undefined || u.nation === nation)) naviesSailing.add(u.id);
  }
  const boarded = new Set<UnitId>();
  // Navies by nation and hex, in state order (built at the first army 830: no scan of every unit per order).
  const j: Judging = { world, nation, movementTaken, naviesSailing, boarded, naviesAt: null };

  each({ j, verdicts }, sorted, judgeInto);
  return verdicts;
}

/** What judging one order needs to know of the others (judged before it, in canonical order). */
interface Judging {
  world: World;
  nation: NationId | undefined;
  movementTaken: Map<UnitId, Order>;
  naviesSailing: Set<UnitId>;
  boarded: Set<UnitId>;
  /** Navies by nation and hex, in state order (built at the first army 830: no scan of every unit per order). */
  naviesAt: Map<string, NavyState[]> | null;
}

function judgeInto(c: { j: Judging; verdicts: OrderVerdict[] }, o: Order): void {
  c.verdicts.push(judgeOne(c.j, o));
}

function judgeOne(j: Judging, o: Order): OrderVerdict {
  const warnings: string[] = [];
  const u = j.world.units.get(o.unit);
  const refused = u === undefined ? unitMissing(j, o) : unitRefusal(j, o, u);
  if (refused !== null || u === undefined) return { order: o, accepted: null, reason: refused ?? '', warnings };
  const accepted: AcceptedOrder = { order: o, unit: u };
  let problem: string | null;
  switch (o.kind) {
    case 'army-move':
      problem = judgeArmyMove(j, o, u as ArmyState, accepted, warnings);
      break;
    case 'stand-and-defend': {
      const a = u as ArmyState;
      problem = a.aboard !== null ? `army "${a.id}" is aboard navy "${a.aboard}"; an army at sea cannot stand and defend` : null;
      break;
    }
    case 'navy-move':
      problem = judgeNavyMove(j, o, u, accepted, warnings);
      break;
    case 'character-move':
      problem = judgeCharacterMove(j, o, u as CharacterState, accepted, warnings);
      break;
    case 'movement-spell':
      problem = judgeSpell(j, o, u as CharacterState, accepted, warnings);
      break;
    case 'move-and-join':
      problem = judgeJoin(j, o, u as CharacterState, warnings);
      break;
    default:
      return assertNever(o);
  }
  if (problem !== null) {
    return { order: o, accepted: null, reason: problem, warnings };
  }
  j.movementTaken.set(u.id, o);
  return { order: o, accepted, warnings };
}

/** Why an order names no unit that may take it. For a nation, a foreign unit and a missing one get the same answer: no probing for unit names. */
function unitMissing(j: Judging, o: Order): string {
  return j.nation !== undefined ? `you have no unit "${o.unit}"; a nation may only order its own units` : `there is no unit "${o.unit}" in this game`;
}

/** Why unit `u` may not take order `o` at all (not the nation's, the wrong kind, already moving, boarded), or null. */
function unitRefusal(j: Judging, o: Order, u: UnitState): string | null {
  if (j.nation !== undefined && u.nation !== j.nation) return unitMissing(j, o);
  if (!EXPECTS[o.kind].includes(u.kind)) {
    const who = EXPECTS[o.kind].map((k) => (k === 'army' ? 'armies' : k === 'navy' ? 'navies' : 'characters')).join(' and ');
    return `"${o.unit}" is ${kindWord(u)}; order ${o.code} is for ${who}`;
  }
  const prev = j.movementTaken.get(u.id);
  if (prev !== undefined) {
    const one = u.kind === 'character' ? 'a character gets one of 810, 825, 870' : u.kind === 'army' ? 'an army gets one of 830, 840, 850, 860' : 'a navy gets one 830';
    return `"${u.id}" already has order ${prev.code} (line ${prev.line}) this turn; ${one} per turn`;
  }
  if (u.kind === 'navy' && j.boarded.has(u.id)) return `navy "${u.id}" was already boarded by another army's 830 this turn`;
  return null;
}

/** 850/860: an army aboard a navy marches ashore only from a land hex; warnings for an unfed army and evasive movement. */
function judgeArmyMove(j: Judging, o: ArmyMoveOrder, a: ArmyState, accepted: AcceptedOrder, warnings: string[]): string | null {
  const { map, state } = j.world;
  let problem: string | null = null;
  if (a.aboard !== null) {
    if (isWater(map, hexIndexOf(map, a.hex))) problem = `army "${a.id}" is aboard navy "${a.aboard}" at sea (${a.hex}); it can march ashore only where its navy is in a land hex`;
    else accepted.disembark = true;
  }
  const drawn = suppliedFood(state, a.id);
  if (!isFed(a.food + drawn, a.troops, state.settings)) warnings.push(unfedWarning(a, state.settings, drawn));
  if (o.evasive) warnings.push('evasive movement doubles the cost of every hex');
  return problem;
}

/** 830: a navy sails (a warning when it has no food), or an army boards; a warning for evasive movement. */
function judgeNavyMove(j: Judging, o: NavyMoveOrder, u: UnitState, accepted: AcceptedOrder, warnings: string[]): string | null {
  let problem: string | null = null;
  if (u.kind === 'army') {
    if (u.aboard !== null) return `army "${u.id}" is already aboard navy "${u.aboard}"; order the navy to sail (830), or march ashore with 850 or 860`;
    problem = judgeBoarding(j, u, accepted);
  } else if (u.kind === 'navy') {
    if (u.food <= 0) warnings.push('the navy has no food: each hex costs 2 MP and it loses 1-5 morale');
  }
  if (o.evasive) warnings.push('evasive movement doubles the cost of every hex');
  return problem;
}

/** 830 for an army not aboard: it boards anchored navies of its nation in its hex, enough of them for its transports. */
function judgeBoarding(j: Judging, u: ArmyState, accepted: AcceptedOrder): string | null {
  const { state } = j.world;
  const need = transportsNeeded(u.troops, state.settings);
  const pool = (naviesAnchored(j).get(`${u.nation}\u0000${u.hex}`) ?? []).filter((n) => !j.naviesSailing.has(n.id) && !j.boarded.has(n.id));
  const convoy: NavyState[] = [];
  let have = 0;
  for (const n of pool) {
    if (have >= need && convoy.length > 0) break;
    convoy.push(n);
    have += n.ships.transports;
  }
  if (convoy.length === 0) return `army "${u.id}" has no anchored navy of its nation at ${u.hex} to board (navies with their own 830 are not anchored)`;
  if (have < need) {
    return `army "${u.id}" needs ${need} transports (ceil(cavalry/${state.settings.cavalryPerTransport} + infantry/${state.settings.infantryPerTransport})) but the anchored navies at ${u.hex} have ${have}`;
  }
  accepted.convoy = convoy;
  accepted.transportsNeeded = need;
  for (const n of convoy) j.boarded.add(n.id);
  return null;
}

/** The navies by nation and hex (made once per judging): anchored navies in order of their ids, not of the game state's unit list (which must decide nothing). */
function naviesAnchored(j: Judging): Map<string, NavyState[]> {
  if (j.naviesAt !== null) return j.naviesAt;
  const naviesAt = (j.naviesAt = new Map());
  const navies = j.world.state.units.filter((n): n is NavyState => n.kind === 'navy').sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const n of navies) {
    const key = `${n.nation}\u0000${n.hex}`;
    const list = naviesAt.get(key);
    if (list === undefined) naviesAt.set(key, [n]);
    else list.push(n);
  }
  return naviesAt;
}

/** 810: a character on land moves to a hex within range. */
function judgeCharacterMove(j: Judging, o: CharacterMoveOrder, c: CharacterState, accepted: AcceptedOrder, warnings: string[]): string | null {
  const { world } = j;
  if (isWater(world.map, hexIndexOf(world.map, c.hex))) return `character "${c.id}" is at sea (${c.hex}); a character cannot leave a sea hex by 810, it moves with its navy`;
  const problem = checkDestination(world, c, o.to, CHARACTER_RANGE, `order 810 moves a character at most ${CHARACTER_RANGE} hexes`);
  if (problem === null) accepted.dest = hexIndexOf(world.map, o.to);
  if (c.with !== null && problem === null) warnings.push(`"${c.id}" leaves ${c.with} before it moves`);
  return problem;
}

/** 825: a spell the character knows, to a destination its rule allows. */
function judgeSpell(j: Judging, o: MovementSpellOrder, c: CharacterState, accepted: AcceptedOrder, warnings: string[]): string | null {
  const name = `${SPELL_NAME[o.spell] ?? 'spell'} (#${o.spell})`;
  if (!c.spells.includes(o.spell)) return `character "${c.id}" does not know ${name}${c.spells.length ? `; it knows ${c.spells.join(', ')}` : ''}`;
  const problem = spellDestination(j.world, o, c, name, accepted);
  if (c.with !== null && problem === null) warnings.push(`"${c.id}" leaves ${c.with} before it moves`);
  return problem;
}

/** Where spell `o` takes the character (set as accepted.dest), or why it cannot. */
function spellDestination(world: World, o: MovementSpellOrder, c: CharacterState, name: string, accepted: AcceptedOrder): string | null {
  const { map } = world;
  const range = SPELL_RANGE[o.spell];
  if (range !== undefined) {
    const problem = o.to === null ? `${name} needs a destination hex` : checkDestination(world, c, o.to, range, `${name} reaches ${range} hexes`);
    if (problem === null && o.to !== null) accepted.dest = hexIndexOf(map, o.to);
    return problem;
  }
  if (o.spell === 308) {
    const cap = world.capitals.get(c.nation);
    if (cap === undefined) return `${name}: nation ${c.nation} has no capital`;
    accepted.dest = hexIndexOf(map, cap.hex);
    return null;
  }
  if (o.spell === 310 || o.spell === 312) {
    if (o.to === null) return `${name} needs the hex of one of your population centres`;
    const i = hexIndexOf(map, o.to);
    const pc = i < 0 ? undefined : world.pcByHex.get(i);
    if (i < 0) return `hex ${o.to} is not on the map`;
    if (pc === undefined || pc.nation !== c.nation) return `${name}: hex ${o.to} is not a population centre of ${c.nation}`;
    if (o.spell === 310 && pc.size !== 'city' && pc.size !== 'major-town') return `${name}: ${o.to} is a ${pc.size}; this spell goes to your city or major town`;
    accepted.dest = i;
    return null;
  }
  // 314 Teleport: any land hex.
  if (o.to === null) return `${name} needs a destination hex`;
  const i = hexIndexOf(map, o.to);
  if (i < 0) return `hex ${o.to} is not on the map`;
  if (isWater(map, i)) return `hex ${o.to} is water; characters may only go to land hexes`;
  accepted.dest = i;
  return null;
}

/** 870: the army to join must be one of the character's nation; a far army is a warning, not a refusal. */
function judgeJoin(j: Judging, o: MoveAndJoinOrder, c: CharacterState, warnings: string[]): string | null {
  const target = j.world.units.get(o.army);
  // A foreign unit and a missing one get the same answer (no probing for unit names).
  if (target === undefined || target.nation !== c.nation) return `"${o.army}" is not an army of your nation`;
  if (target.kind !== 'army') return `"${o.army}" is ${kindWord(target)}; order 870 joins an army`;
  if (o.to !== undefined) return checkDestination(j.world, c, o.to, CHARACTER_RANGE, `order 870 moves a character at most ${CHARACTER_RANGE} hexes`);
  if (c.with === target.id) warnings.push(`"${c.id}" is already with army "${o.army}"`);
  else {
    const d = distance(parseHexId(c.hex)!, parseHexId(target.hex)!);
    if (d > CHARACTER_RANGE + 14) warnings.push(`army "${o.army}" is ${d} hexes away now; it must end its move within ${CHARACTER_RANGE} hexes of "${c.id}"`);
  }
  return null;
}

function checkDestination(world: World, c: CharacterState, to: string, range: number, rangeWords: string): string | null {
  const { map } = world;
  const i = hexIndexOf(map, to);
  if (i < 0) return `hex ${to} is not on the map`;
  if (isWater(map, i)) return `hex ${to} is water; characters may only go to land hexes`;
  const d = distance(parseHexId(c.hex)!, parseHexId(to)!);
  if (d > range) return `hex ${to} is ${d} hexes from ${c.hex}; ${rangeWords}`;
  return null;
}

/** Whether a navy may be at hex `index` (re-exported for the resolver). */
export function navyMayBeAt(world: World, index: number): boolean {
  return navigable(world.map, index, world.isDock);
}

/** The receipt's warning for an army that will move unfed: what it carries (and draws at its centre) against what its troops eat. */
export function unfedWarning(a: ArmyState, s: RuleSettings, drawn = 0): string {
  const carries = drawn > 0 ? `${a.food} food and draws ${drawn} at its population centre` : `${a.food} food`;
  return `the army carries ${carries} and its troops eat ${foodEaten(a.troops, s)} this turn, so it moves unfed: each hex costs a third more (rounded up) and it loses 1-5 morale`;
}
