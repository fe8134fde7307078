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
  let ordered: unknown;
  try {
    ordered = canonicalCopy(value);
  } catch (e) {
    if (e instanceof CanonicalError) throw new TypeError(`canonicalJson: $${e.path.join('')} ${e.reason}`);
    throw e;
  }
  return JSON.stringify(ordered) ?? 'null';
}

/** SHA-256 (hex) of canonicalJson(value). */
export function canonicalSha256(value: unknown): string {
  return sha256Hex(canonicalJson(value));
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
