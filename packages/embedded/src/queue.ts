// Where BullMQ keeps its jobs when REDIS_URL is unset: BullMQ 6's own PostgreSQL backend, on the same
// database as everything else (the embedded PostgreSQL, or the one DATABASE_URL names). The processors,
// job ids and schedules are the same code as with Redis; only the backend factory and its connection differ.
import { createPostgresBackend } from 'bullmq';
import type { PostgresPoolConfig } from 'bullmq';

/** The schema BullMQ's PostgreSQL backend keeps its tables and functions in (its default). */
export const QUEUE_SCHEMA = 'bullmq';

/**
 * How long (seconds) an idle worker waits before it looks for due jobs again. A NOTIFY wakes a waiting
 * worker at once for a new job; this bounds how late it notices a delayed job that became due. One second
 * costs a few cheap queries a second.
 */
export const POSTGRES_QUEUE_DRAIN_DELAY_SECONDS = 1;

export interface PostgresQueueHome {
  kind: 'postgres';
  /** BullMQ `connection` option for Queue, Worker and QueueEvents. */
  connection: PostgresPoolConfig;
  /** Third constructor argument of Queue, Worker and QueueEvents. */
  backend: typeof createPostgresBackend;
  /** Worker options this backend needs (spread into the Worker's options). */
  workerOptions: { drainDelay: number };
}

export interface RedisQueueHome {
  kind: 'redis';
  url: string;
}

/**
 * Where BullMQ keeps the jobs. `arbiter start` hands it to `startWorker` (@arbiter/worker) as it is: the
 * worker owns the equivalent type (`WorkerQueueHome`) and this one matches it structurally, which the
 * compiler checks at that call; the dependency stays one-way (the worker does not import this package).
 */
export type QueueHome = PostgresQueueHome | RedisQueueHome;

/**
 * BullMQ on PostgreSQL at `databaseUrl`: tables and functions in the `bullmq` schema, created (migrated) by
 * the first Queue or Worker that connects. `poolMax` bounds each Queue's/Worker's own pool.
 */
export function postgresQueueHome(databaseUrl: string, options: { poolMax?: number } = {}): PostgresQueueHome {
  const poolMax = options.poolMax ?? 4;
  if (!Number.isInteger(poolMax) || poolMax < 1) throw new RangeError(`poolMax must be a positive integer, got ${poolMax}`);
  return {
    kind: 'postgres',
    connection: { connectionString: databaseUrl, schema: QUEUE_SCHEMA, migrate: true, max: poolMax },
    backend: createPostgresBackend,
    workerOptions: { drainDelay: POSTGRES_QUEUE_DRAIN_DELAY_SECONDS },
  };
}

/**
 * The queue's home from the environment's view of things: Redis when a REDIS_URL is given, otherwise
 * BullMQ's PostgreSQL backend on the database.
 */
export function chooseQueueHome(redisUrl: string | undefined, databaseUrl: string): QueueHome {
  if (redisUrl !== undefined && redisUrl.trim() !== '') return { kind: 'redis', url: redisUrl.trim() };
  return postgresQueueHome(databaseUrl);
}
