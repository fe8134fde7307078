// The maps the shells draw outside a turn's reports, in one service: a scenario's maps before any game
// exists (the GM's "create a game" page, POST /v1/scenarios/maps, and `arbiter map`), and an order check's
// paths placed on the map the player plans on (POST .../orders/check, orders by the map). The shells only
// translate; the scenario check is intake's, every drawing the ruleset's own (report.svg, boardView, mapPoints).
import type { Db } from '@arbiter/db';
import { rulesetLabel, type RulesetLabel } from '@arbiter/engine';
import { IntakeError, checkOrders, checkScenario, type OrderCheckOutcome, type OrderTextLimits } from '@arbiter/intake';
import { rulesetFor } from '@arbiter/rulesets';
import { planningMap } from './planning-map.ts';

export interface ScenarioMaps {
  /** The scenario's ruleset: id, title and words. */
  ruleset: RulesetLabel;
  /** Every player of the scenario, in its order. */
  players: { id: string; name: string }[];
  /** The whole board as the game master sees it (SVG), null when the ruleset draws none, absent when not asked. */
  board?: string | null;
  /** Each asked player's opening map (its view of a turn with no orders), as its first report would draw it. */
  nations: { nationId: string; name: string; svg: string }[];
}

export interface ScenarioMapsWanted {
  /** The whole board's map, with this heading. */
  board?: { title: string };
  /** Whose opening maps: every player's, or these ids (an id not of the scenario is an `invalid-input` IntakeError). */
  players: 'all' | readonly string[];
}

/**
 * A scenario's maps before a game is made of it: the scenario is checked as creating a game checks it
 * (IntakeError `invalid-scenario` with every issue), then drawn by its ruleset. Nothing is stored.
 */
export function scenarioMaps(document: unknown, wanted: ScenarioMapsWanted): ScenarioMaps {
  const { ruleset, scenario } = checkScenario(document);
  const state = ruleset.scenario.initialState(scenario);
  const players = ruleset.scenario.players(state).map((p) => ({ id: p.id, name: p.name }));
  const unknown = wanted.players === 'all' ? [] : wanted.players.filter((id) => !players.some((p) => p.id === id));
  if (unknown.length > 0) {
    const message = `${unknown.map((u) => `"${u}"`).join(', ')} is not a ${ruleset.words.player} of the scenario (${players.map((p) => p.id).join(', ')})`;
    throw new IntakeError('invalid-input', message, unknown.map((u) => ({ path: 'nation', message: `"${u}" is not a ${ruleset.words.player} of the scenario` })));
  }
  const playerNames: Record<string, string> = Object.fromEntries(players.map((p) => [p.id, p.name]));
  const ctx = (playerName: string, mapTitle: string) => ({ gameName: '', gameId: '', mapTitle, turn: ruleset.state.turnOf(state), nextDeadline: null, timeZone: 'UTC', playerName, playerNames });
  const maps: ScenarioMaps = { ruleset: rulesetLabel(ruleset), players, nations: [] };
  if (wanted.board !== undefined) {
    maps.board = ruleset.report.boardView === undefined ? null : ruleset.report.svg(ruleset.report.boardView(state), ctx('the game master', wanted.board.title));
  }
  const drawn = wanted.players === 'all' ? players : players.filter((p) => wanted.players.includes(p.id));
  if (drawn.length === 0) return maps;
  // A turn with no orders: nobody moves, and each player's view is its opening position.
  const opening = ruleset.adjudicate(state, []);
  for (const p of drawn) {
    const view = opening.players.includes(p.id) ? opening.view(p.id) : undefined;
    if (view === undefined) throw new Error(`the ${ruleset.id} ruleset made no view for ${ruleset.words.player} "${p.id}"`);
    maps.nations.push({ nationId: p.id, name: p.name, svg: ruleset.report.svg(view, ctx(p.name, `${p.name}: the opening position`)) });
  }
  return maps;
}

/** An order's path as points on the map the player plans on (the map's coordinates), start first. */
export interface CheckedPath {
  line: number;
  unit: string;
  points: { space: string; x: number; y: number }[];
}

export type OrderCheckOnMap =
  | (Extract<OrderCheckOutcome, { kind: 'checked' }> & {
      /** The paths on the nation's latest report map (before its first report, its opening map), or null without a map. */
      map: { turn: number; opening: boolean; paths: CheckedPath[] } | null;
    })
  | Exclude<OrderCheckOutcome, { kind: 'checked' }>;

/**
 * The dry-run check of an order text (intake's checkOrders: the plan and the receipt's counts, nothing
 * stored), with each move's path placed on the nation's planning map where its ruleset places points (a
 * ruleset without `report.mapPoints` gives the paths in words only: no points).
 */
export async function checkOrdersOnMap(db: Db, gameId: string, nationId: string, text: string, limits?: OrderTextLimits): Promise<OrderCheckOnMap> {
  const checked = await checkOrders(db, gameId, nationId, text, limits);
  if (checked.kind !== 'checked') return checked;
  const planning = await planningMap(db, gameId, nationId, checked.turn);
  if (planning === null) return { ...checked, map: null };
  const { report } = rulesetFor(checked.ruleset.id);
  const paths = checked.plan.orders.flatMap((o): CheckedPath[] => {
    if (o.previewPath === undefined || report.mapPoints === undefined) return [];
    const at = report.mapPoints(planning.view, o.previewPath);
    const points = o.previewPath.flatMap((space, i) => {
      const p = at[i];
      return p === null || p === undefined ? [] : [{ space, x: p.x, y: p.y }];
    });
    return [{ line: o.line, unit: o.unit, points }];
  });
  return { ...checked, map: { turn: planning.turn, opening: planning.opening, paths } };
}
