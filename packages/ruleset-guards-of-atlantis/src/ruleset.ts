// Guards of Atlantis II movement behind the kernel's Ruleset contract: the one value the registry, the
// services and the shells use (docs/architecture.md). Its turn is sequential in initiative order, and
// every card is chosen at the same time: all orders by the deadline, then one adjudication that resolves
// the cards in initiative order. So it has no `sequential` member: whose move it is cannot be known
// before every card is in (the services' "at-deadline" mode). It states what is its own; `defineRuleset`
// fills the rest.
import { defineRuleset, type Ruleset } from '@arbiter/engine';
import { checkReportContext, reportHeading, textReport } from '@arbiter/reports';
import { mapLine, mapUnits } from './map-orders.ts';
import { boardOf } from './board.ts';
import { checkOrders, orderTemplate } from './check.ts';
import type { GoaEvent } from './events.ts';
import { TURN_STRUCTURE } from './initiative.ts';
import { describeOrder, parseOrders, printOrder, readHero, type GoaOrder } from './orders.ts';
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

export const guardsOfAtlantis: GuardsOfAtlantisRuleset = defineRuleset({
  id: 'guards-of-atlantis',
  title: 'Guards of Atlantis II',
  rulesVersion: 2,
  words: { unit: 'hero', units: 'heroes' },
  turnStructure: TURN_STRUCTURE,
  scenario: { parse: parseScenario, initialState },
  board: boardOf,
  state: {
    decode: decodeState,
    ownerOf: (state, unit) => state.heroes.find((h) => h.id === unit)?.player ?? null,
  },
  orders: {
    parse: parseOrders,
    print: printOrder,
    describe: describeOrder,
    unitOf: (order) => order.hero,
    example: 'arien, blue-3, 8, move, ne, e, e',
    readUnit: readHero,
    check: checkOrders,
    template: orderTemplate,
    byMap: { units: mapUnits, line: mapLine },
  },
  adjudicate: adjudicateTurn,
  report: {
    summary: summarise,
    // A hero's player reads the report as a member of a team, and plays cards by the deadline.
    heading: (view, ctx) => reportHeading(view, ctx, { reader: `${ctx.playerName} of the ${view.player.team} team`, due: 'Cards' }),
    text: (view, { heading }) => textReport(heading, renderTextReport(view)),
    html: (view, { heading, svg }) => renderHtmlReport(view, heading, svg),
    svg: (view, ctx) => {
      checkReportContext(view, ctx);
      return renderMapSvg(view, ctx.mapTitle ?? `${ctx.gameName}: turn ${view.turn}, ${ctx.playerName} (${view.player.team})`);
    },
    mapPoints,
  },
});
