// `arbiter start --only api` with API_WORKERS: refused where it cannot work (the embedded database, other
// components in the same process), and honoured with node:cluster against a real PostgreSQL and Redis.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { arbiterHome, readRunInfo } from '@arbiter/embedded';
import { apiWorkersProblem, forksApiWorkers, type Component } from '../src/commands/start.ts';

const BIN = fileURLToPath(new URL('../bin/arbiter.mjs', import.meta.url));
let root: string;
let tdb: TestDatabase;
const children: ReturnType<typeof spawn>[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'arbiter-api-workers-'));
  tdb = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await tdb?.drop();
  await rm(root, { recursive: true, force: true });
}, 60_000);

function start(env: Record<string, string>, args: string[]) {
  const child = spawn(process.execPath, [BIN, 'start', ...args], { env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exit, output: () => out };
}

describe('apiWorkersProblem', () => {
  const only = (...c: Component[]) => new Set(c);
  it('allows one API process anywhere, and several only for --only api with a database of its own', () => {
    expect(apiWorkersProblem(only('api', 'worker', 'mail-in'), 1, true)).toBeNull();
    expect(apiWorkersProblem(only('worker'), 4, true)).toBeNull();
    expect(apiWorkersProblem(only('api'), 4, false)).toBeNull();
    expect(apiWorkersProblem(only('api'), 4, true)).toMatch(/^API_WORKERS=4 cannot be honoured with the embedded database: .*DATABASE_URL/);
    expect(apiWorkersProblem(only('api', 'worker', 'mail-in'), 2, false)).toMatch(/^API_WORKERS=2 needs --only api: each API process would start its own worker and mail-in/);
  });

  it('forks API processes only for --only api with API_WORKERS above 1 and a database of its own', () => {
    expect(forksApiWorkers(only('api'), 3, false)).toBe(true);
    expect(forksApiWorkers(only('api'), 1, false)).toBe(false);
    expect(forksApiWorkers(only('api'), 3, true)).toBe(false);
    expect(forksApiWorkers(only('worker'), 3, false)).toBe(false);
    expect(forksApiWorkers(only('api', 'mail-in'), 3, false)).toBe(false);
  });
});

describe('arbiter start --only api with API_WORKERS', () => {
  it('refuses in embedded mode, naming the variable, before starting anything', async () => {
    const home = path.join(root, 'embedded');
    const r = start({ API_WORKERS: '2', ARBITER_HOME: home }, ['--only', 'api']);
    expect(await r.exit).toBe(1);
    expect(r.output()).toContain('arbiter start: API_WORKERS=2 cannot be honoured with the embedded database');
    expect(existsSync(arbiterHome(home).dataDir)).toBe(false);
  }, 60_000);

  it('forks API_WORKERS processes on one port, writes the run file, and stops them all on SIGTERM', async () => {
    const home = arbiterHome(path.join(root, 'cluster'));
    const r = start(
      {
        DATABASE_URL: tdb.url,
        REDIS_URL: 'redis://127.0.0.1:6379',
        GM_TOKEN: randomBytes(32).toString('base64url'),
        API_PORT: '0',
        API_WORKERS: '2',
        LOG_LEVEL: 'info',
        WORKER_QUEUE_PREFIX: `api-workers-${randomBytes(3).toString('hex')}`,
      },
      ['--only', 'api', '--home', home.root],
    );
    let run = await readRunInfo(home);
    for (let i = 0; run === null && i < 600; i++) {
      if (r.child.exitCode !== null) throw new Error(`arbiter start exited ${r.child.exitCode}:\n${r.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await readRunInfo(home);
    }
    expect(run).toMatchObject({ pid: r.child.pid, embeddedDatabase: false, queue: 'redis' });
    const readyPids = () => new Set(r.output().split('\n').filter((l) => l.includes('"msg":"API ready"')).map((l) => (JSON.parse(l) as { pid: number }).pid));
    for (let i = 0; readyPids().size < 2 && i < 600; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readyPids().size).toBe(2);
    expect(readyPids().has(r.child.pid ?? -1)).toBe(false);
    const health = await fetch(`${run?.apiUrl}/readyz`);
    expect(health.status).toBe(200);

    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
    for (const pid of readyPids()) expect(() => process.kill(pid, 0)).toThrow();
    expect(existsSync(home.runFile)).toBe(false);
  }, 120_000);

  it('gives up, exit 1, when the API processes cannot start (the port is taken), naming the setting', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const r = start(
        { DATABASE_URL: tdb.url, REDIS_URL: 'redis://127.0.0.1:6379', GM_TOKEN: randomBytes(32).toString('base64url'), API_PORT: String(port), API_WORKERS: '2', LOG_LEVEL: 'warn' },
        ['--only', 'api', '--no-migrate', '--home', path.join(root, 'taken')],
      );
      expect(await r.exit).toBe(1);
      expect(r.output()).toContain(`:${port} is already in use by another program. Choose other ports with API_PORT`);
      expect(r.output()).toContain('api: workers keep dying, giving up');
    } finally {
      taken.close();
    }
  }, 120_000);
});
