// Expeditions behind the kernel's Ruleset contract: the one value the registry, the services and the
// shells use (docs/architecture.md). It states what is Expeditions' own; `defineRuleset` fills the rest.
import { defineRuleset, type Ruleset } from '@arbiter/engine';
import { checkReportContext, reportHeading } from '@arbiter/reports';
import { mapLine, mapUnits } from './map-orders.ts';
import { boardOf } from './board.ts';
import { checkOrders, orderTemplate } from './check.ts';
import type { ExEvent } from './events.ts';
import { describeOrder, parseOrders, printOrder, type ExOrder } from './orders.ts';
import { renderHtmlReport } from './report-html.ts';
import { mapPoints, renderMapSvg } from './report-svg.ts';
import { renderTextReport } from './report-text.ts';
import { initialState, parseScenario } from './scenario.ts';
import { decodeState } from './state.ts';
import { summarise } from './summary.ts';
import { TURN_STRUCTURE, adjudicateTurn, mayMove, moveOne } from './turn.ts';
import type { ExState } from './types.ts';
import type { MechResult } from './units.ts';
import type { ExView } from './views.ts';

export type ExpeditionsRuleset = Ruleset<ExState, ExOrder, ExEvent, ExView, MechResult>;

export const expeditions: ExpeditionsRuleset = defineRuleset({
  id: 'expeditions',
  title: 'Expeditions',
  rulesVersion: 1,
  words: { unit: 'mech', units: 'mechs' },
  turnStructure: TURN_STRUCTURE,
  scenario: { parse: parseScenario, initialState },
  board: boardOf,
  state: {
    decode: decodeState,
    ownerOf: (state, unit) => state.mechs.find((m) => m.id === unit)?.player ?? null,
  },
  orders: {
    parse: parseOrders,
    print: printOrder,
    describe: describeOrder,
    unitOf: (order) => order.mech,
    example: 'blue, move, 12, via 7',
    check: checkOrders,
    template: orderTemplate,
    byMap: { units: mapUnits, line: mapLine },
  },
  adjudicate: adjudicateTurn,
  sequential: { mayMove, move: moveOne },
  report: {
    summary: summarise,
    heading: reportHeading,
    // The heading goes under the report's own title line, and other mechs are named by their players.
    text: (view, { heading, ctx }) => renderTextReport(view, heading, ctx.playerNames),
    html: (view, { heading, ctx, svg }) => renderHtmlReport(view, heading, ctx.playerNames, svg),
    svg: (view, ctx) => {
      checkReportContext(view, ctx);
      return renderMapSvg(view, ctx.mapTitle);
    },
    mapPoints,
  },
});
