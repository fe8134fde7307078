// SIGKILL the worker process in the middle of a turn (inside its write transaction), start another:
// the turn completes exactly once, with the same result hash as an uninterrupted run.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { startSmtpSink } from '@arbiter/mail/testing';
import type { SmtpSink } from '@arbiter/mail/testing';
import { runTurn } from '@arbiter/turns';
import { seedGame } from '@arbiter/turns/testing';
import { dropPrefix, uniquePrefix, waitFor } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const MAIL_FROM = 'Arbiter <arbiter@arbiter.example>';
let tdb: TestDatabase;
let sink: SmtpSink;
const prefix = uniquePrefix();
const children: ChildProcess[] = [];

beforeAll(async () => {
  [tdb, sink] = await Promise.all([createTestDatabase({ poolMax: 10 }), startSmtpSink()]);
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all([tdb?.drop(), sink?.close(), dropPrefix(REDIS_URL, prefix)]);
});

interface Child {
  proc: ChildProcess;
  lines: string[];
  /** Resolves with the first stdout JSON line whose msg is `msg`. */
  waitForLine(msg: string, timeoutMs: number): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function spawnWorker(extraEnv: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: tdb.url,
      DATABASE_POOL_MAX: '5',
      REDIS_URL,
      SMTP_URL: sink.url,
      MAIL_FROM,
      WORKER_QUEUE_PREFIX: prefix,
      WORKER_SWEEP_INTERVAL_MS: '1000',
      WORKER_MAIL_INTERVAL_MS: '500',
      WORKER_LOCK_DURATION_MS: '3000',
      WORKER_STALLED_INTERVAL_MS: '1000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  const lines: string[] = [];
  const waiters: { msg: string; resolve: (v: Record<string, unknown>) => void }[] = [];
  createInterface({ input: proc.stdout! }).on('line', (line) => {
    lines.push(line);
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    for (const w of [...waiters]) if (parsed.msg === w.msg) { waiters.splice(waiters.indexOf(w), 1); w.resolve(parsed); }
  });
  createInterface({ input: proc.stderr! }).on('line', (line) => lines.push(`stderr: ${line}`));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    proc,
    lines,
    exited,
    waitForLine(msg, timeoutMs) {
      const seen = lines.map((l) => { try { return JSON.parse(l) as Record<string, unknown>; } catch { return null; } }).find((p) => p?.msg === msg);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no "${msg}" from the worker within ${timeoutMs} ms; its output:\n${lines.slice(-30).join('\n')}`)), timeoutMs);
        waiters.push({ msg, resolve: (v) => { clearTimeout(t); resolve(v); } });
        void exited.then(({ code, signal }) => reject(new Error(`worker exited (${code ?? signal}) before "${msg}"; its output:\n${lines.slice(-30).join('\n')}`)));
      });
    },
  };
}

describe('crash safety', () => {
  it('SIGKILL mid-turn, restart: the turn completes exactly once, byte-identical to an uninterrupted run', async () => {
    const p = tdb.db.prisma;
    const fixture = { nations: 5, unitsPerNation: 8 };
    // The reference: the same game, adjudicated without interruption.
    const reference = await seedGame(tdb.db, { ...fixture, deadline: new Date(Date.now() - 60_000), gmEmail: null });
    const ref = await runTurn(tdb.db, { gameId: reference.gameId, turn: 1, workerId: 'reference' }, { mailFrom: MAIL_FROM });
    if (ref.kind !== 'done') throw new Error(`reference run: ${ref.kind}`);

    const { gameId, nations } = await seedGame(tdb.db, { ...fixture, deadline: new Date(Date.now() - 1000) });
    const T0 = Date.now();
    const mark = (what: string): void => { if (process.env.TEST_TIMINGS) console.log(`${what}: ${Date.now() - T0} ms`); };
    const first = spawnWorker({ WORKER_ID: 'doomed', ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS: '120000' });
    const paused = await first.waitForLine('paused-before-commit', 90_000);
    expect(paused).toMatchObject({ gameId, turn: 1 });
    mark('paused');
    // Inside the transaction: the claim is visible, nothing else is.
    const during = await p.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: 1 } } });
    expect(during.status).toBe('adjudicating');
    expect(during.claimedBy).toMatch(/^doomed\//);
    first.proc.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(await p.nationReport.count({ where: { gameId } })).toBe(0);
    expect(await p.turn.count({ where: { gameId } })).toBe(1);
    expect(await p.outboxMail.count({ where: { gameId } })).toBe(0);

    mark('killed');
    const second = spawnWorker({ WORKER_ID: 'survivor' });
    const done = await waitFor('the turn done by the second worker', async () => {
      const t = await p.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: 1 } } });
      return t.status === 'done' ? t : undefined;
    }, 90_000, 200);
    mark('done');
    expect(done.claimedBy).toMatch(/^survivor\//);
    expect(done.resultHash).toBe(ref.hash);
    expect(await p.auditEntry.count({ where: { gameId, action: 'turn.adjudicated' } })).toBe(1);
    expect(await p.turn.count({ where: { gameId } })).toBe(2);
    expect(await p.nationReport.count({ where: { gameId } })).toBe(nations.length);
    // Same reports as the reference, nation by nation (the views are part of the hashed result).
    const [a, b] = await Promise.all([
      p.nationReport.findMany({ where: { gameId }, orderBy: { nationId: 'asc' }, select: { nationId: true, view: true } }),
      p.nationReport.findMany({ where: { gameId: reference.gameId }, orderBy: { nationId: 'asc' }, select: { nationId: true, view: true } }),
    ]);
    expect(a).toEqual(b);
    const mine = () => sink.received.filter((m) => m.parsed.messageId?.startsWith(`<report.${gameId}.`));
    await waitFor('one report mail per nation', async () => mine().length >= nations.length, 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mine().map((m) => m.envelopeTo[0]).sort()).toEqual(nations.map((n) => `${n}@players.example`).sort());

    mark('mailed');
    // A graceful stop: SIGTERM finishes and exits 0.
    second.proc.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(second.lines.some((l) => l.includes('"worker stopped"'))).toBe(true);
    mark('stopped');
  }, 240_000);
});
