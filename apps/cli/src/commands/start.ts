// `arbiter start`: the whole system in one process (API, worker with its schedules and mail sender, SMTP
// intake), with embedded stand-ins for every service that is not configured (docs/embedded.md):
//   DATABASE_URL unset -> a PostgreSQL server (npm-shipped binaries) on <home>/postgres, 127.0.0.1:5433
//   REDIS_URL unset    -> BullMQ's PostgreSQL backend on that database
//   SMTP_URL unset     -> outgoing mail written as .eml files into <home>/outbox
// In production each container runs one component: `arbiter start --only api --no-migrate` (docker-compose.yml).
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '@arbiter/config';
import type { Db } from '@arbiter/db';
import type { ArbiterHome, DemoState, EmbeddedPostgres, QueueHome, RunInfo } from '@arbiter/embedded';
import { startHomeDatabase } from '../embedded-database.ts';
import { checkPortsFree, PortsInUseError, wantedPorts } from '../ports.ts';
import { banner, type SystemSummary } from './banner.ts';
import type { Command } from './types.ts';
import { apiWorkersProblem, forksApiWorkers, startApiCluster } from './api-cluster.ts';
import { startComponents, type Running } from './components.ts';
import { DEMO_GAME_FILE, ensureDemoGame } from './demo-game.ts';
import { rt } from './runtime.ts';
import { parseStartArgs, type StartOptions } from './start-args.ts';
export { apiWorkersProblem, forksApiWorkers, startApiCluster } from './api-cluster.ts';
export { DEMO_GAME_FILE, ensureDemoGame, readDemoGameFile } from './demo-game.ts';
export { COMPONENTS, parseStartArgs, type Component, type StartOptions } from './start-args.ts';
export { banner } from './banner.ts';
export type { SystemSummary } from './banner.ts';

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


export interface StartedSystem {
  config: Config;
  db: Db;
  home: ArbiterHome;
  run: RunInfo;
  demo: DemoState | null;
  gmToken: string | null;
  /** What this start created (the banner shows a secret only then). */
  fresh: { gmToken: boolean; demo: boolean };
  logger: Logger;
  stop(): Promise<void>;
}

/** What one start is made of, shared by its steps: what it was asked, the stand-ins filled in, what runs. */
interface StartContext {
  options: StartOptions;
  env: Record<string, string | undefined>;
  /** `env` with the embedded stand-ins' values filled in (what loadConfig reads). */
  effective: Record<string, string | undefined>;
  home: ArbiterHome;
  logger: Logger;
  /** Everything started so far, stopped in reverse order. */
  running: Running[];
}

const isSetIn = (env: Record<string, string | undefined>, k: string): boolean => (env[k] ?? '').trim() !== '';

/** Refuses to start when API_WORKERS cannot apply, a port is taken, or another Arbiter runs from this home. */
async function checkCanStart(c: StartContext): Promise<void> {
  const { loadLocalConfig, readRunInfo } = await rt();
  const { options, env, home } = c;
  const only = options.components;
  const local = loadLocalConfig(env);
  const problem = apiWorkersProblem(only, local.apiWorkers, !isSetIn(env, 'DATABASE_URL'));
  if (problem !== null) throw new Error(problem);
  if (options.clusterWorker !== true) await checkPortsFree(wantedPorts(only, local.listen, isSetIn(env, 'DATABASE_URL') ? null : options.dbPort), home);
  const other = options.clusterWorker === true ? null : await readRunInfo(home);
  if (other !== null && other.pid !== process.pid) {
    throw new Error(`Arbiter already runs from ${home.root} (pid ${other.pid}, API ${other.apiUrl ?? 'off'}). Stop it first, or use another --home.`);
  }
}

/** The embedded PostgreSQL when DATABASE_URL is unset (null otherwise), the migrations applied either way unless --no-migrate. */
async function startDatabase(c: StartContext): Promise<EmbeddedPostgres | null> {
  const { applyMigrations, loadDatabaseConfig, redactUrl } = await rt();
  const { options, home, logger } = c;
  if (!isSetIn(c.env, 'DATABASE_URL')) {
    logger.info({ dataDir: home.dataDir, port: options.dbPort }, 'DATABASE_URL is not set: starting the embedded PostgreSQL');
    const e = await startHomeDatabase(home, options.dbPort, logger, options.migrate ? applyMigrations : undefined);
    c.running.push({ name: 'embedded PostgreSQL', stop: () => e.stop() });
    c.effective.DATABASE_URL = e.url;
    logger.info({ url: e.url, dataDir: e.dataDir }, 'embedded PostgreSQL ready');
    return e;
  }
  if (options.migrate) {
    const url = loadDatabaseConfig(c.env).url;
    const applied = await applyMigrations(url);
    logger.info({ database: redactUrl(url), applied }, applied.length === 0 ? 'database schema is up to date' : `applied ${applied.length} migration(s)`);
  }
  return null;
}

/**
 * The other stand-ins: the GM token (with the embedded database, generated once and kept in <home>/gm-token
 * when unset; against a real database it must be configured, loadConfig names it when it is missing), the
 * mail intake's domain, and mail out (SMTP_URL, or the outbox: a loopback SMTP server writing .eml files,
 * so the worker's mail sender runs its production code path). Returns the outbox folder, or null.
 */
async function fillStandIns(c: StartContext, embedded: boolean, fresh: StartedSystem['fresh']): Promise<string | null> {
  const { loadOrCreateGmToken, startOutboxSmtpServer } = await rt();
  const { env, home, logger } = c;
  const only = c.options.components;
  if (only.has('api') && !isSetIn(env, 'GM_TOKEN') && embedded) {
    const t = await loadOrCreateGmToken(home);
    fresh.gmToken = t.created;
    c.effective.GM_TOKEN = t.token;
    logger.info({ file: home.gmTokenFile }, t.created ? 'GM_TOKEN is not set: generated one' : 'GM_TOKEN is not set: using the generated one');
  }
  if (only.has('mail-in') && !isSetIn(env, 'MAIL_IN_DOMAINS') && embedded) {
    c.effective.MAIL_IN_DOMAINS = EMBEDDED_MAIL_DOMAIN;
  }
  if (!only.has('worker') || isSetIn(env, 'SMTP_URL')) return null;
  const outbox = await startOutboxSmtpServer({ dir: home.outboxDir, logger: logger.child({ component: 'outbox' }) });
  c.running.push({ name: 'outbox', stop: () => outbox.close() });
  c.effective.SMTP_URL = outbox.url;
  logger.info({ dir: outbox.dir }, 'SMTP_URL is not set: outgoing mail is written as .eml files');
  return outbox.dir;
}

/** The run file (where the API and database are, for the other commands) and the heartbeat beside it. */
async function recordRun(c: StartContext, run: RunInfo, db: Db, healthy: () => Promise<boolean>): Promise<void> {
  const { writeRunInfo, removeRunInfo } = await rt();
  const { home } = c;
  if (c.options.clusterWorker !== true) {
    await writeRunInfo(home, run);
    c.running.push({ name: 'run file', stop: () => removeRunInfo(home) });
  }
  const heartbeat = startHeartbeat(home, db, healthy, c.logger);
  c.running.push({ name: 'heartbeat', stop: async () => clearInterval(heartbeat) });
}

/**
 * Starts the chosen components. Everything started so far is stopped again when a later step fails.
 * `env` is read once here (and handed on as parsed config); nothing below reads process.env.
 */
export async function startSystem(options: StartOptions, env: Record<string, string | undefined>, logger: Logger): Promise<StartedSystem> {
  const { arbiterHome, loadConfig, createDb, chooseQueueHome } = await rt();
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
  const c: StartContext = { options, env, effective: { ...env }, home: arbiterHome(options.home), logger, running };
  const only = options.components;

  try {
    await checkCanStart(c);
    const embedded = await startDatabase(c);
    const fresh = { gmToken: false, demo: false };
    const outboxDir = await fillStandIns(c, embedded !== null, fresh);

    const config = loadConfig(c.effective, { components: [...only] });
    const gmToken = only.has('api') ? (config.gmToken ?? null) : null;
    const db = createDb(config.database.url, { poolMax: config.database.poolMax, applicationName: `arbiter-${[...only].join('+')}` });
    running.push({ name: 'database pool', stop: () => db.close() });

    const queue: QueueHome = chooseQueueHome(isSetIn(env, 'REDIS_URL') ? config.redis.url : undefined, config.database.url);
    if (queue.kind === 'postgres' && (only.has('worker') || only.has('api'))) {
      logger.info('REDIS_URL is not set: BullMQ keeps its jobs in PostgreSQL (schema bullmq)');
    }

    const wiring = await startComponents({ only, config, db, queue, logger, prettyLogs: options.prettyLogs, running });

    let demo: DemoState | null = null;
    if (embedded !== null && options.demo) {
      const { playerMailSettings } = await rt();
      const ensured = await ensureDemoGame(db, c.home, logger, wiring.dispatcher, DEMO_GAME_FILE, playerMailSettings(config.mail.from, config.mail.ordersTo, wiring.apiUrl ?? config.api.publicUrl));
      demo = ensured.state;
      fresh.demo = ensured.created;
    }

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
    await recordRun(c, run, db, wiring.healthy);

    let stopping: Promise<void> | undefined;
    return {
      config,
      db,
      home: c.home,
      run,
      demo,
      gmToken,
      fresh,
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

/** A start that failed on a port in use (checked before starting, or found when listening). */
function isPortProblem(err: unknown): boolean {
  return err instanceof PortsInUseError || (err as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
}

/**
 * The working folder's `.env` (as .env.example says: copy it and fill it in), read with Node's own
 * process.loadEnvFile: a variable already set in the environment is kept. The file's path, or null.
 */
export function loadDotEnv(dir = process.cwd()): string | null {
  const file = path.join(dir, '.env');
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
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
    const dotEnv = loadDotEnv();
    if (dotEnv !== null && cluster.isPrimary) process.stdout.write(`arbiter start: settings read from ${dotEnv} (variables set in the environment win)\n`);
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
      // A port in use is the user's to fix and is said once, in words; anything else is logged too.
      if (!isPortProblem(err)) logger.error({ err }, 'Arbiter could not start');
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
