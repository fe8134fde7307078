// A ruleset written as what is its own: `defineRuleset` fills every default of the Ruleset contract once
// (after boardgame.io's `ProcessGameConfig`, which turns a short game config into the full one), and
// checks at definition time what can be checked there. The contract the services see is unchanged: the
// value it returns is a whole `Ruleset`.
import { formatOrderError, readUnitId } from './order-lines.ts';
import { scenarioMembers, type OwnScenarioMembers, type SafeSchema, type ScenarioIssue } from './members.ts';
import type { OrderError, PlayerId, RenderedReport, ReportContext, Ruleset, RulesetId, Topology, TurnOutcome, TurnResult, TurnStructure } from './ruleset.ts';
import { decodeWithSchema } from './stored-state.ts';

type Words = Ruleset['words'];

/** The words a ruleset that names none speaks: a player is a "player", a unit a "unit". */
export const DEFAULT_WORDS: Readonly<Words> = Object.freeze({ player: 'player', players: 'players', unit: 'unit', units: 'units' });

/** What a scenario parse gives (the contract's, with the ruleset's own scenario type). */
export type ScenarioParse<Sc> = { ok: true; scenario: Sc } | { ok: false; issues: ScenarioIssue[] };

/**
 * The scenario member as a ruleset writes it: its own parse and initial state, and optionally its own
 * `settings`, `orderText` and `players` (default: the scenario's `settings` and `orders` fields, the
 * state's `players` list; see the kernel's `scenarioMembers`). Every member checks the scenario it is
 * handed through `parse`: one that is not this ruleset's is a TypeError (a caller's bug).
 */
export interface ScenarioSource<St, Sc> extends OwnScenarioMembers<St, Sc> {
  parse(input: unknown): ScenarioParse<Sc>;
  initialState(scenario: Sc, seed?: number): St;
}

/** How a stored state is read back: the ruleset's own decoder, or a schema (through `decodeWithSchema`). */
export type StateSource<St> = { decode(json: unknown): St; schema?: never } | { schema: SafeSchema<St>; decode?: never };

/** What each report renderer is handed besides the view: the context and the heading, made once. */
export interface ReportFrame {
  ctx: ReportContext;
  /** The lines the report opens with (`report.heading`; none without it). */
  heading: readonly string[];
}

/** The report as a ruleset writes it: the heading once, the map drawn once and handed to the HTML. */
export interface ReportDefinition<St, Ev extends { type: string }, V, U> {
  summary(result: TurnResult<St, Ev, V, U>): string;
  /**
   * Optional: the lines text and HTML open with (e.g. `reportHeading` of @arbiter/reports: the game, the
   * reader, the next deadline); it also checks the context belongs to the view (a caller's bug throws).
   */
  heading?(view: NoInfer<V>, ctx: ReportContext): readonly string[];
  text(view: V, frame: ReportFrame): string;
  /** The HTML page, given the map `svg` drew for the same view and context (drawn once per report). */
  html(view: V, frame: ReportFrame & { svg: string }): string;
  svg(view: V, ctx: ReportContext): string;
  /** Optional: all three at once when the ruleset renders them otherwise (default: svg once, heading once). */
  render?(view: V, ctx: ReportContext): RenderedReport;
  mapPoints?(view: V, spaces: readonly string[]): ({ x: number; y: number } | null)[];
  boardView?(state: St): V;
}

type ContractOrders<St, O> = Ruleset<St, O>['orders'];

/** The orders member as a ruleset writes it: the contract's, with `lineOf` and `readUnit` defaulted. */
export type OrdersDefinition<St, O> = Omit<ContractOrders<St, O>, 'lineOf' | 'readUnit'> & {
  /** Default: the order's `line` field. */
  lineOf?(order: O): number;
  /** Default: the kernel's `readUnitId` in the ruleset's word for a unit (`words.unit`). */
  readUnit?(raw: string): { ok: true; unit: string } | { ok: false; message: string };
};

/**
 * What a ruleset states of its own; `defineRuleset` fills the rest.
 * - `id`: lower-case letters, digits and single `-`, starting with a letter (`mage-knight`).
 * - `title`, `rulesVersion` (a positive integer), `words` (default `DEFAULT_WORDS`; a word given without
 *   its plural, or the other way round, is refused), `turnStructure` (default simultaneous).
 * - `scenario`: parse and initial state (`ScenarioSource`), settings, order text and players defaulted.
 * - `board`, `adjudicate`, `sequential`: the contract's members.
 * - `state`: `decode` or `schema` (`decodeWithSchema`: a bad state is a StateDecodeError), `ownerOf`,
 *   and `turnOf` (default: the state's `turn` field).
 * - `orders`: the contract's member; `lineOf` defaults to the order's `line`, `readUnit` to the kernel's
 *   unit id reader in `words.unit`. Its `example` must parse without mistakes.
 * - `report`: `summary`, `heading`, `text`, `html` (handed the map's SVG), `svg`, optional `render`,
 *   `mapPoints`, `boardView`. The contract's `text`/`html`/`render` are made from them; `render` draws the
 *   map and the heading once.
 */
export interface RulesetDefinition<St, O, Ev extends { type: string }, V, U, Sc = unknown> {
  id: RulesetId;
  title: string;
  rulesVersion: number;
  words?: Partial<Words>;
  turnStructure?: TurnStructure;
  scenario: ScenarioSource<St, Sc>;
  /** The board of a state (a function over a part of the state is fine: the state type is inferred elsewhere). */
  board(state: NoInfer<St>): Topology;
  state: StateSource<St> & {
    /** Default: the state's `turn` field (a state without one must give `turnOf`). */
    turnOf?(state: St): number;
    ownerOf(state: St, unit: string): PlayerId | null;
  };
  orders: OrdersDefinition<St, O>;
  /** The turn, unsealed (the kernel seals it: `sealTurn`); `outcomeWithViews` makes one from views built at once. */
  adjudicate(state: St, orders: readonly O[], options?: { orderErrors?: readonly OrderError[] }): TurnOutcome<St, Ev, V, U>;
  sequential?: Ruleset<St, O, Ev, V, U>['sequential'];
  report: ReportDefinition<St, Ev, V, U>;
}

const ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** A ruleset id's one spelling: lower-case letters, digits and single hyphens, starting with a letter. */
export function isRulesetIdSpelling(id: unknown): id is string {
  return typeof id === 'string' && ID.test(id);
}

/** A definition mistake is the ruleset author's bug: an Error naming the ruleset and the problem. */
function problem(id: string, message: string): Error {
  return new Error(`defineRuleset(${JSON.stringify(id)}): ${message}`);
}

function checkHeader(def: { id: unknown; title: unknown; rulesVersion: unknown }): void {
  const id = String(def.id);
  if (!isRulesetIdSpelling(def.id)) {
    throw problem(id, 'the id must be lower-case letters, digits and single hyphens, starting with a letter (e.g. "mage-knight")');
  }
  if (typeof def.title !== 'string' || def.title.trim() === '') throw problem(id, 'the title is missing');
  if (typeof def.rulesVersion !== 'number' || !Number.isSafeInteger(def.rulesVersion) || def.rulesVersion < 1) {
    throw problem(id, `rulesVersion must be a positive integer, got ${String(def.rulesVersion)}`);
  }
}

function wordsOf(id: string, given: Partial<Words> = {}): Words {
  for (const [one, many] of [['player', 'players'], ['unit', 'units']] as const) {
    if ((given[one] === undefined) !== (given[many] === undefined)) {
      throw problem(id, `words.${one} and words.${many} go together: give both or neither`);
    }
  }
  const words = { ...DEFAULT_WORDS, ...given };
  for (const [key, word] of Object.entries(words)) {
    if (typeof word !== 'string' || word.trim() === '') throw problem(id, `words.${key} is empty`);
  }
  return words;
}

function checkTurnStructure(id: string, structure: TurnStructure, sequential: boolean): void {
  if (structure.kind === 'simultaneous') {
    if (sequential) throw problem(id, 'a `sequential` member needs a sequential turnStructure');
    return;
  }
  const sides = structure.sides;
  if (structure.order === 'sides') {
    if (sides === undefined || sides.length < 2 || new Set(sides).size !== sides.length) {
      throw problem(id, 'the `sides` turn order needs two or more different sides');
    }
  } else if (sides !== undefined) {
    throw problem(id, `the \`${structure.order}\` turn order takes no sides`);
  }
}

function stateDecoder<St>(id: string, source: StateSource<St>): (json: unknown) => St {
  if (source.decode !== undefined) return source.decode;
  const schema = source.schema;
  if (schema === undefined) throw problem(id, 'state needs `decode` or `schema`');
  return (json) => decodeWithSchema(id, schema, json);
}

function turnField(id: string): (state: unknown) => number {
  return (state) => {
    const turn = (state as { turn?: unknown }).turn;
    if (typeof turn !== 'number' || !Number.isInteger(turn)) throw new TypeError(`${id}: the state has no turn number; the ruleset must give state.turnOf`);
    return turn;
  };
}

function lineField(id: string): (order: unknown) => number {
  return (order) => {
    const line = (order as { line?: unknown }).line;
    if (typeof line !== 'number' || !Number.isInteger(line)) throw new TypeError(`${id}: the order has no line number; the ruleset must give orders.lineOf`);
    return line;
  };
}

function reportMembers<St, Ev extends { type: string }, V, U>(def: ReportDefinition<St, Ev, V, U>): Ruleset<St, unknown, Ev, V, U>['report'] {
  const heading = def.heading ?? (() => []);
  const svg = (view: V, ctx: ReportContext) => def.svg(view, ctx);
  const report: Ruleset<St, unknown, Ev, V, U>['report'] = {
    summary: (result) => def.summary(result),
    text: (view, ctx) => def.text(view, { ctx, heading: heading(view, ctx) }),
    html: (view, ctx) => def.html(view, { ctx, heading: heading(view, ctx), svg: svg(view, ctx) }),
    svg,
    render:
      def.render ??
      ((view, ctx) => {
        const lines = heading(view, ctx);
        const drawn = svg(view, ctx);
        return { text: def.text(view, { ctx, heading: lines }), html: def.html(view, { ctx, heading: lines, svg: drawn }), svg: drawn };
      }),
  };
  if (def.mapPoints !== undefined) report.mapPoints = def.mapPoints;
  if (def.boardView !== undefined) report.boardView = def.boardView;
  return report;
}

function checkExample<O>(id: string, orders: { parse(text: string): { orders: O[]; errors: OrderError[] }; example: string }): void {
  if (typeof orders.example !== 'string' || orders.example.trim() === '') throw problem(id, 'orders.example is missing');
  const parsed = orders.parse(orders.example);
  if (parsed.errors.length > 0 || parsed.orders.length === 0) {
    const why = parsed.errors.map(formatOrderError).join('; ') || 'no order';
    throw problem(id, `orders.example ${JSON.stringify(orders.example)} does not parse: ${why}`);
  }
}

/**
 * The whole Ruleset from what a ruleset states of its own (`RulesetDefinition`), every default filled
 * once. Throws an Error naming the ruleset and the problem when the definition cannot be right (an id
 * misspelt, a rules version that is no positive integer, words without their plural, an example order
 * that does not parse, a `sequential` member on a simultaneous game): a ruleset author's bug, found
 * when the module loads rather than when a player's turn runs.
 */
export function defineRuleset<St, O, Ev extends { type: string }, V, U, Sc>(
  def: RulesetDefinition<St, O, Ev, V, U, Sc>,
): Ruleset<St, O, Ev, V, U> {
  checkHeader(def);
  const id = def.id;
  const words = wordsOf(id, def.words);
  const turnStructure = def.turnStructure ?? { kind: 'simultaneous' };
  checkTurnStructure(id, turnStructure, def.sequential !== undefined);
  checkExample(id, def.orders);
  const { lineOf, readUnit, ...orders } = def.orders;
  const ruleset: Ruleset<St, O, Ev, V, U> = {
    id,
    title: def.title,
    rulesVersion: def.rulesVersion,
    words,
    turnStructure,
    scenario: scenarioMembers(id, def.scenario.parse, def.scenario.initialState, def.scenario),
    board: def.board,
    state: {
      decode: stateDecoder(id, def.state),
      turnOf: def.state.turnOf ?? turnField(id),
      ownerOf: def.state.ownerOf,
    },
    orders: {
      ...orders,
      lineOf: lineOf ?? lineField(id),
      readUnit: readUnit ?? ((raw) => readUnitId(raw, words.unit)),
    },
    adjudicate: def.adjudicate,
    report: reportMembers(def.report) as Ruleset<St, O, Ev, V, U>['report'],
  };
  if (def.sequential !== undefined) ruleset.sequential = def.sequential;
  return ruleset;
}

