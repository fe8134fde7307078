// Embedded PostgreSQL: PGlite (PostgreSQL compiled to WebAssembly, in this process) with its data in a local
// folder, served on a local TCP port by pglite-socket so that the ordinary `pg` driver, Prisma's
// @prisma/adapter-pg and BullMQ's PostgreSQL backend all connect to it exactly as to a real server.
// See docs/embedded.md for what was checked and why the settings below are what they are.
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { EmbeddedLogger } from './logger.ts';
import { silentLogger } from './logger.ts';
import { startStatementProxy } from './proxy.ts';
import type { StatementProxy } from './proxy.ts';

/**
 * The schema BullMQ's PostgreSQL backend lives in (its default). BullMQ points its connections at it with
 * the startup option `-c search_path=bullmq`, which PGlite ignores; so the embedded session's search_path
 * lists it after `public` (see {@link EMBEDDED_SEARCH_PATH}).
 */
export const QUEUE_SCHEMA = 'bullmq';

/**
 * PGlite is one PostgreSQL session shared by every connection, so a search_path set once holds for all of
 * them. `public` first: every table Arbiter creates or names without a schema stays where it is on a real
 * server; BullMQ's unqualified names (job, meta, scheduler...) fall through to its own schema.
 */
export const EMBEDDED_SEARCH_PATH = `public, ${QUEUE_SCHEMA}`;

export interface EmbeddedPostgresOptions {
  /** Folder holding the database files; created when missing. Default `./.arbiter/data`. */
  dataDir?: string;
  /** Interface to listen on. Default 127.0.0.1 (never expose the embedded database). */
  host?: string;
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /**
   * Connections the socket server accepts at once. Every pool and BullMQ's listen connections count;
   * queries from all of them are queued onto the one PGlite session. Default 100.
   */
  maxConnections?: number;
  /**
   * Applies the schema migrations given the database URL (e.g. `applyMigrations` from @arbiter/db);
   * returns the names of the migrations applied now. Run before `start` returns.
   */
  migrate?: (databaseUrl: string) => Promise<string[]>;
  logger?: EmbeddedLogger;
}

export interface EmbeddedPostgres {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres`: use it as DATABASE_URL. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Absolute path of the data folder. */
  readonly dataDir: string;
  /** True when this start created the database (an empty data folder). */
  readonly created: boolean;
  /** Migration names applied by this start (empty when none were pending or no `migrate` was given). */
  readonly appliedMigrations: string[];
  /** The PGlite instance itself (for diagnostics; applications connect through `url`). */
  readonly pglite: PGlite;
  /** Stops accepting connections, closes PGlite (flushing its files) and releases the folder lock. */
  stop(): Promise<void>;
}

/** Thrown when another live process already serves the same data folder. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database folder ${dataDir} is in use by another Arbiter process (pid ${pid}). ` +
        `Stop that process first, or choose another folder (--data-dir).`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Start PGlite on `dataDir`, serve it on a local port, and apply the migrations. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const log = options.logger ?? silentLogger;
  const dataDir = path.resolve(options.dataDir ?? path.join('.arbiter', 'data'));
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be an integer in 0..65535, got ${port}`);
  const maxConnections = options.maxConnections ?? 100;
  if (!Number.isInteger(maxConnections) || maxConnections < 1) {
    throw new RangeError(`maxConnections must be a positive integer, got ${maxConnections}`);
  }

  await mkdir(path.dirname(dataDir), { recursive: true });
  const releaseLock = await lockDataDir(dataDir);
  let pglite: PGlite | undefined;
  let server: PGLiteSocketServer | undefined;
  let proxy: StatementProxy | undefined;
  try {
    const created = !(await hasDatabase(dataDir));
    const t0 = Date.now();
    pglite = await PGlite.create({ dataDir });
    log.info({ dataDir, created, ms: Date.now() - t0 }, created ? 'embedded PostgreSQL created' : 'embedded PostgreSQL opened');
    // One session for every connection: set what every connection needs once, here.
    await pglite.exec(`SET search_path TO ${EMBEDDED_SEARCH_PATH}`);

    // pglite-socket on an internal port; clients connect through the proxy, which keeps each connection's
    // prepared statements apart in the one shared session (see proxy.ts).
    server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections });
    await server.start();
    const conn = server.getServerConn();
    const internalPort = Number(conn.slice(conn.lastIndexOf(':') + 1));
    proxy = await startStatementProxy({ upstream: { host: '127.0.0.1', port: internalPort }, host, port, logger: log });
    const actualPort = proxy.port;
    const url = `postgresql://postgres@${host}:${actualPort}/postgres`;

    const appliedMigrations = options.migrate ? await options.migrate(url) : [];
    if (appliedMigrations.length > 0) log.info({ migrations: appliedMigrations }, `applied ${appliedMigrations.length} migration(s)`);

    const db = pglite;
    const srv = server;
    const px = proxy;
    let stopping: Promise<void> | undefined;
    return {
      url,
      host,
      port: actualPort,
      dataDir,
      created,
      appliedMigrations,
      pglite: db,
      stop() {
        stopping ??= (async () => {
          try {
            await px.close();
            await srv.stop();
          } finally {
            try {
              if (!db.closed) await db.close();
            } finally {
              await releaseLock();
            }
          }
        })();
        return stopping;
      },
    };
  } catch (e) {
    await proxy?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    if (pglite && !pglite.closed) await pglite.close().catch(() => undefined);
    await releaseLock();
    throw e;
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

/**
 * PGlite does not guard its folder against a second process, and two writers corrupt it. A lock file with
 * our pid: created exclusively; a stale one (its process is gone) is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  // Beside the folder, not in it: PostgreSQL's initdb wants the folder to itself.
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fh = await open(lockPath, 'wx');
      await fh.writeFile(`${process.pid}\n`);
      await fh.close();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await rm(lockPath, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number.parseInt((await readFile(lockPath, 'utf8').catch(() => '')).trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(dataDir, holder);
      }
      if (holder === process.pid) throw new DataDirInUseError(dataDir, holder);
      // Stale: the process that wrote it has ended.
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}: it reappeared after removing a stale lock`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
