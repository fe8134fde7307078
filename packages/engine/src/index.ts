// @arbiter/engine: the pure rules engine. No I/O, no clock, no global randomness.
export type * from './types.ts';
export * from './hex.ts';
export * from './map.ts';
export * from './costs.ts';
export * from './orders.ts';
export * from './canonical.ts';
export * from './rng.ts';
export * from './settings.ts';
export * from './scenario.ts';
export * from './state.ts';
export * from './strength.ts';
export * from './paths.ts';
export * from './validate.ts';
export * from './adjudicate.ts';
export * from './check.ts';
export * from './views.ts';
export type * as kernel from './kernel/ruleset.ts'; // the draft contract (OrderCheck, DrawRecord, OrderError clash with mepbm's names)
export * from './kernel/topology/hex-tiles.ts';
