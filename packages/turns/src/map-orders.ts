// Orders by the map (issue #25): a player picks a unit on the map and clicks the spaces of its path; the
// ruleset writes the order line (`orders.byMap`) and its own check says which next spaces the unit can
// reach and, where it can (`OrderCheck.previewCosts`), what the step costs. Points are on the map the
// player plans on (planningMap), placed by the ruleset's `report.mapPoints`. Nothing is stored.
import type { Db } from '@arbiter/db';
import type { AnyRuleset } from '@arbiter/rulesets';
import { openTurnOf, planningMap } from './planning-map.ts';

export interface MapPoint {
  space: string;
  /** Null where the map does not show the space (or the ruleset places no points). */
  x: number | null;
  y: number | null;
}

export interface MapOrdersUnits {
  /** The map the points are on: the report's turn (or the open turn for the opening map). */
  map: { turn: number; opening: boolean } | null;
  /** False when the game's ruleset writes no orders from the map. */
  byMap: boolean;
  units: (MapPoint & { unit: string })[];
  /** The order template for the player's units (as the report and the welcome mail give it). */
  template: string[];
}

export interface MapStep {
  unit: string;
  /** The order line for the path, or null with `problem` saying why there is none. */
  line: string | null;
  problem: string | null;
  /** The unit's space, then the path's. */
  path: MapPoint[];
  /** Where the unit can go next, each with its cost in the ruleset's words where the ruleset says it. */
  next: (MapPoint & { cost: string | null })[];
}

type Placer = (spaces: readonly string[]) => MapPoint[];

async function placerFor(db: Db, ruleset: AnyRuleset, gameId: string, nationId: string, turn: number): Promise<{ place: Placer; map: MapOrdersUnits['map'] }> {
  const planning = await planningMap(db, gameId, nationId, turn);
  const place: Placer = (spaces) => {
    const at = planning === null || ruleset.report.mapPoints === undefined ? null : ruleset.report.mapPoints(planning.view, spaces);
    return spaces.map((space, i) => ({ space, x: at?.[i]?.x ?? null, y: at?.[i]?.y ?? null }));
  };
  return { place, map: planning === null ? null : { turn: planning.turn, opening: planning.opening } };
}

/** The player's units that a path on the map can move, on the map it plans on; null: no open turn. */
export async function mapOrderUnits(db: Db, gameId: string, nationId: string): Promise<MapOrdersUnits | null> {
  const open = await openTurnOf(db, gameId);
  if (open === null) return null;
  const { ruleset, state, game } = open;
  const { place, map } = await placerFor(db, ruleset, gameId, nationId, game.currentTurn);
  const units = ruleset.orders.byMap?.units(state, nationId) ?? [];
  const points = place(units.map((u) => u.space));
  return { map, byMap: ruleset.orders.byMap !== undefined, units: units.map((u, i) => ({ unit: u.unit, ...points[i]! })), template: ruleset.orders.template(state, nationId) };
}

/** Whether the ruleset's check takes the unit along `path` to its end, and what the last step costs. */
function tryPath(ruleset: AnyRuleset, state: unknown, nationId: string, line: string, end: string, steps: number): { reached: boolean; cost: string | null } {
  const parsed = ruleset.orders.parse(line);
  if (parsed.errors.length > 0 || parsed.orders.length !== 1) return { reached: false, cost: null };
  const [c] = ruleset.orders.check(state, nationId, parsed.orders);
  if (c === undefined || c.status !== 'accepted') return { reached: false, cost: null };
  const p = c.previewPath;
  if (p !== undefined && p[p.length - 1] !== end) return { reached: false, cost: null };
  return { reached: true, cost: c.previewCosts?.[steps - 1] ?? null };
}

/** The order line for `unit` along `path`, and where it can go next; null: no open turn or no map orders. */
export async function mapOrderStep(db: Db, gameId: string, nationId: string, unit: string, path: readonly string[]): Promise<MapStep | null> {
  const open = await openTurnOf(db, gameId);
  const byMap = open?.ruleset.orders.byMap;
  if (open === null || byMap === undefined) return null;
  const { ruleset, state, game } = open;
  const start = byMap.units(state, nationId).find((u) => u.unit === unit);
  if (start === undefined) return { unit, line: null, problem: `${unit} is not yours to order by the map`, path: [], next: [] };
  const { place } = await placerFor(db, ruleset, gameId, nationId, game.currentTurn);
  const written = byMap.line(state, nationId, unit, path);
  const last = path[path.length - 1] ?? start.space;
  const board = ruleset.board(state);
  const candidates = [...new Set(board.neighbours(last).map((e) => e.to))];
  const next: { space: string; cost: string | null }[] = [];
  for (const space of candidates) {
    const line = byMap.line(state, nationId, unit, [...path, space]);
    if (!line.ok) continue;
    const tried = tryPath(ruleset, state, nationId, line.line, space, path.length + 1);
    if (tried.reached) next.push({ space, cost: tried.cost });
  }
  const nextPoints = place(next.map((n) => n.space));
  return {
    unit,
    line: written.ok ? written.line : null,
    problem: written.ok ? null : written.message,
    path: place([start.space, ...path]),
    next: next.map((n, i) => ({ ...nextPoints[i]!, cost: n.cost })),
  };
}

/**
 * An order text with a line written from the map in it: the line replaces the one the map wrote for that
 * unit before (`previous`, if the text still has it), or is added at the end. No order syntax here.
 */
export function withMapLine(text: string, previous: string | undefined, line: string): string {
  const lines = text === '' ? [] : text.split('\n');
  const at = previous === undefined ? -1 : lines.indexOf(previous);
  if (at >= 0) lines[at] = line;
  else {
    while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
    lines.push(line);
  }
  return lines.join('\n');
}
