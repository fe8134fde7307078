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
export * from './adjudicate.ts';
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
