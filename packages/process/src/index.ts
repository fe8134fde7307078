// @arbiter/process: the start and stop of Arbiter's long-running processes (apps/api, apps/worker and
// apps/mail-in main.ts), written once:
// - the configuration is parsed first; a ConfigError prints its message (every bad variable) and exits 78
//   (EX_CONFIG);
// - an error while starting prints "<name> failed to start: <stack>" and exits 1;
// - SIGTERM or SIGINT (also one that arrives while starting) runs the process's stop once: exit 0 when it
//   finishes, 1 when it fails or takes longer than `stopTimeoutMs`;
// - `superviseWorkers` forks node:cluster workers, restarts one that dies, gives up when they die as fast
//   as they start, and stops them on the signal.
import cluster from 'node:cluster';
import { ConfigError } from '@arbiter/config';

/** What the helpers log through (a pino logger fits). */
export interface ProcessLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface StartedProcess {
  log: ProcessLogger;
  /** Stops taking work, finishes what is in hand, closes connections. */
  stop(): Promise<void>;
  /** Overrides the options' `stopTimeoutMs` (e.g. a cluster primary waits for its workers' own stops). */
  stopTimeoutMs?: number;
}

export interface RunProcessOptions<C> {
  /** Names the process in its messages: "api", "worker", "mail-in". */
  name: string;
  /** Parses the configuration (`loadConfig(process.env, ...)`); a ConfigError exits 78. */
  config: () => C;
  /** Starts the process; resolves once it serves. */
  start: (config: C) => Promise<StartedProcess>;
  /** The stop is given this long before the process exits 1 anyway. */
  stopTimeoutMs: number;
  /** Logged when the stop took too long (default: "<name>: stopping took longer than N s; exiting"). */
  stopTimeoutMessage?: string;
}

const STOP_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

function describe(err: unknown): string {
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}

/** Runs a long-running process: configuration, start, and a graceful stop on SIGTERM/SIGINT. */
export function runProcess<C>(options: RunProcessOptions<C>): void {
  const { name } = options;
  let config: C;
  try {
    config = options.config();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    process.stderr.write(`${name} failed to start: ${describe(err)}\n`);
    process.exit(1);
  }

  let started: StartedProcess | null = null;
  let signalled: NodeJS.Signals | null = null;
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (started === null || stopping) return;
    stopping = true;
    const { log } = started;
    const timeoutMs = started.stopTimeoutMs ?? options.stopTimeoutMs;
    log.info({ signal }, `${name}: stopping`);
    const hardStop = setTimeout(() => {
      log.error({ timeoutMs }, options.stopTimeoutMessage ?? `${name}: stopping took longer than ${timeoutMs / 1000} s; exiting`);
      process.exit(1);
    }, timeoutMs);
    hardStop.unref();
    started.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, `${name}: error while stopping`);
        process.exit(1);
      },
    );
  };
  // Installed before starting, so that a signal during the start stops the process once it has started.
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      signalled ??= signal;
      stop(signal);
    });
  }
  options.start(config).then(
    (s) => {
      started = s;
      if (signalled !== null) stop(signalled);
    },
    (err: unknown) => {
      process.stderr.write(`${name} failed to start: ${describe(err)}\n`);
      process.exit(1);
    },
  );
}

export interface SuperviseOptions {
  name: string;
  /** Worker processes to keep running (each runs the same main module, `cluster.isWorker`). */
  count: number;
  log: ProcessLogger & { fatal?(obj: object, msg: string): void };
  /** Give up (exit 1) when more than this many workers died within a minute; default 2 x count. */
  maxDeathsPerMinute?: number;
}

/**
 * In the primary process: forks `count` workers and restarts one that dies. Workers that die as fast as
 * they start (a taken port, a database that is gone) are not restarted forever: past
 * `maxDeathsPerMinute` the primary exits 1. `stop()` sends SIGTERM to every worker and waits for them.
 */
export function superviseWorkers(options: SuperviseOptions): { stop(): Promise<void> } {
  const { name, count, log } = options;
  const maxDeaths = options.maxDeathsPerMinute ?? 2 * count;
  let stopping = false;
  const deaths: number[] = [];
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && (deaths[0] ?? now) < now - 60_000) deaths.shift();
    if (deaths.length > maxDeaths) {
      (log.fatal ?? log.error).call(log, { worker: worker.id, code, signal }, `${name}: workers keep dying, giving up`);
      process.exit(1);
    }
    log.error({ worker: worker.id, code, signal }, `${name}: a worker died, starting another`);
    cluster.fork();
  });
  log.info({ workers: count }, `${name}: ${count} worker processes started`);
  return {
    async stop() {
      stopping = true;
      await Promise.all(
        Object.values(cluster.workers ?? {}).map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w === undefined || w.isDead()) return resolve();
              w.once('exit', () => resolve());
              w.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
