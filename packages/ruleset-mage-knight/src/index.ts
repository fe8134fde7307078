// @arbiter/ruleset-mage-knight: Mage Knight movement as an Arbiter ruleset (issue #11). `mageKnight`
// satisfies the kernel's draft Ruleset contract; the parts are exported for tests and tools.
import type { kernel } from '@arbiter/engine';
import { checkOrders, orderTemplate } from './check.ts';
import type { MkEvent } from './events.ts';
import { describeOrder, parseOrders, printOrder, type MkOrder } from './orders.ts';
import { renderHtmlReport } from './report-html.ts';
import { renderMapSvg } from './report-svg.ts';
import { renderTextReport } from './report-text.ts';
import { initialState, parseScenario, type Scenario } from './scenario.ts';
import { decodeState } from './state.ts';
import { adjudicateTurn, moveOne, toMove } from './turn.ts';
import type { MkState } from './types.ts';
import type { MkView } from './views.ts';

export const mageKnight: kernel.Ruleset<MkState, MkOrder, MkEvent, MkView> = {
  id: 'mage-knight',
  title: 'Mage Knight',
  words: { player: 'player', players: 'players', unit: 'hero' },
  turnStructure: { kind: 'sequential', order: 'seat' },
  scenario: {
    parse: parseScenario,
    initialState: (scenario, seed) => {
      // The contract passes the scenario as unknown: it is checked again rather than cast.
      const parsed = parseScenario(scenario);
      if (!parsed.ok) throw new TypeError(`not a valid mage-knight scenario: ${parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
      return initialState(parsed.scenario, seed);
    },
    players: (state) => state.players.map((p) => ({ id: p.id, name: p.name })),
  },
  state: { decode: decodeState, turnOf: (state) => state.turn },
  orders: {
    parse: parseOrders,
    print: printOrder,
    describe: describeOrder,
    unitOf: (order) => order.hero,
    check: checkOrders,
    template: orderTemplate,
  },
  adjudicate: adjudicateTurn,
  sequential: { toMove, move: moveOne },
  report: { text: renderTextReport, html: renderHtmlReport, svg: renderMapSvg },
};

export type { MkState, MkOrder, MkEvent, MkView, Scenario };
export type * from './types.ts';
export type { Entry, MoveOrder, RestOrder } from './orders.ts';
export type { StopReason, RefusalCode } from './events.ts';
export { parseOrders, printOrder, describeOrder, describeEntry } from './orders.ts';
export { parseScenario, initialState, levelFor, DEFAULT_LEVEL_AT } from './scenario.ts';
export { adjudicateTurn, moveOne, toMove } from './turn.ts';
export { checkOrders, orderTemplate } from './check.ts';
export { viewFor } from './views.ts';
export { explorableFrom, provokedBy } from './move.ts';
export { renderTextReport } from './report-text.ts';
export { renderHtmlReport } from './report-html.ts';
export { renderMapSvg } from './report-svg.ts';
export { decodeState } from './state.ts';
export { MOVE_COSTS, CITY_COST, EXPLORE_COST, enterCost } from './terrain.ts';
