// @arbiter/ruleset-mepbm: Middle-earth PBM's movement rules behind the kernel's Ruleset contract.
// The services and shells use only `mepbm` (through @arbiter/rulesets); the other names are what this
// package's own tests and benches (and the services' mepbm test fixtures) use. Listed by name.

export { mepbm } from './ruleset.ts';
export type { MepbmRuleset } from './ruleset.ts';
export type { Direction, HexId, HexsideFeature, MapWindowHex, MapWindowHexside, MoveStep, NationView, Relation, Sighting, Step, Terrain, OrderError, Troops, UnitResult } from './types.ts';
export { parseScenario } from './scenario.ts';
export type { Scenario } from './scenario.ts';
export { DEFAULT_SETTINGS } from './settings.ts';
export { createGame } from './state.ts';
export type { ArmyState, GameState, MapData, NationState, PopulationCentreState, UnitState } from './state.ts';
export { parseOrders, printOrder } from './orders.ts';
export type { Order } from './orders.ts';
export { checkOrders } from './check.ts';
export { adjudicate } from './adjudicate.ts';
export { AFTER_MOVEMENT, PULSES } from './resolve/events.ts';
export type { AdjudicateOptions, TurnEvent, TurnOutcome, TurnResult } from './resolve/events.ts';
export { buildMap, featuresAtIndex, hexIdOfIndex, hexIndexOf, neighbourIndex } from './map.ts';
export type { GameMap } from './map.ts';
export { stepCost } from './costs.ts';
export { walkArmyFinal, walkArmyPath } from './paths.ts';
export { evasionChance } from './strength.ts';
export { mapOf, unitsById } from './validate.ts';
export type { ReportContext } from './report/context.ts';
export { renderTextReport, TEXT_WIDTH, wrap } from './report/text.ts';
export { renderHtmlReport } from './report/html.ts';
export { renderMapSvg } from './report/svg.ts';
export { composeReportMail } from './report/mail.ts';
export { summarise } from './summary.ts';
// The kernel's pieces this package's tests and benches use, under the names they had here.
export { canonicalJson, formatHexId, Rng, rngFromSeed, sha256Hex } from '@arbiter/engine';
// The JOverseer import (docs/import.md): the CLI's `arbiter import joverseer`.
export { DEFAULT_PREFERENCE, formatNote, importJoverseer } from './import/joverseer.ts';
export type { ImportOptions, ImportedScenario, JoverseerFiles } from './import/joverseer.ts';
export type { RiverKind, RiverPreference } from './import/hexsides.ts';
export type { ImportNote } from './import/records.ts';
