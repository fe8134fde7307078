// Builders for small positions in tests and the case catalogue: a rectangular map of one terrain with
// overrides, hexsides written as "0505 e road ford", and units with sensible defaults.
import { createGame, parseOrders, parseScenario } from '../src/index.ts';
import { adjudicate } from './sealed.ts';
import type { Relation, Terrain, TurnResult, Troops, UnitResult } from '../src/index.ts';

export interface PositionInput {
  cols?: number;
  rows?: number;
  terrain?: Terrain;
  hexes?: Record<string, Terrain>;
  /** "0505 e road minor-river" */
  sides?: string[];
  /** nation -> (other -> relation); nations named by units are added as needed. */
  nations?: Record<string, Record<string, Relation>>;
  centres?: Record<string, unknown>[];
  units?: Record<string, unknown>[];
  settings?: Record<string, unknown>;
  seed?: number;
}

export function hexId(col: number, row: number): string {
  return `${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`;
}

export function scenario(p: PositionInput, orders: string[] = []): Record<string, unknown> {
  const cols = p.cols ?? 10;
  const rows = p.rows ?? 10;
  const hexes: { hex: string; terrain: Terrain }[] = [];
  for (let c = 1; c <= cols; c++) {
    for (let r = 1; r <= rows; r++) {
      const id = hexId(c, r);
      hexes.push({ hex: id, terrain: p.hexes?.[id] ?? p.terrain ?? 'plains' });
    }
  }
  const hexsides = (p.sides ?? []).map((s) => {
    const [hex, dir, ...features] = s.trim().split(/\s+/);
    return { hex, dir, features };
  });
  const nationIds = new Set<string>(Object.keys(p.nations ?? {}));
  for (const u of p.units ?? []) nationIds.add(String(u['nation']));
  for (const c of p.centres ?? []) nationIds.add(String(c['nation']));
  const nations = [...nationIds].sort().map((id) => ({ id, relations: p.nations?.[id] ?? {} }));
  return {
    ruleset: 'mepbm',
    seed: p.seed ?? 1,
    ...(p.settings ? { settings: p.settings } : {}),
    map: { hexes, hexsides },
    nations,
    populationCentres: p.centres ?? [],
    units: p.units ?? [],
    orders,
  };
}

/**
 * An army; unless `extra` says otherwise it carries food for many turns (10 per soldier, and 10 more):
 * positions are fed unless a case gives the food it is about.
 */
export function army(id: string, nation: string, hex: string, troops: Troops = { heavyInfantry: 100 }, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const soldiers = Object.values(troops).reduce((a, b) => a + (b ?? 0), 0);
  return { id, kind: 'army', nation, hex, commander: { command: 50 }, troops, food: 10 * soldiers + 10, morale: 50, ...extra };
}

export function navy(id: string, nation: string, hex: string, ships = { warships: 2, transports: 2 }, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, kind: 'navy', nation, hex, commander: { command: 50 }, ships, food: 10, morale: 50, ...extra };
}

export function character(id: string, nation: string, hex: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, kind: 'character', nation, hex, ...extra };
}

export interface Run {
  result: TurnResult;
  unit(id: string): UnitResult;
}

/** Parses the scenario (throws with the issues if invalid), adjudicates its orders. */
export function run(input: Record<string, unknown>): Run {
  const parsed = parseScenario(input);
  if (!parsed.ok) throw new Error(`invalid test scenario:\n${parsed.issues.map((i) => `${i.path}: ${i.message}`).join('\n')}`);
  const state = createGame(parsed.scenario);
  const { orders, errors } = parseOrders(parsed.scenario.orders.join('\n'));
  const result = adjudicate(state, orders, { orderErrors: errors });
  return {
    result,
    unit(id) {
      const u = result.units.find((x) => x.id === id);
      if (!u) throw new Error(`no unit ${id} in the result`);
      return u;
    },
  };
}
