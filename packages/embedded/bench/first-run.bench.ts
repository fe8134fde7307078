// How long a newcomer waits: `arbiter start` with nothing configured, from the command to "ready"
// (run.json written), for a first start (the embedded database is created) and a later one; and how long
// "run the turn now" takes through the GM route until the next turn is open. Real processes, real files.
//   npm run bench -w packages/embedded          (about two minutes)
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(REPO, 'apps', 'cli', 'bin', 'arbiter.mjs');

function env(): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(e)) if (/^(DATABASE_|REDIS_|SMTP_|GM_TOKEN|MAIL_IN_|API_|ARBITER_|LOG_LEVEL|NODE_ENV)/.test(k)) delete e[k];
  return { ...e, API_PORT: '0', MAIL_IN_SMTP_PORT: '0', LOG_LEVEL: 'warn' };
}

async function start(home: string): Promise<{ child: ChildProcess; ms: number; run: { apiUrl: string } }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [CLI, 'start', '--home', home], { env: env(), stdio: ['ignore', 'ignore', 'inherit'] });
  const file = path.join(home, 'run.json');
  for (;;) {
    if (child.exitCode !== null) throw new Error(`arbiter start exited with ${child.exitCode}`);
    if (existsSync(file)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, ms: performance.now() - t0, run: JSON.parse(await readFile(file, 'utf8')) as { apiUrl: string } };
}

async function stop(child: ChildProcess): Promise<number> {
  const t0 = performance.now();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  await exited;
  return performance.now() - t0;
}

async function runTurn(home: string, apiUrl: string): Promise<number> {
  const demo = JSON.parse(await readFile(path.join(home, 'demo.json'), 'utf8')) as { gameId: string; nations: { nationId: string; secret: string }[] };
  const gm = (await readFile(path.join(home, 'gm-token'), 'utf8')).trim();
  const status = async (): Promise<number> =>
    ((await (await fetch(`${apiUrl}/v1/games/${demo.gameId}`, { headers: { authorization: `Bearer ${gm}` } })).json()) as { turn: number }).turn;
  const turn = await status();
  // Orders from two of the three nations (with none, the turn is held for the GM as possibly lost mail).
  for (const [nation, orders] of [['north', 'aragorn, 850, no, e, e, e'], ['south', 'grond, 850, no, w, w, h']] as const) {
    const secret = demo.nations.find((n) => n.nationId === nation)?.secret ?? '';
    await fetch(`${apiUrl}/v1/games/${demo.gameId}/orders`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'text/plain' }, body: orders });
  }
  const t0 = performance.now();
  const r = await fetch(`${apiUrl}/v1/games/${demo.gameId}/turns/${turn}/run`, { method: 'POST', headers: { authorization: `Bearer ${gm}` } });
  if (r.status !== 202) throw new Error(`run now answered ${r.status}: ${await r.text()}`);
  while ((await status()) === turn) await new Promise((res) => setTimeout(res, 50));
  return performance.now() - t0;
}

const root = await mkdtemp(path.join(tmpdir(), 'arbiter-bench-first-run-'));
const home = path.join(root, '.arbiter');
const fmt = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
try {
  const cold = await start(home);
  const turn1 = await runTurn(home, cold.run.apiUrl);
  const stop1 = await stop(cold.child);
  const warm = await start(home);
  const turn2 = await runTurn(home, warm.run.apiUrl);
  const stop2 = await stop(warm.child);
  console.log('arbiter start, nothing configured (embedded PostgreSQL, BullMQ on it, .eml outbox):');
  console.log(`  first start to ready (creates the database, migrates, demo game): ${fmt(cold.ms)}`);
  console.log(`  later start to ready:                                             ${fmt(warm.ms)}`);
  console.log(`  "run the turn now" to next turn open (demo game):                 ${fmt(turn1)}, ${fmt(turn2)}`);
  console.log(`  clean stop after Ctrl-C:                                          ${fmt(stop1)}, ${fmt(stop2)}`);
} finally {
  await rm(root, { recursive: true, force: true });
}
