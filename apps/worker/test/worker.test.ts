// The worker end to end, in-process: deadline -> BullMQ job -> turn -> outbox -> real SMTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { startSmtpSink } from '@arbiter/mail/testing';
import type { SmtpSink } from '@arbiter/mail/testing';
import { adjudicateJobId, ADJUDICATE_JOB } from '@arbiter/turns';
import { seedGame } from '@arbiter/turns/testing';
import { startWorker } from '../src/index.ts';
import type { RunningWorker } from '../src/index.ts';
import { dropPrefix, quietLog, testSettings, uniquePrefix, waitFor } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAIL_FROM = 'Arbiter <arbiter@arbiter.example>';
let tdb: TestDatabase;
let sink: SmtpSink;
const prefixes: string[] = [];

beforeAll(async () => {
  [tdb, sink] = await Promise.all([createTestDatabase({ poolMax: 20 }), startSmtpSink()]);
});
afterAll(async () => {
  await Promise.all([tdb?.drop(), sink?.close(), ...prefixes.map((p) => dropPrefix(REDIS_URL, p))]);
});

async function start(prefix: string, workerId?: string, renderThreads = 0): Promise<RunningWorker> {
  prefixes.push(prefix);
  return startWorker({
    db: tdb.db,
    queue: { kind: 'redis', url: REDIS_URL, prefix },
    smtpUrl: sink.url,
    mailFrom: MAIL_FROM,
    settings: testSettings({ queuePrefix: prefix, renderThreads, ...(workerId ? { workerId } : {}) }),
    log: quietLog,
  });
}

describe('worker', () => {
  it('runs a turn at its deadline and mails every nation its report with the PNG map', async () => {
    const worker = await start(uniquePrefix(), undefined, 1);
    try {
      const deadline = new Date(Date.now() + 2500);
      const { gameId, nations } = await seedGame(tdb.db, { nations: 3, unitsPerNation: 4, deadline, name: 'War of the Ring' });
      // As the API does when it creates a game: dispatch at the deadline. Scheduled, not run, before it.
      await worker.dispatcher.dispatch(gameId, 1, deadline);
      const job = await worker.queues.turns.getJob(adjudicateJobId(gameId, 1));
      expect(await job?.getState()).toBe('delayed');
      const turn = await waitFor('turn 1 done', async () => {
        const t = await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: 1 } } });
        return t.status === 'done' ? t : undefined;
      });
      expect(turn.adjudicatedAt!.getTime()).toBeGreaterThanOrEqual(deadline.getTime());
      const mails = await waitFor('3 report mails', async () => {
        const got = sink.received.filter((m) => m.parsed.subject?.includes('War of the Ring turn 1'));
        return got.length >= 3 ? got : undefined;
      });
      expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual(nations.map((n) => `${n}@players.example`).sort());
      for (const m of mails) {
        const nation = m.envelopeTo[0]!.split('@')[0]!;
        expect(m.parsed.subject).toBe(`[Arbiter] War of the Ring turn 1 report: Nation ${Number(nation.slice(1))}`);
        expect(m.parsed.messageId).toBe(`<report.${gameId}.${nation}.t1@arbiter.example>`);
        expect(m.parsed.text).toContain('turn 1');
        expect(m.parsed.html).toContain('<svg');
        expect(m.parsed.headers.get('auto-submitted')).toBe('auto-generated');
        expect(m.parsed.attachments).toHaveLength(1);
        const png = m.parsed.attachments[0]!;
        expect(png.filename).toBe('map-turn-1.png');
        expect(png.contentType).toBe('image/png');
        expect(png.content.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      }
      await waitFor('outbox rows sent', async () => (await tdb.db.prisma.outboxMail.count({ where: { gameId, status: 'sent' } })) === 3);
      // The next turn is scheduled too (by the deadline sweep, every second here: on a loaded machine it
      // may come after the mails).
      await waitFor('turn 2 job delayed', async () => (await (await worker.queues.turns.getJob(adjudicateJobId(gameId, 2)))?.getState()) === 'delayed');
    } finally {
      await worker.close();
    }
  });

  it('adjudicates exactly once under duplicate jobs and two workers', async () => {
    const prefix = uniquePrefix();
    const { gameId } = await seedGame(tdb.db, { nations: 4, unitsPerNation: 5, deadline: new Date(Date.now() + 1000) });
    const [a, b] = await Promise.all([start(prefix, 'worker-a'), start(prefix, 'worker-b')]);
    try {
      // Duplicates: the same id again (a no-op), plus jobs under other ids for the same turn.
      await a.dispatcher.dispatch(gameId, 1, new Date(Date.now() + 1000));
      await b.dispatcher.dispatch(gameId, 1, new Date(Date.now() + 1000));
      for (let i = 0; i < 4; i++) await a.queues.turns.add(ADJUDICATE_JOB, { gameId, turn: 1 }, { jobId: `dup-${gameId}-${i}`, delay: 1000 });
      await waitFor('turn 1 done', async () => (await tdb.db.prisma.turn.findUnique({ where: { gameId_number: { gameId, number: 1 } } }))?.status === 'done');
      await waitFor('all jobs finished', async () => {
        const counts = await a.queues.turns.getJobCounts('active', 'waiting', 'prioritized');
        return counts.active === 0 && counts.waiting === 0 && counts.prioritized === 0;
      });
      const p = tdb.db.prisma;
      expect(await p.auditEntry.count({ where: { gameId, action: 'turn.adjudicated' } })).toBe(1);
      expect(await p.turn.count({ where: { gameId } })).toBe(2);
      expect(await p.nationReport.count({ where: { gameId } })).toBe(4);
      expect(await p.outboxMail.count({ where: { gameId, kind: 'report' } })).toBe(4);
      await waitFor('4 mails of the game', async () => sink.received.filter((m) => m.parsed.messageId?.includes(`.${gameId}.`)).length >= 4);
      await new Promise((r) => setTimeout(r, 700));
      const ids = sink.received.filter((m) => m.parsed.messageId?.includes(`.${gameId}.`)).map((m) => m.parsed.messageId);
      expect(ids).toHaveLength(4);
      expect(new Set(ids).size).toBe(4);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('waits for an extended deadline instead of running at the old one', async () => {
    const prefix = uniquePrefix();
    const { gameId } = await seedGame(tdb.db, { nations: 2, unitsPerNation: 2, deadline: new Date(Date.now() + 60_000) });
    const worker = await start(prefix);
    try {
      // The GM extends the deadline, but the job fires at the old time (here: now).
      const later = new Date(Date.now() + 4000);
      await tdb.db.prisma.turn.update({ where: { gameId_number: { gameId, number: 1 } }, data: { deadline: later } });
      await worker.dispatcher.dispatch(gameId, 1);
      const processed = async () => (await worker.queues.turns.getJob(adjudicateJobId(gameId, 1)))?.processedOn;
      await waitFor('the job picked up', async () => (await processed()) !== undefined, 10_000);
      await waitFor('the job delayed to the new deadline', async () => (await (await worker.queues.turns.getJob(adjudicateJobId(gameId, 1)))?.getState()) === 'delayed', 10_000);
      expect((await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: 1 } } })).status).toBe('open');
      const t = await waitFor('turn 1 done', async () => {
        const row = await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: 1 } } });
        return row.status === 'done' ? row : undefined;
      });
      expect(t.adjudicatedAt!.getTime()).toBeGreaterThanOrEqual(later.getTime());
    } finally {
      await worker.close();
    }
  });
});
