// Descent behind the kernel's Ruleset contract: the one value the registry, the services and the shells
// use (docs/architecture.md). It states what is Descent's own; `defineRuleset` fills the rest.
import { defineRuleset, type Ruleset } from '@arbiter/engine';
import { checkReportContext, reportHeading, textReport } from '@arbiter/reports';
import { mapLine, mapUnits } from './map-orders.ts';
import { topologyOf } from './board.ts';
import { checkOrders, orderTemplate } from './check.ts';
import type { DsEvent } from './events.ts';
import { describeOrder, parseOrders, printOrder, type DsOrder } from './orders.ts';
import { renderHtmlReport } from './report-html.ts';
import { mapPoints, renderMapSvg } from './report-svg.ts';
import { renderTextReport } from './report-text.ts';
import { initialState, parseScenario } from './scenario.ts';
import { decodeState } from './state.ts';
import { summarise } from './summary.ts';
import { TURN_STRUCTURE, adjudicateTurn, mayMove, moveOne } from './turn.ts';
import type { DsState } from './types.ts';
import type { FigureResult } from './units.ts';
import type { DsView } from './views.ts';

export type DescentRuleset = Ruleset<DsState, DsOrder, DsEvent, DsView, FigureResult>;

export const descent: DescentRuleset = defineRuleset({
  id: 'descent',
  title: 'Descent: Journeys in the Dark',
  rulesVersion: 2,
  words: { unit: 'figure', units: 'figures' },
  turnStructure: TURN_STRUCTURE,
  scenario: { parse: parseScenario, initialState },
  board: topologyOf,
  state: {
    decode: decodeState,
    // A monster of an unrevealed area is the overlord's too: its orders are kept until it is placed.
    ownerOf: (state, unit) => state.figures.find((f) => f.id === unit)?.player ?? state.areas.flatMap((a) => a.monsters).find((m) => m.id === unit)?.player ?? null,
  },
  orders: {
    parse: parseOrders,
    print: printOrder,
    describe: describeOrder,
    unitOf: (order) => order.figure,
    example: 'grisban, run, n, ne, open d1, e',
    check: checkOrders,
    template: orderTemplate,
    byMap: { units: mapUnits, line: mapLine },
  },
  adjudicate: adjudicateTurn,
  sequential: { mayMove, move: moveOne },
  report: {
    summary: summarise,
    heading: reportHeading,
    text: (view, { heading }) => textReport(heading, renderTextReport(view)),
    html: (view, { heading, svg }) => renderHtmlReport(view, heading, svg),
    svg: (view, ctx) => {
      checkReportContext(view, ctx);
      return renderMapSvg(view, ctx.mapTitle);
    },
    mapPoints,
  },
});
