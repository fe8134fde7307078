// What the web client's routes (routes/check.ts, routes/scenario-map.ts) need of the game's ruleset, in
// one place: planning a submission on a stored state, placing spaces on a report map, and drawing a
// scenario's opening maps. Today these are mepbm's (the engine and the reports package); when the
// rulesets sit behind the Ruleset contract (issue #11) only this file changes.
import { adjudicate, createGame, parseScenario, type GameState, type NationView } from '@arbiter/engine';
import { IntakeError, planSubmission } from '@arbiter/intake';
import { mapPoints, renderMapSvg } from '@arbiter/reports';

/** The receipt's content for a text checked against a stored open-turn state (nothing stored). */
export function planOn(storedState: unknown, nationId: string, text: string): ReturnType<typeof planSubmission> {
  return planSubmission(storedState as GameState, nationId, text);
}

/** Each space's point on the map that renderer draws from a stored report view (null: not a space id). */
export function pointsOnReportMap(storedView: unknown, spaces: readonly string[]): ({ x: number; y: number } | null)[] {
  return mapPoints(storedView as NationView, spaces);
}

/** A scenario's opening map for each nation, as its first report would draw it; IntakeError for a bad scenario. */
export function openingMaps(scenario: unknown): { nationId: string; name: string; svg: string }[] {
  const parsed = parseScenario(scenario);
  if (!parsed.ok) {
    const issues = parsed.issues.map((i) => ({ path: `scenario.${i.path}`, message: i.message }));
    throw new IntakeError('invalid-scenario', `The scenario has ${issues.length} problem(s): ${issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
  }
  const nameOf = (n: { id: string; name?: string | undefined }): string => n.name ?? n.id;
  const names: Record<string, string> = Object.fromEntries(parsed.scenario.nations.map((n) => [n.id, nameOf(n)]));
  // A turn with no orders: nobody moves, and each nation's view is its opening position.
  const { views } = adjudicate(createGame(parsed.scenario), []);
  return parsed.scenario.nations.map((n) => {
    const view = views[n.id];
    if (view === undefined) throw new Error(`the engine made no view for nation "${n.id}"`);
    return { nationId: n.id, name: nameOf(n), svg: renderMapSvg(view, { nationName: nameOf(n), nationNames: names, title: `${nameOf(n)}: the opening position` }) };
  });
}
