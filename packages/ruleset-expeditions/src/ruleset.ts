// Expeditions behind the kernel's Ruleset contract: the one value the registry, the services and the
// shells use (docs/architecture.md).
import { mapLine, mapUnits } from './map-orders.ts';
import { renderAll, scenarioMembers, type ReportContext, type Ruleset } from '@arbiter/engine';
import { boardOf } from './board.ts';
import { checkOrders, orderTemplate } from './check.ts';
import type { ExEvent } from './events.ts';
import { describeOrder, parseOrders, printOrder, readMech, type ExOrder } from './orders.ts';
import { checkContext, reportHeading } from './report-heading.ts';
import { renderHtmlReport } from './report-html.ts';
import { pointsOf, renderMapSvg } from './report-svg.ts';
import { renderTextReport } from './report-text.ts';
import { initialState, parseScenario } from './scenario.ts';
import { decodeState } from './state.ts';
import { summarise } from './summary.ts';
import { TURN_STRUCTURE, adjudicateTurn, mayMove, moveOne } from './turn.ts';
import type { ExState } from './types.ts';
import type { MechResult } from './units.ts';
import type { ExView } from './views.ts';

export type ExpeditionsRuleset = Ruleset<ExState, ExOrder, ExEvent, ExView, MechResult>;

const text = (view: ExView, ctx: ReportContext) => renderTextReport(view, reportHeading(view, ctx), ctx.playerNames);
const html = (view: ExView, ctx: ReportContext) => renderHtmlReport(view, reportHeading(view, ctx), ctx.playerNames);
function svg(view: ExView, ctx: ReportContext): string {
  checkContext(view, ctx);
  return renderMapSvg(view, ctx.mapTitle);
}

export const expeditions: ExpeditionsRuleset = {
  id: 'expeditions',
  title: 'Expeditions',
  rulesVersion: 1,
  words: { player: 'player', players: 'players', unit: 'mech', units: 'mechs' },
  turnStructure: TURN_STRUCTURE,
  scenario: scenarioMembers('expeditions', parseScenario, initialState),
  board: boardOf,
  state: {
    decode: decodeState,
    turnOf: (state) => state.turn,
    ownerOf: (state, unit) => state.mechs.find((m) => m.id === unit)?.player ?? null,
  },
  orders: {
    parse: parseOrders,
    print: printOrder,
    describe: describeOrder,
    unitOf: (order) => order.mech,
    example: 'blue, move, 12, via 7',
    lineOf: (order) => order.line,
    readUnit: readMech,
    check: checkOrders,
    template: orderTemplate,
    byMap: { units: mapUnits, line: mapLine },
  },
  adjudicate: adjudicateTurn,
  sequential: { mayMove, move: moveOne },
  report: {
    summary: summarise,
    text,
    html,
    svg,
    render: renderAll(text, html, svg),
    mapPoints: (view, spaces) => {
      const at = pointsOf(view);
      return spaces.map((s) => {
        const p = at.get(s);
        return p === undefined ? null : { x: p[0], y: p[1] };
      });
    },
  },
};
