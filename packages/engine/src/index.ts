// @arbiter/engine: the pure rules engine. No I/O, no clock, no global randomness.
export type * from './types.ts';
export * from './hex.ts';
export * from './map.ts';
export * from './costs.ts';
export * from './orders.ts';
