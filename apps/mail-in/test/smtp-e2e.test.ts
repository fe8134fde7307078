// End to end over real protocols on loopback: a mail client (nodemailer) submits orders to the SMTP
// intake, the standing orders land in PostgreSQL, the outbox sender (@arbiter/mail) delivers the
// receipt to a test SMTP server. Also the refusals, robots, duplicates and bad mail.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { submitOrders } from '@arbiter/intake';
import { createSmtpTransport, sendOutboxBatch } from '@arbiter/mail';
import { startSmtpSink, type SmtpSink } from '@arbiter/mail/testing';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailPipeline } from '../src/pipeline.ts';
import { NOTE_HEADER, REDACTED_SECRET } from '../src/redact.ts';
import { startSmtpIntake, type SmtpIntake } from '../src/smtp.ts';
import { addGame, createTestGame, testGameOf, type TestGame } from './helpers/game.ts';

const logger = pino({ level: 'silent' });
const MAIL_FROM = 'Arbiter <orders@arbiter.test>';
let t: TestGame;
let intake: SmtpIntake;
let sink: SmtpSink;

function client(opts: Record<string, unknown> = {}) {
  return nodemailer.createTransport({ host: '127.0.0.1', port: intake.port, secure: false, ignoreTLS: true, ...opts });
}

async function deliverOutbox(): Promise<void> {
  const transport = createSmtpTransport(sink.url);
  try {
    for (;;) {
      const r = await sendOutboxBatch(t.database.db, transport, { limit: 50, from: MAIL_FROM });
      if (r.claimed === 0) break;
    }
  } finally {
    transport.close();
  }
}

const prisma = () => t.database.db.prisma;

beforeAll(async () => {
  t = await createTestGame();
  sink = await startSmtpSink();
  intake = await startSmtpIntake({
    host: '127.0.0.1',
    port: 0,
    acceptedDomains: ['arbiter.test'],
    maxMessageBytes: 2 * 1024 * 1024,
    processor: new MailPipeline({ db: t.database.db, mailFrom: MAIL_FROM, logger }),
    logger,
  });
}, 30_000);

// Each test plays its own game (so it passes alone and in any order), and starts with an empty sink.
beforeEach(async () => {
  await deliverOutbox();
  sink.received.length = 0;
  t = testGameOf(t.database, await addGame(t.database.db));
});

afterAll(async () => {
  await intake?.close();
  await sink?.close();
  await t?.database.drop();
});

describe('orders by SMTP', () => {
  it('stores the standing orders and delivers a receipt to the sender and the registered address', async () => {
    const info = await client().sendMail({
      from: 'Player North <player@home.test>',
      to: 'orders@arbiter.test',
      subject: 'my orders',
      messageId: '<e2e-1@home.test>',
      text: `Hello GM,\n\ngame: ${t.game.gameId}\nsecret: ${t.secret('north')}\n\naragorn, 850, no, e, e, h\nfrodo, 810, 0304\n\n-- \nNorth\n`,
    });
    expect(info.response).toMatch(/^250 /);

    const standing = await prisma().standingOrder.findMany({ where: { gameId: t.game.gameId, nationId: 'north' }, orderBy: { unitId: 'asc' } });
    expect(standing.map((s) => s.unitId)).toEqual(['aragorn', 'frodo']);
    const submission = await prisma().submission.findFirstOrThrow({ where: { messageId: '<e2e-1@home.test>' } });
    expect(submission.source).toBe('email');
    expect(submission.rawText).toBe('aragorn, 850, no, e, e, h\nfrodo, 810, 0304');
    const inbound = await prisma().inboundMail.findUniqueOrThrow({ where: { messageId: '<e2e-1@home.test>' } });
    expect(inbound).toMatchObject({ status: 'processed', gameId: t.game.gameId, submissionId: submission.id, fromAddress: 'player@home.test' });

    await deliverOutbox();
    const mails = await sink.waitFor(2);
    const receipts = mails.filter((m) => m.parsed.inReplyTo === '<e2e-1@home.test>');
    expect(receipts.map((m) => m.envelopeTo[0]).sort()).toEqual(['north@players.test', 'player@home.test']);
    for (const r of receipts) {
      expect(r.parsed.subject).toContain(`game: ${t.game.gameId}`);
      expect(r.parsed.headers.get('x-loop')).toBe('arbiter');
      expect(r.parsed.headers.get('auto-submitted')).toBe('auto-generated');
      expect(r.parsed.text).toContain('Standing orders');
      expect(r.parsed.text).toContain('aragorn, 850, no, e, e, h');
      expect(r.parsed.text).toContain('1 line before the game/secret lines was ignored');
    }
  });

  it('keeps the raw message of every mail byte for byte but its secret (8-bit text, a line starting with a dot), in the same row', async () => {
    const raw = Buffer.concat([
      Buffer.from(`From: North <player@home.test>\r\nTo: orders@arbiter.test\r\nSubject: raw\r\nMessage-ID: <e2e-raw@home.test>\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\n`),
      Buffer.from(`game: ${t.game.gameId}\r\nsecret: ${t.secret('north')}\r\naragorn, 850, no, e, h\r\n.a line with a dot\r\n`),
      Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65, 0x0d, 0x0a]), // "Grüße" in Latin-1
    ]);
    await client().sendMail({ envelope: { from: 'player@home.test', to: 'orders@arbiter.test' }, raw });
    const inbound = await prisma().inboundMail.findUniqueOrThrow({ where: { messageId: '<e2e-raw@home.test>' } });
    expect(inbound.status).toBe('processed');
    // Byte for byte but the secret's value (redact.ts), with the header that says so.
    expect(Buffer.from(inbound.raw ?? [])).toEqual(Buffer.from(NOTE_HEADER + raw.toString('latin1').replace(t.secret('north'), REDACTED_SECRET), 'latin1'));
    // A refused mail keeps its bytes too.
    const refusedRow = await prisma().inboundMail.findFirst({ where: { status: 'refused', raw: null } });
    expect(refusedRow).toBeNull();
  });

  it('reads an HTML-only quoted-printable mail (quoted part dropped)', async () => {
    await client().sendMail({
      from: 'Théoden <theoden@edoras.test>',
      to: 'orders@arbiter.test',
      subject: 'Befehle für Rohan',
      messageId: '<e2e-html@edoras.test>',
      html: `<div>game:&nbsp;${t.game.gameId}</div><div>secret: ${t.secret('east')}</div><div><br></div><div>bard, 850, no, w, h</div><blockquote>esgaroth, 850, no, e</blockquote>`,
      textEncoding: 'quoted-printable',
    });
    const s = await prisma().submission.findFirstOrThrow({ where: { messageId: '<e2e-html@edoras.test>' } });
    expect(s.rawText).toBe('bard, 850, no, w, h');
  });

  it('processes the same Message-ID once, also when delivered twice at the same time', async () => {
    const mail = {
      from: 'player@home.test',
      to: 'orders@arbiter.test',
      subject: 'again',
      messageId: '<e2e-dup@home.test>',
      text: `game: ${t.game.gameId}\nsecret: ${t.secret('north')}\naragorn, 850, no, w, h\n`,
    };
    const [a, b] = await Promise.all([client().sendMail(mail), client().sendMail(mail)]);
    expect(a.response).toMatch(/^250 /);
    expect(b.response).toMatch(/^250 /);
    await client().sendMail(mail);
    expect(await prisma().submission.count({ where: { messageId: '<e2e-dup@home.test>' } })).toBe(1);
    expect(await prisma().outboxMail.count({ where: { kind: 'receipt', headers: { path: ['In-Reply-To'], equals: 'e2e-dup@home.test' } } })).toBe(2);
  });

  it('after a crash between storing and answering, the redelivered mail is answered, not stored twice', async () => {
    // The state a crash leaves: the submission committed under the Message-ID, no InboundMail row, no receipt.
    const stored = await submitOrders(t.database.db, {
      gameId: t.game.gameId,
      nationId: 'south',
      source: 'email',
      rawText: 'grond, 850, no, w, h',
      messageId: '<e2e-crash@home.test>',
    });
    await client().sendMail({
      from: 'south-player@home.test',
      to: 'orders@arbiter.test',
      subject: 'orders',
      messageId: '<e2e-crash@home.test>',
      text: `game: ${t.game.gameId}\nsecret: ${t.secret('south')}\ngrond, 850, no, w, h\n`,
    });
    expect(await prisma().submission.count({ where: { messageId: '<e2e-crash@home.test>' } })).toBe(1);
    expect(await prisma().inboundMail.findUniqueOrThrow({ where: { messageId: '<e2e-crash@home.test>' } })).toMatchObject({ status: 'processed', submissionId: stored.submissionId });
    expect(await prisma().outboxMail.count({ where: { kind: 'receipt', headers: { path: ['In-Reply-To'], equals: 'e2e-crash@home.test' } } })).toBe(2);
  });

  it('answers a wrong secret and an unknown game with the same short refusal, at most once per hour per sender', async () => {
    const send = (n: number, gameId: string, secret: string) =>
      client().sendMail({ from: 'stranger@else.test', to: 'orders@arbiter.test', subject: `try ${n}`, messageId: `<e2e-bad-${n}@else.test>`, text: `game: ${gameId}\nsecret: ${secret}\naragorn, 850, no, e\n` });
    await send(1, t.game.gameId, 'wrong-secret');
    await send(2, 'no-such-game', t.secret('north'));
    const refusals = await prisma().outboxMail.findMany({ where: { kind: 'refusal', toAddresses: { has: 'stranger@else.test' } } });
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.text).toContain('could not match your mail');
    expect(refusals[0]?.text).not.toContain(t.game.gameId);
    expect(refusals[0]?.text).not.toContain('Mail test game');
    await expect(refusals[0]?.text).toMatchFileSnapshot('golden/refusal-not-authenticated.txt');
    expect(refusals[0]?.subject).toBe('[Arbiter] Your mail could not be processed');
    const inbound = await prisma().inboundMail.findMany({ where: { fromAddress: 'stranger@else.test' }, orderBy: { messageId: 'asc' } });
    expect(inbound.map((i) => [i.status, i.reason])).toEqual([
      ['refused', 'not-authenticated'],
      ['refused', 'not-authenticated'],
    ]);
    expect(await prisma().submission.count({ where: { messageId: { startsWith: '<e2e-bad-' } } })).toBe(0);
  });

  it('never answers auto-replies, bounces or list mail', async () => {
    await client().sendMail({
      from: 'player@home.test',
      to: 'orders@arbiter.test',
      subject: 'Automatic reply: receipt',
      messageId: '<e2e-auto@home.test>',
      headers: { 'Auto-Submitted': 'auto-replied' },
      text: `game: ${t.game.gameId}\nsecret: ${t.secret('north')}\n`,
    });
    await client().sendMail({
      envelope: { from: '', to: 'orders@arbiter.test' },
      from: 'MAILER-DAEMON@mx.home.test',
      to: 'orders@arbiter.test',
      subject: 'Undelivered Mail',
      messageId: '<e2e-bounce@mx.home.test>',
      text: 'delivery failed',
    });
    const rows = await prisma().inboundMail.findMany({ where: { messageId: { in: ['<e2e-auto@home.test>', '<e2e-bounce@mx.home.test>'] } } });
    expect(rows.map((r) => r.status)).toEqual(['ignored', 'ignored']);
    expect(await prisma().outboxMail.count({ where: { headers: { path: ['In-Reply-To'], string_starts_with: 'e2e-auto' } } })).toBe(0);
    expect(await prisma().outboxMail.count({ where: { toAddresses: { has: 'MAILER-DAEMON@mx.home.test' } } })).toBe(0);
  });

  it('answers status and resend-report commands to the sender and the registered address', async () => {
    await client().sendMail({
      from: 'south-player@home.test',
      to: 'orders@arbiter.test',
      subject: `status game: ${t.game.gameId}`,
      messageId: '<e2e-status@home.test>',
      text: `secret: ${t.secret('south')}\ncommand: status\n`,
    });
    const status = await prisma().outboxMail.findMany({ where: { headers: { path: ['In-Reply-To'], equals: 'e2e-status@home.test' } } });
    expect(status.map((s) => s.toAddresses[0]).sort()).toEqual(['south-player@home.test', 'south@players.test']);
    expect(status[0]?.text).toContain('Deadline:');
    expect(status[0]?.text).toContain('Standing orders for turn 1');

    await client().sendMail({
      from: 'south-player@home.test',
      to: 'orders@arbiter.test',
      subject: 'report please',
      messageId: '<e2e-resend@home.test>',
      text: `game: ${t.game.gameId}\nsecret: ${t.secret('south')}\ncommand: resend-report\n`,
    });
    const resend = await prisma().outboxMail.findMany({ where: { headers: { path: ['In-Reply-To'], equals: 'e2e-resend@home.test' } } });
    expect(resend).toHaveLength(2);
    expect(resend[0]?.text).toContain('no turn report');
  });
});

describe('authenticated mail the intake cannot take', () => {
  it('tells both addresses when the deadline has passed, storing nothing', async () => {
    const late = await addGame(t.database.db, 'Late game');
    await prisma().turn.updateMany({ where: { gameId: late.gameId }, data: { deadline: new Date(Date.now() - 60_000) } });
    const secret = late.nations.find((n) => n.nationId === 'north')?.secret ?? '';
    await client().sendMail({ from: 'late@home.test', to: 'orders@arbiter.test', subject: 'late orders', messageId: '<e2e-late@home.test>', text: `game: ${late.gameId}\nsecret: ${secret}\naragorn, 850, no, e\n` });
    expect(await prisma().inboundMail.findUniqueOrThrow({ where: { messageId: '<e2e-late@home.test>' } })).toMatchObject({ status: 'refused', reason: 'deadline-passed' });
    expect(await prisma().submission.count({ where: { gameId: late.gameId } })).toBe(0);
    const notices = await prisma().outboxMail.findMany({ where: { gameId: late.gameId, kind: 'notice' } });
    expect(notices.map((n) => n.toAddresses[0]).sort()).toEqual(['late@home.test', 'north@players.test']);
    expect(notices[0]?.text).toContain('has passed');
  });

  it('answers a status request the game cannot serve with a notice instead of failing', async () => {
    const broken = await addGame(t.database.db, 'Broken game');
    await prisma().game.update({ where: { id: broken.gameId }, data: { currentTurn: 99 } });
    const secret = broken.nations.find((n) => n.nationId === 'east')?.secret ?? '';
    const info = await client().sendMail({ from: 'e@home.test', to: 'orders@arbiter.test', subject: 'status', messageId: '<e2e-nostatus@home.test>', text: `game: ${broken.gameId}\nsecret: ${secret}\ncommand: status\n` });
    expect(info.response).toMatch(/^250 /);
    expect(await prisma().inboundMail.findUniqueOrThrow({ where: { messageId: '<e2e-nostatus@home.test>' } })).toMatchObject({ status: 'refused', reason: 'turn-not-found' });
    const notice = await prisma().outboxMail.findFirstOrThrow({ where: { toAddresses: { has: 'e@home.test' } } });
    expect(notice.text).toContain('could not be answered');
  });

  it('refuses a nation line that does not match the secret', async () => {
    await client().sendMail({ from: 'player@home.test', to: 'orders@arbiter.test', subject: 'x', messageId: '<e2e-nation@home.test>', text: `game: ${t.game.gameId}\nnation: south\nsecret: ${t.secret('north')}\naragorn, 850, no, e\n` });
    expect(await prisma().inboundMail.findUniqueOrThrow({ where: { messageId: '<e2e-nation@home.test>' } })).toMatchObject({ status: 'refused', reason: 'nation-mismatch' });
    expect(await prisma().submission.count({ where: { messageId: '<e2e-nation@home.test>' } })).toBe(0);
  });

  it('re-sends the last report mail, map attachment included', async () => {
    await prisma().outboxMail.create({
      data: {
        gameId: t.game.gameId,
        nationId: 'east',
        kind: 'report',
        toAddresses: ['east@players.test'],
        subject: '[Arbiter] Mail test game turn 0 report: East',
        text: 'Report text of the east',
        html: '<p>Report of the east</p>',
        attachments: [{ filename: 'map.txt', contentType: 'text/plain', content: Buffer.from('map').toString('base64') }],
        messageId: `report.e2e.east@arbiter.test`,
        status: 'sent',
      },
    });
    await client().sendMail({ from: 'east-player@home.test', to: 'orders@arbiter.test', subject: `command: resend-report game: ${t.game.gameId}`, messageId: '<e2e-resend2@home.test>', text: `secret: ${t.secret('east')}\n` });
    const copies = await prisma().outboxMail.findMany({ where: { kind: 'report', headers: { path: ['In-Reply-To'], equals: 'e2e-resend2@home.test' } } });
    expect(copies.map((c) => c.toAddresses[0]).sort()).toEqual(['east-player@home.test', 'east@players.test']);
    expect(copies[0]).toMatchObject({ subject: 'Resent: [Arbiter] Mail test game turn 0 report: East', text: 'Report text of the east', html: '<p>Report of the east</p>', status: 'pending' });
    expect(copies[0]?.attachments).toEqual([{ filename: 'map.txt', contentType: 'text/plain', content: Buffer.from('map').toString('base64') }]);
  });
});

describe('report delivery by mail', () => {
  it('"final: yes" in an order mail marks the nation\'s orders final, as REST does', async () => {
    await client().sendMail({ from: 'east-player@home.test', to: 'orders@arbiter.test', subject: 'orders', messageId: '<e2e-final@home.test>', text: `game: ${t.game.gameId}\nsecret: ${t.secret('east')}\nbard, 840, e\nfinal: yes\n` });
    expect((await prisma().nation.findUniqueOrThrow({ where: { gameId_nationId: { gameId: t.game.gameId, nationId: 'east' } } })).ordersFinal).toBe(true);
    const receipt = await prisma().outboxMail.findFirstOrThrow({ where: { headers: { path: ['In-Reply-To'], equals: 'e2e-final@home.test' } } });
    expect(receipt.text).toContain('Your orders are marked final.');
  });

  it('"command: report-text" sets how reports come, answers both addresses; a withheld report is still re-sent', async () => {
    await client().sendMail({ from: 'north-player@home.test', to: 'orders@arbiter.test', subject: `command: report-text game: ${t.game.gameId}`, messageId: '<e2e-delivery@home.test>', text: `secret: ${t.secret('north')}\n` });
    expect((await prisma().nation.findUniqueOrThrow({ where: { gameId_nationId: { gameId: t.game.gameId, nationId: 'north' } } })).reportDelivery).toBe('text');
    const notices = await prisma().outboxMail.findMany({ where: { headers: { path: ['In-Reply-To'], equals: 'e2e-delivery@home.test' } } });
    expect(notices.map((n) => n.toAddresses[0]).sort()).toEqual(['north-player@home.test', 'north@players.test']);
    expect(notices[0]?.text).toContain('as plain text only');
    expect(await prisma().inboundMail.findUniqueOrThrow({ where: { messageId: '<e2e-delivery@home.test>' } })).toMatchObject({ status: 'processed', reason: 'report-text' });

    // With "none" the turn stores the report mail as withheld; asking for it sends it all the same.
    await client().sendMail({ from: 'north-player@home.test', to: 'orders@arbiter.test', subject: 'no reports', messageId: '<e2e-delivery2@home.test>', text: `game: ${t.game.gameId}\nsecret: ${t.secret('north')}\ncommand: report-none\n` });
    expect((await prisma().nation.findUniqueOrThrow({ where: { gameId_nationId: { gameId: t.game.gameId, nationId: 'north' } } })).reportDelivery).toBe('none');
    await prisma().outboxMail.create({
      data: {
        gameId: t.game.gameId, nationId: 'north', kind: 'report', toAddresses: ['north@players.test'], subject: '[Arbiter] Mail test game turn 0 report: North',
        text: 'Report text of the north', html: '<p>north</p>', messageId: 'report.e2e.north@arbiter.test', status: 'withheld',
      },
    });
    await client().sendMail({ from: 'north-player@home.test', to: 'orders@arbiter.test', subject: 'resend', messageId: '<e2e-delivery3@home.test>', text: `game: ${t.game.gameId}\nsecret: ${t.secret('north')}\ncommand: resend-report\n` });
    const copies = await prisma().outboxMail.findMany({ where: { kind: 'report', headers: { path: ['In-Reply-To'], equals: 'e2e-delivery3@home.test' } } });
    expect(copies.map((c) => [c.toAddresses[0], c.status, c.text])).toEqual(
      expect.arrayContaining([['north-player@home.test', 'pending', 'Report text of the north'], ['north@players.test', 'pending', 'Report text of the north']]),
    );
  });
});

describe('bad mail', () => {
  it('refuses a 25 MB mail at the SMTP level with a clear message, storing nothing', async () => {
    const big = 'x'.repeat(76) + '\r\n';
    const body = big.repeat(Math.ceil((25 * 1024 * 1024) / big.length));
    const err = await client()
      .sendMail({ from: 'player@home.test', to: 'orders@arbiter.test', subject: 'huge', messageId: '<e2e-huge@home.test>', text: body })
      .then(() => null, (e: unknown) => e as { responseCode?: number; response?: string });
    expect(err?.responseCode).toBe(552);
    expect(err?.response).toContain('Message too big');
    expect(await prisma().inboundMail.count({ where: { messageId: '<e2e-huge@home.test>' } })).toBe(0);
  }, 60_000);

  it('refuses 10,000 orders with a clear reply and stores none of them', async () => {
    const orders = Array.from({ length: 10_000 }, (_, i) => `army${i}, 850, no, e`).join('\n');
    await client().sendMail({ from: 'flood@home.test', to: 'orders@arbiter.test', subject: 'many', messageId: '<e2e-many@home.test>', text: `game: ${t.game.gameId}\nsecret: ${t.secret('east')}\n${orders}` });
    const inbound = await prisma().inboundMail.findUniqueOrThrow({ where: { messageId: '<e2e-many@home.test>' } });
    expect(inbound).toMatchObject({ status: 'refused', reason: 'too-many-lines' });
    expect(await prisma().submission.count({ where: { messageId: '<e2e-many@home.test>' } })).toBe(0);
    const reply = await prisma().outboxMail.findFirstOrThrow({ where: { toAddresses: { has: 'flood@home.test' } } });
    expect(reply.text).toContain('10000 order lines; at most 500');
    await expect(reply.text).toMatchFileSnapshot('golden/refusal-too-many-lines.txt');
  });

  it('drops garbage MIME without a sender, and ignores a binary attachment while reading the orders', async () => {
    const garbage = Buffer.concat([Buffer.from('\x00\x01garbage\r\n\r\n'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00])]);
    await client().sendMail({ envelope: { from: 'x@home.test', to: 'orders@arbiter.test' }, raw: garbage });
    const garbageRows = await prisma().inboundMail.findMany({ where: { envelopeFrom: 'x@home.test' } });
    expect(garbageRows.map((r) => r.status)).toEqual(['ignored']);
    // Even a mail that could not be read at all is kept as it came (the client ended it with CRLF).
    expect(Buffer.from(garbageRows[0]?.raw ?? []).subarray(0, garbage.length)).toEqual(garbage);

    await client().sendMail({
      from: 'east-player@home.test',
      to: 'orders@arbiter.test',
      subject: 'orders with a picture',
      messageId: '<e2e-bin@home.test>',
      text: `game: ${t.game.gameId}\nsecret: ${t.secret('east')}\nbard, 850, no, w, h\n`,
      attachments: [{ filename: 'map.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]), contentType: 'image/png' }],
    });
    const s = await prisma().submission.findFirstOrThrow({ where: { messageId: '<e2e-bin@home.test>' } });
    expect(s.rawText).toBe('bard, 850, no, w, h');
    const receipt = await prisma().outboxMail.findFirstOrThrow({ where: { kind: 'receipt', toAddresses: { has: 'east-player@home.test' }, headers: { path: ['In-Reply-To'], equals: 'e2e-bin@home.test' } } });
    expect(receipt.text).toContain('map.png (image/png) was ignored');
  });

  it('refuses recipients outside the accepted domains (no relaying)', async () => {
    const err = await client()
      .sendMail({ from: 'player@home.test', to: 'someone@elsewhere.test', subject: 'relay?', text: 'x' })
      .then(() => null, (e: unknown) => e as { responseCode?: number; response?: string });
    expect(err?.responseCode).toBe(550);
    expect(err?.response).toContain('no relaying');
  });
});

describe('STARTTLS', () => {
  it('offers STARTTLS when a certificate is configured and takes orders over it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
    const tlsIntake = await startSmtpIntake({
      host: '127.0.0.1',
      port: 0,
      acceptedDomains: ['arbiter.test'],
      maxMessageBytes: 1024 * 1024,
      tls: { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      processor: new MailPipeline({ db: t.database.db, mailFrom: MAIL_FROM, logger }),
      logger,
    });
    // A game of its own: its order must not be in the shared game's standing orders that other tests read.
    const own = await addGame(t.database.db, 'TLS game');
    try {
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: tlsIntake.port, secure: false, requireTLS: true, tls: { rejectUnauthorized: false } });
      const info = await transport.sendMail({
        from: 'player@home.test',
        to: 'orders@arbiter.test',
        subject: 'over tls',
        messageId: '<e2e-tls@home.test>',
        text: `game: ${own.gameId}\nsecret: ${own.nations.find((n) => n.nationId === 'north')!.secret}\ngandalf, 810, 0303\n`,
      });
      expect(info.response).toMatch(/^250 /);
      expect(await prisma().submission.count({ where: { messageId: '<e2e-tls@home.test>' } })).toBe(1);
    } finally {
      await tlsIntake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
