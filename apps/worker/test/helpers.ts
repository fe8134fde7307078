// Shared pieces of the worker's integration tests (real PostgreSQL, Redis and SMTP).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { WorkerSettings } from '../src/index.ts';

export const quietLog = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export function testSettings(overrides: Partial<WorkerSettings> = {}): WorkerSettings {
  return {
    workerId: `test-${randomBytes(3).toString('hex')}`,
    turnConcurrency: 1,
    sweepIntervalMs: 1000,
    mailIntervalMs: 500,
    mailBatch: 20,
    claimTimeoutMs: 15 * 60_000,
    outageGraceMs: 2 * 3_600_000,
    queuePrefix: uniquePrefix(),
    renderThreads: 0,
    lockDurationMs: 5000,
    stalledIntervalMs: 1000,
    testPauseBeforeCommitMs: undefined,
    ...overrides,
  };
}

export function uniquePrefix(): string {
  return `arbtest-${randomBytes(4).toString('hex')}`;
}

/** Polls `fn` until it returns a value other than undefined/false/null, or fails naming `what`. */
export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, everyMs = 100): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Deletes every key of a BullMQ prefix (tests on the shared Redis clean up after themselves). */
export async function dropPrefix(redisUrl: string, prefix: string): Promise<void> {
  const r = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await r.del(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A private redis-server (no persistence) so that restarting it does not disturb the shared one. */
export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  /** SHUTDOWN NOSAVE: everything in it is lost, as after a crash without persistence. */
  stop(): Promise<void>;
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'arbiter-redis-'));
  let proc: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;
  const ping = async (): Promise<boolean> => {
    const r = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
    r.on('error', () => {});
    try {
      await r.connect();
      return (await r.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      r.disconnect();
    }
  };
  const handle: PrivateRedis = {
    url,
    async start() {
      proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
      await waitFor(`redis-server on port ${port}`, ping, 10_000, 50);
    },
    async stop() {
      const p = proc;
      if (p === null) return;
      proc = null;
      const exited = new Promise<void>((resolve) => p.once('exit', () => resolve()));
      p.kill('SIGKILL');
      await exited;
    },
  };
  await handle.start();
  return handle;
}
