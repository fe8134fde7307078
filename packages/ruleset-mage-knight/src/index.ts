// @arbiter/ruleset-mage-knight: Mage Knight movement as an Arbiter ruleset (issue #11). `mageKnight`
// is its Ruleset value (the kernel's contract); the parts are exported for tests and tools.
import type { MkEvent } from './events.ts';
import type { MkOrder } from './orders.ts';
import type { Scenario } from './scenario.ts';
import type { MkState } from './types.ts';
import type { MkView } from './views.ts';

export { mageKnight, type MageKnightRuleset } from './ruleset.ts';
export type { MkState, MkOrder, MkEvent, MkView, Scenario };
export type * from './types.ts';
export type { Entry, MoveOrder, RestOrder } from './orders.ts';
export type { StopReason, RefusalCode } from './events.ts';
export { parseOrders, printOrder, describeOrder, describeEntry, readHero, TURN_ACTIONS } from './orders.ts';
export type { HeroResult } from './units.ts';
export { summarise } from './summary.ts';
export { parseScenario, initialState, levelFor, DEFAULT_LEVEL_AT } from './scenario.ts';
export { TURN_STRUCTURE, adjudicateTurn, mayMove, moveOne, type MkTurnResult } from './turn.ts';
export { checkOrders, orderTemplate } from './check.ts';
export { viewFor } from './views.ts';
export { explorableFrom, provokedBy } from './move.ts';
export { renderTextReport } from './report-text.ts';
export { renderHtmlReport } from './report-html.ts';
export { renderMapSvg } from './report-svg.ts';
export { decodeState } from './state.ts';
export { MOVE_COSTS, CITY_COST, EXPLORE_COST, TERRAINS, enterCost } from './terrain.ts';
