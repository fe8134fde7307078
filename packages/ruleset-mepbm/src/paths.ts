// Step costs and unopposed paths for armies and navies, on hex indexes (no strings on the hot path).
// The pulse resolver (adjudicate.ts), the order check (check.ts) and the benchmark all use these, so a
// preview and a turn can never disagree about what a step costs.
import { HEX_SIDES, sideSlot } from '@arbiter/engine';
import { COST_NOT_ALLOWED, stepCost } from './costs.ts';
import { DIRECTION_INDEX } from '@arbiter/engine';
import { FEATURE_BIT, TERRAIN_CODE, featuresAtIndex } from './map.ts';
import type { GameMap } from './map.ts';
import type { NavyDocking } from './settings.ts';
import type { MoveStep, Troops } from './types.ts';

/** MP budgets (seed, "Movement Limits"). */
export const MP_MOVE = 12; // 850, characters
export const MP_FORCE_MARCH = 14; // 860, navies (830)
export const MP_NAVY = 14;
/** 810 range in hexes. */
export const CHARACTER_RANGE = 12;

/** Why a unit could not take a step (stable codes; STOP_MESSAGES has them in words). */
export type StepBlock =
  | 'off-map'
  | 'water'
  | 'major-river'
  | 'mountain-without-road'
  | 'not-allowed'
  | 'not-navigable';

/** Every reason a unit's movement can end before its orders are done. */
export type StopReason =
  | StepBlock
  | 'insufficient-mp'
  | 'blocked-by-army'
  | 'blocked-by-population-centre'
  | 'overrun'
  | 'docked'
  | 'storm'
  | 'lost-at-sea'
  | 'join-failed';

export const STOP_MESSAGES: Record<StopReason, string> = {
  'off-map': 'the next hex is off the map',
  water: 'armies cannot enter coastal water or open sea',
  'major-river': 'a major river runs along that side and there is no bridge or ford there',
  'mountain-without-road': 'armies cannot move from a mountain hex into another mountain hex without a road on that side',
  'not-allowed': 'the movement cost table does not allow that step for this army (e.g. unfed into mountains without a road)',
  'not-navigable': 'navies can only enter water, shore hexes, hexes with a harbour or port, and hexes along a major river',
  'insufficient-mp': 'not enough movement points left for the next step',
  'blocked-by-army': 'stopped by an army that is not friendly or tolerant',
  'blocked-by-population-centre': 'stopped by a fortified population centre that is not friendly or tolerant',
  overrun: 'overrun: all troops and characters with it were killed',
  docked: 'a navy entering a shore hex or a hex with a harbour or port from the water ends its move (not along a major river)',
  storm: 'caught by a storm on the open sea; the move ends here',
  'lost-at-sea': 'lost at sea with everyone aboard',
  'join-failed': 'could not join the army',
};

const T_COAST = TERRAIN_CODE.coast;
const T_SEA = TERRAIN_CODE.sea;
const T_MOUNTAINS = TERRAIN_CODE.mountains;
const T_SHORE = TERRAIN_CODE.shore;
const ROAD = FEATURE_BIT.road;
const MAJOR = FEATURE_BIT['major-river'];

export const TABLE_MIXED = 0;
export const TABLE_CAVALRY = 1;

/** Cavalry-only (every troop heavy or light cavalry) uses the cavalry table; anything else the mixed one. */
export function costTableFor(troops: Troops): number {
  const inf = (troops.heavyInfantry ?? 0) + (troops.lightInfantry ?? 0) + (troops.archers ?? 0) + (troops.menAtArms ?? 0);
  const cav = (troops.heavyCavalry ?? 0) + (troops.lightCavalry ?? 0);
  return inf === 0 && cav > 0 ? TABLE_CAVALRY : TABLE_MIXED;
}

export function troopCount(troops: Troops): number {
  let n = 0;
  for (const v of Object.values(troops)) n += v ?? 0;
  return n;
}

/**
 * Cost of an army step from hex `from` in direction code `d`: a positive MP cost, or the negated index
 * of the StepBlock in ARMY_BLOCKS (so the hot loop allocates nothing). `h` is not a step: it costs 1.
 */
export function armyStepCost(map: GameMap, from: number, d: number, table: number, fed: boolean, evasive: boolean): number {
  const to = map.neighbours[sideSlot(from, d)] as number;
  if (to < 0) return -1; // off-map
  const tTo = map.terrain[to] as number;
  if (tTo === T_COAST || tTo === T_SEA) return -2; // water
  const bits = featuresAtIndex(map, from, d);
  if ((bits & MAJOR) !== 0 && (bits & (FEATURE_BIT.bridge | FEATURE_BIT.ford)) === 0) return -3;
  if (tTo === T_MOUNTAINS && map.terrain[from] === T_MOUNTAINS && (bits & ROAD) === 0) return -4;
  const c = stepCost(table, tTo, bits, fed);
  if (c === COST_NOT_ALLOWED) return -5;
  return evasive ? c * 2 : c;
}

/** ARMY_BLOCKS[-cost - 1] is the reason a negative cost stands for. */
export const ARMY_BLOCKS: readonly StepBlock[] = ['off-map', 'water', 'major-river', 'mountain-without-road', 'not-allowed'];

/** Whether a navy may be in hex `index`: water, shore, a dock, or a hex along a major river. */
export function navigable(map: GameMap, index: number, isDock: (index: number) => boolean): boolean {
  const t = map.terrain[index] as number;
  if (t === 0) return false;
  if (t === T_COAST || t === T_SEA || t === T_SHORE) return true;
  if (isDock(index)) return true;
  return bordersMajorRiverIndex(map, index);
}

export function bordersMajorRiverIndex(map: GameMap, index: number): boolean {
  for (let d = 0; d < HEX_SIDES; d++) if ((featuresAtIndex(map, index, d) & MAJOR) !== 0) return true;
  return false;
}

/** Navy step cost: 1 MP per hex fed, 2 unfed, doubled when evasive; negative = blocked (-1 off-map, -6 not navigable). */
export function navyStepCost(map: GameMap, from: number, d: number, fed: boolean, evasive: boolean, isDock: (index: number) => boolean): number {
  const to = map.neighbours[sideSlot(from, d)] as number;
  if (to < 0) return -1;
  if (!navigable(map, to, isDock)) return -6;
  const c = fed ? 1 : 2;
  return evasive ? c * 2 : c;
}

/**
 * Whether a navy's move ends on entering hex `index` from hex `from` (docs/rules-mepbm.md "Navies"). With
 * `from-water` (the default, as JOverseer's order checker computes it): entering a shore hex or a hex with
 * a harbour or port from coastal water or open sea ends it, unless that hex lies along a major river; a
 * navy sailing along a river or the shore sails on. With `every-landing`: every shore hex and dock ends it.
 */
export function endsNavyMove(map: GameMap, from: number, index: number, isDock: (index: number) => boolean, docking: NavyDocking): boolean {
  if (map.terrain[index] !== T_SHORE && !isDock(index)) return false;
  if (docking === 'every-landing') return true;
  const t = map.terrain[from];
  if (t !== T_COAST && t !== T_SEA) return false;
  return !bordersMajorRiverIndex(map, index);
}

export function blockOfCost(cost: number): StepBlock {
  if (cost === -6) return 'not-navigable';
  return ARMY_BLOCKS[-cost - 1] as StepBlock;
}

export interface PathStep {
  from: number;
  to: number;
  /** Direction code, or -1 for `h`. */
  dir: number;
  cost: number;
  mpLeft: number;
}

export interface PathResult {
  final: number;
  mpSpent: number;
  steps: PathStep[];
  /** Null when every entry was taken. */
  stop: { reason: StopReason; at: number; entry: number } | null;
}

/**
 * An army's path as if it moved alone (no other unit on the map): the single-army adjudication the
 * order check previews and the benchmark measures. The pulse resolver applies the same costs.
 */
export function walkArmyPath(
  map: GameMap,
  start: number,
  steps: readonly MoveStep[],
  budget: number,
  table: number,
  fed: boolean,
  evasive: boolean,
): PathResult {
  let at = start;
  let spent = 0;
  const out: PathStep[] = [];
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i] as MoveStep;
    let cost: number;
    let d = -1;
    let to = at;
    if (s === 'h') cost = 1;
    else {
      d = DIRECTION_INDEX[s];
      cost = armyStepCost(map, at, d, table, fed, evasive);
      if (cost < 0) return { final: at, mpSpent: spent, steps: out, stop: { reason: blockOfCost(cost), at, entry: i } };
      to = map.neighbours[sideSlot(at, d)] as number;
    }
    if (spent + cost > budget) return { final: at, mpSpent: spent, steps: out, stop: { reason: 'insufficient-mp', at, entry: i } };
    spent += cost;
    out.push({ from: at, to, dir: d, cost, mpLeft: budget - spent });
    at = to;
  }
  return { final: at, mpSpent: spent, steps: out, stop: null };
}

/**
 * The same walk without recording steps, for the benchmark's hot loop: returns the final hex index,
 * or -(entry index + 1) of the step it stopped at, when it stopped early.
 */
export function walkArmyFinal(
  map: GameMap,
  start: number,
  dirs: Uint8Array,
  offset: number,
  length: number,
  budget: number,
  table: number,
  fed: boolean,
  evasive: boolean,
): number {
  let at = start;
  let spent = 0;
  for (let i = 0; i < length; i++) {
    const d = dirs[offset + i] as number;
    let cost: number;
    let to = at;
    if (d === 6) cost = 1;
    else {
      cost = armyStepCost(map, at, d, table, fed, evasive);
      if (cost < 0) return -(i + 1);
      to = map.neighbours[sideSlot(at, d)] as number;
    }
    if (spent + cost > budget) return -(i + 1);
    spent += cost;
    at = to;
  }
  return at;
}
