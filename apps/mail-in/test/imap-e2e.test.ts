// The IMAP way in, end to end: order mails appended to a mailbox of the loopback IMAP server
// (helpers/imap-server.ts) are fetched by the poller, processed by the same pipeline as SMTP mail, and
// moved to Processed; the standing orders are in PostgreSQL and the receipts are queued. A restarted
// poller redoes nothing.
import { ImapFlow } from 'imapflow';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImapPoller } from '../src/imap.ts';
import { MailPipeline } from '../src/pipeline.ts';
import { NOTE_HEADER, REDACTED_SECRET } from '../src/redact.ts';
import { startImapServer, type ImapServer } from './helpers/imap-server.ts';
import { createTestGame, type TestGame } from './helpers/game.ts';

const logger = pino({ level: 'silent' });
let imap: ImapServer;
let t: TestGame;

beforeAll(async () => {
  [imap, t] = await Promise.all([startImapServer(), createTestGame()]);
}, 30_000);
afterAll(async () => {
  await imap?.stop();
  await t?.database.drop();
});

function poller(): ImapPoller {
  return new ImapPoller({
    host: imap.host,
    port: imap.port,
    secure: false,
    user: imap.user,
    password: imap.password,
    maxMessageBytes: 1024 * 1024,
    processor: new MailPipeline({ db: t.database.db, mailFrom: 'Arbiter <orders@arbiter.test>', logger }),
    logger,
  });
}

describe('orders by IMAP', () => {
  it('fetches, processes and moves order mail; a redelivered copy and a restart change nothing', async () => {
    const c = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user: imap.user, pass: imap.password }, logger: false });
    await c.connect();
    const mail = (id: string, unit: string) =>
      `Return-Path: <north-player@home.test>\r\nFrom: North <north-player@home.test>\r\nTo: orders@arbiter.test\r\nSubject: orders\r\nMessage-ID: <${id}>\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\ngame: ${t.game.gameId}\r\nsecret: ${t.secret('north')}\r\n${unit}\r\n`;
    await c.append('INBOX', mail('imap-1@home.test', 'aragorn, 850, no, e, h'));
    await c.append('INBOX', mail('imap-2@home.test', 'frodo, 810, 0304'));
    await c.append('INBOX', mail('imap-1@home.test', 'aragorn, 850, no, e, h')); // the same mail delivered twice

    const p = poller();
    const r = await p.pollOnce();
    await p.stop();
    expect(r).toMatchObject({ found: 3, handled: 3, stoppedBy: null });
    expect(r.outcomes).toEqual(['accepted', 'accepted', 'duplicate']);

    const standing = await t.database.db.prisma.standingOrder.findMany({ where: { gameId: t.game.gameId, nationId: 'north' }, orderBy: { unitId: 'asc' } });
    expect(standing.map((s) => s.unitId)).toEqual(['aragorn', 'frodo']);
    expect(await t.database.db.prisma.submission.count({ where: { gameId: t.game.gameId } })).toBe(2);
    // The raw message as the mailbox held it, byte for byte but the secret's value (redact.ts).
    const first = await t.database.db.prisma.inboundMail.findUniqueOrThrow({ where: { messageId: '<imap-1@home.test>' } });
    expect(Buffer.from(first.raw ?? []).toString('latin1')).toBe(NOTE_HEADER + mail('imap-1@home.test', 'aragorn, 850, no, e, h').replace(t.secret('north'), REDACTED_SECRET));
    const receipts = await t.database.db.prisma.outboxMail.findMany({ where: { kind: 'receipt' } });
    expect(receipts.map((m) => m.toAddresses[0]).sort()).toEqual(['north-player@home.test', 'north-player@home.test', 'north@players.test', 'north@players.test']);

    const inbox = await c.status('INBOX', { messages: true });
    const processed = await c.status('Processed', { messages: true });
    await c.logout();
    expect(inbox !== false && inbox.messages).toBe(0);
    expect(processed !== false && processed.messages).toBe(3);

    const again = poller();
    expect((await again.pollOnce()).found).toBe(0);
    await again.stop();
    expect(await t.database.db.prisma.submission.count({ where: { gameId: t.game.gameId } })).toBe(2);
  });
});
