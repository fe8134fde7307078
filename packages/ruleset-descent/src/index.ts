// @arbiter/ruleset-descent: Descent (1st edition) movement as an Arbiter ruleset (issue #15). `descent`
// is its Ruleset value (the kernel's contract); the parts are exported for tests and tools.
export { descent, type DescentRuleset } from './ruleset.ts';
export type * from './types.ts';
export type { DsEvent, RefusalCode } from './events.ts';
export type { DsOrder, Entry, Action } from './orders.ts';
export type { DsView } from './views.ts';
export type { FigureResult } from './units.ts';
export type { Scenario } from './scenario.ts';
export { parseOrders, printOrder, describeOrder, describeEntry, readFigure, DIRECTION_WORDS } from './orders.ts';
export { parseScenario, initialState, expandRange, footprint } from './scenario.ts';
export { TURN_STRUCTURE, adjudicateTurn, mayMove, moveOne, type DsTurnResult } from './turn.ts';
export { checkOrders, orderTemplate } from './check.ts';
export { viewFor } from './views.ts';
export { actionMp, actionAttacks, ACTION_COST } from './move.ts';
export { renderTextReport } from './report-text.ts';
export { renderHtmlReport } from './report-html.ts';
export { renderMapSvg, mapPoints } from './report-svg.ts';
export { summarise } from './summary.ts';
export { decodeState } from './state.ts';
export { topologyOf } from './board.ts';
