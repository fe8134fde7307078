// Issue 27: a row that takes its sender down every time (before, a report whose map made resvg abort the
// process) is given up after maxAttempts although no failed send was ever recorded, and a welcome claimed
// in the same batch has its secret cleared with it. Each sender run is a child process (test/isolated.ts)
// that really aborts; against the real PostgreSQL and a real SMTP server on loopback.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { SECRET_PLACEHOLDER } from '../src/index.ts';
import { createOutboxGame } from './outbox-game.ts';
import { startSmtpSink, type SmtpSink } from '../src/testing.ts';
import { runIsolated } from '../../../test/isolated.ts';

const child = fileURLToPath(new URL('./crashing-sender.ts', import.meta.url));
const MAX_ATTEMPTS = 3;
let tdb: TestDatabase;
let sink: SmtpSink;

beforeAll(async () => {
  [tdb, sink] = await Promise.all([createTestDatabase(), startSmtpSink()]);
  await createOutboxGame(tdb.db);
}, 60_000);

afterAll(async () => {
  await Promise.all([tdb?.drop(), sink?.close()]);
});

const runSender = () => runIsolated<Record<string, number>>(child, { databaseUrl: tdb.url, smtpUrl: sink.url, maxAttempts: MAX_ATTEMPTS }, { timeoutMs: 60_000 });

describe('the outbox when its sender dies during a send (issue 27)', () => {
  it('counts the attempts of abandoned rows at claim time, gives them up after the last, and clears a welcome’s secret', async () => {
    const base = { gameId: 'g1', nationId: 'north', toAddresses: ['north@players.example'], headers: {} };
    const report = await tdb.db.prisma.outboxMail.create({
      data: { ...base, kind: 'report', subject: 'Turn 1', text: 'report', attachments: [{ filename: 'map.png', contentType: 'image/png', source: { poison: true } }], messageId: 'r1@arbiter.example', nextAttemptAt: new Date(Date.now() - 2000) },
    });
    const welcome = await tdb.db.prisma.outboxMail.create({
      data: { ...base, kind: 'welcome', subject: 'Welcome', text: `your secret: ${SECRET_PLACEHOLDER}`, attachments: [], messageId: 'w1@arbiter.example', secret: 'the-nation-secret', nextAttemptAt: new Date(Date.now() - 1000) },
    });
    const rows = () => tdb.db.prisma.outboxMail.findMany({ where: { id: { in: [report.id, welcome.id] } }, orderBy: { subject: 'asc' } });
    for (let run = 1; run <= MAX_ATTEMPTS; run++) {
      const r = await runSender();
      expect(r.signal, `run ${run}: ${r.stderr}`).toBe('SIGABRT');
      await new Promise((resolve) => setTimeout(resolve, 20)); // the 1 ms lease runs out
    }
    expect((await rows()).map((m) => [m.status, m.attempts, m.secret])).toEqual([
      ['sending', MAX_ATTEMPTS, null],
      ['sending', MAX_ATTEMPTS, 'the-nation-secret'],
    ]);
    const last = await runSender();
    expect(last, last.stderr).toMatchObject({ signal: null, code: 0 });
    expect(last.answer).toEqual({ claimed: 2, sent: 0, refused: 0, deferred: 0, failed: 2 });
    for (const m of await rows()) {
      expect(m).toMatchObject({ status: 'failed', secret: null, attempts: MAX_ATTEMPTS });
      expect(m.lastError).toMatch(/^gave up after 3 attempts: the sender stopped during each one before its outcome was recorded/);
    }
    expect(sink.received).toEqual([]);
  }, 180_000);
});
