// @arbiter/ruleset-guards-of-atlantis: Guards of Atlantis II movement (issue #16) behind the kernel's contract.
export { guardsOfAtlantis, type GuardsOfAtlantisRuleset } from './ruleset.ts';
export { boardOf, boardOfRows, occupant, zonedHexes } from './board.ts';
export { checkOrders, orderTemplate } from './check.ts';
export type { GoaEvent } from './events.ts';
export { resolutionOrder } from './initiative.ts';
export { fastTravelDestinations, fastTravelProblem, reachable } from './move.ts';
export { describeOrder, parseOrders, printOrder, readHero, type GoaOrder } from './orders.ts';
export { renderMapSvg, zoneAdjacency } from './report-svg.ts';
export { renderTextReport } from './report-text.ts';
export { initialState, parseScenario, type Scenario } from './scenario.ts';
export { decodeState } from './state.ts';
export { adjudicateTurn, type GoaResult } from './turn.ts';
export type { Card, CardEffect, GoaState, Hero, Team } from './types.ts';
export type { HeroResult } from './units.ts';
export type { GoaView } from './views.ts';
