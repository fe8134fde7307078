// Canonical JSON and SHA-256: the replay hash of a turn. Object keys are written in sorted order
// (UTF-16 code unit order), arrays keep their order, `undefined` members are left out exactly as
// JSON.stringify does; non-finite numbers, bigints and symbols are errors naming their path.
// The same value always gives the same bytes, whatever order its keys were set in.
//
// Speed: the value is walked once; subtrees whose keys are already in order are kept as they are and
// only objects with keys out of order are copied with sorted keys; then the native JSON.stringify
// writes the bytes (a turn of 10,000 armies is tens of MB of JSON).
import { createHash } from 'node:crypto';

class CanonicalError extends TypeError {
  constructor(
    readonly reason: string,
    readonly path: string[],
  ) {
    super(`canonicalJson: ${reason}`);
  }
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(orderedCopy(value)) ?? 'null';
}

/** canonicalCopy, its error naming the path of what JSON cannot hold. */
function orderedCopy(value: unknown): unknown {
  try {
    return canonicalCopy(value);
  } catch (e) {
    if (e instanceof CanonicalError) throw new TypeError(`canonicalJson: $${e.path.join('')} ${e.reason}`);
    throw e;
  }
}

/**
 * SHA-256 (hex) of canonicalJson(value), the same bytes fed to the hash a piece at a time (CanonicalHashSink):
 * a turn's result is tens of MB of JSON, and no string of it all is built.
 */
export function canonicalSha256(value: unknown): string {
  const out = new CanonicalHashSink();
  putOrdered(out, orderedCopy(value), 0);
  return out.digest();
}

/**
 * canonicalJson(value) written to `out` as canonicalSha256 writes a member of its value (long arrays a
 * slice at a time): for a seal that writes a result member by member (result.ts).
 */
export function writeCanonical(out: CanonicalHashSink, value: unknown): void {
  putOrdered(out, orderedCopy(value), 1);
}

/** The JSON of an already ordered value (canonicalCopy's result): objects two levels down member by member, long arrays a slice at a time. */
function putOrdered(out: CanonicalHashSink, v: unknown, depth: number): void {
  if (Array.isArray(v) && depth <= 1) {
    out.putArray(v);
    return;
  }
  // Anything but a plain object (a boxed number is written as its number) goes to JSON.stringify whole.
  const proto = typeof v === 'object' && v !== null ? (Object.getPrototypeOf(v) as unknown) : undefined;
  if (depth > 1 || (proto !== Object.prototype && proto !== null)) {
    out.put(JSON.stringify(v) ?? 'null');
    return;
  }
  let first = true;
  out.put('{');
  for (const key of Object.keys(v as object)) {
    const item = (v as Record<string, unknown>)[key];
    // Members JSON.stringify leaves out (canonicalCopy lets undefined and functions through).
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    out.put(`${first ? '' : ','}${JSON.stringify(key)}:`);
    putOrdered(out, item, depth + 1);
    first = false;
  }
  out.put('}');
}

/** The value itself when it is already canonical, else a copy whose objects have sorted keys. */
function canonicalCopy(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
    case 'function':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalError(`is ${value}, which JSON cannot hold`, []);
      return value;
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        let copy: unknown[] | null = null;
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          let c: unknown;
          try {
            c = canonicalCopy(item);
          } catch (e) {
            if (e instanceof CanonicalError) e.path.unshift(`[${i}]`);
            throw e;
          }
          if (c !== item && copy === null) copy = value.slice(0, i);
          if (copy !== null) copy.push(c);
        }
        return copy ?? value;
      }
      const record = value as Record<string, unknown>;
      if (typeof (record as { toJSON?: unknown }).toJSON === 'function') {
        throw new CanonicalError('has a toJSON method; only plain data can be hashed', []);
      }
      const keys = Object.keys(record);
      const sorted = isSorted(keys);
      if (!sorted) keys.sort();
      let copy: Record<string, unknown> | null = sorted ? null : {};
      for (let k = 0; k < keys.length; k++) {
        const key = keys[k]!;
        const item = record[key];
        let c: unknown;
        try {
          c = canonicalCopy(item);
        } catch (e) {
          if (e instanceof CanonicalError) e.path.unshift(`.${key}`);
          throw e;
        }
        if (copy === null && c !== item) {
          copy = {};
          for (let j = 0; j < k; j++) copy[keys[j]!] = record[keys[j]!];
        }
        if (copy !== null) copy[key] = c;
      }
      return copy ?? value;
    }
    default:
      throw new CanonicalError(`is a ${typeof value}, which JSON cannot hold`, []);
  }
}

function isSorted(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}

/** SHA-256 of the UTF-8 bytes of `s`, hex. */
export function sha256Hex(s: string): string {
  return createHash('sha256').update(s, 'utf8').digest('hex');
}

/** Size of a hash sink's byte buffer. */
export const HASH_SINK_BYTES = 1 << 20;

/** How many array items (or fragments) are written to a hash sink as one string. */
export const HASH_SLICE = 256;

/** A byte buffer a finished sink handed back, for the next one (scratch space: nothing in it outlives a digest). */
let spareBuffer: Buffer | null = null;

/**
 * Canonical JSON fed to SHA-256 a piece at a time, through a reusable byte buffer flushed to the hash when
 * full: no JSON string lives longer than it takes to copy it into the buffer (long-lived strings of tens
 * of MB would be copied again by the garbage collector). The caller writes canonical JSON only: `put`
 * takes text as it is, `putArray` the JSON.stringify of items whose keys are already in order,
 * `putCanonical` any value through canonicalJson. canonicalSha256 writes through one; a ruleset that knows
 * which parts of its result are built in canonical order (mepbm's turn hash) writes them straight.
 */
export class CanonicalHashSink {
  private readonly h = createHash('sha256');
  private buf: Buffer | null;
  private pos = 0;

  constructor() {
    this.buf = spareBuffer ?? Buffer.allocUnsafe(HASH_SINK_BYTES);
    spareBuffer = null;
  }

  private buffer(): Buffer {
    if (this.buf === null) throw new Error('CanonicalHashSink: written to after its digest');
    return this.buf;
  }

  /** Room for `chars` UTF-16 code units (at most 3 UTF-8 bytes each); false if it can never fit. */
  private room(chars: number): boolean {
    if (this.pos + chars * 3 <= HASH_SINK_BYTES) return true;
    this.flush();
    return chars * 3 <= HASH_SINK_BYTES;
  }

  /** JSON text, as it is. */
  put(json: string): void {
    if (this.room(json.length)) this.pos += this.buffer().write(json, this.pos);
    else this.h.update(json, 'utf8');
  }

  /** canonicalJson(value). */
  putCanonical(value: unknown): void {
    this.put(canonicalJson(value));
  }

  /**
   * `json` (the JSON of an array) without its opening bracket when `first` is false and always without its
   * closing one: the middle of a longer array written a slice at a time.
   */
  private putSlice(json: string, first: boolean): void {
    if (!this.room(json.length)) {
      // Too long for the buffer (room flushed it): straight to the hash, "[" turned into "," here too.
      if (!first) this.h.update(',');
      this.h.update(json.substring(first ? 0 : 1, json.length - 1), 'utf8');
      return;
    }
    const buf = this.buffer();
    const at = this.pos;
    const bytes = buf.write(json, at);
    // The slice's "[" becomes the "," after the previous slice; its "]" is dropped.
    if (!first) buf[at] = 0x2c;
    this.pos = at + bytes - 1;
  }

  /** JSON.stringify(list), written a slice at a time (its items' keys must already be in order). */
  putArray(list: readonly unknown[]): void {
    if (list.length <= HASH_SLICE) {
      this.put(JSON.stringify(list));
      return;
    }
    for (let i = 0; i < list.length; i += HASH_SLICE) this.putSlice(JSON.stringify(list.slice(i, i + HASH_SLICE)), i === 0);
    this.put(']');
  }

  /** The JSON array of the JSON fragments at `indexes` of `fragments` (all of them when indexes is null). */
  putFragments(fragments: readonly string[], indexes: ArrayLike<number> | null): void {
    const count = indexes === null ? fragments.length : indexes.length;
    if (count === 0) {
      this.put('[]');
      return;
    }
    const part: string[] = [];
    for (let i = 0; i < count; i += HASH_SLICE) {
      part.length = 0;
      const end = Math.min(count, i + HASH_SLICE);
      for (let j = i; j < end; j++) part.push(fragments[indexes === null ? j : indexes[j]!]!);
      this.put(i === 0 ? '[' : ',');
      this.put(part.join(','));
    }
    this.put(']');
  }

  private flush(): void {
    if (this.pos > 0) this.h.update(this.buffer().subarray(0, this.pos));
    this.pos = 0;
  }

  /** The SHA-256 (hex) of everything written; the sink takes no more after it. */
  digest(): string {
    this.flush();
    spareBuffer = this.buf;
    this.buf = null;
    return this.h.digest('hex');
  }
}
