// The one retry policy for database work (p-retry): what counts as a transient failure of PostgreSQL, and
// how a unit of work that hit one is run again. A serialization failure or deadlock aborts the transaction
// with nothing stored, so the whole unit is simply tried again, at once (the conflicting transaction has
// already finished or been chosen as the one to proceed). Everything else is thrown at once.
//
// Used by `transaction()` (client.ts) and the intake's group commit. Other retries are not in-process
// loops and stay where they are durable: a turn job's retries are BullMQ's backoff (turns dispatch.ts,
// TURN_JOB_OPTIONS), an outbox mail's are its row's `nextAttemptAt` (mail outbox.ts).
import pRetry from 'p-retry';
import { Prisma } from './generated/prisma/client.ts';

/** SQLSTATEs of a transaction PostgreSQL aborted so that it may be run again: serialization_failure, deadlock_detected. */
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01']);

/** A serialization failure or deadlock, from pg directly or through Prisma (P2034, or the driver adapter's cause). */
export function isTransientDbError(e: unknown): boolean {
  if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2034') return true;
  const err = e as { code?: unknown; cause?: { originalCode?: unknown } } | null;
  return TRANSIENT_SQLSTATES.has(String(err?.code)) || TRANSIENT_SQLSTATES.has(String(err?.cause?.originalCode));
}

/** A failure of the connection itself (class 08, operator intervention 57P, a socket error): the connection is not to be reused. */
export function isConnectionError(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code !== 'string' || /^(08|57P)/.test(code) || code.startsWith('E');
}

/** Runs `work`, and again (at most `retries` more times, at once) while it fails with a transient database error. */
export function retryTransient<T>(work: () => Promise<T>, retries: number): Promise<T> {
  return pRetry(work, { retries, minTimeout: 0, factor: 1, shouldRetry: ({ error }) => isTransientDbError(error) });
}
