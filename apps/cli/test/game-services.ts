// The services a game test plays through, started on loopback: a fresh PostgreSQL database, an SMTP sink
// (the outbox), the worker on Redis, the REST API and the SMTP order intake. Shared by the rulesets' end
// to end game tests (Mage Knight, Descent); each test file starts its own and closes it in afterAll.
import nodemailer from 'nodemailer';
import { expect } from 'vitest';
import pino from 'pino';
import { buildServer } from '@arbiter/api';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { startSmtpSink, type SmtpSink } from '@arbiter/mail/testing';
import { MailPipeline, startSmtpIntake, type SmtpIntake } from '@arbiter/mail-in';
import { startWorker, type RunningWorker } from '@arbiter/worker';
import { dropPrefix, quietLog, testSettings, uniquePrefix, waitFor } from '../../worker/test/helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const MAIL_FROM = 'Arbiter <orders@arbiter.test>';
export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** The running services, their game master header, and small helpers to mail and submit orders. */
export type GameServices = Awaited<ReturnType<typeof startGameServices>>;

export async function startGameServices(gmToken: string) {
  const prefix = uniquePrefix();
  const [tdb, sink] = await Promise.all([createTestDatabase({ poolMax: 20 }), startSmtpSink()]);
  const worker = await startWorker({
    db: tdb.db,
    queue: { kind: 'redis', url: REDIS_URL, prefix },
    smtpUrl: sink.url,
    mailFrom: MAIL_FROM,
    settings: testSettings({ queuePrefix: prefix, renderThreads: 0 }),
    log: quietLog,
  });
  const app = await buildServer({
    db: tdb.db,
    gmToken,
    dispatcher: worker.dispatcher,
    authFailureLimit: { max: 1000, windowMs: 60_000 },
    rateLimit: { max: 100_000, windowMs: 60_000 },
    bodyLimit: 256 * 1024,
    trustProxy: false,
    logLevel: 'silent',
  });
  await app.ready();
  const intake = await startSmtpIntake({
    host: '127.0.0.1',
    port: 0,
    acceptedDomains: ['arbiter.test'],
    maxMessageBytes: 2 * 1024 * 1024,
    processor: new MailPipeline({ db: tdb.db, mailFrom: MAIL_FROM, logger: pino({ level: 'silent' }) }),
    logger: pino({ level: 'silent' }),
  });
  const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: intake.port, secure: false, ignoreTLS: true });
  return {
    tdb,
    sink,
    worker,
    intake,
    app,
    gm: { authorization: `Bearer ${gmToken}` },
    /** A player's orders mailed to the intake, the header lines as the mail intake reads them. */
    mailOrders: async (gameId: string, player: { name: string; email: string; secret: string }, orders: string, messageId: string) => {
      await mailer.sendMail({
        from: `${player.name} <${player.email}>`,
        to: 'orders@arbiter.test',
        subject: 'my move',
        messageId,
        text: `game: ${gameId}\nsecret: ${player.secret}\nfinal: yes\n\n${orders}\n`,
      });
    },
    /** A player's orders by REST as plain text (the way a mistake is answered with 422). */
    submitText: (gameId: string, secret: string, orders: string) =>
      app.inject({ method: 'POST', url: `/v1/games/${gameId}/orders`, headers: { ...bearer(secret), 'content-type': 'text/plain' }, payload: orders }),
    /** Waits for the turn's report mails (one per player) and one player's receipt in the outbox. */
    reportMails: (subject: string, players: number, receiptTo: string) =>
      waitFor(`the receipt and ${players} report mails`, async () => {
        const reports = sink.received.filter((m) => m.parsed.subject?.includes(subject));
        const receipt = sink.received.find((m) => m.envelopeTo.includes(receiptTo) && /receipt/.test(m.parsed.subject ?? ''));
        return reports.length >= players && receipt !== undefined ? { reports, receipt } : undefined;
      }, 60_000),
    /** A player's orders by REST (JSON body). */
    submit: (gameId: string, secret: string, orders: string, final = false) =>
      app.inject({ method: 'POST', url: `/v1/games/${gameId}/orders`, headers: { ...bearer(secret), 'content-type': 'application/json' }, payload: { orders, final } }),
    close: async () => {
      await intake.close();
      await app.close();
      await worker.close();
      await Promise.all([tdb.drop(), sink.close(), dropPrefix(REDIS_URL, prefix)]);
    },
  };
}

/** The map attached to a report mail: a PNG named after the turn. */
export function expectPngMap(attachments: readonly { filename?: string; contentType: string; content: Buffer }[], turn: number): void {
  expect(attachments).toHaveLength(1);
  const png = attachments[0]!;
  expect(png.filename).toBe(`map-turn-${turn}.png`);
  expect(png.contentType).toBe('image/png');
  expect(png.content.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}
