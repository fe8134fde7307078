// Benchmark: one turn of a big game (default 500 nations x 20 units), from stored orders to every
// report and outbox mail committed, with the time per stage, and beside it the anchor measured in the
// same run: the same rows written again in one transaction with plain SQL, nothing rendered (anchor.ts).
// Run: npm run bench -w @arbiter/turns (or BENCH_NATIONS=100 BENCH_UNITS=20 ...). Uses a fresh database on
// TEST_DATABASE_URL, dropped after. BENCH_TREE=<another checkout> runs that checkout's pipeline (its
// services, fixtures and migrations) under this bench, so old and new code get the same anchor and figures.
import { readFileSync } from 'node:fs';
import { cpus, getPriority, loadavg, setPriority } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { measureAnchor } from './anchor.ts';

const tree = path.resolve(process.env.BENCH_TREE ?? fileURLToPath(new URL('../../..', import.meta.url)));
const { createTestDatabase } = (await import(path.join(tree, 'packages/db/src/testing.ts'))) as typeof import('@arbiter/db/testing');
const { RenderPool, runTurn, reportMapResolver } = (await import(path.join(tree, 'packages/turns/src/index.ts'))) as typeof import('../src/index.ts');
const { seedGame } = (await import(path.join(tree, 'packages/turns/src/testing.ts'))) as typeof import('../src/testing.ts');

const nations = Number(process.env.BENCH_NATIONS ?? 500);
const units = Number(process.env.BENCH_UNITS ?? 20);
// The worker's default (packages/config: WORKER_RENDER_THREADS): the cores minus two.
const threads = Number(process.env.BENCH_RENDER_THREADS ?? Math.max(0, cpus().length - 2));
const MAIL_FROM = 'Arbiter <arbiter@arbiter.example>';

const tdb = await createTestDatabase({ poolMax: 5 });

/** CPU seconds used so far by the PostgreSQL backends serving this database (from /proc; 0 where unreadable). */
async function postgresCpu(): Promise<Map<number, number>> {
  const r = await tdb.db.pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const out = new Map<number, number>();
  for (const { pid } of r.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Not on this machine (remote server) or gone.
    }
  }
  return out;
}
// A worker process keeps its render threads; start them before timing, as the worker does at start.
const pool = threads > 0 ? new RenderPool(threads) : null;
await pool?.warm();
try {
  let t = performance.now();
  const { gameId, orderLines } = await seedGame(tdb.db, { nations, unitsPerNation: units, deadline: new Date(Date.now() - 60_000) });
  const seedMs = performance.now() - t;
  // Started with a raised priority (nice -n -10 ...), give this database's backends the same one, so the
  // figures approximate a server that is not shared with other work.
  if (getPriority() < 0) {
    const r = await tdb.db.pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
    for (const { pid } of r.rows) setPriority(pid, getPriority());
  }
  const pg0 = await postgresCpu();
  const cpu0 = process.cpuUsage();
  const outcome = await runTurn(tdb.db, { gameId, turn: 1, workerId: 'bench' }, { mailFrom: MAIL_FROM, ...(pool ? { renderPool: pool } : {}) });
  const cpu = process.cpuUsage(cpu0);
  const pg1 = await postgresCpu();
  let pgCpu = 0;
  for (const [pid, sec] of pg1) pgCpu += sec - (pg0.get(pid) ?? 0);
  if (outcome.kind !== 'done' || outcome.timings === null) throw new Error(`turn not adjudicated: ${JSON.stringify(outcome)}`);
  const s = outcome.timings;
  const pct = (ms: number): string => `${((100 * ms) / s.total).toFixed(1).padStart(5)} %`;
  const fmt = (ms: number): string => `${(ms / 1000).toFixed(2).padStart(6)} s`;
  const anchor = await measureAnchor(tdb.db.pool, gameId);
  const [bytes] = await tdb.db.prisma.$queryRaw<{ reports: bigint; mails: bigint }[]>`
    SELECT (SELECT coalesce(sum(pg_column_size(r.*)), 0) FROM "NationReport" r WHERE r."gameId" = ${gameId}) AS reports,
           (SELECT coalesce(sum(pg_column_size(m.*)), 0) FROM "OutboxMail" m WHERE m."gameId" = ${gameId}) AS mails`;

  // The mail sender's own cost per report mail: rasterising the stored SVG map to PNG.
  const resolve = reportMapResolver(tdb.db.prisma);
  const sample = Math.min(20, nations);
  t = performance.now();
  let pngBytes = 0;
  for (let i = 1; i <= sample; i++) {
    const png = await resolve({ gameId, nationId: `n${i}`, filename: 'map.png', source: { kind: 'nation-report-map', turn: 1 } });
    pngBytes += png.byteLength;
  }
  const pngMs = (performance.now() - t) / sample;

  console.log(`Turn pipeline benchmark: ${nations} nations x ${units} units (${orderLines} order lines), ${cpus().length} cores, Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, nice ${getPriority()}`);
  console.log(`  code: ${tree}; result hash ${outcome.hash}`);
  console.log(`(seeding the game, not measured: ${fmt(seedMs)})`);
  console.log(`  claim       ${fmt(s.claim)}  ${pct(s.claim)}`);
  console.log(`  load        ${fmt(s.load)}  ${pct(s.load)}   state + standing orders read and parsed`);
  // The old code (BENCH_TREE) sealed inside its adjudicate stage and has no seal figure.
  const seal = (s as { seal?: number }).seal;
  console.log(`  adjudicate  ${fmt(s.adjudicate)}  ${pct(s.adjudicate)}   the ruleset's turn${seal === undefined ? ', the seal included' : ''}`);
  if (seal !== undefined) console.log(`  seal        ${fmt(seal)}  ${pct(seal)}   every view built and the result's SHA-256${pool ? ', the threads rendering the first views meanwhile' : ''}`);
  console.log(`  render      ${fmt(s.render)}  ${pct(s.render)}   text, HTML, SVG map, report mail per nation: ${pool ? `waiting for ${threads} render threads (their time: ${fmt(s.renderThreads ?? 0)}, overlapping the seal and the write)` : 'on the main thread, interleaved with the write'}`);
  console.log(`  write       ${fmt(s.write)}  ${pct(s.write)}   one transaction: result, ${outcome.reports} reports, ${outcome.mails} outbox mails, next turn`);
  console.log(`  total       ${fmt(s.total)}  (goal < 3 s)  ${s.total < 3_000 ? 'OK' : 'OVER'}`);
  console.log(`  anchor      ${fmt(anchor.ms)}  the same ${anchor.rows} rows (${(anchor.bytes / 1e6).toFixed(1)} MB as text) written again in one transaction, nothing rendered; total / anchor ${(s.total / anchor.ms).toFixed(2)}`);
  console.log(`  CPU during the turn: this process (all threads) ${fmt((cpu.user + cpu.system) / 1000)}, PostgreSQL backends ${fmt(pgCpu * 1000)}`);
  console.log(`  stored: reports ${(Number(bytes!.reports) / 1e6).toFixed(1)} MB, outbox ${(Number(bytes!.mails) / 1e6).toFixed(1)} MB (after TOAST compression)`);
  console.log(`  mail sender, per report mail: PNG map ${pngMs.toFixed(0)} ms (${(pngBytes / sample / 1024).toFixed(0)} KiB), not part of the turn`);
  // One line for collecting runs: seconds, CPU seconds, MB, load.
  console.log(
    `RESULT threads=${threads} total=${(s.total / 1000).toFixed(3)} adjudicate=${(s.adjudicate / 1000).toFixed(3)} seal=${seal === undefined ? 'in-adjudicate' : (seal / 1000).toFixed(3)} render=${(s.render / 1000).toFixed(3)} write=${(s.write / 1000).toFixed(3)} anchor=${(anchor.ms / 1000).toFixed(3)} ` +
      `cpu=${((cpu.user + cpu.system) / 1e6).toFixed(3)} pgcpu=${pgCpu.toFixed(3)} reportsMB=${(Number(bytes!.reports) / 1e6).toFixed(1)} outboxMB=${(Number(bytes!.mails) / 1e6).toFixed(1)} load=${loadavg()[0]!.toFixed(2)} hash=${outcome.hash}`,
  );
} finally {
  await pool?.close();
  await tdb.drop();
}
