// The seeded random source. Its whole state is a small JSON value kept in the game state, so a turn
// replays byte for byte: no Math.random, no clock. Generator: sfc32 (Chris Doty-Humphrey's Small Fast
// Counting generator, 128-bit state, passes PractRand), seeded through splitmix32.
// Every draw made during adjudication is recorded (RollRecord) with what it decided.
import type { Random } from './ruleset.ts';

/** A recorded draw of the seeded random source: every roll is an event, so a turn replays byte for byte. */
export interface RollRecord {
  /** What the roll decided, e.g. "overrun", "evasion", "block-order", "morale", "tie". */
  purpose: string;
  /** Integer drawn, in [0, sides). */
  value: number;
  sides: number;
}

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

export interface DrawContext {
  /** What the roll decides: "overrun", "evasion", "block-order", "morale", "tie", "storm"... */
  purpose: string;
  unit?: string;
  pulse?: number;
  hex?: string;
}

export interface DrawRecord extends RollRecord {
  unit?: string;
  pulse?: number;
  hex?: string;
  /** Other rulesets' context (tile, card, bag...), from `draw`'s context. */
  [context: string]: string | number | undefined;
}

/** Context of a draw by `Random.draw`: what it is for, beyond its purpose (unit, tile, hex...). */
export type DrawContextValues = Readonly<Record<string, string | number>>;

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

  /** An unbiased integer in [0, sides), recorded. */
  int(sides: number, ctx: DrawContext): number {
    if (!Number.isInteger(sides) || sides < 1 || sides > 0x100000000) {
      throw new RangeError(`rng.int: sides must be an integer in 1..2^32, got ${sides}`);
    }
    const limit = 0x100000000 - (0x100000000 % sides);
    let x = this.nextUint32();
    while (x >= limit) x = this.nextUint32();
    const value = x % sides;
    // Keys in sorted order (hex, pulse, purpose, sides, unit, value): a turn's rolls hash without copies.
    const rec = {} as DrawRecord;
    if (ctx.hex !== undefined) rec.hex = ctx.hex;
    if (ctx.pulse !== undefined) rec.pulse = ctx.pulse;
    rec.purpose = ctx.purpose;
    rec.sides = sides;
    if (ctx.unit !== undefined) rec.unit = ctx.unit;
    rec.value = value;
    this.records.push(rec);
    return value;
  }

  /** The contract's spelling (`Random`): an integer in [0, sides), recorded with its context. */
  draw(purpose: string, sides: number, context: DrawContextValues = {}): number {
    const before = this.records.length;
    const value = this.int(sides, { purpose });
    if (Object.keys(context).length === 0) return value;
    // The record's keys in sorted order, so that a turn's draws hash without copies.
    const merged: Record<string, string | number> = { ...context, purpose, sides, value };
    const rec = {} as DrawRecord;
    for (const k of Object.keys(merged).sort()) rec[k] = merged[k];
    this.records[before] = rec;
    return value;
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
