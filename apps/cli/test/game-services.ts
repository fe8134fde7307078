// The services a game test plays through, started for real on loopback: PostgreSQL (a test database),
// Redis (BullMQ, a unique key prefix), the SMTP sink as the outbox's peer, the worker, the REST API and
// the SMTP intake. Shared by the end-to-end game tests of each ruleset (mage-knight-game.test.ts,
// expeditions-game.test.ts); the helpers below create a game over REST and submit orders.
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildServer } from '@arbiter/api';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { startSmtpSink, type SmtpSink } from '@arbiter/mail/testing';
import { MailPipeline, startSmtpIntake, type SmtpIntake } from '@arbiter/mail-in';
import { playerMailSettings } from '@arbiter/turns';
import { startWorker, type RunningWorker } from '@arbiter/worker';
import { dropPrefix, quietLog, testSettings, uniquePrefix, waitFor } from '../../worker/test/helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const MAIL_FROM = 'Arbiter <orders@arbiter.test>';
/** Where the welcome and reminder mails tell players to send orders, and the API address they name. */
export const PLAYER_LINKS = { ordersTo: 'orders@arbiter.test', apiUrl: 'https://arbiter.test' };
export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

export interface GameServices {
  tdb: TestDatabase;
  sink: SmtpSink;
  worker: RunningWorker;
  intake: SmtpIntake;
  app: Awaited<ReturnType<typeof buildServer>>;
  gmToken: string;
  close(): Promise<void>;
}

export async function startGameServices(gmToken: string): Promise<GameServices> {
  const prefix = uniquePrefix();
  const [tdb, sink] = await Promise.all([createTestDatabase({ poolMax: 20 }), startSmtpSink()]);
  const worker = await startWorker({
    db: tdb.db,
    queue: { kind: 'redis', url: REDIS_URL, prefix },
    smtpUrl: sink.url,
    mailFrom: MAIL_FROM,
    playerLinks: PLAYER_LINKS,
    settings: testSettings({ queuePrefix: prefix, renderThreads: 0 }),
    log: quietLog,
  });
  const app = await buildServer({
    db: tdb.db,
    gmToken,
    dispatcher: worker.dispatcher,
    authFailureLimit: { max: 1000, windowMs: 60_000 },
    rateLimit: { max: 100_000, windowMs: 60_000 },
    playerMail: playerMailSettings(MAIL_FROM, PLAYER_LINKS.ordersTo, PLAYER_LINKS.apiUrl),
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
    processor: new MailPipeline({ db: tdb.db, mailFrom: MAIL_FROM, logger: pino({ level: 'silent' }), dispatcher: worker.dispatcher }),
    logger: pino({ level: 'silent' }),
  });
  return {
    tdb,
    sink,
    worker,
    intake,
    app,
    gmToken,
    close: async () => {
      await intake.close();
      await app.close();
      await worker.close();
      await Promise.all([tdb.drop(), sink.close(), dropPrefix(REDIS_URL, prefix)]);
    },
  };
}

/** The services for one test file: started before its tests (handed to `use`), closed after them. */
export function useGameServices(gmToken: string, use: (started: GameServices) => void): void {
  let started: GameServices | undefined;
  beforeAll(async () => {
    started = await startGameServices(gmToken);
    use(started);
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  }, 60_000);
}

/** POST /v1/games as the game master: a weekly schedule in `timeZone`, these players, these settings. */
export function createGame(
  s: GameServices,
  game: { name: string; scenario: unknown; nations: { nationId: string; email: string; name: string }[]; timeZone?: string },
  settings: Record<string, unknown>,
) {
  return s.app.inject({
    method: 'POST',
    url: '/v1/games',
    headers: { authorization: `Bearer ${s.gmToken}` },
    payload: { name: game.name, scenario: game.scenario, schedule: { kind: 'every', days: 7, time: '18:00' }, timeZone: game.timeZone ?? 'Europe/London', nations: game.nations, ...settings },
  });
}

/** A created game's id, turn and each player's secret (the creation must answer 201). */
export async function newGame(s: GameServices, game: Parameters<typeof createGame>[1], settings: Record<string, unknown>) {
  const created = await createGame(s, game, settings);
  if (created.statusCode !== 201) throw new Error(`creating ${game.name} answered ${created.statusCode}: ${created.body}`);
  const g = created.json() as { gameId: string; turn: number; nations: { nationId: string; secret: string }[] };
  return { ...g, secret: (id: string) => g.nations.find((n) => n.nationId === id)!.secret };
}

export const submitOrders = (s: GameServices, gameId: string, secret: string, orders: string, final = false) =>
  s.app.inject({ method: 'POST', url: `/v1/games/${gameId}/orders`, headers: { ...bearer(secret), 'content-type': 'application/json' }, payload: { orders, final } });

/** Waits for the report mails of a turn (one per player) and the receipt mailed to `receiptTo`. */
export function reportMails(s: GameServices, subject: string, players: number, receiptTo: string) {
  return waitFor(`the receipt and ${players} report mails`, async () => {
    const reports = s.sink.received.filter((m) => m.parsed.subject?.includes(subject));
    const receipt = s.sink.received.find((m) => m.envelopeTo.includes(receiptTo) && /receipt/.test(m.parsed.subject ?? ''));
    return reports.length >= players && receipt !== undefined ? { reports, receipt } : undefined;
  }, 60_000);
}

/** A player's orders by REST as plain text (the way a mistake is answered with 422). */
export const submitText = (s: GameServices, gameId: string, secret: string, orders: string) =>
  s.app.inject({ method: 'POST', url: `/v1/games/${gameId}/orders`, headers: { ...bearer(secret), 'content-type': 'text/plain' }, payload: orders });

/** A player's orders mailed to the SMTP intake (marked final), the header lines as the mail intake reads them. */
export async function mailOrders(s: GameServices, gameId: string, player: { name: string; email: string; secret: string }, orders: string, messageId: string): Promise<void> {
  const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: s.intake.port, secure: false, ignoreTLS: true });
  try {
    await mailer.sendMail({ from: `${player.name} <${player.email}>`, to: 'orders@arbiter.test', subject: 'my move', messageId, text: `game: ${gameId}\nsecret: ${player.secret}\nfinal: yes\n\n${orders}\n` });
  } finally {
    mailer.close();
  }
}

/** The map attached to a report mail: one PNG named after the turn. */
export function expectPngMap(attachments: readonly { filename?: string; contentType: string; content: Buffer }[], turn: number): void {
  expect(attachments).toHaveLength(1);
  const png = attachments[0]!;
  expect(png.filename).toBe(`map-turn-${turn}.png`);
  expect(png.contentType).toBe('image/png');
  expect(png.content.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}

/** A report mail carries the map inline in its HTML and as one PNG attachment named for its turn. */
export function expectMapInReport(mail: SmtpSink['received'][number], turn: number): void {
  expect(mail.parsed.html).toContain('<svg');
  expectPngMap(mail.parsed.attachments, turn);
}
