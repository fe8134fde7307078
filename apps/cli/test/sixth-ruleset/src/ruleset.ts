// Lantern Run behind the kernel's Ruleset contract, stated through `defineRuleset`: only what is this
// game's own; the kernel fills the rest (the scenario's settings, order text and players, the turn of a
// state, the decoder end, an order's line, the cancel line's runner id, the report frame). The registry
// loads this module when ARBITER_RULESETS names it.
import { readFileSync } from 'node:fs';
import { defineRuleset, type Ruleset } from '@arbiter/engine';
import { boardOf } from './board.ts';
import { checkOrders, describeOrder, mapLine, mapUnits, orderTemplate, parseOrders, printOrder } from './orders.ts';
import { boardView, heading, mapPoints, renderHtml, renderSvg, renderText, summary } from './report.ts';
import { initialState, parseScenario } from './scenario.ts';
import { stateSchema } from './state.ts';
import { adjudicate } from './turn.ts';
import { RULESET_ID, type LrEvent, type LrOrder, type LrState, type LrView, type RunnerResult } from './types.ts';

/** A Lantern Run order file sent under any name starts with this comment line (`orders.recognises`). */
/** The players' guide to the orders, served by the server's orders-guide route (`orders.guide`). */
const GUIDE = readFileSync(new URL('../orders-guide.md', import.meta.url), 'utf8');

const ORDER_FILE = /^\uFEFF?[ \t]*#[ \t]*lantern run orders[ \t]*(\r\n|\r|\n|$)/i;

export const ruleset: Ruleset<LrState, LrOrder, LrEvent, LrView, RunnerResult> = defineRuleset({
  id: RULESET_ID,
  title: 'Lantern Run',
  rulesVersion: 1,
  words: { player: 'crew', players: 'crews', unit: 'runner', units: 'runners' },
  scenario: { parse: parseScenario, initialState },
  board: boardOf,
  state: { schema: stateSchema, ownerOf: (state, unit) => state.runners.find((r) => r.id === unit)?.crew ?? null },
  orders: {
    parse: parseOrders,
    print: printOrder,
    describe: describeOrder,
    unitOf: (order) => order.runner,
    example: 'scout, move, e, se',
    check: checkOrders,
    template: orderTemplate,
    recognises: (text) => ORDER_FILE.test(text),
    guide: GUIDE,
    byMap: { units: mapUnits, line: mapLine },
  },
  adjudicate,
  report: { summary, heading, text: renderText, html: renderHtml, svg: renderSvg, mapPoints, boardView },
});

export default ruleset;
