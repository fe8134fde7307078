// Issue 27: an Arbiter killed without its stop (kill -9, a native abort: no exit handler runs) left its
// embedded PostgreSQL running in its own process group, and the next start refused the folder as in use.
// Now its watchdog stops the server when the starter dies; and if the watchdog is gone too, the next start
// recognises the server as an orphan of its own (the owner file beside the folder names a dead starter),
// stops it and starts again. Either way every committed row is kept.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, freePort, runningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedPostgres } from '../src/index.ts';

const child = new URL('./start-child.ts', import.meta.url).pathname;
let root: string | undefined;
let again: EmbeddedPostgres | undefined;
const leftOver: number[] = [];

afterAll(async () => {
  await again?.stop();
  for (const pid of leftOver) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

/** Starts the server from a child process and waits for its first line: the server's pid and URL. */
function startInChild(dataDir: string, port: number): Promise<{ arbiter: ReturnType<typeof spawn>; pid: number; watchdogPid: number; url: string }> {
  const arbiter = spawn(process.execPath, ['--import', 'tsx', child], { stdio: ['pipe', 'pipe', 'inherit'] });
  arbiter.stdin.end(JSON.stringify({ dataDir, port }));
  return new Promise((resolve, reject) => {
    let out = '';
    arbiter.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const line = out.split('\n')[0] as string;
      if (out.includes('\n')) resolve({ arbiter, ...(JSON.parse(line) as { pid: number; watchdogPid: number; url: string }) });
    });
    arbiter.once('exit', (code) => reject(new Error(`the starting process exited (${code}) before the server was ready`)));
  });
}

const query = async (url: string, sql: string): Promise<pg.QueryResult> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
};

async function folderAndPort(): Promise<{ dataDir: string; port: number }> {
  root ??= await mkdtemp(path.join(tmpdir(), 'arbiter-orphan-'));
  await chmod(root, 0o755);
  const dataDir = path.join(root, `home-${randomBytes(3).toString('hex')}`, 'postgres');
  await mkdir(path.dirname(dataDir), { recursive: true });
  return { dataDir, port: await freePort() };
}

async function killed(p: ReturnType<typeof spawn>): Promise<void> {
  p.kill('SIGKILL');
  await new Promise((r) => p.once('exit', r));
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); !(await check()); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() - started > 30_000) throw new Error(`not within 30 s: ${what}`);
  }
}

describe('the embedded PostgreSQL of a killed Arbiter (issue 27)', () => {
  it('is stopped by its watchdog when the starter is killed, and the next start has every committed row', async () => {
    const { dataDir, port } = await folderAndPort();
    const first = await startInChild(dataDir, port);
    leftOver.push(first.pid);
    await query(first.url, 'CREATE TABLE kept (id int PRIMARY KEY); INSERT INTO kept VALUES (27)');
    await killed(first.arbiter);
    await until('the server stops', async () => (await runningEmbeddedPostgres(dataDir)) === null);
    const next = await startEmbeddedPostgres({ dataDir, port });
    try {
      expect((await query(next.url, 'SELECT id FROM kept')).rows).toEqual([{ id: 27 }]);
    } finally {
      await next.stop();
    }
  }, 120_000);

  it('is stopped by the next start when its watchdog is gone too, which starts again on the same folder with every committed row', async () => {
    const { dataDir, port } = await folderAndPort();
    const first = await startInChild(dataDir, port);
    leftOver.push(first.pid);
    await query(first.url, 'CREATE TABLE kept (id int PRIMARY KEY); INSERT INTO kept VALUES (27)');
    process.kill(first.watchdogPid, 'SIGKILL');
    await killed(first.arbiter);
    expect(await runningEmbeddedPostgres(dataDir)).toMatchObject({ pid: first.pid }); // left running

    again = await startEmbeddedPostgres({ dataDir, port });
    expect(again.pid).not.toBe(first.pid);
    expect((await query(again.url, 'SELECT id FROM kept')).rows).toEqual([{ id: 27 }]);
    expect(await runningEmbeddedPostgres(dataDir)).toMatchObject({ pid: again.pid });
    // A live owner's server is still refused.
    await expect(startEmbeddedPostgres({ dataDir, port: await freePort() })).rejects.toBeInstanceOf(DataDirInUseError);
  }, 120_000);
});
