// A turn's report mails refer to the nation's stored report (issue 30), against the real PostgreSQL and a
// real SMTP server: the rows hold markers, not a second copy, and the mail sent carries the stored report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { createSmtpTransport, reportBodyRef, sendOutboxBatch } from '@arbiter/mail';
import { startSmtpSink, type SmtpSink } from '@arbiter/mail/testing';
import { reportMapResolver, runTurn } from '../src/index.ts';
import { seedGame } from '../src/testing.ts';
import { config, minutesAgo } from './helpers.ts';

let tdb: TestDatabase;
let sink: SmtpSink;
beforeAll(async () => {
  [tdb, sink] = await Promise.all([createTestDatabase(), startSmtpSink()]);
});
afterAll(async () => {
  await Promise.all([tdb?.drop(), sink?.close()]);
});

describe("a turn's report mails", () => {
  it('store a reference to the report instead of its text and HTML, and are sent with the report as stored', async () => {
    const { gameId } = await seedGame(tdb.db, { nations: 3, unitsPerNation: 4, deadline: minutesAgo(1) });
    await tdb.db.prisma.nation.update({ where: { gameId_nationId: { gameId, nationId: 'n2' } }, data: { reportDelivery: 'text' } });
    expect(await runTurn(tdb.db, { gameId, turn: 1, workerId: 'test' }, config())).toMatchObject({ kind: 'done', mails: 3 });
    const rows = await tdb.db.prisma.outboxMail.findMany({ where: { gameId, kind: 'report' }, orderBy: { nationId: 'asc' }, select: { nationId: true, text: true, html: true } });
    expect(rows).toEqual([
      { nationId: 'n1', text: reportBodyRef(1, 'text'), html: reportBodyRef(1, 'html') },
      { nationId: 'n2', text: reportBodyRef(1, 'text'), html: null },
      { nationId: 'n3', text: reportBodyRef(1, 'text'), html: reportBodyRef(1, 'html') },
    ]);

    const transport = createSmtpTransport(sink.url);
    try {
      const sent = await sendOutboxBatch(tdb.db, transport, { limit: 10, from: 'Arbiter <arbiter@arbiter.example>', resolveAttachment: reportMapResolver(tdb.db.prisma) });
      expect(sent).toMatchObject({ claimed: 3, sent: 3, failed: 0 });
    } finally {
      transport.close();
    }
    const reports = await tdb.db.prisma.nationReport.findMany({ where: { gameId }, orderBy: { nationId: 'asc' }, select: { nationId: true, text: true, html: true } });
    for (const r of reports) {
      const mail = sink.received.find((m) => m.envelopeTo.includes(`${r.nationId}@players.example`));
      expect(mail?.parsed.text).toBe(r.text);
      expect(mail?.parsed.html).toBe(r.nationId === 'n2' ? false : r.html);
      expect(mail?.parsed.attachments.map((a) => a.filename)).toEqual(r.nationId === 'n2' ? [] : ['map-turn-1.png']);
    }
  });
});
