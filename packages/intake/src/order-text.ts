// How much order text one submission may carry, by any channel (REST, the web client's check, mail): one
// limit with one name, enforced here for every shell. It bounds the CPU of checking orders and the size of
// the stored receipt (a text of nothing but mistakes makes about 38 bytes of receipt per character:
// docs/security.md). Past a limit the submission is refused with the numbers, and nothing is stored.
import { refusal, type Refused } from './outcome.ts';

export interface OrderTextLimits {
  /** Most non-blank order lines. */
  maxLines: number;
  /** Most characters of order text. */
  maxChars: number;
}

/**
 * The default (ORDER_MAX_LINES, ORDER_MAX_CHARS): generous for any player (a few dozen units of about 40
 * characters an order); 50,000 characters bound the receipt of a text of nothing but mistakes to about 1.9 MB.
 */
export const ORDER_TEXT_LIMITS: OrderTextLimits = { maxLines: 500, maxChars: 50_000 };

/** The non-blank lines of a text (CRLF, LF or CR; a line of spaces and tabs is blank), counted without splitting it. */
export function nonBlankLines(text: string): number {
  let lines = 0;
  let blank = true;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 10;
    if (c === 10 || c === 13) {
      if (!blank) lines++;
      blank = true;
    } else if (c !== 32 && c !== 9) {
      blank = false;
    }
  }
  return lines;
}

/** Why `text` is past a limit (`orders-too-long`, `too-many-orders`, with both numbers), or null. */
export function orderTextRefusal(text: string, limits: OrderTextLimits = ORDER_TEXT_LIMITS): Refused | null {
  if (text.length > limits.maxChars) {
    return refusal('orders-too-long', `The order text is ${text.length} characters long; at most ${limits.maxChars} are accepted in one submission. Nothing was stored.`);
  }
  const lines = nonBlankLines(text);
  if (lines > limits.maxLines) {
    return refusal('too-many-orders', `The submission holds ${lines} order lines; at most ${limits.maxLines} are accepted in one submission. Nothing was stored.`);
  }
  return null;
}
