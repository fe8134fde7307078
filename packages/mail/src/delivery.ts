// What an SMTP failure means for the outbox: retry later, or give up and tell the GM.

/** The outcome of one failed send, decided from nodemailer's error. */
export interface SendFailure {
  /**
   * `refused`: the receiving server refused the recipient or the message for good (5xx): do not retry,
   * record it on the nation so the GM sees it. `transient`: the server or the network failed for now
   * (4xx, connection, timeout, TLS, authentication at our relay): retry with backoff.
   */
  kind: 'refused' | 'transient';
  /** SMTP reply code when the server answered, else null. */
  responseCode: number | null;
  /** One line for the database and the GM: the server's answer or the error. */
  message: string;
}

interface NodemailerishError {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  permanent?: unknown;
  rejectedErrors?: unknown;
}

/** Classifies an error thrown by `transport.sendMail`. Never throws. */
export function classifySendError(err: unknown): SendFailure {
  const e = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as NodemailerishError;
  const code = typeof e.code === 'string' ? e.code : null;
  let responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  let text = typeof e.response === 'string' && e.response !== '' ? e.response : typeof e.message === 'string' ? e.message : String(err);
  // "All recipients were rejected": the per-recipient answer is the informative one.
  if (Array.isArray(e.rejectedErrors) && e.rejectedErrors.length > 0) {
    const first = e.rejectedErrors[0] as NodemailerishError;
    if (typeof first.responseCode === 'number') responseCode = first.responseCode;
    if (typeof first.response === 'string' && first.response !== '') text = first.response;
  }
  const message = oneLine(code !== null ? `${code}: ${text}` : text);
  // Our own relay rejecting our credentials or configuration is an operator problem, not the player's
  // address: keep the mail and retry, so nothing is lost while the operator fixes SMTP_URL.
  if (code === 'EAUTH' || code === 'ENOAUTH' || code === 'ECONFIG') return { kind: 'transient', responseCode, message };
  if (responseCode !== null && responseCode >= 500 && responseCode < 600) return { kind: 'refused', responseCode, message };
  return { kind: 'transient', responseCode, message };
}

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > 500 ? `${flat.slice(0, 497)}...` : flat;
}

export interface RetryPolicy {
  /** Delay before the second attempt, ms. */
  baseDelayMs: number;
  /** Upper bound for one delay, ms. */
  maxDelayMs: number;
  /** After this many failed attempts the mail is marked failed and the GM sees it. */
  maxAttempts: number;
}

/** 30 s, 1 min, 2 min, ... capped at 1 h; 12 attempts span about 5 h, enough to ride out a relay outage. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 12 };

/** Exponential backoff: the delay after the `attempts`-th failed attempt (1-based). */
export function retryDelayMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a positive integer, got ${attempts}`);
  const exp = Math.min(attempts - 1, 30);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exp);
}
