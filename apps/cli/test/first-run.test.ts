// The newcomer's first run, for real: a fresh `git clone` of this repository in a temporary folder, the
// README's first command (`npm install && npm start`) with no DATABASE_URL, REDIS_URL or SMTP_URL, then
// orders by REST and by SMTP, the turn run through the GM route, the report mail found in the outbox;
// then a stop and a second start that finds the game again. Nothing is mocked: the clone runs the
// embedded PostgreSQL, BullMQ on it, the SMTP intake and the .eml outbox, as a newcomer's machine would.
// The clone holds only committed work.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@arbiter/embedded';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let root: string;
/** The embedded PostgreSQL's port for this test (a free one, instead of 5433, for parallel runs). */
let dbPort = 0;
let clone: string;
let running: { child: ChildProcess; output: () => string } | null = null;

/** The environment of a newcomer's shell: none of the service variables, free ports for the rest. */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_|REDIS_|SMTP_|GM_TOKEN|MAIL_IN_|MAIL_FROM|API_|ARBITER_|WORKER_|TURN_|PUBLIC_BASE_URL|LOG_LEVEL|NODE_ENV|VITEST|TEST_)/.test(key)) delete env[key];
  }
  // Only so that parallel test runs on one machine do not fight over ports 3000 and 2525.
  env.API_PORT = '0';
  env.MAIL_IN_SMTP_PORT = '0';
  env.ARBITER_DB_PORT = String(dbPort);
  return env;
}

function npmStart(): { child: ChildProcess; output: () => string } {
  const chunks: string[] = [];
  // Its own process group, so the test can stop npm and everything under it like a terminal's Ctrl-C.
  const child = spawn('npm', ['start'], { cwd: clone, env: newcomerEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => chunks.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => chunks.push(d.toString()));
  return { child, output: () => chunks.join('') };
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number, output: () => string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await probe().catch(() => null);
    if (v !== null) return v;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms. Output so far:\n${output().slice(-6000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface RunInfo {
  pid: number;
  apiUrl: string;
  docsUrl: string;
  smtp: { host: string; port: number; domain: string };
  outboxDir: string;
  embeddedDatabase: boolean;
  queue: string;
}
interface Demo {
  gameId: string;
  nations: { nationId: string; email: string; secret: string }[];
}

async function readyRun(r: { child: ChildProcess; output: () => string }): Promise<RunInfo> {
  const file = path.join(clone, '.arbiter', 'run.json');
  return waitFor(
    'npm start to be ready (.arbiter/run.json)',
    async () => {
      if (r.child.exitCode !== null) throw new Error(`npm start exited with ${r.child.exitCode}:\n${r.output().slice(-6000)}`);
      return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as RunInfo) : null;
    },
    150_000,
    r.output,
  ).catch((e: unknown) => {
    throw new Error(`${(e as Error).message}\n${r.output().slice(-6000)}`);
  });
}

/** Ctrl-C: SIGINT to the process group; resolves once npm and arbiter have exited. */
async function stop(r: { child: ChildProcess; output: () => string }): Promise<void> {
  if (r.child.exitCode !== null || r.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => r.child.once('exit', () => resolve()));
  process.kill(-(r.child.pid ?? 0), 'SIGINT');
  await Promise.race([exited, new Promise((_, reject) => setTimeout(() => reject(new Error(`npm start did not stop within 60 s:\n${r.output().slice(-4000)}`)), 60_000))]);
}

async function api(run: RunInfo, method: string, route: string, token: string, body?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${run.apiUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'text/plain' } : {}) },
    ...(body !== undefined ? { body } : {}),
  });
  return { status: res.status, text: await res.text() };
}

function header(raw: string, name: string): string | null {
  const head = (raw.split(/\r?\n\r?\n/, 1)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? null;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'arbiter-first-run-'));
  // As a checkout is (0755): the embedded server's user (postgres, when run as root) must enter it.
  await chmod(root, 0o755);
  dbPort = await freePort();
  clone = path.join(root, 'arbiter');
  const c = spawnSync('git', ['clone', '--quiet', REPO, clone], { encoding: 'utf8' });
  if (c.status !== 0) throw new Error(`git clone failed: ${c.stderr}`);
  // The README's `npm install`, from the npm cache where it can.
  const i = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: clone, env: newcomerEnv(), encoding: 'utf8', timeout: 240_000 });
  if (i.status !== 0) throw new Error(`npm install failed (${i.status}):\n${(i.stdout ?? '').slice(-3000)}\n${(i.stderr ?? '').slice(-3000)}`);
}, 300_000);

afterAll(async () => {
  if (running !== null) await stop(running).catch(() => undefined);
  if (root !== undefined) await rm(root, { recursive: true, force: true });
}, 90_000);

describe('first run from a fresh clone', () => {
  let gameId = '';

  it('npm start runs the whole system embedded; orders by REST and by mail, the GM runs the turn, the report mail lands in the outbox; a second start finds the game', async () => {
    running = npmStart();
    const run = await readyRun(running);
    const out = running.output();
    expect(run.embeddedDatabase).toBe(true);
    expect(run.queue).toBe('postgres');
    expect(run.outboxDir).toBe(path.join(clone, '.arbiter', 'outbox'));
    const demo = JSON.parse(await readFile(path.join(clone, '.arbiter', 'demo.json'), 'utf8')) as Demo;
    const gmToken = (await readFile(path.join(clone, '.arbiter', 'gm-token'), 'utf8')).trim();
    gameId = demo.gameId;
    // What a newcomer needs is printed.
    expect(out).toContain(`API docs       ${run.docsUrl}`);
    expect(out).toContain(`Demo game "Arbiter demo: the Fords of the North": id ${demo.gameId}`);
    for (const n of demo.nations) expect(out).toContain(`secret ${n.secret}`);
    expect(out).toContain(`SMTP intake    ${run.smtp.host}:${run.smtp.port}`);
    expect(out).toContain(`Outbox         ${run.outboxDir}`);
    expect((await fetch(run.docsUrl)).status).toBe(200);

    const north = demo.nations.find((n) => n.nationId === 'north');
    const south = demo.nations.find((n) => n.nationId === 'south');
    if (north === undefined || south === undefined) throw new Error('the demo game has no north or south');

    const rest = await api(run, 'POST', `/v1/games/${gameId}/orders`, north.secret, 'aragorn, 850, no, e, e, e\n');
    expect(rest.status).toBe(200);
    expect(JSON.stringify(JSON.parse(rest.text))).toContain('aragorn');

    const transport = nodemailer.createTransport({ host: run.smtp.host, port: run.smtp.port, secure: false, ignoreTLS: true });
    try {
      const sent = await transport.sendMail({
        from: south.email,
        to: `orders@${run.smtp.domain}`,
        subject: 'orders',
        text: `game: ${gameId}\nsecret: ${south.secret}\n\ngrond, 850, no, w, w, h\n`,
      });
      expect(sent.response).toMatch(/^250 /);
    } finally {
      transport.close();
    }

    const dispatched = await api(run, 'POST', `/v1/games/${gameId}/turns/1/run`, gmToken);
    expect(dispatched.status).toBe(202);
    await waitFor(
      'turn 1 to be adjudicated',
      async () => {
        const s = JSON.parse((await api(run, 'GET', `/v1/games/${gameId}`, gmToken)).text) as { turn: number };
        return s.turn === 2 ? s : null;
      },
      90_000,
      running.output,
    );

    const report = await waitFor(
      "north's turn 1 report mail in the outbox",
      async () => {
        for (const f of await readdir(run.outboxDir)) {
          if (!f.endsWith('.eml') || !f.includes('_north-players.example_')) continue;
          const raw = await readFile(path.join(run.outboxDir, f), 'latin1');
          if (header(raw, 'X-Arbiter-Turn') === '1' && (header(raw, 'Subject') ?? '').includes('report')) return raw;
        }
        return null;
      },
      60_000,
      running.output,
    );
    expect(header(report, 'To')).toContain('north@players.example');
    expect(report).toMatch(/Content-Type: image\/png/i);
    // The mail for the south's receipt went out through the same outbox (the sender takes due mails in
    // batches, so on a busy machine it may land after the north's report).
    await waitFor(
      "the south's receipt mail in the outbox",
      async () => ((await readdir(run.outboxDir)).some((f) => f.includes('_south-players.example_')) ? true : null),
      30_000,
      running.output,
    );

    await stop(running);
    expect(existsSync(path.join(clone, '.arbiter', 'run.json'))).toBe(false);
    // The embedded PostgreSQL stopped with it (its postmaster.pid is gone).
    expect(existsSync(path.join(clone, '.arbiter', 'postgres', 'postmaster.pid'))).toBe(false);
    expect(running.output()).toContain('"msg":"stopped"');
    running = null;

    // A second npm start finds the game, at its next turn, with its report (one test: it needs the first).
    running = npmStart();
    const run2 = await readyRun(running);
    const demo2 = JSON.parse(await readFile(path.join(clone, '.arbiter', 'demo.json'), 'utf8')) as Demo;
    expect(demo2.gameId).toBe(gameId);
    expect(running.output()).toContain('demo game found');
    // The secrets were shown once, at creation; this start names their files instead (issue 27).
    for (const n of demo2.nations) expect(running.output()).not.toContain(n.secret);
    expect(running.output()).not.toContain(gmToken);
    const north2 = demo2.nations.find((n) => n.nationId === 'north');
    if (north2 === undefined) throw new Error('the demo game has no north');
    const status = JSON.parse((await api(run2, 'GET', `/v1/games/${gameId}`, north2.secret)).text) as { gameId: string; turn: number };
    expect(status).toMatchObject({ gameId, turn: 2 });
    const report1 = await api(run2, 'GET', `/v1/games/${gameId}/turns/1/report`, north2.secret);
    expect(report1.status).toBe(200);
    expect(JSON.parse(report1.text)).toMatchObject({ gameId, turn: 1, nationId: 'north' });
    await stop(running);
    running = null;
  }, 540_000);
});
