// Integration: the intake's submission outcome acted on by the mail shell as by REST. A "final: yes" mail
// from the last nation of a game that runs early hands the turn to the dispatcher at once (the turn queue
// on the real Redis, consumed here by a BullMQ worker that runs the real turn; there is no deadline sweep
// in this test, so nothing else could run it). And the refusals of a closed turn or a passed deadline are
// the intake's, with the same code and words as REST answers them.
import { randomBytes } from 'node:crypto';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { receiveOrders, type CreatedGame } from '@arbiter/intake';
import { createTurnQueue, runTurn, TURN_QUEUE, type AdjudicateJobData, type ApiTurnQueue } from '@arbiter/turns';
import { MailPipeline } from '../src/pipeline.ts';
import { startSmtpIntake, type SmtpIntake } from '../src/smtp.ts';
import { addGame } from './helpers/game.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAIL_FROM = 'Arbiter <orders@arbiter.test>';
const logger = pino({ level: 'silent' });
const prefix = `mail-early-${randomBytes(4).toString('hex')}`;

let t: TestDatabase;
let queue: ApiTurnQueue;
let worker: Worker<AdjudicateJobData>;
let intake: SmtpIntake;
const ran: string[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  queue = createTurnQueue({ url: REDIS_URL, prefix });
  worker = new Worker<AdjudicateJobData>(
    TURN_QUEUE,
    async (job) => {
      const outcome = await runTurn(t.db, { gameId: job.data.gameId, turn: job.data.turn, workerId: 'mail-early-test' }, { mailFrom: MAIL_FROM });
      ran.push(`${job.data.gameId}/${job.data.turn}: ${outcome.kind}`);
    },
    { connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }), prefix },
  );
  intake = await startSmtpIntake({
    host: '127.0.0.1',
    port: 0,
    acceptedDomains: ['arbiter.test'],
    maxMessageBytes: 1024 * 1024,
    processor: new MailPipeline({ db: t.db, mailFrom: MAIL_FROM, logger, dispatcher: queue.dispatcher }),
    logger,
  });
}, 30_000);

afterAll(async () => {
  await intake?.close();
  await worker?.close();
  await queue?.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await t?.drop();
});

function newGame(runEarlyWhenAllFinal: boolean): Promise<CreatedGame> {
  return addGame(t.db, runEarlyWhenAllFinal ? 'Early by mail' : 'Refusals by mail', { runEarlyWhenAllFinal });
}

const secretOf = (g: CreatedGame, nationId: string) => g.nations.find((n) => n.nationId === nationId)?.secret as string;

async function mail(g: CreatedGame, nationId: string, orders: string, final: boolean, messageId: string): Promise<void> {
  const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: intake.port, secure: false, ignoreTLS: true });
  try {
    const info = await mailer.sendMail({
      from: `${nationId}@players.test`,
      to: 'orders@arbiter.test',
      subject: 'orders',
      messageId,
      text: `game: ${g.gameId}\nsecret: ${secretOf(g, nationId)}\nfinal: ${final ? 'yes' : 'no'}\n\n${orders}\n`,
    });
    expect(info.response).toMatch(/^250 /);
  } finally {
    mailer.close();
  }
}

const turnStatus = async (gameId: string) => (await t.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: 1 } } })).status;

async function waitForTurn(gameId: string, status: string, ms: number): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const s = await turnStatus(gameId);
    if (s === status || Date.now() > until) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('mail "final: yes" runs an early turn at once, as REST does', () => {
  it('the last final mail dispatches the turn; until then nothing runs', async () => {
    const g = await newGame(true);
    await mail(g, 'north', 'aragorn, 850, no, e', true, '<early-north@players.test>');
    await mail(g, 'south', 'grond, 850, no, w', true, '<early-south@players.test>');
    await mail(g, 'east', 'bard, 840, e', false, '<early-east-1@players.test>');
    expect(await waitForTurn(g.gameId, 'done', 1_000)).toBe('open');
    expect(ran).not.toContain(`${g.gameId}/1: done`);

    await mail(g, 'east', 'bard, 840, e', true, '<early-east-2@players.test>');
    expect(await waitForTurn(g.gameId, 'done', 20_000)).toBe('done');
    expect(ran.filter((r) => r.startsWith(`${g.gameId}/1:`))).toHaveLength(1);
    const inbound = await t.db.prisma.inboundMail.findUniqueOrThrow({ where: { messageId: '<early-east-2@players.test>' } });
    expect(inbound.status).toBe('processed');
  }, 30_000);

  it('a game that does not run early stays open however final its nations are', async () => {
    const g = await newGame(false);
    for (const [n, orders] of [['north', 'aragorn, 850, no, e'], ['south', 'grond, 850, no, w'], ['east', 'bard, 840, e']] as const) {
      await mail(g, n, orders, true, `<late-${n}-${g.gameId}@players.test>`);
    }
    expect(await waitForTurn(g.gameId, 'done', 1_000)).toBe('open');
  });
});

describe('a refused submission: the same outcome by mail as by REST', () => {
  for (const [code, close] of [
    ['turn-closed', (gameId: string) => t.db.prisma.turn.updateMany({ where: { gameId, number: 1 }, data: { status: 'held', heldReason: 'test' } })],
    // Paused, so that no sweep or claim would touch it; a paused game still takes orders until its deadline.
    ['deadline-passed', async (gameId: string) => {
      await t.db.prisma.game.update({ where: { id: gameId }, data: { status: 'paused' } });
      await t.db.prisma.turn.updateMany({ where: { gameId, number: 1 }, data: { deadline: new Date(Date.now() - 60_000) } });
    }],
  ] as const) {
    it(`${code}: the mail is refused with the intake's code, and its notice quotes the intake's words`, async () => {
      const g = await newGame(false);
      await close(g.gameId);
      const messageId = `<refused-${code}-${g.gameId}@players.test>`;
      await mail(g, 'north', 'aragorn, 850, no, e', false, messageId);
      const inbound = await t.db.prisma.inboundMail.findUniqueOrThrow({ where: { messageId } });
      expect(inbound).toMatchObject({ status: 'refused', reason: code });
      // What the REST route answers for the same submission (it throws the refusal as its problem).
      const rest = await receiveOrders(t.db, { gameId: g.gameId, nationId: 'north', source: 'rest', rawText: 'aragorn, 850, no, e', refuseIfNothingAccepted: true });
      expect(rest.kind).toBe('refused');
      if (rest.kind !== 'refused') throw new Error(`expected a refusal, got ${rest.kind}`);
      expect(rest.refusal.code).toBe(code);
      const notice = await t.db.prisma.outboxMail.findFirstOrThrow({ where: { headers: { path: ['In-Reply-To'], equals: messageId.slice(1, -1) } } });
      expect(notice.subject).toContain('orders not stored');
      expect(notice.text).toContain(rest.refusal.message);
      expect(await t.db.prisma.submission.count({ where: { gameId: g.gameId } })).toBe(0);
    });
  }
});
