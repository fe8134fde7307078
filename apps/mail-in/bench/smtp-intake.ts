// Benchmark: order mails per second through the SMTP intake into PostgreSQL, receipts queued.
// A nodemailer client with pooled connections sends N order mails to the SMTP intake on loopback,
// spread over the nations of BENCH_GAMES games (default 8 games of the first-turn scenario, 3 nations
// each: a server hosts many games, and the intake merges one nation's submissions one at a time),
// a few orders each; each mail is
// acknowledged only after its submission, standing orders, InboundMail row and two receipt rows are
// committed. Prints the throughput and the per-mail latency, and the anchor (issue 30): a bare
// smtp-server in a process of its own (bench/bare-smtp.ts) receiving the same mails from the same client,
// measured just before and just after the intake in the same run; the intake's rate is given as a share of
// the anchor's, since the machine may be shared. Target: at least 500 mails/s, i.e. 36 % of an anchor of 1,379/s.
//
//   npm run bench -w apps/mail-in     (BENCH_MAILS=2000 BENCH_CONNECTIONS=8 BENCH_GAMES=8 to change the load)
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Db } from '@arbiter/db';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import pino from 'pino';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MailPipeline } from '../src/pipeline.ts';
import { startSmtpIntake } from '../src/smtp.ts';
import { addGame, createTestGame } from '../test/helpers/game.ts';
import { freePort, waitForPort } from '../test/helpers/net.ts';

const MAILS = Number(process.env.BENCH_MAILS ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const GAMES = Number(process.env.BENCH_GAMES ?? 8);
/** 0: the intake runs inside this process; N >= 1: the real mail-in process (src/main.ts) with N SMTP workers. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const WARMUP = 30;

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (ms) used so far by a process and its live descendants, from /proc (Linux). */
function treeCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
    let children = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of list === '' ? [] : list.split(' ')) children += treeCpuMs(Number(child));
    }
    return own + children;
  } catch {
    return NaN;
  }
}

async function waitForMailIn(port: number, child: ChildProcess): Promise<void> {
  const outcome = await waitForPort(port, { attempts: 600, intervalMs: 100, gone: () => child.exitCode !== null });
  if (outcome === 'gone') throw new Error(`mail-in exited with code ${child.exitCode}`);
  if (outcome === 'timeout') throw new Error('mail-in did not listen within 60 s');
}

/** Starts the SMTP intake: in this process, or as the real mail-in process with its workers. */
async function startIntake(databaseUrl: string, db: Db): Promise<{ port: number; cpuMs: () => number; close: () => Promise<void> }> {
  const logger = pino({ level: 'silent' });
  if (WORKERS === 0) {
    const intake = await startSmtpIntake({
      host: '127.0.0.1',
      port: 0,
      acceptedDomains: ['arbiter.test'],
      maxMessageBytes: 5 * 1024 * 1024,
      maxClientsPerAddress: CONNECTIONS,
      processor: new MailPipeline({ db, mailFrom: 'Arbiter <orders@arbiter.test>', concurrency: 10, logger }),
      logger,
    });
    return { port: intake.port, cpuMs: () => NaN, close: () => intake.close() };
  }
  const port = await freePort();
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const nodeArgs = (process.env.BENCH_MAIL_IN_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', main], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '20',
      LOG_LEVEL: 'warn',
      MAIL_FROM: 'Arbiter <orders@arbiter.test>',
      MAIL_IN_SMTP_PORT: String(port),
      MAIL_IN_DOMAINS: 'arbiter.test',
      MAIL_IN_SMTP_WORKERS: String(WORKERS),
      // Every benchmark connection comes from 127.0.0.1.
      MAIL_IN_SMTP_MAX_CLIENTS_PER_ADDRESS: String(CONNECTIONS),
    },
  });
  await waitForMailIn(port, child);
  return {
    port,
    cpuMs: () => (child.pid === undefined ? NaN : treeCpuMs(child.pid)),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const ORDERS: Record<string, string[]> = {
  north: ['aragorn, 850, no, e, e, h', 'frodo, 810, 0304', 'gandalf, 810, 0303', 'swan, 830, no, w'],
  south: ['grond, 850, no, w, w, h', 'riders, 860, no, nw, nw'],
  east: ['bard, 850, no, w, h', 'esgaroth, 850, no, e'],
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Sends `count` mails (`send(i)`, i = 0..count-1) over CONNECTIONS * 2 loops; the seconds and each mail's latency. */
async function measure(count: number, send: (i: number) => Promise<number>): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS * 2 }, async () => {
      for (let i = next++; i < count; i = next++) latencies.push(await send(i));
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

/** The anchor: a bare smtp-server process (bench/bare-smtp.ts) receiving `count` mails built by `mailOf` from the same client; mails per second. */
async function anchorRate(count: number, mailOf: (i: number) => SendMailOptions): Promise<number> {
  const port = await freePort();
  const script = fileURLToPath(new URL('./bare-smtp.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(port)], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForMailIn(port, child);
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: true, maxConnections: CONNECTIONS, maxMessages: Infinity });
  const send = async (i: number): Promise<number> => {
    const started = performance.now();
    await transport.sendMail(mailOf(i));
    return performance.now() - started;
  };
  try {
    await measure(WARMUP, (i) => send(-1 - i));
    return count / (await measure(count, send)).seconds;
  } finally {
    transport.close();
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

interface Player {
  gameId: string;
  nation: string;
  secret: string;
}

/** The i-th order mail (negative i: the warm-up's), from one of the players in turn. */
function orderMail(players: readonly Player[], i: number): SendMailOptions {
  const player = players[((i % players.length) + players.length) % players.length];
  if (player === undefined) throw new Error('no players');
  const { nation } = player;
  return {
    from: `${nation}-player@home.test`,
    to: 'orders@arbiter.test',
    subject: `orders ${i}`,
    messageId: `<bench-${i}@home.test>`,
    text: `Orders for this turn\n\ngame: ${player.gameId}\nsecret: ${player.secret}\n\n${(ORDERS[nation] ?? []).join('\n')}\n\n-- \n${nation}\n`,
  };
}

/** BENCH_ANCHOR_ONLY=1: the anchor alone (for side-by-side runs with code whose benchmark has none), with mails of the same shape. */
async function printAnchorOnly(): Promise<void> {
  const players = Object.keys(ORDERS).map((nation) => ({ gameId: 'g1a2b3c4d5e6', nation, secret: 'S'.repeat(43) }));
  const rate = await anchorRate(MAILS, (i) => orderMail(players, i));
  console.log(`anchor: a bare smtp-server, ${MAILS} mails over ${CONNECTIONS} connections: ${rate.toFixed(0)} mails/s; load average ${os.loadavg()[0]?.toFixed(1)}`);
  console.log(`RESULT ${JSON.stringify({ anchor: rate, load: os.loadavg()[0] })}`);
}

/** CPU time of the test database's PostgreSQL backends, by process id. */
async function pgBackendCpu(db: Db): Promise<Map<number, number>> {
  const rows = await db.pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  return new Map(rows.rows.map((r) => [r.pid, treeCpuMs(r.pid)]));
}

async function main(): Promise<void> {
  if (process.env.BENCH_ANCHOR_ONLY === '1') return printAnchorOnly();
  const t = await createTestGame(24);
  const games = [t.game];
  for (let g = 1; g < GAMES; g++) games.push(await addGame(t.database.db, `Bench game ${g}`));
  const players = games.flatMap((game) => game.nations.map((n) => ({ gameId: game.gameId, nation: n.nationId, secret: n.secret })));
  const anchorBefore = await anchorRate(MAILS, (i) => orderMail(players, i));
  const intake = await startIntake(t.database.url, t.database.db);
  let closing: Promise<void> | null = null;
  const intakeClosed = (): Promise<void> => (closing ??= intake.close());
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: intake.port, secure: false, ignoreTLS: true, pool: true, maxConnections: CONNECTIONS, maxMessages: Infinity });
  const send = async (i: number): Promise<number> => {
    const started = performance.now();
    await transport.sendMail(orderMail(players, i));
    return performance.now() - started;
  };

  try {
    // Warm-up (JIT, connection pools), not counted.
    await Promise.all(Array.from({ length: WARMUP }, (_, i) => send(-1 - i)));
    const pgStart = await pgBackendCpu(t.database.db);
    const cpuStart = process.cpuUsage();
    const intakeCpuStart = intake.cpuMs();
    const { seconds, latencies } = await measure(MAILS, send);
    const cpu = process.cpuUsage(cpuStart);
    const cpuMsPerMail = (cpu.user + cpu.system) / 1000 / MAILS;
    const intakeCpuMsPerMail = (intake.cpuMs() - intakeCpuStart) / MAILS;
    const pgEnd = await pgBackendCpu(t.database.db);
    let pgCpu = 0;
    for (const [pid, ms] of pgEnd) if (Number.isFinite(ms)) pgCpu += ms - (pgStart.get(pid) ?? 0);
    const pgCpuMsPerMail = pgCpu / MAILS;
    const load = os.loadavg()[0] ?? NaN;
    transport.close();
    await intakeClosed();
    const anchorAfter = await anchorRate(MAILS, (i) => orderMail(players, i));
    const anchor = (anchorBefore + anchorAfter) / 2;
    const prisma = t.database.db.prisma;
    const [submissions, receipts, inbound] = await Promise.all([
      prisma.submission.count({ where: { messageId: { startsWith: '<bench-' } } }),
      prisma.outboxMail.count({ where: { kind: 'receipt', headers: { path: ['In-Reply-To'], string_starts_with: 'bench-' } } }),
      prisma.inboundMail.count({ where: { messageId: { startsWith: '<bench-' }, status: 'processed' } }),
    ]);
    const rate = MAILS / seconds;
    console.log(`mail-in SMTP intake benchmark: ${MAILS} order mails over ${CONNECTIONS} SMTP connections, ${players.length} nations in ${games.length} games`);
    console.log(`  ${seconds.toFixed(2)} s, ${rate.toFixed(0)} mails/s (target >= 500 where the anchor makes 1,379, i.e. >= 36 % of the anchor)`);
    console.log(`  anchor (a bare smtp-server, the same mails and client, this run): ${anchorBefore.toFixed(0)} mails/s before, ${anchorAfter.toFixed(0)} after; the intake made ${((100 * rate) / anchor).toFixed(0)} % of their mean`);
    console.log(
      WORKERS === 0
        ? `  intake in the benchmark process; its CPU (SMTP client + intake + pipeline): ${cpuMsPerMail.toFixed(1)} ms per mail`
        : `  intake: the mail-in process (src/main.ts) with ${WORKERS} SMTP worker(s): ${intakeCpuMsPerMail.toFixed(1)} ms CPU per mail, i.e. ${(1000 / intakeCpuMsPerMail).toFixed(0)} mails/s per core; the SMTP client here: ${cpuMsPerMail.toFixed(1)} ms CPU per mail`,
    );
    console.log(`  PostgreSQL backends of the test database: ${pgCpuMsPerMail.toFixed(1)} ms CPU per mail`);
    const total = intakeCpuMsPerMail + pgCpuMsPerMail + cpuMsPerMail;
    if (WORKERS > 0) {
      console.log(`  CPU per mail, intake + PostgreSQL + client: ${total.toFixed(1)} ms, i.e. at most ${((1000 * os.cpus().length) / total).toFixed(0)} mails/s on this machine's ${os.cpus().length} cores if nothing else ran`);
    }
    console.log(`  machine: load average ${load.toFixed(1)} on ${os.cpus().length} cores (shared with other work while measured)`);
    console.log(`  latency per mail (SMTP DATA to 250, after commit): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`);
    console.log(`  stored: ${submissions} submissions (${submissions * 1} expected ${MAILS + WARMUP}), ${inbound} inbound mails, ${receipts} receipt rows queued`);
    console.log(`RESULT ${JSON.stringify({ rate, anchor, ratio: rate / anchor, p50: percentile(latencies, 50), p95: percentile(latencies, 95), intakeCpu: intakeCpuMsPerMail, pgCpu: pgCpuMsPerMail, clientCpu: cpuMsPerMail, totalCpu: total, load })}`);
    if (submissions !== MAILS + WARMUP || receipts !== 2 * (MAILS + WARMUP)) {
      throw new Error(`expected ${MAILS + WARMUP} submissions and ${2 * (MAILS + WARMUP)} receipts`);
    }
  } finally {
    transport.close();
    await intakeClosed();
    await t.database.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
