// `arbiter start --only api` with API_WORKERS > 1: when it may fork API processes, and the primary that
// supervises them (node:cluster).
import cluster from 'node:cluster';
import type { Logger } from 'pino';
import type { RunInfo } from '@arbiter/embedded';
import type { SystemSummary } from './banner.ts';
import { apiUrlOf } from './components.ts';
import { rt } from './runtime.ts';
import type { Component, StartOptions } from './start-args.ts';

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
    fresh: { gmToken: false, demo: false },
    stop() {
      stopping ??= (async () => {
        await supervisor.stop();
        await removeRunInfo(home);
      })();
      return stopping;
    },
  };
}
