// The worker's queues and their job options. Jobs carry ids only; everything else is in PostgreSQL.
import { createRedisBackend, withBackend } from 'bullmq';
import type {
  BackendClasses,
  BackendFactory,
  ConnectionOptions,
  DefaultJobOptions,
  IQueueBackend,
  PostgresConnectionOptions,
  PostgresQueueBackend,
  Queue,
  RedisQueueBackend,
} from 'bullmq';
import { TURN_JOB_OPTIONS, TURN_QUEUE } from '@arbiter/turns';
import type { AdjudicateJobData } from '@arbiter/turns';

export { TURN_QUEUE };
/** Outbox sending: a poll job every WORKER_MAIL_INTERVAL_MS, and one right after each turn. */
export const MAIL_QUEUE = 'arbiter-mail';
/** The deadline sweep (a job scheduler). */
export const SCHEDULE_QUEUE = 'arbiter-schedule';

export const SEND_OUTBOX_JOB = 'send-outbox';
export const SWEEP_JOB = 'sweep';
export const SWEEP_SCHEDULER_ID = 'deadline-sweep';
export const OUTBOX_SCHEDULER_ID = 'outbox-poll';

/** Turn jobs' options: defined with the turn queue in @arbiter/turns, where the API's queue takes them too. */
export { TURN_JOB_OPTIONS };

/** Mail and sweep jobs: a few retries, a short history. */
export const HOUSEKEEPING_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { count: 100 },
  removeOnFail: { count: 500 },
};

/**
 * Where the queues live: Redis, or BullMQ 6's PostgreSQL backend. Owned by the worker (the one code that
 * wires queues and workers); `@arbiter/embedded`'s `QueueHome` has the same shape, so `arbiter start` passes
 * it as it is (checked by the compiler at that call), without the worker depending on the embedded package.
 */
export type WorkerQueueHome = RedisWorkerQueueHome | PostgresWorkerQueueHome;

export interface RedisWorkerQueueHome {
  kind: 'redis';
  url: string;
  /** BullMQ key prefix (default "bull"); tests use their own. */
  prefix?: string;
}

export interface PostgresWorkerQueueHome {
  kind: 'postgres';
  /** BullMQ `connection` option (a connection string, a pool config with its `schema`, or a pg.Pool). */
  connection: PostgresConnectionOptions;
  /** Passed as the third constructor argument of every Queue and Worker (`createPostgresBackend`). */
  backend: BackendFactory<PostgresQueueBackend, PostgresConnectionOptions>;
  /** Worker options this backend needs, spread into every Worker's options (e.g. `drainDelay` on PGlite). */
  workerOptions?: { drainDelay?: number };
}

type Empty = Record<string, never>;
/** A queue of the given backend `B` with connection options `C` (Redis: the defaults). */
export type BackendQueue<D, B extends IQueueBackend, C> = Queue<D, unknown, string, D, unknown, string, B, C>;

export interface Queues<B extends IQueueBackend = IQueueBackend, C = unknown> {
  turns: BackendQueue<AdjudicateJobData, B, C>;
  mail: BackendQueue<Empty, B, C>;
  schedule: BackendQueue<Empty, B, C>;
  close(): Promise<void>;
}

/**
 * The worker's three queues on a backend: `classes` from BullMQ's `withBackend(factory)`, whose Queue
 * passes the factory as the third constructor argument. `prefix` is Redis's key prefix (the PostgreSQL
 * backend has none: its schema is the namespace).
 */
export function createBackendQueues<B extends IQueueBackend, C>(classes: BackendClasses<B, C>, connection: C, prefix?: string): Queues<B, C> {
  const base = { connection, ...(prefix === undefined ? {} : { prefix }) };
  const turns = new classes.Queue<AdjudicateJobData, unknown>(TURN_QUEUE, { ...base, defaultJobOptions: TURN_JOB_OPTIONS });
  const mail = new classes.Queue<Empty, unknown>(MAIL_QUEUE, { ...base, defaultJobOptions: HOUSEKEEPING_JOB_OPTIONS });
  const schedule = new classes.Queue<Empty, unknown>(SCHEDULE_QUEUE, { ...base, defaultJobOptions: HOUSEKEEPING_JOB_OPTIONS });
  return {
    turns,
    mail,
    schedule,
    async close() {
      await Promise.all([turns.close(), mail.close(), schedule.close()]);
    },
  };
}

/** The worker's three queues on Redis. */
export function createQueues(connection: ConnectionOptions, prefix: string): Queues<RedisQueueBackend, ConnectionOptions> {
  return createBackendQueues(withBackend(createRedisBackend), connection, prefix);
}
