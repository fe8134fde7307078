// Lantern Run behind the kernel's Ruleset contract: the one value the registry loads from this module
// (ARBITER_RULESETS names it), and that the services and shells call.
import { renderAll, type Ruleset } from '@arbiter/engine';
import { boardOf } from './board.ts';
import { checkOrders, describeOrder, mapLine, mapUnits, orderTemplate, parseOrders, printOrder, readRunner } from './orders.ts';
import { boardView, mapPoints, renderHtml, renderSvg, renderText, summary } from './report.ts';
import { scenario } from './scenario.ts';
import { decodeState } from './state.ts';
import { adjudicate } from './turn.ts';
import { RULESET_ID, type LrEvent, type LrOrder, type LrState, type LrView, type RunnerResult } from './types.ts';

/** A Lantern Run order file sent under any name starts with this comment line (`orders.recognises`). */
const ORDER_FILE = /^\uFEFF?[ \t]*#[ \t]*lantern run orders[ \t]*(\r\n|\r|\n|$)/i;

export const ruleset: Ruleset<LrState, LrOrder, LrEvent, LrView, RunnerResult> = {
  id: RULESET_ID,
  title: 'Lantern Run',
  rulesVersion: 1,
  words: { player: 'crew', players: 'crews', unit: 'runner', units: 'runners' },
  turnStructure: { kind: 'simultaneous' },
  scenario,
  board: boardOf,
  state: {
    decode: decodeState,
    turnOf: (state) => state.turn,
    ownerOf: (state, unit) => state.runners.find((r) => r.id === unit)?.crew ?? null,
  },
  orders: {
    parse: parseOrders,
    print: printOrder,
    describe: describeOrder,
    unitOf: (order) => order.runner,
    example: 'scout, move, e, se',
    lineOf: (order) => order.line,
    readUnit: readRunner,
    check: checkOrders,
    template: orderTemplate,
    recognises: (text) => ORDER_FILE.test(text),
    byMap: { units: mapUnits, line: mapLine },
  },
  adjudicate,
  report: {
    summary,
    text: renderText,
    html: renderHtml,
    svg: renderSvg,
    render: renderAll(renderText, renderHtml, renderSvg),
    mapPoints,
    boardView,
  },
};

export default ruleset;
