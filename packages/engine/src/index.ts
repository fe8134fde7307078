// @arbiter/engine: the kernel that knows no game. The Ruleset contract, board topologies, the step
// outcome and path walker, the seeded random source, the canonical hash, the turn structures.
// Pure: no I/O, no clock, no global randomness. Every export is listed by name (docs/architecture.md).
export type {
  DrawRecord,
  Edge,
  MapLine,
  MapUnit,
  OrderCheck,
  OrderError,
  PlayerId,
  Random,
  ResultHash,
  Ruleset,
  RenderedReport,
  ReportContext,
  RulesetId,
  RulesetLabel,
  SequentialMode,
  SourcePosition,
  StepOutcome,
  StepRefusal,
  StepRules,
  Topology,
  TurnOutcome,
  TurnRecord,
  SealWriter,
  TurnResult,
  TurnOrderName,
  TurnStructure,
  WatchOutcome,
} from './kernel/ruleset.ts';
export { rulesetLabel } from './kernel/ruleset.ts';
export { Rng, isRngState, rngFromSeed } from './kernel/rng.ts';
export type { DrawContext, DrawContextValues, RngState, RollRecord } from './kernel/rng.ts';
export { canonicalJson, canonicalSha256, CanonicalHashSink, HASH_SLICE, sha256Hex, writeCanonical } from './kernel/canonical.ts';
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
  HEX_SIDES,
  hexOffsetTopology,
  sideSlot,
  turnSide,
} from './kernel/topology/hex-offset.ts';
export type { Coord, Direction, HexId } from './kernel/topology/hex-offset.ts';
export { hexZonesTopology } from './kernel/topology/hex-zones.ts';
export type { HexZonesTopology, ZoneAdjacency, ZonedHex } from './kernel/topology/hex-zones.ts';
export { SQUARE_DIRECTIONS, formatSquare, parseSquare, squareDistance, squareGridTopology } from './kernel/topology/square-grid.ts';
export type { Square, SquareDirection, SquareGridInput, SquareSide } from './kernel/topology/square-grid.ts';
export { locationGraphTopology } from './kernel/topology/location-graph.ts';
export type { Location, LocationGraphTopology } from './kernel/topology/location-graph.ts';
export {
  BOARD_LIMITS,
  assertBoardSize,
  gridPositionProblem,
  pictureCoordinateProblem,
  spaceCountProblem,
  tileCoordinateProblem,
  withinLimit,
} from './kernel/board-limits.ts';
export type { RefinementContext } from './kernel/board-limits.ts';
export { notAdjacent, walkPath } from './kernel/walk.ts';
export { eachOrderLine, formatOrderError, orderEntries, orderLines, quoteEntry, readUnitId, textLines } from './kernel/order-lines.ts';
export { StateDecodeError, decodeWithSchema } from './kernel/stored-state.ts';
export { checkScenarioDocument, formatIssuePath, issueMessage, MAX_SCENARIO_TURN, scenarioMembers } from './kernel/members.ts';
export { decodeTextBytes, decodeWindows1252 } from './kernel/text-bytes.ts';
export type { DecodedText } from './kernel/text-bytes.ts';
export type { OwnScenarioMembers, SafeSchema, ScenarioIssue, ScenarioWithOrders } from './kernel/members.ts';
export type { OrderEntry, OrderLine, OrderLineOptions } from './kernel/order-lines.ts';
export type { WalkResult, WalkStop, WalkedStep } from './kernel/walk.ts';
export { TURN_ORDERS, adjudicatesOnArrival, mayMove, moveOrder, movesLeft, nextToMove, recordMoves } from './kernel/turn.ts';
export type { MoveOrderInput, Round, Seat, TurnOrder, TurnOrderOptions } from './kernel/turn.ts';
export { sequentialPlay } from './kernel/sequential.ts';
export type { SequentialPlay, SequentialRules, SequentialState } from './kernel/sequential.ts';
export { EventLog, outcomeWithViews, sealOutcome, sealTurn, viewsOnDemand } from './kernel/result.ts';
export {
  HEX_DIRECTIONS,
  HEX_DIRECTION_WORDS,
  TILE_HEXES,
  axialDistance,
  axialStep,
  hexTiles,
  isHexDirection,
  latticeNeighbours,
  tileCentre,
  tileHexAxial,
  tileLayoutProblem,
} from './kernel/topology/hex-tiles.ts';
export type { Axial, HexDirection, HexTiles, TileHex, TilePosition } from './kernel/topology/hex-tiles.ts';
export { assertNever } from './kernel/assert-never.ts';
export { directionLine, stepDirections } from './kernel/map-orders.ts';
export { DEFAULT_WORDS, defineRuleset, isRulesetIdSpelling } from './kernel/define-ruleset.ts';
export type { OrdersDefinition, ReportDefinition, ReportFrame, RulesetDefinition, ScenarioParse, ScenarioSource, StateSource } from './kernel/define-ruleset.ts';
