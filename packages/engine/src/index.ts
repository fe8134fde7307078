// @arbiter/engine: the kernel that knows no game. The Ruleset contract, board topologies, the step
// outcome and path walker, the seeded random source, the canonical hash, the turn structures.
// Pure: no I/O, no clock, no global randomness. Every export is listed by name (docs/architecture.md).
export type {
  DrawRecord,
  Edge,
  OrderCheck,
  OrderError,
  PlayerId,
  Random,
  ResultHash,
  Ruleset,
  RulesetId,
  SequentialMode,
  SourcePosition,
  StepOutcome,
  StepRefusal,
  StepRules,
  Topology,
  TurnResult,
  TurnStructure,
  WatchOutcome,
} from './kernel/ruleset.ts';
export { Rng, isRngState, rngFromSeed } from './kernel/rng.ts';
export type { DrawContext, DrawContextValues, RngState, RollRecord } from './kernel/rng.ts';
export { canonicalJson, canonicalSha256, sha256Hex } from './kernel/canonical.ts';
export {
  DIRECTIONS,
  DIRECTION_INDEX,
  DROW,
  EVEN_ROW_DCOL,
  MAX_COORD,
  ODD_ROW_DCOL,
  adjacentDirections,
  directionBetween,
  distance,
  formatHexId,
  hexIdProblem,
  isDirection,
  isValidCoord,
  neighbour,
  opposite,
  parseHexId,
  parseHexIdPacked,
} from './kernel/topology/hex-offset.ts';
export type { Coord, Direction, HexId } from './kernel/topology/hex-offset.ts';
