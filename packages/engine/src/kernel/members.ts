// Contract members that most rulesets write the same way, made once: the `scenario` member of a game
// whose scenario carries its settings and first orders and whose state lists its players, and a report's
// `render` from its text, HTML and SVG. A ruleset that differs writes its own (mepbm does).
import type { ReportContext, RenderedReport, Ruleset } from './ruleset.ts';

type ScenarioIssue = { path: string; message: string };

/** What `scenarioMembers` needs of a scenario: the rule settings and the first turn's order lines. */
export interface ScenarioWithOrders {
  settings: unknown;
  orders: readonly string[];
}

/**
 * The `scenario` member from a ruleset's own parse and initial state. The contract passes a scenario as
 * unknown: each member checks it again rather than cast it, and a scenario that is not this ruleset's
 * is a bug of the caller (a TypeError naming the ruleset and every issue).
 */
export function scenarioMembers<Sc extends ScenarioWithOrders, St extends { players: readonly { id: string; name: string }[] }>(
  rulesetId: string,
  parse: (input: unknown) => { ok: true; scenario: Sc } | { ok: false; issues: ScenarioIssue[] },
  initialState: (scenario: Sc, seed?: number) => St,
): Ruleset<St>['scenario'] {
  const checked = (scenario: unknown): Sc => {
    const parsed = parse(scenario);
    if (!parsed.ok) throw new TypeError(`not a valid ${rulesetId} scenario: ${parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    return parsed.scenario;
  };
  return {
    parse,
    initialState: (scenario, seed) => initialState(checked(scenario), seed),
    settings: (scenario) => checked(scenario).settings,
    players: (state) => state.players.map((p) => ({ id: p.id, name: p.name })),
    orderText: (scenario) => checked(scenario).orders.join('\n'),
  };
}

/** A report's `render`: its text, HTML and SVG from one view. */
export function renderAll<V>(
  text: (view: V, ctx: ReportContext) => string,
  html: (view: V, ctx: ReportContext) => string,
  svg: (view: V, ctx: ReportContext) => string,
): (view: V, ctx: ReportContext) => RenderedReport {
  return (view, ctx) => ({ text: text(view, ctx), html: html(view, ctx), svg: svg(view, ctx) });
}
