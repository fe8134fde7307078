// A unit's step on a day: departing (the step's cost, what stops it), arriving (morale, storms, what the
// new hex holds); stopping and destruction are in stops.ts.
import { sideSlot } from '@arbiter/engine';
import { DIRECTIONS, DIRECTION_INDEX } from '@arbiter/engine';
import { TERRAIN_CODE } from '../map.ts';
import { armyStepCost, blockOfCost, endsNavyMove, navyStepCost } from '../paths.ts';
import type { ArmyState, NavyState } from '../state.ts';
import type { Direction, MoveStep, Step } from '../types.ts';
import { onlyOf } from './emit.ts';
import { hexIdOf } from './model.ts';
import type { RUnit, Resolution } from './model.ts';
import { addPresent, defendedAgainst, removePresent } from './presence.ts';
import { intercept } from './interception.ts';
import { commitSeen, observeArrival } from './sightings.ts';
import { destroy, stopUnit } from './stops.ts';

export function moraleLoss(r: Resolution, u: RUnit): void {
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

/** The unit tries its next order entry at pulse p; returns the pulse it arrives, or 0 when it does not leave now. */
export function depart(r: Resolution, u: RUnit, p: number, group: readonly RUnit[]): number {
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
  if (u.mode === 'army' && (u.entered || defendedAgainst(r, u, d))) {
    const blocked = intercept(r, u, p, d, group);
    if (blocked !== null) return 0;
  }
  commitSeen(r, u, 'passed-through', p);
  removePresent(r, u);
  u.leftAt = p;
  u.pendingTo = map.neighbours[sideSlot(u.hex, d)] as number;
  u.pendingDir = d;
  u.pendingCost = cost;
  return p + cost;
}

export function arrive(r: Resolution, u: RUnit, p: number): void {
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
    if (endsNavyMove(map, from, u.hex, r.world.isDock, r.settings.navyDocking) && u.entry < u.plan.length) {
      stopUnit(r, u, 'docked', p, `at ${step.to}`);
    }
  }
}

export function moveAlong(u: RUnit, step: Step): void {
  for (const q of u.passengers) {
    q.hex = u.hex;
    q.steps.push(step);
    q.visited.push(u.hex);
    moveAlong(q, step);
  }
}
