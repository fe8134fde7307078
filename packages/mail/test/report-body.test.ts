// Report mails stored by reference to the nation's report (report-body.ts), against the real PostgreSQL
// and a real SMTP server on loopback: the mail sent is the one an inline row gives.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { createSmtpTransport, parseReportBodyRef, reportBodyRef, resolveReportBodies, sendOutboxBatch } from '../src/index.ts';
import { createOutboxGame } from './outbox-game.ts';
import { startSmtpSink } from '../src/testing.ts';
import type { SmtpSink } from '../src/testing.ts';

const FROM = 'Arbiter <arbiter@arbiter.example>';
// A report's text and HTML with what a mail body must keep exactly: non-ASCII, `$` patterns, long lines.
const TEXT = 'Turn 1 report for North\n\nAragorn — 850 heavy cavalry, $& and $1 kept as written\n'.repeat(40);
const HTML = `<html><body><h1>Turn 1 — North</h1><svg xmlns="http://www.w3.org/2000/svg"><text>$'</text></svg>${'<p>line</p>'.repeat(200)}</body></html>`;
let tdb: TestDatabase;
let sink: SmtpSink;

beforeAll(async () => {
  [tdb, sink] = await Promise.all([createTestDatabase(), startSmtpSink()]);
  await createOutboxGame(tdb.db);
  await tdb.db.prisma.turn.create({ data: { gameId: 'g1', number: 1, status: 'done', deadline: new Date(), state: {} } });
  await tdb.db.prisma.nationReport.create({ data: { gameId: 'g1', turnNumber: 1, nationId: 'north', view: {}, text: TEXT, html: HTML, svg: '<svg/>' } });
});

afterAll(async () => {
  await Promise.all([tdb?.drop(), sink?.close()]);
});

beforeEach(async () => {
  await tdb.db.prisma.outboxMail.deleteMany({});
  sink.received.length = 0;
});

function row(id: string, text: string, html: string | null) {
  return { gameId: 'g1', nationId: 'north', kind: 'report' as const, toAddresses: ['north@players.example'], subject: `report ${id}`, text, html, messageId: `${id}@arbiter.example` };
}

async function sendAll(): Promise<void> {
  const transport = createSmtpTransport(sink.url);
  try {
    await sendOutboxBatch(tdb.db, transport, { limit: 10, from: FROM });
  } finally {
    transport.close();
  }
}

describe('report mails stored by reference', () => {
  it('spells a reference as one marker per part and reads only whole markers', () => {
    expect(reportBodyRef(12, 'text')).toBe('{{arbiter-nation-report:turn=12:text}}');
    expect(parseReportBodyRef(reportBodyRef(12, 'html'))).toEqual({ turn: 12, part: 'html' });
    expect(parseReportBodyRef(`see ${reportBodyRef(12, 'text')}`)).toBeNull();
    expect(parseReportBodyRef(`${reportBodyRef(12, 'text')}\n`)).toBeNull();
    expect(parseReportBodyRef(null)).toBeNull();
    expect(() => reportBodyRef(-1, 'text')).toThrow(RangeError);
  });

  it('sends the report as its text and HTML, byte for byte what the same row with the report inline sends', async () => {
    await tdb.db.prisma.outboxMail.create({ data: row('inline', TEXT, HTML) });
    await tdb.db.prisma.outboxMail.create({ data: row('byref', reportBodyRef(1, 'text'), reportBodyRef(1, 'html')) });
    // A copy of the row (the mail intake's resend-report copies text and HTML): resolved the same way.
    await tdb.db.prisma.outboxMail.create({ data: row('resent', reportBodyRef(1, 'text'), reportBodyRef(1, 'html')) });
    // Plain text only (a player who asked for no HTML): no HTML part at all.
    await tdb.db.prisma.outboxMail.create({ data: row('plain', reportBodyRef(1, 'text'), null) });
    await sendAll();
    const bySubject = new Map(sink.received.map((m) => [m.parsed.subject, m]));
    expect([...bySubject.keys()].sort()).toEqual(['report byref', 'report inline', 'report plain', 'report resent']);
    const inline = bySubject.get('report inline')!;
    for (const s of ['report byref', 'report resent']) {
      const m = bySubject.get(s)!;
      expect(m.parsed.text).toBe(inline.parsed.text);
      expect(m.parsed.html).toBe(inline.parsed.html);
      // The MIME body parts themselves, not only their decoded text.
      const body = (raw: Buffer) => raw.toString('latin1').split(/\r\n\r\n/).slice(1).join('\r\n\r\n').replace(/--_[^\r\n]*/g, '--');
      expect(body(m.raw)).toBe(body(inline.raw));
    }
    expect(bySubject.get('report inline')!.parsed.html).toBe(HTML);
    expect(bySubject.get('report plain')!.parsed.text).toBe(inline.parsed.text);
    expect(bySubject.get('report plain')!.parsed.html).toBe(false);
  });

  it('fails a mail whose report is not stored, with the reason, and sends the others', async () => {
    const gone = await tdb.db.prisma.outboxMail.create({ data: row('gone', reportBodyRef(7, 'text'), reportBodyRef(7, 'html')) });
    await tdb.db.prisma.outboxMail.create({ data: row('fine', reportBodyRef(1, 'text'), null) });
    await sendAll();
    expect(sink.received.map((m) => m.parsed.subject)).toEqual(['report fine']);
    const stored = await tdb.db.prisma.outboxMail.findUniqueOrThrow({ where: { id: gone.id }, select: { status: true, lastError: true } });
    expect(stored).toEqual({ status: 'failed', lastError: 'the report this mail carries is gone: its text is the report of turn 7 for north in game g1, which is not stored' });
  });

  it('leaves rows stored inline as they are, without reading any report', async () => {
    const rows = [{ gameId: null, nationId: null, text: 'a receipt', html: null }, { gameId: 'g1', nationId: 'north', text: TEXT, html: HTML }];
    expect(await resolveReportBodies({ pool: null as never }, rows)).toEqual([
      { kind: 'body', text: 'a receipt', html: null },
      { kind: 'body', text: TEXT, html: HTML },
    ]);
  });
});
