// BullMQ 6's PostgreSQL backend on the embedded PostgreSQL server: real BullMQ Queue and Worker, a real
// server. One queue and worker for the file; each test tags its jobs and looks only at its own.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue, Worker } from 'bullmq';
import type { Job, JobProgress, PostgresConnectionOptions, PostgresQueueBackend } from 'bullmq';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseQueueHome, freePort, postgresQueueHome, startEmbeddedPostgres } from '../src/index.ts';
import type { EmbeddedPostgres, PostgresQueueHome } from '../src/index.ts';

interface Data {
  n: number;
  /** The test that added the job. */
  tag: string;
}
type PgQueue = Queue<Data, number, string, Data, number, string, PostgresQueueBackend, PostgresConnectionOptions>;
type PgWorker = Worker<Data, number, string, PostgresQueueBackend, JobProgress, PostgresConnectionOptions>;

let root: string;
let embedded: EmbeddedPostgres;
let home: PostgresQueueHome;
let queue: PgQueue;
let worker: PgWorker;
const processed: { id: string; at: number; n: number; tag: string }[] = [];
const mine = (tag: string) => processed.filter((p) => p.tag === tag);

function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (predicate()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error(`condition not met within ${timeoutMs} ms`));
      setTimeout(tick, 25);
    };
    tick();
  });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'arbiter-queue-'));
  await chmod(root, 0o755); // the server's user (postgres, when the tests run as root) must enter it
  embedded = await startEmbeddedPostgres({ dataDir: path.join(root, 'postgres'), port: await freePort() });
  home = postgresQueueHome(embedded.url);
  queue = new Queue<Data, number, string, Data, number, string, PostgresQueueBackend, PostgresConnectionOptions>('embedded-test', { connection: home.connection }, home.backend);
  await queue.waitUntilReady();
  worker = new Worker<Data, number, string, PostgresQueueBackend, JobProgress, PostgresConnectionOptions>(
    'embedded-test',
    async (job: Job<Data>) => {
      processed.push({ id: job.id ?? '', at: Date.now(), n: job.data.n, tag: job.data.tag });
      return job.data.n * 2;
    },
    { connection: home.connection, concurrency: 2, ...home.workerOptions },
    home.backend,
  );
  await worker.waitUntilReady();
});

afterAll(async () => {
  await worker?.close();
  await queue?.close();
  await embedded?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('BullMQ on the embedded PostgreSQL', () => {
  it('migrates its schema beside the application tables, not into public', async () => {
    const c = new pg.Client({ connectionString: embedded.url });
    await c.connect();
    try {
      const { rows } = await c.query<{ table_schema: string }>("SELECT DISTINCT table_schema FROM information_schema.tables WHERE table_name = 'job'");
      expect(rows.map((r) => r.table_schema)).toEqual(['bullmq']);
    } finally {
      await c.end();
    }
  });

  it('runs added jobs, and a duplicate job id only once', async () => {
    const tag = 'dupes';
    await queue.add('work', { n: 1, tag }, { jobId: 'adjudicate-demo-1' });
    await queue.add('work', { n: 1, tag }, { jobId: 'adjudicate-demo-1' });
    for (let i = 2; i <= 6; i++) await queue.add('work', { n: i, tag }, { jobId: `job-${i}` });
    await waitFor(() => mine(tag).length >= 6, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mine(tag).map((p) => p.id).sort()).toEqual(['adjudicate-demo-1', 'job-2', 'job-3', 'job-4', 'job-5', 'job-6']);
    const job = await queue.getJob('job-3');
    expect(job?.returnvalue).toBe(6);
  });

  it('runs a delayed job once it is due, within the poll interval', async () => {
    const added = Date.now();
    await queue.add('work', { n: 100, tag: 'delayed' }, { jobId: 'delayed-1', delay: 700 });
    await waitFor(() => mine('delayed').length > 0, 10_000);
    const ranAt = mine('delayed')[0]?.at ?? 0;
    expect(ranAt - added).toBeGreaterThanOrEqual(700);
    expect(ranAt - added).toBeLessThan(700 + home.workerOptions.drainDelay * 1000 + 1500);
  });

  it('runs a job scheduler (the periodic work the worker keeps)', async () => {
    await queue.upsertJobScheduler('tick', { every: 400 }, { name: 'tick', data: { n: -1, tag: 'tick' } });
    await waitFor(() => mine('tick').length >= 2, 10_000);
    await queue.removeJobScheduler('tick');
    const ticks = mine('tick');
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect((ticks[1]?.at ?? 0) - (ticks[0]?.at ?? 0)).toBeGreaterThanOrEqual(300);
  });
});

describe('chooseQueueHome', () => {
  it('uses Redis when REDIS_URL is given and BullMQ on PostgreSQL otherwise', () => {
    expect(chooseQueueHome(' redis://127.0.0.1:6379 ', 'postgresql://x@h/db')).toEqual({ kind: 'redis', url: 'redis://127.0.0.1:6379' });
    const pgHome = chooseQueueHome(undefined, 'postgresql://x@h/db');
    expect(pgHome.kind).toBe('postgres');
    expect(chooseQueueHome('', 'postgresql://x@h/db').kind).toBe('postgres');
    if (pgHome.kind === 'postgres') {
      expect(pgHome.connection).toMatchObject({ connectionString: 'postgresql://x@h/db', schema: 'bullmq', migrate: true });
      expect(pgHome.workerOptions.drainDelay).toBe(1);
    }
  });

  it('rejects a pool size that is not a positive integer', () => {
    expect(() => postgresQueueHome('postgresql://x@h/db', { poolMax: 0 })).toThrow(/poolMax must be a positive integer, got 0/);
  });
});
