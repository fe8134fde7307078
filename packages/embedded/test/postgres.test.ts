// Integration tests of the embedded PostgreSQL: the real server from the npm-shipped binaries, on real
// folders, used through the ordinary `pg` driver. One server for the file; the tests that need their own
// folder (restart, a folder the server cannot enter) start their own. Every test makes its own tables.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, embeddedDatabaseUrl, freePort, runningEmbeddedPostgres, startEmbeddedPostgres } from '../src/index.ts';
import type { EmbeddedPostgres } from '../src/index.ts';

let root: string;
let embedded: EmbeddedPostgres;
let pool: pg.Pool;
let migrateCalls: string[];

/** A fresh folder for one server, reachable by the server's user when the tests run as root. */
async function folder(name: string): Promise<string> {
  const dir = path.join(root, `${name}-${randomBytes(4).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  return path.join(dir, 'postgres');
}

const table = (): string => `t_${randomBytes(6).toString('hex')}`;

let tearingDown = false;
const poolErrors: Error[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'arbiter-embedded-'));
  await chmod(root, 0o755);
  migrateCalls = [];
  embedded = await startEmbeddedPostgres({
    dataDir: await folder('shared'),
    port: await freePort(),
    // A real migration step, through its own connection, as @arbiter/db's runner does.
    migrate: async (url) => {
      migrateCalls.push(url);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query('CREATE TABLE IF NOT EXISTS migrated (id int PRIMARY KEY)');
      } finally {
        await c.end();
      }
      return ['0001_migrated'];
    },
  });
  pool = new pg.Pool({ connectionString: embedded.url, max: 12 });
  // pg's pool.end() resolves before its clients' sockets close, so the server's fast shutdown in afterAll
  // can still reach an idle client ("terminating connection due to administrator command", 57P01): expected
  // then, as @arbiter/db's pools expect it. Any such error before the teardown is a failure.
  pool.on('error', (e) => {
    if (!tearingDown) poolErrors.push(e);
  });
});

afterAll(async () => {
  tearingDown = true;
  await pool?.end();
  await embedded?.stop();
  expect(poolErrors).toEqual([]);
  if (root) await rm(root, { recursive: true, force: true });
});

describe('startEmbeddedPostgres', () => {
  it('creates the database in the folder, serves it on 127.0.0.1 at the port and runs the migrations first', async () => {
    expect(embedded.created).toBe(true);
    expect(embedded.url).toBe(embeddedDatabaseUrl(embedded.port));
    expect(embedded.url).toMatch(/^postgresql:\/\/postgres@127\.0\.0\.1:\d+\/arbiter$/);
    expect(migrateCalls).toEqual([embedded.url]);
    expect(embedded.appliedMigrations).toEqual(['0001_migrated']);
    expect((await readFile(path.join(embedded.dataDir, 'PG_VERSION'), 'utf8')).trim()).toBe('15');
    const { rows } = await pool.query<{ v: string; db: string; n: string }>(
      "SELECT current_setting('server_version_num') AS v, current_database() AS db, (SELECT count(*) FROM information_schema.tables WHERE table_name = 'migrated') AS n",
    );
    expect(rows[0]).toMatchObject({ db: 'arbiter', n: '1' });
    expect(Number(rows[0]?.v)).toBeGreaterThanOrEqual(150000);
    if (process.getuid?.() === 0) {
      // Run as root, the server runs as the postgres user, which owns the data folder.
      expect((await stat(embedded.dataDir)).uid).not.toBe(0);
    }
  });

  it('is found through its postmaster.pid by other commands', async () => {
    expect(await runningEmbeddedPostgres(embedded.dataDir)).toEqual({ pid: embedded.pid, port: embedded.port, url: embedded.url });
    expect(await runningEmbeddedPostgres(await folder('none'))).toBeNull();
  });

  it('refuses a second server on the same folder while the first runs, naming its pid', async () => {
    const second = startEmbeddedPostgres({ dataDir: embedded.dataDir, port: await freePort() });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(startEmbeddedPostgres({ dataDir: embedded.dataDir, port: await freePort() })).rejects.toThrow(`in use by PostgreSQL pid ${embedded.pid}`);
    // The first one is unharmed.
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('names the port when another program listens on it', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      await expect(startEmbeddedPostgres({ dataDir: await folder('busy'), port })).rejects.toThrow(`127.0.0.1:${port} is already in use by another program`);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });

  it('keeps its data across a stop and a start', async () => {
    const dataDir = await folder('restart');
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port });
    const c1 = new pg.Client({ connectionString: first.url });
    await c1.connect();
    await c1.query('CREATE TABLE kept (v text)');
    await c1.query("INSERT INTO kept VALUES ('before the restart')");
    await c1.end();
    await first.stop();
    expect(await runningEmbeddedPostgres(dataDir)).toBeNull();

    const again = await startEmbeddedPostgres({ dataDir, port });
    try {
      expect(again.created).toBe(false);
      const c2 = new pg.Client({ connectionString: again.url });
      await c2.connect();
      expect((await c2.query('SELECT v FROM kept')).rows).toEqual([{ v: 'before the restart' }]);
      await c2.end();
    } finally {
      await again.stop();
    }
  });

  it('runs transactions of many connections at once without lost updates', async () => {
    const t = table();
    await pool.query(`CREATE TABLE ${t} (id int PRIMARY KEY, balance int NOT NULL)`);
    await pool.query(`INSERT INTO ${t} VALUES (1, 0)`);
    // 40 read-modify-write transactions at once, each locking the row: the total is exact.
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          const { rows } = await c.query<{ balance: number }>(`SELECT balance FROM ${t} WHERE id = 1 FOR UPDATE`);
          await c.query(`UPDATE ${t} SET balance = $1 WHERE id = 1`, [(rows[0]?.balance ?? 0) + 1]);
          await c.query('COMMIT');
        } finally {
          c.release();
        }
      }),
    );
    expect((await pool.query(`SELECT balance FROM ${t}`)).rows).toEqual([{ balance: 40 }]);
  });

  it('keeps session advisory locks apart: a second connection cannot take a held lock', async () => {
    const key = Number.parseInt(randomBytes(3).toString('hex'), 16);
    const a = await pool.connect();
    const b = await pool.connect();
    try {
      expect((await a.query('SELECT pg_try_advisory_lock($1) AS ok', [key])).rows).toEqual([{ ok: true }]);
      expect((await b.query('SELECT pg_try_advisory_lock($1) AS ok', [key])).rows).toEqual([{ ok: false }]);
      await a.query('SELECT pg_advisory_unlock($1)', [key]);
      expect((await b.query('SELECT pg_try_advisory_lock($1) AS ok', [key])).rows).toEqual([{ ok: true }]);
      await b.query('SELECT pg_advisory_unlock($1)', [key]);
    } finally {
      a.release();
      b.release();
    }
  });

  it('delivers a NOTIFY to the connection that listens, not to the one that sent it', async () => {
    const channel = table();
    const listener = await pool.connect();
    try {
      const got = new Promise<string | undefined>((resolve) => listener.once('notification', (n) => resolve(n.payload)));
      await listener.query(`LISTEN ${channel}`);
      await pool.query(`SELECT pg_notify($1, 'wake up')`, [channel]);
      expect(await got).toBe('wake up');
    } finally {
      await listener.query(`UNLISTEN ${channel}`);
      listener.release();
    }
  });

  it('run as root, names a folder the server user cannot enter', async () => {
    const locked = path.join(root, `locked-${randomBytes(4).toString('hex')}`);
    await mkdir(locked, { mode: 0o700 });
    await chmod(locked, 0o700);
    const attempt = startEmbeddedPostgres({ dataDir: path.join(locked, 'inner', 'postgres'), port: await freePort() });
    if (process.getuid?.() === 0) {
      await expect(attempt).rejects.toThrow(`which cannot enter ${locked} (mode 700)`);
    } else {
      // Not root: the server runs as this user, who owns the folder.
      const s = await attempt;
      await s.stop();
    }
  });
});
