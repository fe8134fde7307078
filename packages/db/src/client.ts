import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { Prisma, PrismaClient } from './generated/prisma/client.ts';
import { retryTransient } from './retry.ts';
import { poolConfigFromUrl } from './url.ts';

/** A transaction client: what services receive inside `transaction()`. */
export type Tx = Prisma.TransactionClient;
/** Either the root client or a transaction client: for functions that work in or out of a transaction. */
export type DbClient = PrismaClient | Tx;

export interface Db {
  prisma: PrismaClient;
  /** The pg pool under Prisma, for the few places that need plain SQL (LISTEN, advisory locks, health checks). */
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** Pool size; default 10. Each API or worker process holds at most this many connections. */
  poolMax?: number;
  /** Abort any statement running longer than this (ms); default 30 s. */
  statementTimeoutMs?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
}

/** The Prisma client over @prisma/adapter-pg with a pg pool sized here. */
export function createDb(databaseUrl: string, options: CreateDbOptions = {}): Db {
  const pool = new pg.Pool({
    ...poolConfigFromUrl(databaseUrl),
    max: options.poolMax ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    application_name: options.applicationName ?? 'arbiter',
  });
  // An idle client losing its connection (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  let closing: Promise<void> | undefined;
  return {
    prisma,
    pool,
    close() {
      closing ??= (async () => {
        await prisma.$disconnect();
        await pool.end();
      })();
      return closing;
    },
  };
}

export interface TransactionOptions {
  isolationLevel?: 'ReadCommitted' | 'RepeatableRead' | 'Serializable';
  /** Longest the transaction may run (ms); default 15 s. */
  timeoutMs?: number;
  /** Longest to wait for a connection (ms); default 10 s. */
  maxWaitMs?: number;
  /** Retries after a serialization failure or deadlock (P2034); default 3. */
  retries?: number;
}

/** Run `fn` in one interactive transaction; retried on serialization failures and deadlocks. */
export async function transaction<T>(db: Db | PrismaClient, fn: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const prisma = 'prisma' in db ? db.prisma : db;
  return retryTransient(
    () =>
      prisma.$transaction(fn, {
        isolationLevel: options.isolationLevel ?? 'ReadCommitted',
        timeout: options.timeoutMs ?? 15_000,
        maxWait: options.maxWaitMs ?? 10_000,
      }),
    options.retries ?? 3,
  );
}

/** True when `e` is a unique-constraint violation (P2002). */
export function isUniqueViolation(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002';
}
