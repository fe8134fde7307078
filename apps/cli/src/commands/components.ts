// The components `arbiter start` runs in this process (worker, API, mail intake), each through its own
// app's composition (startWorker, buildServer, the mail intake's wiring), with one TurnDispatcher they share.
import type { PostgresConnectionOptions, PostgresQueueBackend, Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '@arbiter/config';
import type { Db } from '@arbiter/db';
import type { QueueHome, RunInfo } from '@arbiter/embedded';
import type { AdjudicateJobData, TurnDispatcher } from '@arbiter/turns';
import { rt } from './runtime.ts';
import type { Component } from './start-args.ts';

/** A running part of the system, stopped in the reverse order of starting. */
export interface Running {
  name: string;
  stop(): Promise<void>;
}

export interface ComponentContext {
  only: Set<Component>;
  config: Config;
  db: Db;
  queue: QueueHome;
  logger: Logger;
  prettyLogs: boolean;
  running: Running[];
}

export interface Wiring {
  /** Hands turns to the worker(s); null when this process runs neither API nor worker. */
  dispatcher: TurnDispatcher | null;
  apiUrl: string | null;
  docsUrl: string | null;
  smtp: RunInfo['smtp'];
  /** Extra liveness checks for the heartbeat (e.g. the worker's BullMQ workers run). */
  healthy: () => Promise<boolean>;
}

type PgTurnQueue = Queue<AdjudicateJobData, unknown, string, AdjudicateJobData, unknown, string, PostgresQueueBackend, PostgresConnectionOptions>;

/** A queue on which the API hands turns to the worker(s), when this process runs no worker. */
export async function turnQueueFor(queue: QueueHome, prefix: string): Promise<{ dispatcher: TurnDispatcher; ready?: () => Promise<void>; close(): Promise<void> }> {
  const { Queue, TURN_QUEUE, TURN_JOB_OPTIONS, QueueTurnDispatcher, createTurnQueue } = await rt();
  if (queue.kind === 'redis') {
    // The API's queue (@arbiter/turns turn-queue.ts): the worker's key prefix (WORKER_QUEUE_PREFIX, default
    // "bull") and job options, on a connection that fails fast when Redis is down.
    return createTurnQueue({ url: queue.url, prefix });
  }
  const q: PgTurnQueue = new Queue<AdjudicateJobData, unknown, string, AdjudicateJobData, unknown, string, PostgresQueueBackend, PostgresConnectionOptions>(
    TURN_QUEUE,
    { connection: queue.connection, defaultJobOptions: TURN_JOB_OPTIONS },
    queue.backend,
  );
  return { dispatcher: new QueueTurnDispatcher(q), close: () => q.close() };
}

/** The worker (apps/worker's startWorker): its dispatcher, and its liveness check pushed on `checks`. */
async function startWorkerPart(ctx: ComponentContext, checks: (() => Promise<boolean>)[]): Promise<TurnDispatcher> {
  const { startWorker } = await rt();
  const { config, db, queue, logger, running } = ctx;
  const settings = config.worker;
  const log = logger.child({ component: 'worker' });
  // One wiring for both homes (apps/worker's startWorker); on Redis with the worker's key prefix
  // (WORKER_QUEUE_PREFIX, default "bull"), which the API's turn queue below uses too.
  const worker = await startWorker({
    db,
    queue: queue.kind === 'redis' ? { ...queue, prefix: settings.queuePrefix } : queue,
    smtpUrl: config.smtp.url,
    mailFrom: config.mail.from,
    playerLinks: { ordersTo: config.mail.ordersTo, apiUrl: config.api.publicUrl },
    settings,
    log,
  });
  running.push({ name: 'worker', stop: () => worker.close() });
  checks.push(async () => worker.isRunning());
  log.info({ queue: queue.kind }, 'worker ready: turns at their deadlines, the deadline sweep, mail out');
  return worker.dispatcher;
}

/** A turn queue to the worker(s) when this process runs none: its dispatcher and readiness check. */
async function queueToWorkers(ctx: ComponentContext): Promise<{ dispatcher: TurnDispatcher; ready?: () => Promise<void> }> {
  const q = await turnQueueFor(ctx.queue, ctx.config.worker.queuePrefix);
  ctx.running.push({ name: 'turn queue', stop: () => q.close() });
  return q;
}

/** The API (apps/api's own composition, wiring.ts), listening: where clients reach it. */
async function startApiPart(ctx: ComponentContext, dispatcher: TurnDispatcher, queueReady: (() => Promise<void>) | undefined): Promise<{ apiUrl: string; docsUrl: string }> {
  const { buildServer, serverOptionsFor } = await rt();
  const { config, db, logger, running } = ctx;
  const server = await buildServer(serverOptionsFor(config, db, { dispatcher, queueReady }, ctx.prettyLogs));
  await server.listen({ host: config.api.host, port: config.api.port });
  running.push({ name: 'API', stop: () => server.close() });
  const address = server.server.address();
  const apiUrl = apiUrlOf(config, typeof address === 'object' && address !== null ? address.port : config.api.port);
  const docsUrl = `${apiUrl}/docs`;
  logger.info({ component: 'api', url: apiUrl, docs: docsUrl }, 'API ready');
  return { apiUrl, docsUrl };
}

/** The mail intake: the SMTP server and/or the IMAP poller, over one pipeline. Returns the SMTP address, or null. */
async function startMailInPart(ctx: ComponentContext, dispatcher: TurnDispatcher): Promise<RunInfo['smtp']> {
  const { mailPipelineFor, smtpIntakeOptions, imapPollerOptions, startSmtpIntake, ImapPoller } = await rt();
  const { config, db, logger, running } = ctx;
  const mailIn = config.mailIn;
  const log = logger.child({ component: 'mail-in' });
  const pipeline = mailPipelineFor(config, db, log, dispatcher);
  let smtp: RunInfo['smtp'] = null;
  if (mailIn.smtp !== null) {
    const intake = await startSmtpIntake(smtpIntakeOptions(mailIn.smtp, pipeline, log));
    running.push({ name: 'SMTP intake', stop: () => intake.close() });
    smtp = { host: mailIn.smtp.host, port: intake.port, domain: mailIn.smtp.acceptedDomains[0] ?? '' };
    log.info({ host: mailIn.smtp.host, port: intake.port, domains: mailIn.smtp.acceptedDomains }, 'SMTP intake ready');
  }
  if (mailIn.imap !== null) {
    const poller = new ImapPoller(imapPollerOptions(mailIn, mailIn.imap, pipeline, log));
    poller.start();
    running.push({ name: 'IMAP poller', stop: () => poller.stop() });
    log.info({ host: mailIn.imap.host, port: mailIn.imap.port, mailbox: mailIn.imap.mailbox }, 'IMAP poller started');
  }
  return smtp;
}

export async function startComponents(ctx: ComponentContext): Promise<Wiring> {
  const { only } = ctx;
  let dispatcher: TurnDispatcher | null = null;
  const checks: (() => Promise<boolean>)[] = [];
  if (only.has('worker')) dispatcher = await startWorkerPart(ctx, checks);

  let api: { apiUrl: string; docsUrl: string } | null = null;
  if (only.has('api')) {
    let queueReady: (() => Promise<void>) | undefined;
    if (dispatcher === null) {
      const q = await queueToWorkers(ctx);
      dispatcher = q.dispatcher;
      queueReady = q.ready;
    }
    api = await startApiPart(ctx, dispatcher, queueReady);
  }

  let smtp: RunInfo['smtp'] = null;
  if (only.has('mail-in')) {
    // Turns that final mails make due early go where the API's go: this process's worker, or the queue.
    if (dispatcher === null) dispatcher = (await queueToWorkers(ctx)).dispatcher;
    smtp = await startMailInPart(ctx, dispatcher);
  }

  return {
    dispatcher,
    apiUrl: api?.apiUrl ?? null,
    docsUrl: api?.docsUrl ?? null,
    smtp,
    healthy: async () => {
      for (const c of checks) if (!(await c())) return false;
      return true;
    },
  };
}

/** Where clients reach the API: PUBLIC_BASE_URL, or the address it listens on (a wildcard as 127.0.0.1). */
export function apiUrlOf(config: Config, port: number): string {
  const host = config.api.host === '0.0.0.0' || config.api.host === '::' ? '127.0.0.1' : config.api.host;
  return config.api.publicBaseUrl?.replace(/\/$/, '') ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
