// Canonical JSON and SHA-256: the replay hash of a turn. Object keys are written in sorted order
// (UTF-16 code unit order), arrays keep their order, `undefined` members are left out exactly as
// JSON.stringify does. The same value always gives the same bytes, whatever order its keys were set in.
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  write(value, out, '$');
  return out.join('');
}

function write(value: unknown, out: string[], path: string): void {
  switch (typeof value) {
    case 'string':
      out.push(JSON.stringify(value));
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${path} is ${value}, which JSON cannot hold`);
      out.push(Object.is(value, -0) ? '0' : String(value));
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'object': {
      if (value === null) {
        out.push('null');
        return;
      }
      if (Array.isArray(value)) {
        out.push('[');
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out.push(',');
          const item: unknown = value[i];
          if (item === undefined || typeof item === 'function') out.push('null');
          else write(item, out, `${path}[${i}]`);
        }
        out.push(']');
        return;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      if (!isSorted(keys)) keys.sort();
      out.push('{');
      let first = true;
      for (const key of keys) {
        const item = record[key];
        if (item === undefined || typeof item === 'function') continue;
        if (!first) out.push(',');
        first = false;
        out.push(JSON.stringify(key), ':');
        write(item, out, `${path}.${key}`);
      }
      out.push('}');
      return;
    }
    case 'undefined':
      out.push('null');
      return;
    default:
      throw new TypeError(`canonicalJson: ${path} is a ${typeof value}, which JSON cannot hold`);
  }
}

function isSorted(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}

export function sha256Hex(s: string): string {
  return createHash('sha256').update(s, 'utf8').digest('hex');
}
