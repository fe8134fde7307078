// How much one REST submission may carry (issue 13, finding 7): the same kind of limits as an order mail
// (MAIL_IN_MAX_ORDER_*), so that one request cannot make the server check thousands of orders and store
// a receipt of megabytes. Checked before anything is parsed or stored; past a limit the answer is 413
// with the numbers, and nothing is stored.
import { HttpProblem } from './problem.ts';

export interface OrderLimits {
  /** Most non-blank order lines. */
  maxLines: number;
  /** Most characters of order text. */
  maxChars: number;
}

/**
 * Generous for any nation (a few dozen units of about 40 characters an order); 20,000 characters bound the
 * receipt of a text of nothing but mistakes to about 0.8 MB (measured: 1.9 MB at 50,000).
 */
export const DEFAULT_ORDER_LIMITS: OrderLimits = { maxLines: 500, maxChars: 20_000 };

/** Throws 413 `too-many-orders` / `orders-too-long` when `text` is past a limit. */
export function checkSubmissionSize(text: string, limits: OrderLimits): void {
  if (text.length > limits.maxChars) {
    throw new HttpProblem(413, 'orders-too-long', `The order text is ${text.length} characters long; at most ${limits.maxChars} are accepted in one submission. Nothing was stored.`);
  }
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
  if (lines > limits.maxLines) {
    throw new HttpProblem(413, 'too-many-orders', `The submission holds ${lines} order lines; at most ${limits.maxLines} are accepted in one submission. Nothing was stored.`);
  }
}
