import { randomUUID } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): 48-bit Unix milliseconds, then random bits; sorts by creation time.
 * The random bits come from randomUUID(), which draws from a buffered entropy pool (much cheaper per call
 * than randomBytes(16) on the submission hot path).
 */
export function uuidv7(now: number = Date.now()): string {
  const r = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx, V in 8..b
  const ts = now.toString(16).padStart(12, '0').slice(-12);
  return `${ts.slice(0, 8)}-${ts.slice(8, 12)}-7${r.slice(15, 18)}-${r.slice(19)}`;
}
