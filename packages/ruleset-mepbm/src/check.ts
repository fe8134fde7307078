// The intake's receipt: which of a nation's orders stand, why not, warnings, and for moves the
// unopposed path in words (where it would stop and why, MP used). Same checks as the turn.
import { sideSlot } from '@arbiter/engine';
import { DIRECTION_INDEX } from '@arbiter/engine';
import { hexIdOfIndex, hexIndexOf } from './map.ts';
import type { GameMap } from './map.ts';
import type { Order } from './orders.ts';
import {
  MP_FORCE_MARCH,
  MP_MOVE,
  MP_NAVY,
  STOP_MESSAGES,
  blockOfCost,
  costTableFor,
  endsNavyMove,
  navyStepCost,
  walkArmyPath,
} from './paths.ts';
import type { PathResult } from './paths.ts';
import type { ArmyState, GameState, NavyState } from './state.ts';
import type { MoveStep, NationId } from './types.ts';
import { judgeOrders, sharedWorldOf } from './validate.ts';
import { isFed } from './food.ts';
import { suppliedFood } from './supply.ts';
import { navyDocking } from './settings.ts';
import { unitsOfFileOrders } from './order-file-units.ts';
import type { World } from './validate.ts';

export interface OrderCheck {
  order: Order;
  status: 'accepted' | 'rejected';
  reason?: string;
  warnings: string[];
  /** For 830/850/860: the path as if no other unit were on the map. */
  preview?: string;
  /** The same path as hex ids, from the start hex to where it would end or stop (the web client draws it). */
  previewPath?: string[];
  /** Each step's cost after the start ("2 MP"): the web client's cost under the pointer. */
  previewCosts?: string[];
}

/** Checks a nation's orders against the state; one OrderCheck per order, in the order given. */
export function checkOrders(state: GameState, nation: NationId, orders: readonly Order[]): OrderCheck[] {
  const world = sharedWorldOf(state);
  // A JOverseer order file's orders on the game's units first (order-file-units.ts).
  const read = unitsOfFileOrders(state, nation, orders);
  // Judged in the canonical order (as in the turn), reported in the order given.
  const verdicts = judgeOrders(world, read.flatMap((r) => (r.ok ? [r.order] : [])), nation);
  const byOrder = new Map(verdicts.map((v) => [v.order, v]));
  return read.map((r) => {
    if (!r.ok) return { order: r.order, status: 'rejected', reason: r.reason, warnings: [] };
    const v = byOrder.get(r.order)!;
    const out: OrderCheck = { order: v.order, status: v.accepted ? 'accepted' : 'rejected', warnings: [...v.warnings] };
    if (v.reason !== undefined) out.reason = v.reason;
    const a = v.accepted;
    if (a !== null && (a.order.kind === 'army-move' || a.order.kind === 'navy-move')) {
      const start = hexIndexOf(world.map, a.unit.hex);
      if (a.order.kind === 'army-move') {
        const army = a.unit as ArmyState;
        const budget = a.order.code === 860 ? MP_FORCE_MARCH : MP_MOVE;
        const path = walkArmyPath(world.map, start, a.order.steps, budget, costTableFor(army.troops), isFed(army.food + suppliedFood(world.state, army.id), army.troops, world.state.settings), a.order.evasive);
        out.preview = describePath(world.map, start, path, budget, a.order.steps);
        out.previewPath = pathHexIds(world.map, start, path);
        out.previewCosts = path.steps.map((s) => `${s.cost} MP`);
        if (path.stop !== null && path.stop.entry < a.order.steps.length - 1) {
          out.warnings.push(`the entries after entry ${path.stop.entry + 1} will not be used: the army stops before them`);
        }
      } else {
        let fed: boolean;
        if (a.unit.kind === 'army') fed = isFed(a.unit.food + suppliedFood(world.state, a.unit.id), a.unit.troops, world.state.settings) && (a.convoy ?? []).every((n) => n.food > 0);
        else fed = (a.unit as NavyState).food > 0;
        const path = walkNavyPath(world, start, a.order.steps, fed, a.order.evasive);
        out.preview = describePath(world.map, start, path, MP_NAVY, a.order.steps);
        out.previewPath = pathHexIds(world.map, start, path);
        out.previewCosts = path.steps.map((s) => `${s.cost} MP`);
      }
    }
    // A character's 810 and a movement spell's 825 go straight to their hex: the path is that one step
    // (the web client draws it; the receipt's words are the order's own).
    if (a !== null && (a.order.kind === 'character-move' || (a.order.kind === 'movement-spell' && a.order.to !== null))) {
      out.previewPath = [a.unit.hex, a.order.to as string];
    }
    return out;
  });
}

/** A navy's path alone (no storms: those are rolled in the turn). */
export function walkNavyPath(world: World, start: number, steps: readonly MoveStep[], fed: boolean, evasive: boolean): PathResult {
  const map = world.map;
  let at = start;
  let spent = 0;
  const out: PathResult['steps'] = [];
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i] as MoveStep;
    let cost = 1;
    let to = at;
    let d = -1;
    if (s !== 'h') {
      d = DIRECTION_INDEX[s];
      cost = navyStepCost(map, at, d, fed, evasive, world.isDock);
      if (cost < 0) return { final: at, mpSpent: spent, steps: out, stop: { reason: blockOfCost(cost), at, entry: i } };
      to = map.neighbours[sideSlot(at, d)] as number;
    }
    if (spent + cost > MP_NAVY) return { final: at, mpSpent: spent, steps: out, stop: { reason: 'insufficient-mp', at, entry: i } };
    spent += cost;
    out.push({ from: at, to, dir: d, cost, mpLeft: MP_NAVY - spent });
    const from = at;
    at = to;
    if (d >= 0 && endsNavyMove(map, from, at, world.isDock, navyDocking(world.state.settings)) && i < steps.length - 1) {
      return { final: at, mpSpent: spent, steps: out, stop: { reason: 'docked', at, entry: i + 1 } };
    }
  }
  return { final: at, mpSpent: spent, steps: out, stop: null };
}

function pathHexIds(map: GameMap, start: number, path: PathResult): string[] {
  return [hexIdOfIndex(map, start), ...path.steps.map((s) => hexIdOfIndex(map, s.to))];
}

function describePath(map: GameMap, start: number, path: PathResult, budget: number, steps: readonly MoveStep[]): string {
  const route = [hexIdOfIndex(map, start), ...path.steps.map((s) => `${hexIdOfIndex(map, s.to)} (${s.cost})`)].join(' -> ');
  const used = `${path.mpSpent} of ${budget} MP used`;
  if (path.stop === null) {
    return `unopposed, it would end at ${hexIdOfIndex(map, path.final)} after ${steps.length} ${steps.length === 1 ? 'entry' : 'entries'}: ${route}; ${used}`;
  }
  const entry = steps[path.stop.entry];
  return `unopposed, it would stop at ${hexIdOfIndex(map, path.stop.at)} before entry ${path.stop.entry + 1} (${entry}): ${STOP_MESSAGES[path.stop.reason]}; ${route}; ${used}`;
}
