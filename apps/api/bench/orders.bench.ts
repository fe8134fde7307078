// npm run bench -w apps/api — order submissions over loopback with autocannon (50 connections) against
// the real PostgreSQL, side by side with a bare fastify route returning a constant. Prints the figures
// recorded in docs/benchmarks.md ("API").
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { once } from 'node:events';
import os from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@arbiter/db/testing';
import { createGame } from '@arbiter/intake';
import { exampleScenario, players, sampleOrders as ORDERS } from '@arbiter/intake/testing';

interface Histogram { average: number; p50: number; p90: number; p99: number; max: number }
interface Result { requests: Histogram & { total: number; mean: number }; latency: Histogram; non2xx: number; errors: number; timeouts: number; '2xx': number; duration: number }
type Autocannon = (opts: Record<string, unknown>) => Promise<Result>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const here = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const GAMES = Number(process.env.BENCH_GAMES ?? 20);
/** Issue 30's goal, and its anchor: a bare fastify answering the same POST did 19,697 req/s when it was set. */
const GOAL = 5000;
const GOAL_ANCHOR = 19_697;
/** The GM token the API gets (bench/server.ts), for its /metrics. */
const GM_TOKEN = 'bench-gm-token-0123456789abcdef0123456789';

/** The code measured: the commit of this checkout, `+dirty` with uncommitted changes. */
function codeVersion(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: here, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: here, encoding: 'utf8' }).trim() !== '';
    return `${head}${dirty ? '+dirty' : ''}`;
  } catch {
    return 'unknown';
  }
}
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

async function startServer(mode: 'api' | 'bare', env: Record<string, string>): Promise<{ child: ChildProcess; port: number; pids: number[] }> {
  // BENCH_PROFILE_DIR=<dir>: write a V8 CPU profile of the server process there (for the analysis in docs).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  // BENCH_NODE_FLAGS: more Node/V8 flags for the API process (e.g. --max-semi-space-size=32, --trace-gc).
  const flags = mode === 'api' ? (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter((f) => f !== '') : [];
  const child = spawn(process.execPath, [...profile, ...flags, '--import', 'tsx', path.join(here, 'server.ts'), mode], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buf = '';
  child.stdout?.setEncoding('utf8');
  const ready = await new Promise<{ port: number; pids: number[] }>((resolve, reject) => {
    let ready = false;
    child.stdout?.on('data', (d: string) => {
      // Whatever the server prints once it is up (e.g. --trace-gc's lines) goes to standard error.
      if (ready) return void process.stderr.write(d);
      buf += d;
      const m = /\{"port":\d+,"pids":\[[\d,]*\]\}/.exec(buf);
      if (m) {
        ready = true;
        resolve(JSON.parse(m[0]) as { port: number; pids: number[] });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, ...ready };
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** CPU time (user + system) of the server's processes so far, in ms, from /proc (Linux). */
function cpuMs(pids: number[]): number {
  const { user, system } = cpuSplitMs(pids);
  return user + system;
}

/** The same, user and system (kernel) time apart. */
function cpuSplitMs(pids: number[]): { user: number; system: number } {
  let user = 0;
  let system = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      user += (Number(fields[11]) * 1000) / 100;
      system += (Number(fields[12]) * 1000) / 100;
    } catch {
      return { user: Number.NaN, system: Number.NaN };
    }
  }
  return { user, system };
}

/** The API's group-commit counters since it started (warm-up included), from its /metrics. */
async function batchFigures(port: number): Promise<{ batches: number; items: number } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${GM_TOKEN}` } });
    const text = await res.text();
    const figure = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN);
    return { batches: figure('arbiter_submission_batches_total'), items: figure('arbiter_submissions_total') };
  } catch {
    return null;
  }
}

function row(name: string, r: Result, cpu: number): string {
  const perReq = r['2xx'] > 0 ? (cpu / r['2xx']).toFixed(2) : '-';
  return `| ${name} | ${Math.round(r.requests.mean)} | ${r.latency.p50} | ${r.latency.p90} | ${r.latency.p99} | ${r.latency.max} | ${r['2xx']} | ${r.non2xx + r.errors + r.timeouts} | ${perReq} |`;
}

const loadBefore = load();
const t = await createTestDatabase({ poolMax: 2 });
try {
  const auth: { gameId: string; nation: string; secret: string }[] = [];
  for (let i = 0; i < GAMES; i++) {
    const g = await createGame(t.db, {
      name: `Bench ${i}`,
      scenario: exampleScenario(),
      schedule: { kind: 'every', days: 3, time: '18:00' },
      timeZone: 'Europe/Berlin',
      nations: players,
    });
    for (const n of g.nations) auth.push({ gameId: g.gameId, nation: n.nationId, secret: n.secret });
  }

  const requests = [
    {
      method: 'POST',
      setupRequest: (req: Record<string, unknown>, context: { i?: number }) => {
        context.i = ((context.i ?? Math.floor(Math.random() * auth.length)) + 1) % auth.length;
        const a = auth[context.i] as (typeof auth)[number];
        return { ...req, path: `/v1/games/${a.gameId}/orders`, headers: { 'content-type': 'text/plain', authorization: `Bearer ${a.secret}` }, body: ORDERS[a.nation] };
      },
    },
  ];

  // The server reaches PostgreSQL over its Unix-domain socket when there is one (as an API on the database
  // host would; BENCH_PG_SOCKET_DIR=none forces TCP on 127.0.0.1).
  const socketDir = process.env.BENCH_PG_SOCKET_DIR ?? '/var/run/postgresql';
  const useSocket = socketDir !== 'none' && existsSync(path.join(socketDir, '.s.PGSQL.5432'));
  const serverUrl = useSocket ? `${t.url}${t.url.includes('?') ? '&' : '?'}host=${encodeURIComponent(socketDir)}` : t.url;
  const api = await startServer('api', { DATABASE_URL: serverUrl, DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? '20', BENCH_API_WORKERS: process.env.BENCH_API_WORKERS ?? '1', BENCH_GM_TOKEN: GM_TOKEN });
  const base = { connections: CONNECTIONS, pipelining: 1 };
  await autocannon({ ...base, url: `http://127.0.0.1:${api.port}`, duration: 3, requests }); // warm-up (JIT, pool, state cache)
  const before = await t.db.prisma.submission.count();
  // PostgreSQL's share: the backends serving the API's pool (each pooled connection is one process),
  // those open now and those the pool opens during the run (counted from their start: a new backend's
  // own start-up is part of what the run cost).
  const apiBackends = async () => (await t.db.pool.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = 'arbiter-bench'")).rows.map((r) => r.pid);
  const pgCpu0 = new Map((await apiBackends()).map((pid) => [pid, cpuMs([pid])]));
  const selfCpu0 = process.cpuUsage();
  const apiCpu0 = cpuSplitMs(api.pids);
  const apiResult = await autocannon({ ...base, url: `http://127.0.0.1:${api.port}`, duration: DURATION, requests });
  const apiCpuEnd = cpuSplitMs(api.pids);
  const apiSystem = apiCpuEnd.system - apiCpu0.system;
  const apiCpu = apiCpuEnd.user + apiCpuEnd.system - apiCpu0.user - apiCpu0.system;
  const pgCpuEnd = new Map((await apiBackends()).map((pid) => [pid, cpuMs([pid])]));
  const backends = [...new Set([...pgCpu0.keys(), ...pgCpuEnd.keys()])];
  // A backend gone by the end (the pool closed it) is counted up to the start only.
  const pgCpu = backends.reduce((sum, pid) => sum + ((pgCpuEnd.get(pid) ?? pgCpu0.get(pid) ?? 0) - (pgCpu0.get(pid) ?? 0)), 0);
  // As this benchmark counted before 2026-12-02 (the backends open at the start only), to compare with older runs.
  const pgCpuOpenAtStart = [...pgCpu0.keys()].reduce((sum, pid) => sum + ((pgCpuEnd.get(pid) ?? pgCpu0.get(pid) ?? 0) - (pgCpu0.get(pid) ?? 0)), 0);
  const selfCpu = process.cpuUsage(selfCpu0);
  const stored = (await t.db.prisma.submission.count()) - before;
  const batches = await batchFigures(api.port);
  await stop(api.child);

  const bare = await startServer('bare', {});
  await autocannon({ ...base, url: `http://127.0.0.1:${bare.port}/v1/games/x/orders`, duration: 2, method: 'POST', body: ORDERS.north, headers: { 'content-type': 'text/plain' } });
  const bareCpu0 = cpuMs(bare.pids);
  const bareResult = await autocannon({ ...base, url: `http://127.0.0.1:${bare.port}/v1/games/x/orders`, duration: DURATION, method: 'POST', body: ORDERS.north, headers: { 'content-type': 'text/plain' } });
  const bareCpu = cpuMs(bare.pids) - bareCpu0;
  await stop(bare.child);

  console.log(`\nOrder submissions, ${CONNECTIONS} connections, ${DURATION} s each, loopback; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${loadBefore} before, ${load()} after; code ${codeVersion()}`);
  console.log(`API: ${process.env.BENCH_API_WORKERS ?? '1'} process(es); to PostgreSQL over ${useSocket ? `the Unix-domain socket in ${socketDir}` : 'TCP on 127.0.0.1'}; pool of ${process.env.DATABASE_POOL_MAX ?? '20'}.`);
  console.log(`${GAMES} games x 3 nations; each request: authenticate, parse + check against the turn state, one transaction (store raw submission, merge standing orders), receipt.\n`);
  console.log('| route | req/s | p50 ms | p90 ms | p99 ms | max ms | 2xx | errors | server CPU ms/request |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  console.log(row('POST /v1/games/:id/orders (real PostgreSQL)', apiResult, apiCpu));
  console.log(row('bare fastify route returning a constant', bareResult, bareCpu));
  const per = (ms: number) => (apiResult['2xx'] > 0 ? (ms / apiResult['2xx']).toFixed(3) : '-');
  console.log(
    `\nCPU per submission: API ${per(apiCpu)} ms (of which in the kernel ${per(apiSystem)} ms), PostgreSQL (${backends.length} backends) ${per(pgCpu)} ms (the ${pgCpu0.size} open at the start: ${per(pgCpuOpenAtStart)} ms), load generator ${per((selfCpu.user + selfCpu.system) / 1000)} ms.`,
  );
  console.log(`Submissions stored during the measured run: ${stored} (2xx answered: ${apiResult['2xx']}).`);
  if (batches !== null) console.log(`Group commit since the API started (warm-up included): ${batches.items} submissions in ${batches.batches} batches, ${(batches.items / batches.batches).toFixed(1)} a batch.`);
  const ratio = bareResult.requests.mean > 0 ? apiResult.requests.mean / bareResult.requests.mean : 0;
  console.log(`Anchor (bare fastify, this run): ${Math.round(bareResult.requests.mean)} req/s; submissions at ${ratio.toFixed(3)} of it.`);
  // The goal is stated on a quiet machine; on a shared one the ratio to the anchor measured in the same run is the comparable figure.
  const goalRatio = GOAL / GOAL_ANCHOR;
  const pass = apiResult.requests.mean >= GOAL && apiResult.non2xx === 0;
  console.log(
    `Goal (issue 30: >= ${GOAL} submissions/s, ${goalRatio.toFixed(3)} of its anchor's ${GOAL_ANCHOR} req/s): ${pass ? 'met' : 'NOT met'} in req/s; ` +
      `ratio ${ratio.toFixed(3)} ${ratio >= goalRatio ? '>=' : '<'} ${goalRatio.toFixed(3)}.`,
  );
} finally {
  await t.drop();
}
