// mepbm behind the kernel's Ruleset contract: the one value the services, the shells and the registry use.
import { type ReportContext as KernelReportContext, type Ruleset, type Topology, hexOffsetTopology, StateDecodeError } from '@arbiter/engine';
import { adjudicate } from './adjudicate.ts';
import type { TurnEvent } from './resolve/events.ts';
import { boardView } from './board-view.ts';
import { checkOrders } from './check.ts';
import { isOrderFile } from './order-file.ts';
import { type Order, describeOrder, normaliseUnitName, parseOrders, printOrder, unitNameProblem } from './orders.ts';
import type { ReportContext } from './report/context.ts';
import { renderHtmlReport } from './report/html.ts';
import { renderReport } from './report/mail.ts';
import { mapPoints, renderMapSvg, renderMapTree } from './report/svg.ts';
import { renderTextReport } from './report/text.ts';
import { summarise } from './summary.ts';
import { type Scenario, parseScenario } from './scenario.ts';
import { type GameState, createGame } from './state.ts';
import type { NationView, UnitResult } from './types.ts';
import { templateLine } from './views.ts';
import { mapLine, mapUnits } from './map-orders.ts';

export type MepbmRuleset = Ruleset<GameState, Order, TurnEvent, NationView, UnitResult>;

/** The contract's report context in mepbm's words (a player is a nation). */
function nationContext(ctx: KernelReportContext): ReportContext {
  const out: ReportContext = {
    gameName: ctx.gameName,
    gameId: ctx.gameId,
    turn: ctx.turn,
    nextDeadline: ctx.nextDeadline,
    timeZone: ctx.timeZone,
    nationName: ctx.playerName,
  };
  if (ctx.playerNames !== undefined) out.nationNames = ctx.playerNames;
  return out;
}

function mapOptions(ctx: KernelReportContext): { nationName: string; nationNames?: Readonly<Record<string, string>>; title?: string } {
  return {
    nationName: ctx.playerName,
    ...(ctx.playerNames === undefined ? {} : { nationNames: ctx.playerNames }),
    ...(ctx.mapTitle === undefined ? {} : { title: ctx.mapTitle }),
  };
}

// Owners by unit, once per state object (states are never changed in place): intake and the turn
// pipeline ask for every order's unit.
const owners = new WeakMap<GameState, Map<string, string>>();
function ownerOf(state: GameState, unit: string): string | null {
  let m = owners.get(state);
  if (m === undefined) {
    m = new Map(state.units.map((u) => [u.id, u.nation]));
    owners.set(state, m);
  }
  return m.get(unit) ?? null;
}

// The board of a state: the map's hexes on the kernel's pointy-top offset topology, once per map object.
const boards = new WeakMap<GameState['map'], Topology>();
function boardOf(state: GameState): Topology {
  let b = boards.get(state.map);
  if (b === undefined) {
    b = hexOffsetTopology(state.map.hexes.map((h) => h.hex));
    boards.set(state.map, b);
  }
  return b;
}

/** A stored state is mepbm's when it says so and has its lists; anything else is refused by name (the kernel's StateDecodeError). */
function decodeState(json: unknown): GameState {
  if (json === null || typeof json !== 'object') throw new StateDecodeError('the stored state is not a JSON object');
  const s = json as Partial<Record<keyof GameState, unknown>>;
  if (s.ruleset !== 'mepbm') throw new StateDecodeError(`the stored state is not a mepbm state (its ruleset is ${JSON.stringify(s.ruleset)})`);
  for (const key of ['units', 'nations', 'populationCentres'] as const) {
    if (!Array.isArray(s[key])) throw new StateDecodeError(`the stored mepbm state has no ${key} list`);
  }
  if (!Number.isInteger(s.turn)) throw new StateDecodeError('the stored mepbm state has no turn number');
  return json as GameState;
}

/** The welcome mail's word on JOverseer's order files (docs/orders-mepbm.md, "Order files from JOverseer"). */
const JOVERSEER_NOTE = '# Or send the order file JOverseer saves, as it is: in the mail body, attached (any name) or over REST.';

export const mepbm: MepbmRuleset = {
  id: 'mepbm',
  title: 'Middle-earth PBM',
  // 2: issue 20's rules (departure ties drawn, forced stops, 840 from the start hex, food eaten) and the
  // views' forces and population-centre names; 3: issue 26's navies on major rivers, sightings nearby,
  // population centres in the window, food supply, ruins (docs/rules-mepbm.md, "Rules versions").
  rulesVersion: 3,
  words: { player: 'nation', players: 'nations', unit: 'unit', units: 'units' },
  turnStructure: { kind: 'simultaneous' },

  scenario: {
    parse: parseScenario,
    initialState: (scenario) => createGame(scenario as Scenario),
    settings: (scenario) => (scenario as Scenario).settings,
    orderText: (scenario) => (scenario as Scenario).orders.join('\n'),
    players: (state) => state.nations.map((n) => ({ id: n.id, name: n.name ?? n.id })),
  },
  board: boardOf,
  state: {
    decode: decodeState,
    turnOf: (state) => state.turn,
    ownerOf,
  },
  orders: {
    parse: parseOrders,
    print: printOrder,
    describe: describeOrder,
    unitOf: (o) => o.unit,
    example: 'aragorn, 850, no, nw, nw, h',
    lineOf: (o) => o.line,
    readUnit: (raw) => {
      const unit = normaliseUnitName(raw);
      return unit === null ? { ok: false, message: unitNameProblem(raw) ?? 'the unit name is missing' } : { ok: true, unit };
    },
    check: checkOrders,
    // The welcome mail's template (the reports' is the view's, views.ts): JOverseer's players may send its file instead.
    template: (state, player) => {
      const lines = state.units.filter((u) => u.nation === player).map((u) => templateLine(u.kind, u.id));
      return lines.length === 0 ? lines : [JOVERSEER_NOTE, ...lines];
    },
    recognises: isOrderFile,
    byMap: { units: mapUnits, line: (state, player, unit, path) => mapLine(boardOf(state), state, player, unit, path) },
  },

  adjudicate: (state, orders, options) => adjudicate(state, orders, options),

  report: {
    summary: summarise,
    text: (view, ctx) => renderTextReport(view, nationContext(ctx)),
    html: (view, ctx) => renderHtmlReport(view, nationContext(ctx), ctx.mapTitle === undefined ? {} : { mapTitle: ctx.mapTitle }),
    svg: (view, ctx) => renderMapSvg(view, mapOptions(ctx)),
    render: (view, ctx) => renderReport(view, nationContext(ctx), renderMapTree(view, { ...mapOptions(ctx), links: true })),
    mapPoints: (view, spaces) => mapPoints(view, spaces),
    boardView,
  },
};
