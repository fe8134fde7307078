// Integration tests of the embedded PostgreSQL: a real PGlite, served on a real socket, used through the
// ordinary `pg` driver (the same driver @prisma/adapter-pg and BullMQ use).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, startEmbeddedPostgres } from '../src/index.ts';
import type { EmbeddedPostgres } from '../src/index.ts';

let root: string;
let dataDir: string;
let embedded: EmbeddedPostgres;
let pool: pg.Pool;
const migrateCalls: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'arbiter-embedded-'));
  dataDir = path.join(root, 'data');
  embedded = await startEmbeddedPostgres({
    dataDir,
    // A real migration step, run through its own connection as @arbiter/db's runner does.
    migrate: async (url) => {
      migrateCalls.push(url);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query('CREATE TABLE IF NOT EXISTS account (id int PRIMARY KEY, balance int NOT NULL)');
      } finally {
        await c.end();
      }
      return ['0001_account'];
    },
  });
  pool = new pg.Pool({ connectionString: embedded.url, max: 8 });
});

afterAll(async () => {
  await pool?.end();
  await embedded?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('startEmbeddedPostgres', () => {
  it('creates the database in the folder, serves it on a local port and runs the migrations first', async () => {
    expect(embedded.created).toBe(true);
    expect(embedded.url).toMatch(/^postgresql:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
    expect(embedded.port).toBeGreaterThan(0);
    expect(migrateCalls).toEqual([embedded.url]);
    expect(embedded.appliedMigrations).toEqual(['0001_account']);
    expect((await readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).trim()).toMatch(/^\d+$/);
    const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'account'");
    expect(rows[0]?.n).toBe('1');
  });

  it('refuses a second server on the same folder while the first runs', async () => {
    await expect(startEmbeddedPostgres({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(/in use by another Arbiter process/);
  });

  it('rejects a bad port with a message naming it', async () => {
    await expect(startEmbeddedPostgres({ dataDir: path.join(root, 'other'), port: 70000 })).rejects.toThrow(/port must be an integer in 0\.\.65535, got 70000/);
  });

  it('answers many concurrent parameterised queries from a pool, each with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        // Different statement texts and parameters: an interleaving of two connections' extended-protocol
        // messages would hand one query's portal to another.
        pool.query<{ v: number; s: string; k: number }>(`SELECT $1::int AS v, $2::text AS s, ${i % 7} AS k`, [i, `x${i}`]),
      ),
    );
    results.forEach((r, i) => expect(r.rows[0]).toEqual({ v: i, s: `x${i}`, k: i % 7 }));
  });

  it('keeps two concurrent transactions apart: the second waits for the first to commit', async () => {
    await pool.query('INSERT INTO account (id, balance) VALUES (1, 100) ON CONFLICT (id) DO UPDATE SET balance = 100');
    const a = await pool.connect();
    const b = await pool.connect();
    try {
      const order: string[] = [];
      await a.query('BEGIN');
      const read = await a.query<{ balance: number }>('SELECT balance FROM account WHERE id = 1');
      // B starts its own read-modify-write while A is open; on one shared session it must not run inside A.
      const bDone = (async () => {
        await b.query('BEGIN');
        order.push('b-begin');
        const r = await b.query<{ balance: number }>('SELECT balance FROM account WHERE id = 1');
        await b.query('UPDATE account SET balance = $1 WHERE id = 1', [(r.rows[0]?.balance ?? 0) - 10]);
        await b.query('COMMIT');
        order.push('b-commit');
      })();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await a.query('UPDATE account SET balance = $1 WHERE id = 1', [(read.rows[0]?.balance ?? 0) - 5]);
      await a.query('COMMIT');
      order.push('a-commit');
      await bDone;
      expect(order).toEqual(['a-commit', 'b-begin', 'b-commit']);
      const { rows } = await pool.query<{ balance: number }>('SELECT balance FROM account WHERE id = 1');
      expect(rows[0]?.balance).toBe(85); // no lost update: 100 - 5 - 10
    } finally {
      a.release();
      b.release();
    }
  });

  it('keeps many concurrent transfers consistent, rolled-back ones leaving no trace', async () => {
    await pool.query('DELETE FROM account');
    await pool.query('INSERT INTO account SELECT g, 100 FROM generate_series(1, 10) g');
    await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          const from = 1 + (i % 10);
          const to = 1 + ((i + 3) % 10);
          const r = await c.query<{ balance: number }>('SELECT balance FROM account WHERE id = $1', [from]);
          await new Promise((resolve) => setTimeout(resolve, i % 3));
          await c.query('UPDATE account SET balance = $2 WHERE id = $1', [from, (r.rows[0]?.balance ?? 0) - 7]);
          await c.query('UPDATE account SET balance = balance + 7 WHERE id = $1', [to]);
          await c.query(i % 4 === 0 ? 'ROLLBACK' : 'COMMIT');
        } finally {
          c.release();
        }
      }),
    );
    const { rows } = await pool.query<{ total: number; moved: number }>(
      'SELECT sum(balance)::int AS total, sum(abs(balance - 100))::int AS moved FROM account',
    );
    expect(rows[0]?.total).toBe(1000);
    expect(rows[0]?.moved).toBeGreaterThan(0);
  });

  it('keeps each connection\'s named prepared statements apart, as separate sessions would', async () => {
    // node-postgres prepares a `{ name }` query once per connection; on one shared session the second
    // connection's Parse would fail with "prepared statement already exists" without the proxy.
    const a = new pg.Client({ connectionString: embedded.url });
    const b = new pg.Client({ connectionString: embedded.url });
    await a.connect();
    await b.connect();
    try {
      for (let i = 0; i < 3; i++) {
        const [ra, rb] = await Promise.all([
          a.query<{ v: number }>({ name: 'same-name', text: 'SELECT $1::int + 1 AS v', values: [i] }),
          // Same name, different statement: each connection must run its own.
          b.query<{ v: number }>({ name: 'same-name', text: 'SELECT $1::int * 10 AS v', values: [i] }),
        ]);
        expect(ra.rows[0]?.v).toBe(i + 1);
        expect(rb.rows[0]?.v).toBe(i * 10);
      }
      const { rows } = await a.query<{ n: string }>("SELECT count(*) AS n FROM pg_prepared_statements WHERE name LIKE '%same-name'");
      expect(rows[0]?.n).toBe('2');
    } finally {
      await a.end();
      await b.end();
    }
    // A closed connection's statements are deallocated.
    const c = new pg.Client({ connectionString: embedded.url });
    await c.connect();
    try {
      const deadline = Date.now() + 5000;
      let left = '2';
      while (left !== '0' && Date.now() < deadline) {
        left = (await c.query<{ n: string }>("SELECT count(*) AS n FROM pg_prepared_statements WHERE name LIKE '%same-name'")).rows[0]?.n ?? '';
        if (left !== '0') await new Promise((r) => setTimeout(r, 50));
      }
      expect(left).toBe('0');
    } finally {
      await c.end();
    }
  });

  it('delivers a NOTIFY to the connections that LISTEN on its channel, not to the sender', async () => {
    const listener = new pg.Client({ connectionString: embedded.url });
    const other = new pg.Client({ connectionString: embedded.url });
    const sender = new pg.Client({ connectionString: embedded.url });
    await Promise.all([listener.connect(), other.connect(), sender.connect()]);
    try {
      const got: string[] = [];
      const otherGot: string[] = [];
      const senderGot: string[] = [];
      listener.on('notification', (n) => got.push(`${n.channel}:${n.payload ?? ''}`));
      other.on('notification', (n) => otherGot.push(`${n.channel}:${n.payload ?? ''}`));
      sender.on('notification', (n) => senderGot.push(`${n.channel}:${n.payload ?? ''}`));
      await listener.query('LISTEN arbiter_jobs');
      await other.query('LISTEN "Other Channel"');
      await sender.query("SELECT pg_notify('arbiter_jobs', 'turns')");
      await sender.query('BEGIN');
      await sender.query("NOTIFY arbiter_jobs, 'in-a-transaction'");
      await sender.query('COMMIT');
      const deadline = Date.now() + 5000;
      while (got.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(got).toEqual(['arbiter_jobs:turns', 'arbiter_jobs:in-a-transaction']);
      expect(otherGot).toEqual([]);
      expect(senderGot).toEqual([]);
      // The listener's own queries still work after notifications were slipped into its stream.
      expect((await listener.query<{ v: number }>('SELECT 41 + 1 AS v')).rows[0]?.v).toBe(42);
    } finally {
      await Promise.all([listener.end(), other.end(), sender.end()]);
    }
  });

  it('keeps the data across a stop and a start on the same folder', async () => {
    await pool.query('DELETE FROM account');
    await pool.query('INSERT INTO account (id, balance) VALUES (42, 4242)');
    await pool.end();
    await embedded.stop();
    await expect(readFile(`${dataDir}.lock`)).rejects.toThrow(); // lock released
    embedded = await startEmbeddedPostgres({ dataDir });
    pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
    expect(embedded.created).toBe(false);
    const { rows } = await pool.query<{ balance: number }>('SELECT balance FROM account WHERE id = 42');
    expect(rows[0]?.balance).toBe(4242);
  });

  it('takes over a stale lock left by a process that is gone', async () => {
    await pool.end();
    await embedded.stop();
    // 2^22 + 1 is above the largest pid Linux can hand out (pid_max <= 2^22): no such process.
    await writeFile(`${dataDir}.lock`, '4194305\n');
    embedded = await startEmbeddedPostgres({ dataDir });
    pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
    expect((await readFile(`${dataDir}.lock`, 'utf8')).trim()).toBe(String(process.pid));
    const { rows } = await pool.query<{ balance: number }>('SELECT balance FROM account WHERE id = 42');
    expect(rows[0]?.balance).toBe(4242);
  });
});
