// The shells' side of the turn queue (issue 13, findings 5 and 6), used by the API and the mail intake:
// the worker's queue exactly (its key prefix WORKER_QUEUE_PREFIX and its job options TURN_JOB_OPTIONS, so
// "run now" and early turns are processed and retried), on a Redis connection that fails fast: a request
// or a mail never waits on a Redis that is down. Every queue call is bounded by `timeoutMs`; past it, or
// with Redis unreachable, the call fails with a QueueUnavailableError, which the API's routes answer 503
// `queue-unavailable` (and /readyz reports), and the mail intake logs (the worker's sweep runs the turn).
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QueueTurnDispatcher, TURN_JOB_OPTIONS, TURN_QUEUE, type AdjudicateJobData, type MoveJobData, type TurnDispatcher } from './dispatch.ts';

export class QueueUnavailableError extends Error {
  constructor(what: string, cause?: unknown) {
    super(`the turn queue (Redis) does not answer: ${what}`, cause === undefined ? undefined : { cause });
    this.name = 'QueueUnavailableError';
  }
}

/** What a shell (API, mail intake) needs of the turn queue: dispatch, a readiness check, and a close. */
export interface ApiTurnQueue {
  dispatcher: TurnDispatcher;
  /** Resolves when the queue answers within the timeout; throws QueueUnavailableError otherwise. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Runs `work`, failing with QueueUnavailableError when it takes longer than `ms` or fails on the connection. */
async function bounded<T>(what: string, ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new QueueUnavailableError(`${what} took more than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (err) {
    if (err instanceof QueueUnavailableError) throw err;
    throw new QueueUnavailableError(`${what} failed (${(err as Error).message})`, err);
  } finally {
    clearTimeout(timer);
  }
}

export interface TurnQueueOptions {
  /** redis://... (REDIS_URL). */
  url: string;
  /** BullMQ key prefix (WORKER_QUEUE_PREFIX): the worker's. */
  prefix: string;
  /** Longest wait for one queue call, ms (default 3000). */
  timeoutMs?: number;
}

export function createTurnQueue(options: TurnQueueOptions): ApiTurnQueue {
  const timeoutMs = options.timeoutMs ?? 3_000;
  // No offline queue and one retry: a command while Redis is down fails at once instead of waiting for
  // the reconnection (BullMQ's advice for queues used in HTTP handlers).
  const redis = new Redis(options.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: timeoutMs, commandTimeout: timeoutMs });
  // The client keeps reconnecting in the background; its errors are answered per request, not thrown.
  redis.on('error', () => undefined);
  const queue = new Queue<AdjudicateJobData | MoveJobData>(TURN_QUEUE, { connection: redis, prefix: options.prefix, defaultJobOptions: TURN_JOB_OPTIONS });
  queue.on('error', () => undefined);
  const inner = new QueueTurnDispatcher(queue);
  // Without the offline queue a command fails until the connection is up: wait for it (within the bound).
  const connected = async (): Promise<void> => {
    if (redis.status === 'ready') return;
    await new Promise<void>((resolve) => redis.once('ready', resolve));
  };
  return {
    dispatcher: {
      dispatch: (gameId, turn, at) =>
        bounded(`dispatching turn ${turn} of game ${gameId}`, timeoutMs, async () => {
          await connected();
          await inner.dispatch(gameId, turn, at);
        }),
      dispatchMove: (gameId, turn, seq) =>
        bounded(`dispatching move ${seq} of turn ${turn} of game ${gameId}`, timeoutMs, async () => {
          await connected();
          await inner.dispatchMove(gameId, turn, seq);
        }),
    },
    ready: () =>
      bounded('PING', timeoutMs, async () => {
        await connected();
        await redis.ping();
      }),
    async close() {
      await queue.close().catch(() => undefined);
      redis.disconnect();
    },
  };
}
