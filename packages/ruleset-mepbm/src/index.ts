// @arbiter/ruleset-mepbm: Middle-earth PBM's movement rules behind the kernel's Ruleset contract.
// The services use only `mepbm` (the contract); the rest is listed for this package's tests, benches and
// the report renderers.
export type * from './types.ts';
export * from './map.ts';
export * from './costs.ts';
export * from './orders.ts';
export * from './settings.ts';
export * from './scenario.ts';
export * from './state.ts';
export * from './strength.ts';
export * from './paths.ts';
export * from './validate.ts';
export { adjudicate } from './adjudicate.ts';
export { AFTER_MOVEMENT, PULSES } from './resolve/events.ts';
export type { AdjudicateOptions, TurnEvent, TurnResult } from './resolve/events.ts';
export { hexIdOf } from './resolve/resolution.ts';
export type { RUnit, Resolution } from './resolve/resolution.ts';
export { armiesHostile, centreStops } from './resolve/presence.ts';
export * from './check.ts';
export * from './views.ts';
// The kernel's pieces mepbm's own tests and benches use, under the names they had here.
export {
  DIRECTIONS,
  DIRECTION_INDEX,
  Rng,
  adjacentDirections,
  canonicalJson,
  canonicalSha256,
  directionBetween,
  distance,
  formatHexId,
  hexIdProblem,
  isDirection,
  isRngState,
  neighbour,
  opposite,
  parseHexId,
  rngFromSeed,
  sha256Hex,
} from '@arbiter/engine';
export type { Coord, DrawContext, DrawRecord, RngState } from '@arbiter/engine';
// The reports: mepbm's report model and its renderers (text, HTML, SVG map, the nation's report mail).
export { type ReportContext, checkContext } from './report/context.ts';
export { renderTextReport, TEXT_WIDTH, wrap } from './report/text.ts';
export { type HtmlReportOptions, renderHtmlReport } from './report/html.ts';
export { type MapSvgOptions, renderMapSvg, TERRAIN_COLOURS } from './report/svg.ts';
export { type ReportMailInput, composeReportMail, renderReport } from './report/mail.ts';
export { summarise } from './summary.ts';
// The contract.
export { type MepbmRuleset, mepbm } from './ruleset.ts';
