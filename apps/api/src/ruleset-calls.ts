// What the web client's routes (routes/check.ts, routes/scenario-map.ts) need of a game's ruleset, in
// one place, through the Ruleset contract only: placing spaces on a report map, and drawing a scenario's
// opening maps. Nothing here knows a ruleset's board or orders.
import { checkScenario } from '@arbiter/intake';
import { rulesetFor } from '@arbiter/rulesets';

/**
 * Each space's point on the map the ruleset draws from a stored report view (null: not on that map), or
 * null when the ruleset places no points (the client then shows the path in words only).
 */
export function pointsOnReportMap(rulesetId: string, storedView: unknown, spaces: readonly string[]): ({ x: number; y: number } | null)[] | null {
  const report = rulesetFor(rulesetId).report;
  return report.mapPoints === undefined ? null : report.mapPoints(storedView, spaces);
}

/** A scenario's opening map for each player, as its first report would draw it; IntakeError for a bad scenario. */
export function openingMaps(document: unknown): { ruleset: RulesetWords; nations: { nationId: string; name: string; svg: string }[] } {
  const { ruleset, scenario } = checkScenario(document);
  const state = ruleset.scenario.initialState(scenario);
  const players = ruleset.scenario.players(state);
  const names: Record<string, string> = Object.fromEntries(players.map((p) => [p.id, p.name]));
  // A turn with no orders: nobody moves, and each player's view is its opening position.
  const { views } = ruleset.adjudicate(state, []);
  const nations = players.map((p) => {
    const view = views[p.id];
    if (view === undefined) throw new Error(`the ${ruleset.id} ruleset made no view for ${ruleset.words.player} "${p.id}"`);
    const svg = ruleset.report.svg(view, { gameName: '', gameId: '', mapTitle: `${p.name}: the opening position`, turn: ruleset.state.turnOf(state), nextDeadline: null, timeZone: 'UTC', playerName: p.name, playerNames: names });
    return { nationId: p.id, name: p.name, svg };
  });
  return { ruleset: rulesetWords(ruleset.id), nations };
}

/** A ruleset's id, title and words (what a player and a unit are called), for the web client. */
export interface RulesetWords {
  id: string;
  title: string;
  words: { player: string; players: string; unit: string; units: string };
}

export function rulesetWords(rulesetId: string): RulesetWords {
  const r = rulesetFor(rulesetId);
  return { id: r.id, title: r.title, words: r.words };
}
