// The worker process's parts, startable in-process (tests) or from main.ts.
import { createRedisBackend, withBackend } from 'bullmq';
import type { BackendClasses, ConnectionOptions, IQueueBackend, Job, PostgresConnectionOptions, PostgresQueueBackend, RedisQueueBackend } from 'bullmq';
import { Redis } from 'ioredis';
import type { WorkerConfig } from '@arbiter/config';
import type { Db } from '@arbiter/db';
import { createSmtpTransport, messageIdDomain } from '@arbiter/mail';
import type { MailTransport } from '@arbiter/mail';
import { MOVE_JOB, playerMailSettings, QueueTurnDispatcher, RenderPool, reportMapResolver } from '@arbiter/turns';
import type { AdjudicateJobData, MoveJobData, MoveMailSettings, TurnServiceConfig } from '@arbiter/turns';
import type { Logger } from 'pino';
import { adjudicateProcessor } from './processors/adjudicate.ts';
import { moveProcessor } from './processors/move.ts';
import { mailProcessor } from './processors/mail.ts';
import { sweep, sweepProcessor, type SweepDeps } from './processors/sweep.ts';
import {
  createBackendQueues,
  MAIL_QUEUE,
  OUTBOX_SCHEDULER_ID,
  SCHEDULE_QUEUE,
  SEND_OUTBOX_JOB,
  SWEEP_JOB,
  SWEEP_SCHEDULER_ID,
  TURN_QUEUE,
} from './queues.ts';
import type { PostgresWorkerQueueHome, Queues, RedisWorkerQueueHome, WorkerQueueHome } from './queues.ts';

/** The worker's settings: `config.worker` of @arbiter/config's `loadConfig()` (WORKER_*, TURN_*). */
export type WorkerSettings = WorkerConfig;

export interface WorkerDeps {
  db: Db;
  /** Where the queues live: Redis (`{ kind: 'redis', url }`) or BullMQ's PostgreSQL backend. */
  queue: WorkerQueueHome;
  smtpUrl: string;
  mailFrom: string;
  /** Where players send orders (MAIL_ORDERS_TO, the API's public URL): the sweep's reminders say it. Unset: no reminders. */
  playerLinks?: { ordersTo: string; apiUrl: string };
  settings: WorkerSettings;
  log: Logger;
  /** Hook inside each turn's write transaction (crash tests). */
  beforeCommit?: TurnServiceConfig['beforeCommit'];
}

/** The worker's queues on Redis or on PostgreSQL (`startWorker` narrows it by the queue home's kind). */
export type AnyQueues = Queues<RedisQueueBackend, ConnectionOptions> | Queues<PostgresQueueBackend, PostgresConnectionOptions>;

export interface RunningWorker<Q = AnyQueues> {
  queues: Q;
  dispatcher: QueueTurnDispatcher;
  /** Whether all three BullMQ workers run (for a heartbeat). */
  isRunning(): boolean;
  /** Graceful stop: finish jobs in progress, close queues, Redis and SMTP (not the database: the caller owns it). */
  close(): Promise<void>;
}

/** What differs between the backends; everything else is wired once, in `wire`. */
interface Backend<B extends IQueueBackend, C> {
  classes: BackendClasses<B, C>;
  connection: C;
  /** Redis's key prefix (none on PostgreSQL). */
  prefix?: string;
  /** Spread into every Worker's options. */
  workerOptions: { drainDelay?: number };
  /** Calls `restore` whenever the connection comes back (Redis may come back empty); returns the unsubscribe. */
  onReconnect(restore: () => void): () => void;
  /** Closes what the worker opened besides its queues and workers. */
  close(): Promise<void>;
  /** For the start log line. */
  describe: Record<string, string>;
}

/**
 * Starts the worker: turns at their deadlines, the outbox sender and the deadline sweep, on Redis or on
 * BullMQ's PostgreSQL backend. Both use the same queues, job options, worker options, render pool,
 * job schedulers and close; the backend only changes the connection, the constructor's backend factory
 * (PostgreSQL: the third argument of every Queue and Worker), and the backend's own worker options.
 */
export async function startWorker(deps: WorkerDeps & { queue: RedisWorkerQueueHome }): Promise<RunningWorker<Queues<RedisQueueBackend, ConnectionOptions>>>;
export async function startWorker(deps: WorkerDeps & { queue: PostgresWorkerQueueHome }): Promise<RunningWorker<Queues<PostgresQueueBackend, PostgresConnectionOptions>>>;
export async function startWorker(deps: WorkerDeps): Promise<RunningWorker>;
export async function startWorker(deps: WorkerDeps): Promise<RunningWorker> {
  // Fail at start, not in every turn: the sender names every Message-ID and report mail.
  messageIdDomain(deps.mailFrom);
  const home = deps.queue;
  if (home.kind === 'redis') {
    // BullMQ needs maxRetriesPerRequest: null: a command waits for Redis to come back instead of failing.
    const connection = new Redis(home.url, { maxRetriesPerRequest: null, enableReadyCheck: true });
    connection.on('error', (err: Error) => deps.log.warn({ err: err.message }, 'redis connection error (reconnecting)'));
    const prefix = home.prefix ?? 'bull';
    try {
      return await wire(deps, {
        classes: withBackend(createRedisBackend),
        connection,
        prefix,
        workerOptions: {},
        onReconnect(restore) {
          connection.on('ready', restore);
          return () => connection.off('ready', restore);
        },
        close: async () => {
          await connection.quit().catch(() => connection.disconnect());
        },
        describe: { queue: 'redis', prefix },
      });
    } catch (err) {
      connection.disconnect();
      throw err;
    }
  }
  if (home.kind === 'postgres') {
    return wire(deps, {
      classes: withBackend(home.backend),
      connection: home.connection,
      workerOptions: home.workerOptions ?? {},
      // Jobs and schedulers are rows in PostgreSQL, which does not come back empty: restored at start only.
      onReconnect: () => () => {},
      close: async () => {},
      describe: { queue: 'postgres' },
    });
  }
  throw new TypeError(`startWorker: unknown queue home kind "${(home as { kind?: unknown }).kind}" (expected "redis" or "postgres")`);
}

/** A BullMQ worker as the worker process keeps it: to close it and to ask whether it runs. */
interface JobWorker {
  name: string;
  close(): Promise<void>;
  isRunning(): boolean;
}

async function wire<B extends IQueueBackend, C>(deps: WorkerDeps, backend: Backend<B, C>): Promise<RunningWorker<Queues<B, C>>> {
  const { settings, log } = deps;
  const queues = createBackendQueues(backend.classes, backend.connection, backend.prefix);
  for (const q of [queues.turns, queues.mail, queues.schedule]) q.on('error', (err: Error) => log.warn({ err: err.message, queue: q.name }, 'queue error'));
  const dispatcher = new QueueTurnDispatcher(queues.turns);
  const transport: MailTransport = createSmtpTransport(deps.smtpUrl);
  // Render threads load the renderers once, now, rather than in the first turn.
  const renderPool = settings.renderThreads > 0 ? new RenderPool(settings.renderThreads) : null;
  const workers: JobWorker[] = [];
  let stopReconnect = (): void => {};
  const closeAll = async (): Promise<void> => {
    stopReconnect();
    await Promise.all(workers.map((w) => w.close()));
    await queues.close();
    await renderPool?.close();
    transport.close();
    await backend.close();
  };
  const ensureSchedulers = (): Promise<void> => upsertSchedulers(queues, settings);
  try {
    // First the schedulers, before any Worker exists: this is the first use of the queue store, so an
    // unusable one (e.g. a PostgreSQL database that does not exist) fails the start here. BullMQ 6.7's
    // Worker on PostgreSQL retries such an error (one that is not a lost connection) without pause and
    // starves the process, so no Worker is created until the store has answered.
    await ensureSchedulers();
    await renderPool?.warm();
    const moveMail = { from: deps.mailFrom, domain: messageIdDomain(deps.mailFrom) };
    const sweepDeps = sweepDepsOf(deps, dispatcher, moveMail);
    workers.push(...startJobWorkers({ deps, backend, queues, transport, renderPool, moveMail, sweepDeps }));
    stopReconnect = restoreOnReconnect(backend, ensureSchedulers, sweepDeps, log);
    // One sweep now: turns that fell due while no worker ran are found at once (and held if overdue twice).
    await sweep(sweepDeps).catch((err: unknown) => log.error({ err }, 'initial sweep failed'));
  } catch (err) {
    // A start that fails half-way (e.g. the queue's database refuses) leaves nothing running.
    await closeAll().catch(() => {});
    throw err;
  }
  log.info({ workerId: settings.workerId, ...backend.describe }, 'worker started');

  return {
    queues,
    dispatcher,
    isRunning: () => workers.every((w) => w.isRunning()),
    async close() {
      await closeAll();
      log.info('worker stopped');
    },
  };
}

/**
 * Job schedulers: (re)created at start and, on Redis, whenever the connection comes back, so a Redis
 * that restarted empty gets them again. Upserting is idempotent.
 */
async function upsertSchedulers<B extends IQueueBackend, C>(queues: Queues<B, C>, settings: WorkerSettings): Promise<void> {
  await queues.schedule.upsertJobScheduler(SWEEP_SCHEDULER_ID, { every: settings.sweepIntervalMs }, { name: SWEEP_JOB, data: {} });
  await queues.mail.upsertJobScheduler(OUTBOX_SCHEDULER_ID, { every: settings.mailIntervalMs }, { name: SEND_OUTBOX_JOB, data: {} });
}

/** The sweep's settings: moves' mails always, reminders when players' links are known. */
function sweepDepsOf(deps: WorkerDeps, dispatcher: QueueTurnDispatcher, moveMail: MoveMailSettings): SweepDeps {
  const links = deps.playerLinks;
  return {
    db: deps.db,
    dispatcher,
    log: deps.log,
    staleClaimMs: 60_000,
    moveMail,
    ...(links === undefined ? {} : { reminders: playerMailSettings(deps.mailFrom, links.ordersTo, links.apiUrl) }),
  };
}

interface JobWorkerParts<B extends IQueueBackend, C> {
  deps: WorkerDeps;
  backend: Backend<B, C>;
  queues: Queues<B, C>;
  transport: MailTransport;
  renderPool: RenderPool | null;
  moveMail: MoveMailSettings;
  sweepDeps: SweepDeps;
}

/** The three BullMQ workers (turns and moves, outbox mail, the sweep), each with its failures logged. */
function startJobWorkers<B extends IQueueBackend, C>(p: JobWorkerParts<B, C>): JobWorker[] {
  const { deps, backend } = p;
  const { settings, log } = deps;
  const workerOptions = { connection: backend.connection, ...(backend.prefix === undefined ? {} : { prefix: backend.prefix }), autorun: true, ...backend.workerOptions };
  // One queue for turns and moves: a move job is named `move` (turns' dispatch.ts).
  const turnWorker = new backend.classes.Worker<AdjudicateJobData | MoveJobData>(TURN_QUEUE, turnJobHandler(p), {
    ...workerOptions,
    concurrency: settings.turnConcurrency,
    lockDuration: settings.lockDurationMs,
    stalledInterval: settings.stalledIntervalMs,
  });
  const mailWorker = new backend.classes.Worker(
    MAIL_QUEUE,
    mailProcessor({ db: deps.db, transport: p.transport, from: deps.mailFrom, batch: settings.mailBatch, resolveAttachment: reportMapResolver(deps.db.prisma), log }),
    { ...workerOptions, concurrency: 1 },
  );
  const scheduleWorker = new backend.classes.Worker(SCHEDULE_QUEUE, sweepProcessor(p.sweepDeps), { ...workerOptions, concurrency: 1 });
  for (const w of [turnWorker, mailWorker, scheduleWorker]) {
    w.on('error', (err: Error) => log.warn({ err: err.message, queue: w.name }, 'worker error'));
    w.on('failed', (job: Job | undefined, err: Error) => {
      log[job && job.attemptsMade >= (job.opts.attempts ?? 1) ? 'error' : 'warn']({ queue: w.name, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message }, 'job failed');
    });
  }
  return [turnWorker, mailWorker, scheduleWorker];
}

/** The turn queue's handler: a turn's adjudication or a move, each followed by an outbox run. */
function turnJobHandler<B extends IQueueBackend, C>(p: JobWorkerParts<B, C>): (job: Job<AdjudicateJobData | MoveJobData>, token?: string) => Promise<unknown> {
  const { deps, queues } = p;
  const turnConfig: TurnServiceConfig = {
    mailFrom: deps.mailFrom,
    claimTimeoutMs: deps.settings.claimTimeoutMs,
    outageGraceMs: deps.settings.outageGraceMs,
    ...(p.renderPool === null ? {} : { renderPool: p.renderPool }),
    ...(deps.beforeCommit === undefined ? {} : { beforeCommit: deps.beforeCommit }),
  };
  const adjudicate = adjudicateProcessor({
    db: deps.db,
    workerId: deps.settings.workerId,
    turnConfig,
    log: deps.log,
    afterTurn: async (gameId, turn) => {
      await queues.mail.add(SEND_OUTBOX_JOB, {}, { jobId: `outbox-after-${gameId}-${turn}` });
    },
  });
  const move = moveProcessor({
    db: deps.db,
    workerId: deps.settings.workerId,
    mail: p.moveMail,
    log: deps.log,
    afterMove: async (gameId, turn, seq) => {
      await queues.mail.add(SEND_OUTBOX_JOB, {}, { jobId: `outbox-after-${gameId}-${turn}-m${seq}` });
    },
  });
  return (job, token) => (job.name === MOVE_JOB ? move(job as Job<MoveJobData>) : adjudicate(job as Job<AdjudicateJobData>, token));
}

/** On a reconnect (Redis may come back empty): the schedulers again and a sweep. Returns the unsubscribe. */
function restoreOnReconnect<B extends IQueueBackend, C>(backend: Backend<B, C>, ensureSchedulers: () => Promise<void>, sweepDeps: SweepDeps, log: Logger): () => void {
  let closing = false;
  const onReady = (): void => {
    if (closing) return;
    ensureSchedulers()
      .then(() => sweep(sweepDeps))
      .catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not restore job schedulers; retrying on the next reconnect or sweep'));
  };
  const unsubscribe = backend.onReconnect(onReady);
  return () => {
    closing = true;
    unsubscribe();
  };
}
