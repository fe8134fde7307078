// The worker process's parts, startable in-process (tests) or from main.ts.
import { Worker } from 'bullmq';
import type { Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Db } from '@arbiter/db';
import { createSmtpTransport, messageIdDomain } from '@arbiter/mail';
import type { MailTransport } from '@arbiter/mail';
import { QueueTurnDispatcher, RenderPool, reportMapResolver } from '@arbiter/turns';
import type { AdjudicateJobData, TurnServiceConfig } from '@arbiter/turns';
import type { Logger } from 'pino';
import type { WorkerSettings } from './env.ts';
import { adjudicateProcessor } from './processors/adjudicate.ts';
import { mailProcessor } from './processors/mail.ts';
import { sweep, sweepProcessor } from './processors/sweep.ts';
import {
  createQueues,
  MAIL_QUEUE,
  OUTBOX_SCHEDULER_ID,
  SCHEDULE_QUEUE,
  SEND_OUTBOX_JOB,
  SWEEP_JOB,
  SWEEP_SCHEDULER_ID,
  TURN_QUEUE,
} from './queues.ts';
import type { Queues } from './queues.ts';

export interface WorkerDeps {
  db: Db;
  redisUrl: string;
  smtpUrl: string;
  mailFrom: string;
  settings: WorkerSettings;
  log: Logger;
  /** BullMQ key prefix (default "bull"); tests use their own. */
  prefix?: string;
  /** Hook inside each turn's write transaction (crash tests). */
  beforeCommit?: TurnServiceConfig['beforeCommit'];
}

export interface RunningWorker {
  queues: Queues;
  dispatcher: QueueTurnDispatcher;
  /** Graceful stop: finish jobs in progress, close queues, Redis and SMTP (not the database: the caller owns it). */
  close(): Promise<void>;
}

export async function startWorker(deps: WorkerDeps): Promise<RunningWorker> {
  const { settings, log } = deps;
  const prefix = deps.prefix ?? 'bull';
  // Fail at start, not in every turn: the sender names every Message-ID and report mail.
  messageIdDomain(deps.mailFrom);
  // BullMQ needs maxRetriesPerRequest: null: a command waits for Redis to come back instead of failing.
  const connection = new Redis(deps.redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: true });
  connection.on('error', (err: Error) => log.warn({ err: err.message }, 'redis connection error (reconnecting)'));
  const queues = createQueues(connection, prefix);
  for (const q of [queues.turns, queues.mail, queues.schedule]) q.on('error', (err) => log.warn({ err: err.message, queue: q.name }, 'queue error'));
  const dispatcher = new QueueTurnDispatcher(queues.turns);
  const transport: MailTransport = createSmtpTransport(deps.smtpUrl);

  // Render threads load the renderers once, now, rather than in the first turn.
  const renderPool = settings.renderThreads > 0 ? new RenderPool(settings.renderThreads) : null;
  await renderPool?.warm();
  const turnConfig: TurnServiceConfig = {
    mailFrom: deps.mailFrom,
    claimTimeoutMs: settings.claimTimeoutMs,
    outageGraceMs: settings.outageGraceMs,
    ...(renderPool === null ? {} : { renderPool }),
    ...(deps.beforeCommit === undefined ? {} : { beforeCommit: deps.beforeCommit }),
  };
  const workerOptions = { connection, prefix, autorun: true };
  const turnWorker = new Worker<AdjudicateJobData>(
    TURN_QUEUE,
    adjudicateProcessor({
      db: deps.db,
      workerId: settings.workerId,
      turnConfig,
      log,
      afterTurn: async (gameId, turn) => {
        await queues.mail.add(SEND_OUTBOX_JOB, {}, { jobId: `outbox-after-${gameId}-${turn}` });
      },
    }),
    { ...workerOptions, concurrency: settings.turnConcurrency, lockDuration: settings.lockDurationMs, stalledInterval: settings.stalledIntervalMs },
  );
  const mailWorker = new Worker(
    MAIL_QUEUE,
    mailProcessor({ db: deps.db, transport, from: deps.mailFrom, batch: settings.mailBatch, resolveAttachment: reportMapResolver(deps.db.prisma), log }),
    { ...workerOptions, concurrency: 1 },
  );
  const sweepDeps = { db: deps.db, dispatcher, log, staleClaimMs: 60_000 };
  const scheduleWorker = new Worker(SCHEDULE_QUEUE, sweepProcessor(sweepDeps), { ...workerOptions, concurrency: 1 });
  const workers = [turnWorker, mailWorker, scheduleWorker];
  for (const w of workers) {
    w.on('error', (err) => log.warn({ err: err.message, queue: w.name }, 'worker error'));
    w.on('failed', (job: Job | undefined, err: Error) => {
      log[job && job.attemptsMade >= (job.opts.attempts ?? 1) ? 'error' : 'warn']({ queue: w.name, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message }, 'job failed');
    });
  }

  // Job schedulers live in Redis: (re)create them at start and whenever the connection comes back,
  // so a Redis that restarted empty gets them again. Upserting is idempotent.
  const ensureSchedulers = async (): Promise<void> => {
    await queues.schedule.upsertJobScheduler(SWEEP_SCHEDULER_ID, { every: settings.sweepIntervalMs }, { name: SWEEP_JOB, data: {} });
    await queues.mail.upsertJobScheduler(OUTBOX_SCHEDULER_ID, { every: settings.mailIntervalMs }, { name: SEND_OUTBOX_JOB, data: {} });
  };
  let closing = false;
  const onReady = (): void => {
    if (closing) return;
    ensureSchedulers()
      .then(() => sweep(sweepDeps))
      .catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not restore job schedulers; retrying on the next reconnect or sweep'));
  };
  await ensureSchedulers();
  connection.on('ready', onReady);
  // One sweep now: turns that fell due while no worker ran are found at once (and held if overdue twice).
  await sweep(sweepDeps).catch((err: unknown) => log.error({ err }, 'initial sweep failed'));
  log.info({ workerId: settings.workerId, prefix }, 'worker started');

  return {
    queues,
    dispatcher,
    async close() {
      closing = true;
      connection.off('ready', onReady);
      await Promise.all(workers.map((w) => w.close()));
      await queues.close();
      await renderPool?.close();
      transport.close();
      await connection.quit().catch(() => connection.disconnect());
      log.info('worker stopped');
    },
  };
}
