// Contract members that most rulesets write the same way, made once: the `scenario` member of a game
// whose scenario carries its settings and first orders and whose state lists its players, and a report's
// `render` from its text, HTML and SVG; and a scenario document checked through its schema and the
// ruleset's cross-checks. A ruleset that differs writes its own (mepbm does).
import type { ReportContext, RenderedReport, Ruleset } from './ruleset.ts';

/** What `scenarioMembers` reads of a scenario by default: the rule settings and the first turn's order lines. */
export interface ScenarioWithOrders {
  settings: unknown;
  orders: readonly string[];
}

/** The scenario members a ruleset writes itself instead of the defaults (each handed the checked scenario). */
export interface OwnScenarioMembers<St, Sc> {
  settings?(scenario: Sc): unknown;
  orderText?(scenario: Sc): string;
  players?(state: St): { id: string; name: string }[];
}

/**
 * The `scenario` member from a ruleset's own parse and initial state. The contract passes a scenario as
 * unknown: each member checks it again rather than cast it, and a scenario that is not this ruleset's
 * is a bug of the caller (a TypeError naming the ruleset and every issue). By default the settings are
 * the scenario's `settings`, the order text its `orders` one a line, the players the state's `players`;
 * `own` gives any of them otherwise (a scenario or state without those fields must).
 */
export function scenarioMembers<Sc, St>(
  rulesetId: string,
  parse: (input: unknown) => { ok: true; scenario: Sc } | { ok: false; issues: ScenarioIssue[] },
  initialState: (scenario: Sc, seed?: number) => St,
  own: OwnScenarioMembers<St, Sc> = {},
): Ruleset<St>['scenario'] {
  const checked = (scenario: unknown): Sc => {
    const parsed = parse(scenario);
    if (!parsed.ok) throw new TypeError(`not a valid ${rulesetId} scenario: ${parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    return parsed.scenario;
  };
  const field = <K extends string>(value: unknown, key: K, member: string): unknown => {
    const v = (value as Partial<Record<K, unknown>>)[key];
    if (v === undefined) throw new TypeError(`${rulesetId}: no ${key} field to default to; the ruleset must give scenario.${member}`);
    return v;
  };
  const { settings, orderText, players } = own;
  return {
    parse,
    initialState: (scenario, seed) => initialState(checked(scenario), seed),
    settings: settings === undefined ? (scenario) => field(checked(scenario), 'settings', 'settings') : (scenario) => settings(checked(scenario)),
    players:
      players ??
      ((state) => {
        const listed = field(state, 'players', 'players');
        if (!Array.isArray(listed)) throw new TypeError(`${rulesetId}: the state's players is not a list; the ruleset must give scenario.players`);
        return (listed as { id: string; name: string }[]).map((p) => ({ id: p.id, name: p.name }));
      }),
    orderText: orderText === undefined ? (scenario) => (field(checked(scenario), 'orders', 'orderText') as readonly string[]).join('\n') : (scenario) => orderText(checked(scenario)),
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

/** A problem in a scenario document, at its JSON path (`units[2].troops`). */
export interface ScenarioIssue {
  path: string;
  message: string;
}

/** `units[2].troops.heavyInfantry` from ['units', 2, 'troops', 'heavyInfantry']; the empty path is `root`. */
export function formatIssuePath(path: readonly PropertyKey[], root = '(document)'): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`;
  return out === '' ? root : out;
}

/**
 * The highest turn a scenario may start at (every ruleset's `turn` field): turns are stored as 32-bit
 * integers, and a game goes on from its first turn, so the bound leaves room for ages of play (issue 27:
 * 2147483648 gave a 500 at the database).
 */
export const MAX_SCENARIO_TURN = 1_000_000;

/**
 * A schema issue's message for a person: a required field that is absent says so, naming the field and
 * what it must be ("seed: is missing: a number is required here"), where the schema library says "expected
 * number, received undefined".
 */
export function issueMessage(issue: { path: readonly PropertyKey[]; message: string; code?: string; expected?: unknown }): string {
  const field = issue.path[issue.path.length - 1];
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message) && typeof field === 'string') {
    return typeof issue.expected === 'string' ? `is missing: ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected} is required here` : 'is missing: it is required here';
  }
  return issue.message;
}

/** What `checkedScenario` needs of a schema (a zod schema has it): a parse that never throws. */
export interface SafeSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[] } };
}

/**
 * A scenario document through its schema, then through the ruleset's cross-checks (what a schema cannot
 * say: ids that must exist, spaces on the board): the scenario, or every issue with its path.
 */
export function checkScenarioDocument<T>(
  schema: SafeSchema<T>,
  input: unknown,
  crossCheck: (scenario: T) => ScenarioIssue[],
  root = '(document)',
): { ok: true; scenario: T } | { ok: false; issues: ScenarioIssue[] } {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.map((i) => ({ path: formatIssuePath(i.path, root), message: issueMessage(i) })) };
  const issues = crossCheck(parsed.data);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, scenario: parsed.data };
}
