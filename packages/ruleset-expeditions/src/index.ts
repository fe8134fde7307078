// @arbiter/ruleset-expeditions: Expeditions mech movement as an Arbiter ruleset (issue #17).
// `expeditions` is its Ruleset value (the kernel's contract); the parts are exported for tests and tools.
export { expeditions, type ExpeditionsRuleset } from './ruleset.ts';
export type * from './types.ts';
export { BASECAMP, LOCATION_20 } from './types.ts';
export type { ExEvent } from './events.ts';
export type { ExOrder, MoveOrder, PlayOrder, GatherOrder, Action } from './orders.ts';
export { parseOrders, printOrder, describeOrder, readMech } from './orders.ts';
export { parseScenario, initialState, CARD_GAPS, type Scenario, type ScenarioIssue } from './scenario.ts';
export { boardOf, destinations } from './board.ts';
export { planMove, whyNotDestination } from './move.ts';
export { TURN_STRUCTURE, adjudicateTurn, mayMove, moveOne, actionsAllowed, type ExTurnResult } from './turn.ts';
export { checkOrders, orderTemplate, legalDestinations } from './check.ts';
export { viewFor, type ExView, type LocationView } from './views.ts';
export type { MechResult } from './units.ts';
export { summarise } from './summary.ts';
export { renderTextReport } from './report-text.ts';
export { renderHtmlReport } from './report-html.ts';
export { renderMapSvg } from './report-svg.ts';
export { decodeState } from './state.ts';
