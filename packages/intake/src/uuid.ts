import { v7 } from 'uuid';

/**
 * A UUID version 7 (RFC 9562, the `uuid` package): 48-bit Unix milliseconds `now`, then random bits; sorts
 * by creation time.
 */
export function uuidv7(now: number = Date.now()): string {
  return v7({ msecs: now });
}
