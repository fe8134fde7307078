import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WORDS,
  StateDecodeError,
  defineRuleset,
  locationGraphTopology,
  orderLines,
  type OrderError,
  type ReportContext,
  type RulesetDefinition,
  type SafeSchema,
  type ScenarioIssue,
  type TurnOutcome,
  outcomeWithViews,
  sealTurn,
} from '../../src/index.ts';

// A game small enough to read whole: each player's pawn marks the space it names; a turn counts marks.
type TallyState = { ruleset: 'tally'; turn: number; players: { id: string; name: string }[]; pawns: { id: string; player: string; at: string }[] };
type TallyOrder = { pawn: string; to: string; line: number };
type TallyEvent = { type: 'marked'; pawn: string; at: string };
type TallyView = { player: string; turn: number; marks: number };
type TallyScenario = { settings: { marks: number }; orders: string[]; players: { id: string; name: string }[] };

const SPACES = ['a', 'b', 'c'];

const stateSchema: SafeSchema<TallyState> = {
  safeParse(input) {
    const v = input as Partial<TallyState> | null;
    if (typeof v !== 'object' || v === null) return { success: false, error: { issues: [{ path: [], message: 'expected object' }] } };
    const bad = (v.pawns ?? []).findIndex((p) => typeof p.at !== 'string');
    if (bad >= 0) return { success: false, error: { issues: [{ path: ['pawns', bad, 'at'], message: 'expected string' }] } };
    return { success: true, data: v as TallyState };
  },
};

function parseScenario(input: unknown): { ok: true; scenario: TallyScenario } | { ok: false; issues: ScenarioIssue[] } {
  const s = input as Partial<TallyScenario> | null;
  if (s === null || typeof s !== 'object' || !Array.isArray(s.players)) return { ok: false, issues: [{ path: 'players', message: 'a list of players is required here' }] };
  return { ok: true, scenario: { settings: s.settings ?? { marks: 1 }, orders: s.orders ?? [], players: s.players } };
}

function parseOrders(text: string): { orders: TallyOrder[]; errors: OrderError[] } {
  const orders: TallyOrder[] = [];
  const errors: OrderError[] = [];
  for (const { line, entries } of orderLines(text)) {
    const [pawn, to] = entries;
    if (to === undefined || !SPACES.includes(to.text)) errors.push({ line, column: to?.column ?? 1, message: 'a space a, b or c is required here' });
    else orders.push({ pawn: pawn!.text, to: to.text, line });
  }
  return { orders, errors };
}

function adjudicate(state: TallyState, orders: readonly TallyOrder[]): TurnOutcome<TallyState, TallyEvent, TallyView, string> {
  const events = orders.map((o): TallyEvent => ({ type: 'marked', pawn: o.pawn, at: o.to }));
  const views = Object.fromEntries(state.players.map((p) => [p.id, { player: p.id, turn: state.turn, marks: events.length }]));
  return outcomeWithViews({ turn: state.turn, units: [], events, rolls: [], errors: [], views, nextState: { ...state, turn: state.turn + 1 } });
}

/** A definition and a count of how often each renderer ran. */
function tally(over: Partial<RulesetDefinition<TallyState, TallyOrder, TallyEvent, TallyView, string, TallyScenario>> = {}) {
  const drawn = { svg: 0, heading: 0 };
  const def: RulesetDefinition<TallyState, TallyOrder, TallyEvent, TallyView, string, TallyScenario> = {
    id: 'tally',
    title: 'Tally',
    rulesVersion: 1,
    scenario: {
      parse: parseScenario,
      initialState: (sc, seed) => ({ ruleset: 'tally', turn: seed ?? 1, players: sc.players, pawns: sc.players.map((p) => ({ id: `${p.id}-pawn`, player: p.id, at: 'a' })) }),
    },
    board: () => locationGraphTopology(SPACES.map((id) => ({ id, neighbours: SPACES.filter((s) => s !== id) }))),
    state: { schema: stateSchema, ownerOf: (state, unit) => state.pawns.find((p) => p.id === unit)?.player ?? null },
    orders: {
      parse: parseOrders,
      print: (o) => `${o.pawn}, ${o.to}`,
      describe: (o) => `${o.pawn} marks ${o.to}`,
      unitOf: (o) => o.pawn,
      example: 'red-pawn, b',
      check: (_state, _player, orders) => orders.map((order) => ({ order, status: 'accepted' as const, warnings: [] })),
      template: (state, player) => state.pawns.filter((p) => p.player === player).map((p) => `${p.id}, `),
    },
    adjudicate,
    report: {
      summary: (result) => `${result.events.length} marks`,
      heading: (view, ctx) => {
        drawn.heading++;
        return [`${ctx.gameName}: turn ${view.turn}, the report for ${ctx.playerName}.`];
      },
      text: (view, { heading }) => `${heading.join('\n')}\n\nMarks: ${view.marks}`,
      html: (view, { heading, svg }) => `<p>${heading.join('<br>')}</p><p>Marks: ${view.marks}</p>${svg}`,
      svg: (view, ctx) => {
        drawn.svg++;
        return `<svg><title>${ctx.mapTitle ?? view.player}</title></svg>`;
      },
    },
    ...over,
  };
  return { def, drawn };
}

const ctx: ReportContext = { gameName: 'Practice', gameId: 'g1', turn: 1, nextDeadline: null, timeZone: 'UTC', playerName: 'Ann' };
const view: TallyView = { player: 'ann', turn: 1, marks: 2 };

describe('defineRuleset fills the contract from what is a ruleset\'s own', () => {
  it('fills words, turn structure, turn, line, unit reader and the stored-state decoder', () => {
    const r = defineRuleset(tally().def);
    expect(r.words).toEqual(DEFAULT_WORDS);
    expect(r.turnStructure).toEqual({ kind: 'simultaneous' });
    const state = r.scenario.initialState({ players: [{ id: 'ann', name: 'Ann' }] }, 4);
    expect(r.state.turnOf(state)).toBe(4);
    expect(r.orders.lineOf({ pawn: 'x', to: 'a', line: 7 })).toBe(7);
    expect(r.orders.readUnit(' Ann-Pawn ')).toEqual({ ok: true, unit: 'ann-pawn' });
    expect(r.orders.readUnit('')).toEqual({ ok: false, message: 'the unit name is missing' });
    expect(r.state.decode(state)).toBe(state);
    expect(() => r.state.decode({ ...state, pawns: [{ id: 'p', player: 'ann', at: 3 }] })).toThrow(StateDecodeError);
    expect(() => r.state.decode({ ...state, pawns: [{ id: 'p', player: 'ann', at: 3 }] })).toThrow('not a tally state: pawns[0].at: expected string');
  });

  it('reads a unit in the ruleset\'s own word', () => {
    const r = defineRuleset(tally({ words: { unit: 'pawn', units: 'pawns' } }).def);
    expect(r.words).toEqual({ player: 'player', players: 'players', unit: 'pawn', units: 'pawns' });
    expect(r.orders.readUnit('9')).toEqual({ ok: false, message: '"9" is not a pawn id (letters, digits and -, starting with a letter)' });
  });

  it('makes the scenario member from parse and initial state', () => {
    const r = defineRuleset(tally().def);
    const scenario = { settings: { marks: 3 }, orders: ['ann-pawn, b', 'ann-pawn, c'], players: [{ id: 'ann', name: 'Ann' }] };
    expect(r.scenario.settings(scenario)).toEqual({ marks: 3 });
    expect(r.scenario.orderText(scenario)).toBe('ann-pawn, b\nann-pawn, c');
    expect(r.scenario.players(r.scenario.initialState(scenario))).toEqual([{ id: 'ann', name: 'Ann' }]);
    expect(() => r.scenario.settings({})).toThrow(TypeError);
    expect(() => r.scenario.settings({})).toThrow('not a valid tally scenario: players: a list of players is required here');
  });

  it('takes the scenario members a ruleset writes itself, each handed the checked scenario', () => {
    const { def } = tally();
    const r = defineRuleset({
      ...def,
      scenario: { ...def.scenario, settings: (sc) => `house rules: ${sc.settings.marks}`, orderText: (sc) => sc.orders.join(' / '), players: () => [{ id: 'x', name: 'X' }] },
    });
    const scenario = { settings: { marks: 2 }, orders: ['a', 'b'], players: [] };
    expect(r.scenario.settings(scenario)).toBe('house rules: 2');
    expect(r.scenario.orderText(scenario)).toBe('a / b');
    expect(r.scenario.players(r.scenario.initialState(scenario))).toEqual([{ id: 'x', name: 'X' }]);
    expect(() => r.scenario.orderText(null)).toThrow('not a valid tally scenario: players: a list of players is required here');
  });

  it('says which scenario member a ruleset must give when its scenario or state lacks the default field', () => {
    const { def } = tally();
    const bare = defineRuleset({ ...def, scenario: { parse: (input) => ({ ok: true, scenario: input as object }), initialState: () => ({}) as TallyState } });
    expect(() => bare.scenario.settings({})).toThrow('tally: no settings field to default to; the ruleset must give scenario.settings');
    expect(() => bare.scenario.orderText({})).toThrow('tally: no orders field to default to; the ruleset must give scenario.orderText');
    expect(() => bare.scenario.players({} as TallyState)).toThrow('tally: no players field to default to; the ruleset must give scenario.players');
  });

  it('draws the map once per report and hands it to the HTML; each part alone is the same', () => {
    const { def, drawn } = tally();
    const r = defineRuleset(def);
    const all = r.report.render(view, ctx);
    expect(drawn).toEqual({ svg: 1, heading: 1 });
    expect(all.svg).toBe('<svg><title>ann</title></svg>');
    expect(all.html).toBe('<p>Practice: turn 1, the report for Ann.</p><p>Marks: 2</p><svg><title>ann</title></svg>');
    expect(all.text).toBe('Practice: turn 1, the report for Ann.\n\nMarks: 2');
    expect({ text: r.report.text(view, ctx), html: r.report.html(view, ctx), svg: r.report.svg(view, ctx) }).toEqual(all);
    expect(r.report.summary(sealTurn(adjudicate(r.scenario.initialState({ players: [] }), [{ pawn: 'p', to: 'a', line: 1 }])))).toBe('1 marks');
    expect(r.report.mapPoints).toBeUndefined();
  });

  it('keeps the contract members a ruleset gives as they are', () => {
    const { def } = tally();
    const mayMove = () => ['ann'];
    const r = defineRuleset({ ...def, turnStructure: { kind: 'sequential', order: 'seat' }, sequential: { mayMove, move: (s, _p, o) => adjudicate(s, o) } });
    expect(r.sequential?.mayMove).toBe(mayMove);
    expect(r.adjudicate).toBe(def.adjudicate);
    expect(r.board).toBe(def.board);
    expect(r.orders.parse).toBe(parseOrders);
    expect(defineRuleset(def).sequential).toBeUndefined();
  });
});

describe('defineRuleset refuses a definition that cannot be right, naming the problem', () => {
  const refused = (over: Parameters<typeof tally>[0]) => () => defineRuleset(tally(over).def);

  it('an id that is not lower-case letters, digits and single hyphens', () => {
    for (const id of ['Tally', 'tally game', 'tally--two', '-tally', '9tally', '']) {
      expect(refused({ id }), id).toThrow('the id must be lower-case letters, digits and single hyphens');
    }
    expect(() => defineRuleset(tally({ id: 'tally-2' }).def)).not.toThrow();
  });

  it('a rules version that is not a positive integer, a missing title', () => {
    for (const rulesVersion of [0, -1, 1.5, Number.NaN]) expect(refused({ rulesVersion })).toThrow(`defineRuleset("tally"): rulesVersion must be a positive integer, got ${rulesVersion}`);
    expect(refused({ title: ' ' })).toThrow('defineRuleset("tally"): the title is missing');
  });

  it('a word without its plural, an empty word', () => {
    expect(refused({ words: { unit: 'pawn' } })).toThrow('words.unit and words.units go together');
    expect(refused({ words: { player: '', players: 'seats' } })).toThrow('words.player is empty');
  });

  it('an example order that does not parse', () => {
    const { def } = tally();
    expect(() => defineRuleset({ ...def, orders: { ...def.orders, example: 'red-pawn, z' } })).toThrow(
      'defineRuleset("tally"): orders.example "red-pawn, z" does not parse: line 1, col 11: a space a, b or c is required here',
    );
  });

  it('a turn structure that does not fit the members', () => {
    const move = { mayMove: () => [], move: (s: TallyState) => adjudicate(s, []) };
    expect(refused({ sequential: move })).toThrow('a `sequential` member needs a sequential turnStructure');
    expect(refused({ turnStructure: { kind: 'sequential', order: 'sides', sides: ['heroes'] } })).toThrow('needs two or more different sides');
    expect(refused({ turnStructure: { kind: 'sequential', order: 'seat', sides: ['a', 'b'] } })).toThrow('the `seat` turn order takes no sides');
  });

  it('a state without a turn or an order without a line, when the ruleset gave no reader for them', () => {
    const r = defineRuleset(tally().def);
    expect(() => r.state.turnOf({ players: [] } as unknown as TallyState)).toThrow('tally: the state has no turn number; the ruleset must give state.turnOf');
    expect(() => r.orders.lineOf({ pawn: 'p', to: 'a' } as TallyOrder)).toThrow('tally: the order has no line number; the ruleset must give orders.lineOf');
  });
});
