// Mage Knight behind the kernel's Ruleset contract: the one value the registry, the services and the
// shells use (docs/architecture.md). It states what is Mage Knight's own; `defineRuleset` fills the rest.
import { defineRuleset, hexTiles, type Ruleset, type Topology } from '@arbiter/engine';
import { checkReportContext, reportHeading, textReport } from '@arbiter/reports';
import { mapLine, mapUnits } from './map-orders.ts';
import { checkOrders, orderTemplate } from './check.ts';
import type { MkEvent } from './events.ts';
import { describeOrder, parseOrders, printOrder, type MkOrder } from './orders.ts';
import { renderHtmlReport } from './report-html.ts';
import { mapPoints, renderMapSvg } from './report-svg.ts';
import { renderTextReport } from './report-text.ts';
import { initialState, parseScenario } from './scenario.ts';
import { decodeState } from './state.ts';
import { summarise } from './summary.ts';
import { TURN_STRUCTURE, adjudicateTurn, mayMove, moveOne } from './turn.ts';
import type { MkState } from './types.ts';
import type { HeroResult } from './units.ts';
import type { MkView } from './views.ts';

export type MageKnightRuleset = Ruleset<MkState, MkOrder, MkEvent, MkView, HeroResult>;

// The board of a state: the map shape's tile positions on the kernel's hex-tiles topology (revealed or
// not: the positions are public, what lies on an unrevealed one is not), once per positions list.
const boards = new WeakMap<MkState['positions'], Topology>();
function boardOf(state: MkState): Topology {
  let b = boards.get(state.positions);
  if (b === undefined) {
    b = hexTiles(state.positions);
    boards.set(state.positions, b);
  }
  return b;
}

export const mageKnight: MageKnightRuleset = defineRuleset({
  id: 'mage-knight',
  title: 'Mage Knight',
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
    example: 'tovak, move 2+2, ne, explore',
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
      return renderMapSvg(view);
    },
    mapPoints,
  },
});
