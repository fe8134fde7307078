// The same worker wiring on BullMQ 6's PostgreSQL backend (REDIS_URL unset in `arbiter start`), against the
// real PostgreSQL: deadline -> BullMQ job (a row in the `bullmq` schema) -> turn -> outbox -> real SMTP.
import { createPostgresBackend } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { startSmtpSink } from '@arbiter/mail/testing';
import type { SmtpSink } from '@arbiter/mail/testing';
import { adjudicateJobId } from '@arbiter/turns';
import { seedGame } from '@arbiter/turns/testing';
import { OUTBOX_SCHEDULER_ID, startWorker, SWEEP_SCHEDULER_ID } from '../src/index.ts';
import type { PostgresWorkerQueueHome } from '../src/index.ts';
import { quietLog, testSettings, waitFor } from './helpers.ts';

const MAIL_FROM = 'Arbiter <arbiter@arbiter.example>';
let tdb: TestDatabase;
let sink: SmtpSink;

beforeAll(async () => {
  [tdb, sink] = await Promise.all([createTestDatabase({ poolMax: 20 }), startSmtpSink()]);
});
afterAll(async () => {
  // The queue's tables are in the test database's `bullmq_worker_test` schema: dropped with it.
  await Promise.all([tdb?.drop(), sink?.close()]);
});

function home(connectionString: string): PostgresWorkerQueueHome {
  return {
    kind: 'postgres',
    connection: { connectionString, schema: 'bullmq_worker_test', migrate: true, max: 4 },
    backend: createPostgresBackend,
    workerOptions: { drainDelay: 1 },
  };
}

describe('worker on PostgreSQL queues', () => {
  it('runs a turn at its deadline, mails the reports, schedules the next turn and keeps its job schedulers in PostgreSQL', async () => {
    const worker = await startWorker({
      db: tdb.db,
      queue: home(tdb.url),
      smtpUrl: sink.url,
      mailFrom: MAIL_FROM,
      settings: testSettings(),
      log: quietLog,
    });
    try {
      expect(worker.isRunning()).toBe(true);
      const schedulers = [...(await worker.queues.schedule.getJobSchedulers()), ...(await worker.queues.mail.getJobSchedulers())].map((s) => s.key);
      expect(schedulers.sort()).toEqual([OUTBOX_SCHEDULER_ID, SWEEP_SCHEDULER_ID].sort());

      const deadline = new Date(Date.now() + 2000);
      const { gameId, nations } = await seedGame(tdb.db, { nations: 2, unitsPerNation: 2, deadline, name: 'Postgres Queue War' });
      await worker.dispatcher.dispatch(gameId, 1, deadline);
      expect(await (await worker.queues.turns.getJob(adjudicateJobId(gameId, 1)))?.getState()).toBe('delayed');
      const turn = await waitFor('turn 1 done', async () => {
        const t = await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: 1 } } });
        return t.status === 'done' ? t : undefined;
      });
      expect(turn.adjudicatedAt!.getTime()).toBeGreaterThanOrEqual(deadline.getTime());
      const mails = await waitFor('2 report mails', async () => {
        const got = sink.received.filter((m) => m.parsed.subject?.includes('Postgres Queue War turn 1'));
        return got.length >= 2 ? got : undefined;
      });
      expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual(nations.map((n) => `${n}@players.example`).sort());
      await waitFor('outbox rows sent', async () => (await tdb.db.prisma.outboxMail.count({ where: { gameId, status: 'sent' } })) === 2);
      // The sweep (a job scheduler ticking on PostgreSQL) schedules the next turn: a delayed job there too.
      await waitFor('turn 2 scheduled', async () => (await (await worker.queues.turns.getJob(adjudicateJobId(gameId, 2)))?.getState()) === 'delayed', 10_000);
      // The jobs are rows in the configured schema, not in Redis.
      const rows = await tdb.db.pool.query<{ n: string }>("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'bullmq_worker_test'");
      expect(Number(rows.rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await worker.close();
    }
    expect(worker.isRunning()).toBe(false);
  });

  it('fails to start with the database error when the queue database does not exist', async () => {
    const missing = new URL(tdb.url);
    missing.pathname = `/${tdb.name}_missing`;
    await expect(
      startWorker({ db: tdb.db, queue: home(missing.toString()), smtpUrl: sink.url, mailFrom: MAIL_FROM, settings: testSettings(), log: quietLog }),
    ).rejects.toThrow(/does not exist/);
  });
});
