// The seeded random source. Its whole state is a small JSON value kept in the game state, so a turn
// replays byte for byte: no Math.random, no clock. Generator: sfc32 (Chris Doty-Humphrey's Small Fast
// Counting generator, 128-bit state, passes PractRand), seeded through splitmix32.
// Every draw made during adjudication is recorded (RollRecord) with what it decided.
import type { DrawContext, DrawContextValues, DrawRecord, Random } from './draws.ts';

export type { DrawContext, DrawContextValues, DrawRecord, RollRecord } from './draws.ts';

export interface RngState {
  algorithm: 'sfc32';
  /** Four unsigned 32-bit integers. */
  state: [number, number, number, number];
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** The generator state for a game seed (any safe integer; the high bits are folded in). */
export function rngFromSeed(seed: number): RngState {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  const hi = Math.floor(seed / 0x100000000) >>> 0;
  const mix = splitmix32((seed >>> 0) ^ Math.imul(hi, 0x27d4eb2d));
  const state: [number, number, number, number] = [mix(), mix(), mix(), mix()];
  const rng = new Rng({ algorithm: 'sfc32', state });
  for (let i = 0; i < 12; i++) rng.nextUint32(); // warm up, as the sfc32 reference does
  return rng.state();
}

export function isRngState(x: unknown): x is RngState {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as { algorithm?: unknown; state?: unknown };
  return (
    r.algorithm === 'sfc32' &&
    Array.isArray(r.state) &&
    r.state.length === 4 &&
    r.state.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffffffff)
  );
}

const OWN_KEYS = ['sides', 'value'] as const;

// The record's key order for the last context shape seen (rules code draws many times with one shape):
// a memo, invisible from outside.
let lastShape: readonly string[] = [];
let lastOrder: readonly string[] = OWN_KEYS;

function keyOrder(keys: readonly string[]): readonly string[] {
  if (keys.length === lastShape.length && keys.every((k, i) => k === lastShape[i])) return lastOrder;
  lastShape = keys;
  lastOrder = [...keys, ...OWN_KEYS].sort();
  return lastOrder;
}

/**
 * The record of one draw: the context as given, with its sides and value, keys in sorted order (so that
 * a turn's draws hash without copies; canonical JSON sorts keys anyway, so the order never moves a hash).
 */
function drawRecord(ctx: DrawContext, sides: number, value: number): DrawRecord {
  const rec: Record<string, string | number> = {};
  for (const k of keyOrder(Object.keys(ctx))) {
    const v = k === 'sides' ? sides : k === 'value' ? value : ctx[k];
    if (v !== undefined) rec[k] = v;
  }
  return rec as DrawRecord;
}

/** A working copy of the generator; `state()` gives the value to store back. */
export class Rng implements Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  readonly records: DrawRecord[] = [];

  constructor(state: RngState) {
    [this.a, this.b, this.c, this.d] = state.state;
  }

  state(): RngState {
    return { algorithm: 'sfc32', state: [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0] };
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** An unbiased integer in [0, sides), recorded with its context as given (`DrawContext`). */
  int(sides: number, ctx: DrawContext): number {
    if (!Number.isInteger(sides) || sides < 1 || sides > 0x100000000) {
      throw new RangeError(`rng.int: sides must be an integer in 1..2^32, got ${sides}`);
    }
    // A context key `sides` or `value` would hide the draw's own: a bug of the ruleset, refused before drawing.
    for (const own of OWN_KEYS) if (Object.hasOwn(ctx, own)) throw new RangeError(`rng: "${own}" is the draw's own, not a context key (purpose ${ctx.purpose})`);
    const limit = 0x100000000 - (0x100000000 % sides);
    let x = this.nextUint32();
    while (x >= limit) x = this.nextUint32();
    const value = x % sides;
    this.records.push(drawRecord(ctx, sides, value));
    return value;
  }

  /** The contract's spelling (`Random`): an integer in [0, sides), recorded with its context. */
  draw(purpose: string, sides: number, context: DrawContextValues = {}): number {
    if (Object.hasOwn(context, 'purpose')) throw new RangeError(`rng: "purpose" is the draw's own, not a context key (purpose ${purpose})`);
    return this.int(sides, { ...context, purpose });
  }

  draws(): readonly DrawRecord[] {
    return this.records;
  }

  /** True with probability percent/100 (a d100 roll below `percent`). */
  percent(percent: number, ctx: DrawContext): boolean {
    return this.int(100, ctx) < percent;
  }

  /** A Fisher-Yates shuffle of a copy of `items` (each swap a recorded draw). */
  shuffle<T>(items: readonly T[], ctx: DrawContext): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1, ctx);
      const tmp = out[i]!;
      out[i] = out[j]!;
      out[j] = tmp;
    }
    return out;
  }
}
