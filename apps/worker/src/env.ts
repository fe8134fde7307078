// The worker's own settings, parsed once at start next to @arbiter/config's shared ones.
import { availableParallelism, hostname } from 'node:os';
import { z } from 'zod';

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const workerEnvSchema = z.object({
  /** Names this process in Turn.claimedBy and the logs. */
  WORKER_ID: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1-64 letters, digits, ".", "_" or "-"').optional(),
  /** Turns adjudicated at once by this process (each is CPU-bound: keep it at or below the cores). */
  WORKER_TURN_CONCURRENCY: int(1, 64).default(1),
  /** How often the schedule sweep looks for due, stalled or missing turn jobs (ms). */
  WORKER_SWEEP_INTERVAL_MS: int(1000, 3_600_000).default(30_000),
  /** How often the outbox is polled for due mail when no turn woke it (ms). */
  WORKER_MAIL_INTERVAL_MS: int(500, 3_600_000).default(5_000),
  /** Rows claimed per outbox batch. */
  WORKER_MAIL_BATCH: int(1, 1000).default(50),
  /** A claim older than this is taken over even if its worker seems alive (ms); see docs/operations.md. */
  TURN_CLAIM_TIMEOUT_MS: int(1000, 86_400_000).default(15 * 60_000),
  /** Outage guard: a turn first run more than this long after its deadline is held for the GM (ms). */
  TURN_OUTAGE_GRACE_MS: int(60_000, 30 * 86_400_000).default(2 * 3_600_000),
  /**
   * BullMQ job lock (ms): a job whose worker stops renewing it (the process died) is handed to another
   * worker after about this long plus the stalled-check interval. Must exceed the longest CPU-bound
   * stretch of a turn (the engine runs in one go), else a live run is taken for stalled.
   */
  WORKER_LOCK_DURATION_MS: int(1000, 3_600_000).default(60_000),
  /** How often BullMQ looks for stalled jobs (ms). */
  WORKER_STALLED_INTERVAL_MS: int(500, 3_600_000).default(30_000),
  /**
   * Threads that render turn reports while the main thread writes them (0: render on the main thread).
   * Default: the cores minus two (one for the main thread, one for PostgreSQL), so none on two cores.
   */
  WORKER_RENDER_THREADS: int(0, 64).optional(),
  /** BullMQ key prefix; the API's dispatcher must use the same one. */
  WORKER_QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1-32 letters, digits, "_" or "-"').default('bull'),
  /** Test hook (honoured only with NODE_ENV=test): pause inside the turn's write transaction, so a test can kill the process there. */
  ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS: int(0, 600_000).optional(),
});

export interface WorkerSettings {
  workerId: string;
  turnConcurrency: number;
  sweepIntervalMs: number;
  mailIntervalMs: number;
  mailBatch: number;
  claimTimeoutMs: number;
  outageGraceMs: number;
  queuePrefix: string;
  renderThreads: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
  testPauseBeforeCommitMs: number | undefined;
}

/** Parses the worker's variables; throws an Error naming every bad one. */
export function loadWorkerSettings(env: Record<string, string | undefined>, nodeEnv: string): WorkerSettings {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(workerEnvSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v.trim() !== '') cleaned[key] = v.trim();
  }
  const parsed = workerEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new Error(`Invalid worker configuration:\n${lines.join('\n')}\nSee docs/operations.md, "Worker, scheduling and recovery".`);
  }
  const e = parsed.data;
  if (e.ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS !== undefined && nodeEnv !== 'test') {
    throw new Error('Invalid worker configuration:\n  ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS: is a test hook and is refused unless NODE_ENV=test');
  }
  return {
    workerId: e.WORKER_ID ?? `${hostname().replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 40)}-${process.pid}`,
    turnConcurrency: e.WORKER_TURN_CONCURRENCY,
    sweepIntervalMs: e.WORKER_SWEEP_INTERVAL_MS,
    mailIntervalMs: e.WORKER_MAIL_INTERVAL_MS,
    mailBatch: e.WORKER_MAIL_BATCH,
    claimTimeoutMs: e.TURN_CLAIM_TIMEOUT_MS,
    outageGraceMs: e.TURN_OUTAGE_GRACE_MS,
    queuePrefix: e.WORKER_QUEUE_PREFIX,
    renderThreads: e.WORKER_RENDER_THREADS ?? Math.max(0, availableParallelism() - 2),
    lockDurationMs: e.WORKER_LOCK_DURATION_MS,
    stalledIntervalMs: e.WORKER_STALLED_INTERVAL_MS,
    testPauseBeforeCommitMs: e.ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS,
  };
}
