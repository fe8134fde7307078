// The turn's results: each unit's result (steps, stop, destroyed, morale) and the next game state.
import type { ArmyState, CharacterState, GameState, UnitState } from '../state.ts';
import type { UnitId, UnitResult } from '../types.ts';
import { each } from '../each.ts';
import { hexIdOf } from './model.ts';
import type { RUnit, Resolution } from './model.ts';

export function unitResults(r: Resolution): UnitResult[] {
  const out: UnitResult[] = new Array(r.units.length);
  each({ r, out }, r.bySlot, putUnitResult);
  return out;
}

export function putUnitResult(c: { r: Resolution; out: UnitResult[] }, u: RUnit, i: number): void {
  c.out[i] = unitResult(c.r, u);
}

export function unitResult(r: Resolution, u: RUnit): UnitResult {
  // Keys in sorted order (destroyed, finalHex, food, id, kind, morale, mpSpent, nation, startHex, steps, stop),
  // so the canonical JSON of the result needs no copy of them.
  const res = {} as UnitResult;
  if (u.destroyed) res.destroyed = true;
  res.finalHex = hexIdOf(r, u.hex);
  if (u.food !== null && !u.destroyed) res.food = u.food;
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

export function buildNextState(state: GameState, r: Resolution): GameState {
  // Objects are built with their keys in sorted order, so hashing the result copies nothing.
  const units: UnitState[] = [];
  each({ r, units }, r.bySlot, pushNextUnit);
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

export function pushNextUnit(c: { r: Resolution; units: UnitState[] }, u: RUnit): void {
  if (!u.destroyed) c.units.push(nextUnitState(c.r, u));
}

/** A surviving unit's state for the next turn. */
export function nextUnitState(r: Resolution, u: RUnit): UnitState {
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
        food: u.food?.left ?? s.food,
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

export function sortedCommander(c: { name?: string; command: number }): ArmyState['commander'] {
  return c.name === undefined ? { command: c.command } : { command: c.command, name: c.name };
}

/** A copy of `o` with its keys in sorted order (the keys are sorted only when they are not already). */
export function sortedRecord<T extends object>(o: T): T {
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
