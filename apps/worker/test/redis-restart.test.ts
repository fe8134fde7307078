// Redis restarts (empty: no persistence) while a turn is scheduled and while one is being written:
// nothing is lost, because PostgreSQL is the record and the worker rebuilds its jobs from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { startSmtpSink } from '@arbiter/mail/testing';
import type { SmtpSink } from '@arbiter/mail/testing';
import { adjudicateJobId } from '@arbiter/turns';
import { seedGame } from '@arbiter/turns/testing';
import { startWorker } from '../src/index.ts';
import type { RunningWorker } from '../src/index.ts';
import { privateRedis, quietLog, testSettings, waitFor } from './helpers.ts';
import type { PrivateRedis } from './helpers.ts';

const MAIL_FROM = 'Arbiter <arbiter@arbiter.example>';
let tdb: TestDatabase;
let sink: SmtpSink;
let redis: PrivateRedis;

beforeAll(async () => {
  [tdb, sink, redis] = await Promise.all([createTestDatabase({ poolMax: 12 }), startSmtpSink(), privateRedis()]);
});
afterAll(async () => {
  await Promise.all([tdb?.drop(), sink?.close(), redis?.stop()]);
});

const mailsOf = (gameId: string) => sink.received.filter((m) => m.parsed.messageId?.startsWith(`<report.${gameId}.`));

describe('Redis restart', () => {
  it('loses nothing when Redis restarts empty while a turn waits for its deadline and while one is being written', async () => {
    let restartDuringWrite: string | null = null;
    let worker: RunningWorker | null = null;
    try {
      worker = await startWorker({
        db: tdb.db,
        queue: { kind: 'redis', url: redis.url, prefix: 'arbiter' },
        smtpUrl: sink.url,
        mailFrom: MAIL_FROM,
        settings: testSettings({ sweepIntervalMs: 1000, mailIntervalMs: 500 }),
        log: quietLog,
        beforeCommit: async ({ gameId }) => {
          if (gameId !== restartDuringWrite) return;
          restartDuringWrite = null;
          // Inside the turn's write transaction: Redis dies and comes back empty.
          await redis.stop();
          await new Promise((r) => setTimeout(r, 500));
          await redis.start();
        },
      });
      const w = worker;

      // 1. A turn scheduled for later; Redis loses its delayed job.
      const deadline = new Date(Date.now() + 4000);
      const g1 = await seedGame(tdb.db, { nations: 3, unitsPerNation: 3, deadline });
      await w.dispatcher.dispatch(g1.gameId, 1, deadline);
      expect(await (await w.queues.turns.getJob(adjudicateJobId(g1.gameId, 1)))?.getState()).toBe('delayed');
      await redis.stop();
      await new Promise((r) => setTimeout(r, 500));
      await redis.start();
      // The sweep scheduler comes back with the connection and re-creates the delayed job from PostgreSQL.
      await waitFor('the delayed job re-created', async () => (await (await w.queues.turns.getJob(adjudicateJobId(g1.gameId, 1)))?.getState()) === 'delayed', 15_000);
      const t1 = await waitFor('g1 turn 1 done', async () => {
        const t = await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: g1.gameId, number: 1 } } });
        return t.status === 'done' ? t : undefined;
      }, 30_000);
      expect(t1.adjudicatedAt!.getTime()).toBeGreaterThanOrEqual(deadline.getTime());
      await waitFor('g1 mails', async () => mailsOf(g1.gameId).length >= 3, 30_000);

      // 2. Redis dies in the middle of writing a turn.
      const g2 = await seedGame(tdb.db, { nations: 3, unitsPerNation: 3, deadline: new Date(Date.now() - 1000) });
      restartDuringWrite = g2.gameId;
      await w.dispatcher.dispatch(g2.gameId, 1);
      await waitFor('g2 turn 1 done', async () => (await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: g2.gameId, number: 1 } } })).status === 'done', 30_000);
      expect(restartDuringWrite).toBeNull();
      await waitFor('g2 mails', async () => mailsOf(g2.gameId).length >= 3, 30_000);
      // The next turns are scheduled again in the new Redis, and the job schedulers are back.
      await waitFor('turn 2 jobs scheduled', async () => {
        const states = await Promise.all([g1, g2].map(async (g) => (await w.queues.turns.getJob(adjudicateJobId(g.gameId, 2)))?.getState()));
        return states.every((s) => s === 'delayed');
      }, 15_000);
      const schedulers = [...(await w.queues.schedule.getJobSchedulers()), ...(await w.queues.mail.getJobSchedulers())].map((s) => s.key);
      expect(schedulers.sort()).toEqual(['deadline-sweep', 'outbox-poll']);

      await new Promise((r) => setTimeout(r, 1000));
      for (const g of [g1, g2]) {
        expect(await tdb.db.prisma.auditEntry.count({ where: { gameId: g.gameId, action: 'turn.adjudicated' } })).toBe(1);
        const ids = mailsOf(g.gameId).map((m) => m.parsed.messageId);
        expect(ids).toHaveLength(3);
        expect(new Set(ids).size).toBe(3);
      }
    } finally {
      await worker?.close();
    }
  }, 180_000);
});
