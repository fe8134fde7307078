// The outbox sender against the real PostgreSQL and a real SMTP server on loopback.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { createSmtpTransport, SECRET_PLACEHOLDER, sendOutboxBatch } from '../src/index.ts';
import { createOutboxGame } from './outbox-game.ts';
import { startSmtpSink } from '../src/testing.ts';
import type { SmtpSink } from '../src/testing.ts';

const FROM = 'Arbiter <arbiter@arbiter.example>';
let tdb: TestDatabase;
let sink: SmtpSink;

beforeAll(async () => {
  [tdb, sink] = await Promise.all([createTestDatabase(), startSmtpSink()]);
  await createOutboxGame(tdb.db);
});

afterAll(async () => {
  await Promise.all([tdb?.drop(), sink?.close()]);
});

beforeEach(async () => {
  await tdb.db.prisma.outboxMail.deleteMany({});
  sink.received.length = 0;
  sink.refuse.clear();
});

let n = 0;
function mail(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    gameId: 'g1', nationId: 'north', kind: 'report' as const, toAddresses: ['north@players.example'],
    subject: `Turn ${n} report`, text: `report ${n}`, html: `<p>report ${n}</p>`,
    attachments: [{ filename: 'map.png', contentType: 'image/png', content: Buffer.from('PNGDATA').toString('base64') }],
    messageId: `report.g1.north.t${n}@arbiter.example`,
    headers: { 'List-Unsubscribe': '<mailto:unsubscribe@arbiter.example?subject=g1-north>' },
    ...overrides,
  };
}

describe('sendOutboxBatch', () => {
  it('sends due mail once, marks it sent, and leaves superseded and future mail alone', async () => {
    const due = await tdb.db.prisma.outboxMail.create({ data: mail() });
    await tdb.db.prisma.outboxMail.create({ data: mail({ status: 'superseded' }) });
    await tdb.db.prisma.outboxMail.create({ data: mail({ nextAttemptAt: new Date(Date.now() + 3_600_000) }) });
    const transport = createSmtpTransport(sink.url);
    try {
      expect(await sendOutboxBatch(tdb.db, transport, { limit: 10, from: FROM })).toEqual({ claimed: 1, sent: 1, refused: 0, deferred: 0, failed: 0 });
      expect(await sendOutboxBatch(tdb.db, transport, { limit: 10, from: FROM })).toMatchObject({ claimed: 0 });
    } finally {
      transport.close();
    }
    expect(sink.received).toHaveLength(1);
    const got = sink.received[0]!;
    expect(got.envelopeTo).toEqual(['north@players.example']);
    expect(got.parsed.subject).toBe(due.subject);
    expect(got.parsed.text?.trim()).toBe(due.text);
    expect(got.parsed.html).toContain(`<p>${due.text}</p>`);
    expect(got.parsed.messageId).toBe(`<${due.messageId}>`);
    expect(got.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(got.raw.toString('latin1')).toMatch(/^List-Unsubscribe: <mailto:unsubscribe@arbiter\.example\?subject=g1-north>\r?$/m);
    expect(got.parsed.attachments[0]!.content.toString()).toBe('PNGDATA');
    const row = await tdb.db.prisma.outboxMail.findUniqueOrThrow({ where: { id: due.id } });
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(row.sentAt).not.toBeNull();
  });

  it('records a permanent refusal on the nation and does not retry it', async () => {
    sink.refuse.set('north@players.example', 550);
    const m = await tdb.db.prisma.outboxMail.create({ data: mail() });
    const transport = createSmtpTransport(sink.url);
    try {
      expect(await sendOutboxBatch(tdb.db, transport, { limit: 10, from: FROM })).toMatchObject({ claimed: 1, refused: 1 });
    } finally {
      transport.close();
    }
    const row = await tdb.db.prisma.outboxMail.findUniqueOrThrow({ where: { id: m.id } });
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/550 5\.1\.1 <north@players\.example>: mailbox unavailable/);
    const nation = await tdb.db.prisma.nation.findUniqueOrThrow({ where: { gameId_nationId: { gameId: 'g1', nationId: 'north' } } });
    expect(nation.lastBounceAt).not.toBeNull();
    expect(nation.lastBounceReason).toMatch(/550/);
    expect(sink.received).toHaveLength(0);
  });

  it('defers a temporary refusal with backoff, then delivers it', async () => {
    sink.refuse.set('north@players.example', 451);
    const m = await tdb.db.prisma.outboxMail.create({ data: mail() });
    const transport = createSmtpTransport(sink.url);
    try {
      expect(await sendOutboxBatch(tdb.db, transport, { limit: 10, from: FROM })).toMatchObject({ deferred: 1 });
      let row = await tdb.db.prisma.outboxMail.findUniqueOrThrow({ where: { id: m.id } });
      expect(row.status).toBe('pending');
      expect(row.lastError).toMatch(/451/);
      const delay = row.nextAttemptAt.getTime() - Date.now();
      expect(delay).toBeGreaterThan(20_000);
      expect(delay).toBeLessThanOrEqual(30_000);
      // Not due yet: nothing happens.
      expect(await sendOutboxBatch(tdb.db, transport, { limit: 10, from: FROM })).toMatchObject({ claimed: 0 });
      sink.refuse.clear();
      await tdb.db.prisma.outboxMail.update({ where: { id: m.id }, data: { nextAttemptAt: new Date(Date.now() - 1) } });
      expect(await sendOutboxBatch(tdb.db, transport, { limit: 10, from: FROM })).toMatchObject({ sent: 1 });
      row = await tdb.db.prisma.outboxMail.findUniqueOrThrow({ where: { id: m.id } });
      expect(row.status).toBe('sent');
      expect(row.attempts).toBe(2);
    } finally {
      transport.close();
    }
    expect(sink.received).toHaveLength(1);
  });

  it('keeps mail pending while the SMTP server is unreachable and gives up after the last attempt', async () => {
    const m = await tdb.db.prisma.outboxMail.create({ data: mail() });
    const dead = createSmtpTransport('smtp://127.0.0.1:1');
    try {
      const policy = { baseDelayMs: 1, maxDelayMs: 1, maxAttempts: 2 };
      expect(await sendOutboxBatch(tdb.db, dead, { limit: 10, from: FROM, retry: policy })).toMatchObject({ deferred: 1 });
      await new Promise((r) => setTimeout(r, 20));
      expect(await sendOutboxBatch(tdb.db, dead, { limit: 10, from: FROM, retry: policy })).toMatchObject({ failed: 1 });
    } finally {
      dead.close();
    }
    const row = await tdb.db.prisma.outboxMail.findUniqueOrThrow({ where: { id: m.id } });
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/^gave up after 2 attempts: E\w+: .*ECONNREFUSED/);
  });

  it('resends a mail whose sender died mid-send (lease expired) with the same Message-ID', async () => {
    const m = await tdb.db.prisma.outboxMail.create({ data: mail({ status: 'sending', attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) }) });
    const transport = createSmtpTransport(sink.url);
    try {
      expect(await sendOutboxBatch(tdb.db, transport, { limit: 10, from: FROM })).toMatchObject({ sent: 1 });
    } finally {
      transport.close();
    }
    expect(sink.received[0]!.parsed.messageId).toBe(`<${m.messageId}>`);
  });

  it('marks a malformed row failed with the reason instead of sending it', async () => {
    const m = await tdb.db.prisma.outboxMail.create({ data: mail({ attachments: [{ filename: 'x.png' }] }) });
    const transport = createSmtpTransport(sink.url);
    try {
      expect(await sendOutboxBatch(tdb.db, transport, { limit: 10, from: FROM })).toMatchObject({ failed: 1 });
    } finally {
      transport.close();
    }
    const row = await tdb.db.prisma.outboxMail.findUniqueOrThrow({ where: { id: m.id } });
    expect(row.lastError).toBe('malformed outbox row: attachments[0] must be { filename, contentType, content (base64) } or { filename, contentType, source }');
  });

  it('sends every mail exactly once when several senders run at the same time', async () => {
    await tdb.db.prisma.outboxMail.createMany({ data: Array.from({ length: 30 }, () => mail()) });
    const transports = [createSmtpTransport(sink.url), createSmtpTransport(sink.url), createSmtpTransport(sink.url)];
    try {
      const results = await Promise.all(transports.flatMap((t) => [
        sendOutboxBatch(tdb.db, t, { limit: 7, from: FROM }),
        sendOutboxBatch(tdb.db, t, { limit: 7, from: FROM }),
      ]));
      const rest = await sendOutboxBatch(tdb.db, transports[0]!, { limit: 100, from: FROM });
      expect(results.reduce((s, r) => s + r.sent, 0) + rest.sent).toBe(30);
    } finally {
      for (const t of transports) t.close();
    }
    const ids = sink.received.map((r) => r.parsed.messageId);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(await tdb.db.prisma.outboxMail.count({ where: { status: 'sent' } })).toBe(30);
  }, 60_000); // 30 mails over six concurrent senders: past vitest's 5 s default on a busy machine

  it('resolves attachments stored by reference at sending time, and fails clearly without a resolver', async () => {
    const ref = { filename: 'map-turn-2.png', contentType: 'image/png', source: { kind: 'nation-report-map', turn: 2 } };
    const a = await tdb.db.prisma.outboxMail.create({ data: mail({ attachments: [ref] }) });
    const transport = createSmtpTransport(sink.url);
    const seen: unknown[] = [];
    try {
      expect(await sendOutboxBatch(tdb.db, transport, {
        limit: 10, from: FROM,
        resolveAttachment: async (r) => { seen.push(r); return Buffer.from(`png of ${r.nationId}`); },
      })).toMatchObject({ sent: 1 });
      const b = await tdb.db.prisma.outboxMail.create({ data: mail({ attachments: [ref] }) });
      expect(await sendOutboxBatch(tdb.db, transport, { limit: 10, from: FROM })).toMatchObject({ failed: 1 });
      expect((await tdb.db.prisma.outboxMail.findUniqueOrThrow({ where: { id: b.id } })).lastError).toBe('an attachment is stored by reference and this sender has no attachment resolver');
      const c = await tdb.db.prisma.outboxMail.create({ data: mail({ attachments: [ref] }) });
      expect(await sendOutboxBatch(tdb.db, transport, {
        limit: 10, from: FROM, resolveAttachment: async () => { throw new Error('report not found'); },
      })).toMatchObject({ deferred: 1 });
      expect((await tdb.db.prisma.outboxMail.findUniqueOrThrow({ where: { id: c.id } })).lastError).toBe('report not found');
    } finally {
      transport.close();
    }
    expect(seen).toEqual([{ gameId: 'g1', nationId: 'north', filename: 'map-turn-2.png', source: { kind: 'nation-report-map', turn: 2 } }]);
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.parsed.messageId).toBe(`<${a.messageId}>`);
    expect(sink.received[0]!.parsed.attachments[0]!.content.toString()).toBe('png of north');
  });

  it("puts a welcome's secret into the mail it sends and clears it from the row once sent or refused; a row without one is sent as written", async () => {
    const welcome = (secret: string | null, to: string) =>
      mail({ kind: 'welcome', toAddresses: [to], attachments: [], secret, text: `secret: ${SECRET_PLACEHOLDER}\n`, html: `<pre>secret: ${SECRET_PLACEHOLDER}</pre>` });
    sink.refuse.set('gone@players.example', 550);
    const sent = await tdb.db.prisma.outboxMail.create({ data: welcome('s3cr3t-sent', 'north@players.example') });
    const refused = await tdb.db.prisma.outboxMail.create({ data: welcome('s3cr3t-refused', 'gone@players.example') });
    const plain = await tdb.db.prisma.outboxMail.create({ data: welcome(null, 'north@players.example') });
    const transport = createSmtpTransport(sink.url);
    try {
      expect(await sendOutboxBatch(tdb.db, transport, { limit: 10, from: FROM })).toMatchObject({ claimed: 3, sent: 2, refused: 1 });
    } finally {
      transport.close();
    }
    const byId = async (id: string) => tdb.db.prisma.outboxMail.findUniqueOrThrow({ where: { id }, select: { status: true, secret: true, text: true } });
    expect(await byId(sent.id)).toEqual({ status: 'sent', secret: null, text: `secret: ${SECRET_PLACEHOLDER}\n` });
    expect(await byId(refused.id)).toEqual({ status: 'failed', secret: null, text: `secret: ${SECRET_PLACEHOLDER}\n` });
    expect((await byId(plain.id)).status).toBe('sent');
    const texts = sink.received.map((m) => m.parsed.text?.trim()).sort();
    expect(texts).toEqual(['secret: s3cr3t-sent', `secret: ${SECRET_PLACEHOLDER}`]);
    expect(sink.received.find((m) => m.parsed.text?.includes('s3cr3t-sent'))?.parsed.html).toBe('<pre>secret: s3cr3t-sent</pre>');
  });

  it('rejects a nonsensical limit', async () => {
    const transport = createSmtpTransport(sink.url);
    try {
      await expect(sendOutboxBatch(tdb.db, transport, { limit: 0, from: FROM })).rejects.toThrow('limit must be a positive integer, got 0');
    } finally {
      transport.close();
    }
  });
});
