// `arbiter start`: the whole system in one process (API, worker with its schedules and mail sender, SMTP
// intake), with embedded stand-ins for every service that is not configured (docs/embedded.md):
//   DATABASE_URL unset -> a PostgreSQL server (npm-shipped binaries) on <home>/postgres, 127.0.0.1:5433
//   REDIS_URL unset    -> BullMQ's PostgreSQL backend on that database
//   SMTP_URL unset     -> outgoing mail written as .eml files into <home>/outbox
// In production each container runs one component: `arbiter start --only api --no-migrate` (docker-compose.yml).
import cluster from 'node:cluster';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Only types are imported statically: the runtime modules (API, worker, BullMQ, Prisma...) load
// when `start` or `demo` runs, so that `arbiter adjudicate` and `--help` stay quick.
import type { PostgresConnectionOptions, PostgresQueueBackend, Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '@arbiter/config';
import type { Db } from '@arbiter/db';
import type { ArbiterHome, DemoState, EmbeddedPostgres, QueueHome, RunInfo } from '@arbiter/embedded';
import type { CreateGameInput } from '@arbiter/intake';
import type { AdjudicateJobData, TurnDispatcher } from '@arbiter/turns';
import { startHomeDatabase } from '../embedded-database.ts';
import { banner } from './banner.ts';
import { checkPortsFree, wantedPorts } from '../ports.ts';
import type { SystemSummary } from './banner.ts';
export { banner } from './banner.ts';
export type { SystemSummary } from './banner.ts';

async function loadRuntime() {
  const [bullmq, ioredis, api, config, db, embedded, mailIn, turns, worker] = await Promise.all([
    import('bullmq'),
    import('ioredis'),
    import('@arbiter/api'),
    import('@arbiter/config'),
    import('@arbiter/db'),
    import('@arbiter/embedded'),
    import('@arbiter/mail-in'),
    import('@arbiter/turns'),
    import('@arbiter/worker'),
  ]);
  return {
    Queue: bullmq.Queue,
    Redis: ioredis.Redis,
    buildServer: api.buildServer,
    createTurnQueue: api.createTurnQueue,
    loadConfig: config.loadConfig,
    loadDatabaseConfig: config.loadDatabaseConfig,
    loadLocalConfig: config.loadLocalConfig,
    applyMigrations: db.applyMigrations,
    createDb: db.createDb,
    redactUrl: db.redactUrl,
    arbiterHome: embedded.arbiterHome,
    chooseQueueHome: embedded.chooseQueueHome,
    loadOrCreateGmToken: embedded.loadOrCreateGmToken,
    readDemoState: embedded.readDemoState,
    readRunInfo: embedded.readRunInfo,
    removeRunInfo: embedded.removeRunInfo,
    startOutboxSmtpServer: embedded.startOutboxSmtpServer,
    writeDemoState: embedded.writeDemoState,
    writeRunInfo: embedded.writeRunInfo,
    ImapPoller: mailIn.ImapPoller,
    imapPollerOptions: mailIn.imapPollerOptions,
    mailPipelineFor: mailIn.mailPipelineFor,
    smtpIntakeOptions: mailIn.smtpIntakeOptions,
    startSmtpIntake: mailIn.startSmtpIntake,
    openGame: turns.openGame,
    QueueTurnDispatcher: turns.QueueTurnDispatcher,
    TURN_QUEUE: turns.TURN_QUEUE,
    startWorker: worker.startWorker,
    TURN_JOB_OPTIONS: worker.TURN_JOB_OPTIONS,
  };
}
type Runtime = Awaited<ReturnType<typeof loadRuntime>>;
let runtime: Promise<Runtime> | undefined;
/** The runtime modules, loaded once. */
function rt(): Promise<Runtime> {
  runtime ??= loadRuntime();
  return runtime;
}
import type { Command } from './types.ts';

export const COMPONENTS = ['api', 'worker', 'mail-in'] as const;
export type Component = (typeof COMPONENTS)[number];

/** The repository root (examples/demo lives there). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const DEMO_GAME_FILE = path.join(REPO_ROOT, 'examples', 'demo', 'game.json');
/** The SMTP intake's domain in embedded mode when MAIL_IN_DOMAINS is unset. */
export const EMBEDDED_MAIL_DOMAIN = 'arbiter.localhost';
const HEARTBEAT_INTERVAL_MS = 15_000;

const usage = `Usage: arbiter start [--only <components>] [--home <dir>] [--db-port <port>] [--no-demo] [--no-migrate]

Starts Arbiter in this process: the REST API, the worker (turns at their deadlines, schedules, mail out)
and the SMTP order intake. Every service that is not configured is replaced by an embedded one:

  DATABASE_URL unset   a PostgreSQL server runs beside it on 127.0.0.1:5433, data in <home>/postgres
  REDIS_URL unset      BullMQ keeps its jobs in PostgreSQL
  SMTP_URL unset       outgoing mail is written as .eml files to <home>/outbox

With the embedded database the first start creates a demo game (examples/demo) and prints its id, the
nations' secrets, the API docs URL and the SMTP intake's address; later starts find the game again.
Embedded mode is for trying Arbiter, development and small private games on one machine; see
docs/embedded.md. Production: docker-compose.yml and docs/operations.md.

  --only <list>   start only these components, comma-separated: api, worker, mail-in
                  (production runs one per container)
  --home <dir>    the local folder (default .arbiter, or $ARBITER_HOME)
  --db-port <n>   the embedded PostgreSQL's port (default 5433, or $ARBITER_DB_PORT)
  --no-demo       do not create the demo game
  --no-migrate    do not apply pending database migrations (when a separate step does, as in
                  docker-compose.yml)

With --only api and DATABASE_URL set, API_WORKERS > 1 forks that many API processes sharing the port
(node:cluster), as the API's own process does; it is refused with the embedded database and with other
components in the same process.

Every other setting comes from the environment (.env.example lists them all). Logs are readable
lines in a terminal and JSON otherwise. Ctrl-C (SIGINT) or SIGTERM stops it cleanly.

Exit status: 0 after a clean stop, 1 when it could not start, 2 for bad arguments.`;

export interface StartOptions {
  components: Set<Component>;
  /** Readable log lines (a terminal) rather than JSON. */
  prettyLogs: boolean;
  home: string;
  /** The embedded PostgreSQL's port (with DATABASE_URL unset). */
  dbPort: number;
  demo: boolean;
  migrate: boolean;
  /** This process is one of API_WORKERS API processes forked by `arbiter start --only api` (node:cluster): the primary owns the run file. */
  clusterWorker?: boolean;
}

/** Parses the arguments (`local.home`: ARBITER_HOME, the default of --home); a string is the problem in words. */
export function parseStartArgs(argv: string[], local: { home: string; dbPort: number } = { home: '.arbiter', dbPort: 5433 }): StartOptions | string {
  const o: StartOptions = { components: new Set(COMPONENTS), prettyLogs: false, home: local.home, dbPort: local.dbPort, demo: true, migrate: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--only': {
        const v = value();
        if (v === undefined || v.trim() === '') return '--only needs a list of components: api, worker, mail-in';
        const names = v.split(',').map((s) => s.trim()).filter((s) => s !== '');
        const bad = names.filter((n) => !(COMPONENTS as readonly string[]).includes(n));
        if (bad.length > 0) return `--only: unknown component ${bad.map((b) => `"${b}"`).join(', ')} (choose from api, worker, mail-in)`;
        o.components = new Set(names as Component[]);
        break;
      }
      case '--home': {
        const v = value();
        if (v === undefined || v.trim() === '') return '--home needs a folder';
        o.home = v;
        break;
      }
      case '--db-port': {
        const v = value();
        if (v === undefined || !/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > 65535) return `--db-port needs a port number from 1 to 65535, got ${v === undefined ? 'nothing' : `"${v}"`}`;
        o.dbPort = Number(v);
        break;
      }
      case '--no-demo':
        o.demo = false;
        break;
      case '--no-migrate':
        o.migrate = false;
        break;
      default:
        return `unknown argument "${a}"`;
    }
  }
  return o;
}

/**
 * Why API_WORKERS cannot be honoured with these components, or null. Several API processes need a
 * database they can all reach (PGlite lives inside one process) and must not each start a worker and an
 * intake of their own.
 */
export function apiWorkersProblem(components: Set<Component>, apiWorkers: number, embeddedDatabase: boolean): string | null {
  if (apiWorkers <= 1 || !components.has('api')) return null;
  if (embeddedDatabase) {
    return `API_WORKERS=${apiWorkers} cannot be honoured with the embedded database: it serves one arbiter start and its own components (DATABASE_URL unset). Unset API_WORKERS (or set it to 1), or set DATABASE_URL to a PostgreSQL server.`;
  }
  if (components.size > 1) {
    return `API_WORKERS=${apiWorkers} needs --only api: each API process would start its own ${[...components].filter((c) => c !== 'api').join(' and ')}. Run the API alone (arbiter start --only api) and the rest in another process, or set API_WORKERS to 1.`;
  }
  return null;
}

/** Whether `arbiter start` forks API_WORKERS API processes: only `--only api`, with a database of its own. */
export function forksApiWorkers(components: Set<Component>, apiWorkers: number, embeddedDatabase: boolean): boolean {
  return apiWorkers > 1 && components.has('api') && apiWorkersProblem(components, apiWorkers, embeddedDatabase) === null;
}

async function hasPinoPretty(): Promise<boolean> {
  try {
    await import('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** pino: readable lines on a terminal (pino-pretty, a development dependency), JSON lines otherwise. */
export async function createLogger(level: string, pretty: boolean): Promise<Logger> {
  const { default: pino } = await import('pino');
  const options = { level };
  if (pretty) {
    try {
      const { default: pinoPretty } = await import('pino-pretty');
      return pino(options, pinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true }));
    } catch {
      // Not installed (production image): JSON it is.
    }
  }
  return pino(options);
}

/** A running part of the system, stopped in the reverse order of starting. */
interface Running {
  name: string;
  stop(): Promise<void>;
}

export interface StartedSystem {
  config: Config;
  db: Db;
  home: ArbiterHome;
  run: RunInfo;
  demo: DemoState | null;
  gmToken: string | null;
  logger: Logger;
  stop(): Promise<void>;
}

/**
 * Starts the chosen components. Everything started so far is stopped again when a later step fails.
 * `env` is read once here (and handed on as parsed config); nothing below reads process.env.
 */
export async function startSystem(options: StartOptions, env: Record<string, string | undefined>, logger: Logger): Promise<StartedSystem> {
  const { arbiterHome, readRunInfo, applyMigrations, redactUrl, loadOrCreateGmToken, startOutboxSmtpServer, loadConfig, loadDatabaseConfig, loadLocalConfig, createDb, chooseQueueHome, writeRunInfo, removeRunInfo } = await rt();
  const running: Running[] = [];
  const stopAll = async (): Promise<void> => {
    for (const r of running.reverse()) {
      try {
        await r.stop();
        logger.info({ component: r.name }, `${r.name} stopped`);
      } catch (err) {
        logger.error({ component: r.name, err }, `${r.name} did not stop cleanly`);
      }
    }
    running.length = 0;
  };
  // The embedded stand-ins are chosen by whether DATABASE_URL, REDIS_URL, SMTP_URL, GM_TOKEN and
  // MAIL_IN_DOMAINS are set (docs/operations.md, "Configuration"); their values, and every other
  // variable, are read through loadConfig() below, on the environment with the stand-ins filled in.
  const effective: Record<string, string | undefined> = { ...env };
  const isSet = (k: string): boolean => (env[k] ?? '').trim() !== '';
  const home = arbiterHome(options.home);
  const only = options.components;

  try {
    const local = loadLocalConfig(env);
    const problem = apiWorkersProblem(only, local.apiWorkers, !isSet('DATABASE_URL'));
    if (problem !== null) throw new Error(problem);
    if (options.clusterWorker !== true) await checkPortsFree(wantedPorts(only, local.listen, isSet('DATABASE_URL') ? null : options.dbPort), home);
    const other = options.clusterWorker === true ? null : await readRunInfo(home);
    if (other !== null && other.pid !== process.pid) {
      throw new Error(`Arbiter already runs from ${home.root} (pid ${other.pid}, API ${other.apiUrl ?? 'off'}). Stop it first, or use another --home.`);
    }

    // Database.
    let embedded: EmbeddedPostgres | null = null;
    if (!isSet('DATABASE_URL')) {
      logger.info({ dataDir: home.dataDir, port: options.dbPort }, 'DATABASE_URL is not set: starting the embedded PostgreSQL');
      embedded = await startHomeDatabase(home, options.dbPort, logger, options.migrate ? applyMigrations : undefined);
      const e = embedded;
      running.push({ name: 'embedded PostgreSQL', stop: () => e.stop() });
      effective.DATABASE_URL = e.url;
      logger.info({ url: e.url, dataDir: e.dataDir }, 'embedded PostgreSQL ready');
    } else if (options.migrate) {
      const url = loadDatabaseConfig(env).url;
      const applied = await applyMigrations(url);
      logger.info({ database: redactUrl(url), applied }, applied.length === 0 ? 'database schema is up to date' : `applied ${applied.length} migration(s)`);
    }

    // The GM token: with the embedded database, generated once and kept in <home>/gm-token when unset;
    // against a real database it must be configured (loadConfig names it when it is missing).
    if (only.has('api') && !isSet('GM_TOKEN') && embedded !== null) {
      const t = await loadOrCreateGmToken(home);
      effective.GM_TOKEN = t.token;
      logger.info({ file: home.gmTokenFile }, t.created ? 'GM_TOKEN is not set: generated one' : 'GM_TOKEN is not set: using the generated one');
    }
    if (only.has('mail-in') && !isSet('MAIL_IN_DOMAINS') && embedded !== null) {
      effective.MAIL_IN_DOMAINS = EMBEDDED_MAIL_DOMAIN;
    }

    // Mail out: SMTP_URL, or the outbox: a loopback SMTP server writing .eml files, so the worker's mail
    // sender runs its production code path.
    let outboxDir: string | null = null;
    if (only.has('worker') && !isSet('SMTP_URL')) {
      const outbox = await startOutboxSmtpServer({ dir: home.outboxDir, logger: logger.child({ component: 'outbox' }) });
      running.push({ name: 'outbox', stop: () => outbox.close() });
      effective.SMTP_URL = outbox.url;
      outboxDir = outbox.dir;
      logger.info({ dir: outbox.dir }, 'SMTP_URL is not set: outgoing mail is written as .eml files');
    }

    const config = loadConfig(effective, { components: [...only] });
    const gmToken = only.has('api') ? (config.gmToken ?? null) : null;
    const db = createDb(config.database.url, { poolMax: config.database.poolMax, applicationName: `arbiter-${[...only].join('+')}` });
    running.push({ name: 'database pool', stop: () => db.close() });

    const queue: QueueHome = chooseQueueHome(isSet('REDIS_URL') ? config.redis.url : undefined, config.database.url);
    if (queue.kind === 'postgres' && (only.has('worker') || only.has('api'))) {
      logger.info('REDIS_URL is not set: BullMQ keeps its jobs in PostgreSQL (schema bullmq)');
    }

    const wiring = await startComponents({ only, config, db, queue, logger, prettyLogs: options.prettyLogs, running });

    let demo: DemoState | null = null;
    if (embedded !== null && options.demo) demo = await ensureDemoGame(db, home, logger, wiring.dispatcher);

    const run: RunInfo = {
      pid: process.pid,
      startedAt: new Date().toISOString(),
      apiUrl: wiring.apiUrl,
      docsUrl: wiring.docsUrl,
      smtp: wiring.smtp,
      outboxDir,
      embeddedDatabase: embedded !== null,
      databaseUrl: embedded?.url ?? null,
      queue: queue.kind,
    };
    if (options.clusterWorker !== true) {
      await writeRunInfo(home, run);
      running.push({ name: 'run file', stop: () => removeRunInfo(home) });
    }
    const heartbeat = startHeartbeat(home, db, wiring.healthy, logger);
    running.push({ name: 'heartbeat', stop: async () => clearInterval(heartbeat) });

    let stopping: Promise<void> | undefined;
    return {
      config,
      db,
      home,
      run,
      demo,
      gmToken,
      logger,
      stop() {
        stopping ??= stopAll();
        return stopping;
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

interface ComponentContext {
  only: Set<Component>;
  config: Config;
  db: Db;
  queue: QueueHome;
  logger: Logger;
  prettyLogs: boolean;
  running: Running[];
}

interface Wiring {
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
async function turnQueueFor(queue: QueueHome, prefix: string): Promise<{ dispatcher: TurnDispatcher; ready?: () => Promise<void>; close(): Promise<void> }> {
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

async function startComponents(ctx: ComponentContext): Promise<Wiring> {
  const { startWorker, buildServer, mailPipelineFor, smtpIntakeOptions, imapPollerOptions, startSmtpIntake, ImapPoller } = await rt();
  const { only, config, db, queue, logger, running } = ctx;
  let dispatcher: TurnDispatcher | null = null;
  const checks: (() => Promise<boolean>)[] = [];

  if (only.has('worker')) {
    const settings = config.worker;
    const log = logger.child({ component: 'worker' });
    // One wiring for both homes (apps/worker's startWorker); on Redis with the worker's key prefix
    // (WORKER_QUEUE_PREFIX, default "bull"), which the API's turn queue below uses too.
    const worker = await startWorker({
      db,
      queue: queue.kind === 'redis' ? { ...queue, prefix: settings.queuePrefix } : queue,
      smtpUrl: config.smtp.url,
      mailFrom: config.mail.from,
      settings,
      log,
    });
    running.push({ name: 'worker', stop: () => worker.close() });
    dispatcher = worker.dispatcher;
    checks.push(async () => worker.isRunning());
    log.info({ queue: queue.kind }, 'worker ready: turns at their deadlines, the deadline sweep, mail out');
  }

  let apiUrl: string | null = null;
  let docsUrl: string | null = null;
  if (only.has('api')) {
    let queueReady: (() => Promise<void>) | undefined;
    if (dispatcher === null) {
      const q = await turnQueueFor(queue, config.worker.queuePrefix);
      running.push({ name: 'turn queue', stop: () => q.close() });
      dispatcher = q.dispatcher;
      queueReady = q.ready;
    }
    const server = await buildServer({
      db,
      gmToken: config.gmToken ?? '',
      dispatcher,
      authFailureLimit: config.api.authFailureLimit,
      rateLimit: config.api.rateLimit,
      bodyLimit: config.api.bodyLimit,
      requestTimeoutMs: config.api.requestTimeoutMs,
      orderLimits: config.api.orderLimits,
      trustProxy: config.api.trustProxy,
      logLevel: config.logLevel,
      prettyLogs: ctx.prettyLogs,
      ...(queueReady !== undefined ? { queueReady } : {}),
    });
    await server.listen({ host: config.api.host, port: config.api.port });
    running.push({ name: 'API', stop: () => server.close() });
    const address = server.server.address();
    apiUrl = apiUrlOf(config, typeof address === 'object' && address !== null ? address.port : config.api.port);
    docsUrl = `${apiUrl}/docs`;
    logger.info({ component: 'api', url: apiUrl, docs: docsUrl }, 'API ready');
  }

  let smtp: RunInfo['smtp'] = null;
  if (only.has('mail-in')) {
    const mailIn = config.mailIn;
    const log = logger.child({ component: 'mail-in' });
    // Turns that final mails make due early go where the API's go: this process's worker, or the queue.
    if (dispatcher === null) {
      const q = await turnQueueFor(queue, config.worker.queuePrefix);
      running.push({ name: 'turn queue', stop: () => q.close() });
      dispatcher = q.dispatcher;
    }
    const pipeline = mailPipelineFor(config, db, log, dispatcher);
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
  }

  return {
    dispatcher,
    apiUrl,
    docsUrl,
    smtp,
    healthy: async () => {
      for (const c of checks) if (!(await c())) return false;
      return true;
    },
  };
}

/** Where clients reach the API: PUBLIC_BASE_URL, or the address it listens on (a wildcard as 127.0.0.1). */
function apiUrlOf(config: Config, port: number): string {
  const host = config.api.host === '0.0.0.0' || config.api.host === '::' ? '127.0.0.1' : config.api.host;
  return config.api.publicBaseUrl?.replace(/\/$/, '') ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * `arbiter start --only api` with API_WORKERS > 1 and DATABASE_URL set: this (primary) process applies
 * the migrations, checks the configuration, forks API_WORKERS processes that each run the API
 * (`startSystem` with `clusterWorker`) on the one port, restarts one that dies, and writes the run file
 * once the first one listens.
 */
export async function startApiCluster(options: StartOptions, env: Record<string, string | undefined>, apiWorkers: number, logger: Logger): Promise<SystemSummary> {
  const { arbiterHome, readRunInfo, applyMigrations, loadConfig, redactUrl, writeRunInfo, removeRunInfo } = await rt();
  const { superviseWorkers } = await import('@arbiter/process');
  const home = arbiterHome(options.home);
  const other = await readRunInfo(home);
  if (other !== null && other.pid !== process.pid) {
    throw new Error(`Arbiter already runs from ${home.root} (pid ${other.pid}, API ${other.apiUrl ?? 'off'}). Stop it first, or use another --home.`);
  }
  // Checked here, so that a bad configuration stops the start once rather than every forked process.
  const config = loadConfig(env, { components: ['api'] });
  if (options.migrate) {
    const applied = await applyMigrations(config.database.url);
    logger.info({ database: redactUrl(config.database.url), applied }, applied.length === 0 ? 'database schema is up to date' : `applied ${applied.length} migration(s)`);
  }
  const listening = new Promise<number>((resolve) => cluster.once('listening', (_worker, address) => resolve(address.port)));
  const supervisor = superviseWorkers({ name: 'api', count: apiWorkers, log: logger });
  const port = await listening;
  const apiUrl = apiUrlOf(config, port);
  const run: RunInfo = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    apiUrl,
    docsUrl: `${apiUrl}/docs`,
    smtp: null,
    outboxDir: null,
    embeddedDatabase: false,
    databaseUrl: null,
    queue: (env.REDIS_URL ?? '').trim() === '' ? 'postgres' : 'redis',
  };
  await writeRunInfo(home, run);
  let stopping: Promise<void> | undefined;
  return {
    run,
    home,
    demo: null,
    gmToken: config.gmToken ?? null,
    stop() {
      stopping ??= (async () => {
        await supervisor.stop();
        await removeRunInfo(home);
      })();
      return stopping;
    },
  };
}

/** The demo game: created on the first start, found again on later ones (recreated if the database was reset). */
export async function ensureDemoGame(
  db: Db,
  home: ArbiterHome,
  logger: Logger,
  dispatcher: TurnDispatcher | null,
  gameFile: string = DEMO_GAME_FILE,
): Promise<DemoState> {
  const { readDemoState, openGame, writeDemoState } = await rt();
  const existing = await readDemoState(home);
  if (existing !== null) {
    const game = await db.prisma.game.findUnique({ where: { id: existing.gameId }, select: { id: true } });
    if (game !== null) {
      logger.info({ gameId: existing.gameId }, 'demo game found');
      return existing;
    }
    logger.warn({ gameId: existing.gameId }, 'the demo game is no longer in the database: creating it again');
  }
  const input = await readDemoGameFile(gameFile);
  const created = await openGame(db, dispatcher, input);
  const state: DemoState = { gameId: created.gameId, name: input.name, createdAt: new Date().toISOString(), nations: created.nations };
  await writeDemoState(home, state);
  logger.info({ gameId: created.gameId, deadline: created.deadline.toISOString() }, 'demo game created');
  return state;
}

/** examples/demo/game.json: the body of POST /games, with the scenario in a file beside it. */
export async function readDemoGameFile(file: string): Promise<CreateGameInput> {
  const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const { $comment: _comment, scenarioFile, ...rest } = json;
  if (typeof scenarioFile !== 'string') throw new Error(`${file}: "scenarioFile" must name the scenario file`);
  const scenario = JSON.parse(await readFile(path.resolve(path.dirname(file), scenarioFile), 'utf8')) as unknown;
  return { ...(rest as Omit<CreateGameInput, 'scenario'>), scenario };
}

/** Touches <home>/heartbeat while the database answers and the components say they are healthy. */
function startHeartbeat(home: ArbiterHome, db: Db, healthy: () => Promise<boolean>, logger: Logger): NodeJS.Timeout {
  const file = path.join(home.root, 'heartbeat');
  const beat = async (): Promise<void> => {
    try {
      await db.pool.query('SELECT 1');
      if (!(await healthy())) throw new Error('a component reports it is not running');
      const now = new Date();
      await utimes(file, now, now).catch(async () => writeFile(file, `${now.toISOString()}\n`));
    } catch (err) {
      logger.warn({ err }, 'health check failed: heartbeat not updated');
    }
  };
  void beat();
  const t = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
  t.unref();
  return t;
}

/** Why the start failed, in words, with the setting to change where there is one. */
export function startFailure(err: unknown): string {
  const e = err as NodeJS.ErrnoException & { address?: string; port?: number };
  if (e.code === 'EADDRINUSE') {
    const where = e.port !== undefined ? `${e.address ?? ''}:${e.port}` : 'a port';
    return `${where} is already in use by another program. Choose other ports with API_PORT and MAIL_IN_SMTP_PORT (0 picks free ones), or stop that program.`;
  }
  return e instanceof Error ? e.message : String(err);
}

/** Resolves with the signal's name on the first SIGINT or SIGTERM. */
function waitForStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (sig: NodeJS.Signals): void => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(sig);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}

export const startCommand: Command = {
  name: 'start',
  summary: 'start the whole system (API, worker, SMTP intake), embedded services where none are configured',
  usage,
  async run(argv) {
    const env = process.env;
    const { ConfigError, loadLocalConfig } = await import('@arbiter/config');
    let local: ReturnType<typeof loadLocalConfig>;
    try {
      local = loadLocalConfig(env);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      process.stderr.write(`arbiter start: ${err.message}\n`);
      return 1;
    }
    const parsed = parseStartArgs(argv, local);
    if (typeof parsed === 'string') {
      process.stderr.write(`arbiter start: ${parsed}\n\n${usage}\n`);
      return 2;
    }
    parsed.prettyLogs = process.stdout.isTTY === true && (await hasPinoPretty());
    const logger = await createLogger(local.logLevel, parsed.prettyLogs);
    // API_WORKERS > 1 with --only api and a database of its own: this process supervises API processes
    // (node:cluster re-runs this command in each, as cluster workers). Otherwise startSystem refuses it.
    const supervise = cluster.isPrimary && forksApiWorkers(parsed.components, local.apiWorkers, (env.DATABASE_URL ?? '').trim() === '');
    parsed.clusterWorker = cluster.isWorker;
    if (cluster.isWorker) {
      parsed.migrate = false;
      parsed.demo = false;
    }
    let system: SystemSummary;
    try {
      system = supervise ? await startApiCluster(parsed, env, local.apiWorkers, logger) : await startSystem(parsed, env, logger);
    } catch (err) {
      logger.error({ err }, 'Arbiter could not start');
      process.stderr.write(`arbiter start: ${startFailure(err)}\n`);
      cluster.worker?.disconnect(); // see below
      return 1;
    }
    if (!cluster.isWorker) {
      process.stdout.write(`${banner(system)}\n`);
      const { pid: _pid, ...ready } = system.run;
      logger.info(supervise ? { ...ready, apiWorkers: local.apiWorkers } : ready, 'ready');
    }
    const sig = await waitForStopSignal();
    logger.info({ signal: sig }, 'stopping');
    // A second signal while stopping ends the process at once; not in a forked API process, where Ctrl-C
    // arrives directly and then the primary's SIGTERM follows (ignored: the stop is under way).
    const force = cluster.isWorker ? (): void => undefined : (): void => process.exit(130);
    process.once('SIGINT', force);
    process.once('SIGTERM', force);
    await system.stop();
    logger.info('stopped');
    process.off('SIGINT', force);
    process.off('SIGTERM', force);
    // A forked API process keeps its channel to the primary open until it lets go of it.
    cluster.worker?.disconnect();
    return 0;
  },
};
