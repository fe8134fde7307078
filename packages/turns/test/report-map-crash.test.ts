// Issue 27: a report mail whose PNG map takes its drawing process down is a failed send, retried, then
// sent (or, out of attempts, given up), while the sender (this process) lives. The drawing process is
// really aborted (SIGABRT, as a resvg panic does) while it draws the map of a mail being sent; real
// PostgreSQL, a real SMTP server on loopback, the real resolver (reportMapResolver).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { createSmtpTransport, sendOutboxBatch } from '@arbiter/mail';
import { startSmtpSink, type SmtpSink } from '@arbiter/mail/testing';
import { mapPngPool } from '@arbiter/reports';
import { reportMapResolver, svgMapAttachment } from '../src/index.ts';

let tdb: TestDatabase;
let sink: SmtpSink;
beforeAll(async () => {
  [tdb, sink] = await Promise.all([createTestDatabase(), startSmtpSink()]);
  await tdb.db.prisma.game.create({
    data: {
      id: 'g1', name: 'Test', ruleset: 'mepbm', settings: {}, scenario: {}, timeZone: 'UTC', schedule: { kind: 'every', days: 1, time: '18:00' },
      nations: { create: [{ nationId: 'north', name: 'North', email: 'north@players.example', secretHash: 'a'.repeat(64) }] },
    },
  });
}, 60_000);
afterAll(async () => {
  await mapPngPool().close();
  await Promise.all([tdb?.drop(), sink?.close()]);
});

describe('a report map whose drawing process dies (issue 27)', () => {
  it('is a failed send, retried and then sent; the sender lives', async () => {
    // A map that takes a while to draw, so that its process can be aborted in the middle.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="6000"><rect width="6000" height="6000" fill="#4a7"/><text x="10" y="40">Minas Tirith</text></svg>`;
    const row = await tdb.db.prisma.outboxMail.create({
      data: {
        gameId: 'g1', nationId: 'north', kind: 'report', toAddresses: ['north@players.example'], subject: 'Turn 1', text: 'report', headers: {},
        attachments: [svgMapAttachment('map-turn-1.png', svg)], messageId: 'r1@arbiter.example',
      },
    });
    const transport = createSmtpTransport(sink.url);
    const options = { limit: 10, from: 'Arbiter <arbiter@arbiter.example>', retry: { baseDelayMs: 1, maxDelayMs: 1, maxAttempts: 3 }, resolveAttachment: reportMapResolver(tdb.db.prisma) };
    try {
      const [pid] = await mapPngPool().pids();
      const sending = sendOutboxBatch(tdb.db, transport, options);
      setTimeout(() => process.kill(pid as number, 'SIGABRT'), 300);
      expect(await sending).toMatchObject({ claimed: 1, deferred: 1 });
      const failed = await tdb.db.prisma.outboxMail.findUniqueOrThrow({ where: { id: row.id } });
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed.lastError).toMatch(/drawing process ended before the map was drawn.*SIGABRT/);
      await new Promise((r) => setTimeout(r, 20));
      expect(await sendOutboxBatch(tdb.db, transport, options)).toMatchObject({ claimed: 1, sent: 1 });
    } finally {
      transport.close();
    }
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.parsed.attachments[0]!.content.subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);
});
