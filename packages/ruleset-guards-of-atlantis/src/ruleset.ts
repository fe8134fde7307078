// Guards of Atlantis II movement behind the kernel's Ruleset contract: the one value the registry, the
// services and the shells use (docs/architecture.md). Its turn is sequential in initiative order, and
// every card is chosen at the same time: all orders by the deadline, then one adjudication that resolves
// the cards in initiative order. So it has no `sequential` member: whose move it is cannot be known
// before every card is in (the services' "at-deadline" mode).
import { mapLine, mapUnits } from './map-orders.ts';
import { renderAll, scenarioMembers, type ReportContext, type Ruleset } from '@arbiter/engine';
import { boardOf } from './board.ts';
import { checkOrders, orderTemplate } from './check.ts';
import type { GoaEvent } from './events.ts';
import { TURN_STRUCTURE } from './initiative.ts';
import { describeOrder, parseOrders, printOrder, readHero, type GoaOrder } from './orders.ts';
import { checkReportContext, headingLines } from './report-heading.ts';
import { renderHtmlReport } from './report-html.ts';
import { mapPoints, renderMapSvg } from './report-svg.ts';
import { renderTextReport } from './report-text.ts';
import { initialState, parseScenario } from './scenario.ts';
import { decodeState } from './state.ts';
import { summarise } from './summary.ts';
import { adjudicateTurn } from './turn.ts';
import type { GoaState } from './types.ts';
import type { HeroResult } from './units.ts';
import type { GoaView } from './views.ts';

export type GuardsOfAtlantisRuleset = Ruleset<GoaState, GoaOrder, GoaEvent, GoaView, HeroResult>;

function text(view: GoaView, ctx: ReportContext): string {
  return `${headingLines(view, ctx).join('\n')}\n\n${renderTextReport(view)}`;
}

function html(view: GoaView, ctx: ReportContext): string {
  return renderHtmlReport(view, headingLines(view, ctx), svg(view, ctx));
}

function svg(view: GoaView, ctx: ReportContext): string {
  checkReportContext(view, ctx);
  return renderMapSvg(view, ctx.mapTitle ?? `${ctx.gameName}: turn ${view.turn}, ${ctx.playerName} (${view.player.team})`);
}

export const guardsOfAtlantis: GuardsOfAtlantisRuleset = {
  id: 'guards-of-atlantis',
  title: 'Guards of Atlantis II',
  rulesVersion: 2,
  words: { player: 'player', players: 'players', unit: 'hero', units: 'heroes' },
  turnStructure: TURN_STRUCTURE,
  scenario: scenarioMembers('guards-of-atlantis', parseScenario, initialState),
  board: boardOf,
  state: {
    decode: decodeState,
    turnOf: (state) => state.turn,
    ownerOf: (state, unit) => state.heroes.find((h) => h.id === unit)?.player ?? null,
  },
  orders: {
    parse: parseOrders,
    print: printOrder,
    describe: describeOrder,
    unitOf: (order) => order.hero,
    example: 'arien, blue-3, 8, move, ne, e, e',
    lineOf: (order) => order.line,
    readUnit: readHero,
    check: checkOrders,
    template: orderTemplate,
    byMap: { units: mapUnits, line: mapLine },
  },
  adjudicate: adjudicateTurn,
  report: {
    summary: summarise,
    text,
    html,
    svg,
    render: renderAll(text, html, svg),
    mapPoints,
  },
};
