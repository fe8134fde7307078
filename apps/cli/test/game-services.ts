// The services a game test plays through, on real peers: a fresh PostgreSQL database, the worker on
// BullMQ (Redis, a unique prefix), an SMTP sink for the outbox, the REST API and the SMTP order intake on
// loopback. `useGameServices` starts them before a file's tests and closes them after (shared by the
// Mage Knight and Guards of Atlantis game tests).
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildServer } from '@arbiter/api';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { startSmtpSink, type SmtpSink } from '@arbiter/mail/testing';
import { MailPipeline, startSmtpIntake, type SmtpIntake } from '@arbiter/mail-in';
import { startWorker, type RunningWorker } from '@arbiter/worker';
import { dropPrefix, quietLog, testSettings, uniquePrefix } from '../../worker/test/helpers.ts';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const MAIL_FROM = 'Arbiter <orders@arbiter.test>';
export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

export interface GameServices {
  tdb: TestDatabase;
  sink: SmtpSink;
  worker: RunningWorker;
  intake: SmtpIntake;
  app: Awaited<ReturnType<typeof buildServer>>;
}

/** Starts the services in `beforeAll` and closes them in `afterAll`; the fields are set once started. */
export function useGameServices(gmToken: string): GameServices {
  const s = {} as GameServices;
  const prefix = uniquePrefix();
  beforeAll(async () => {
    [s.tdb, s.sink] = await Promise.all([createTestDatabase({ poolMax: 20 }), startSmtpSink()]);
    s.worker = await startWorker({
      db: s.tdb.db,
      queue: { kind: 'redis', url: REDIS_URL, prefix },
      smtpUrl: s.sink.url,
      mailFrom: MAIL_FROM,
      settings: testSettings({ queuePrefix: prefix, renderThreads: 0 }),
      log: quietLog,
    });
    s.app = await buildServer({
      db: s.tdb.db,
      gmToken,
      dispatcher: s.worker.dispatcher,
      authFailureLimit: { max: 1000, windowMs: 60_000 },
      rateLimit: { max: 100_000, windowMs: 60_000 },
      bodyLimit: 256 * 1024,
      trustProxy: false,
      logLevel: 'silent',
    });
    await s.app.ready();
    s.intake = await startSmtpIntake({
      host: '127.0.0.1',
      port: 0,
      acceptedDomains: ['arbiter.test'],
      maxMessageBytes: 2 * 1024 * 1024,
      processor: new MailPipeline({ db: s.tdb.db, mailFrom: MAIL_FROM, logger: pino({ level: 'silent' }) }),
      logger: pino({ level: 'silent' }),
    });
  }, 60_000);
  afterAll(async () => {
    await s.intake?.close();
    await s.app?.close();
    await s.worker?.close();
    await Promise.all([s.tdb?.drop(), s.sink?.close(), dropPrefix(REDIS_URL, prefix)]);
  }, 60_000);
  return s;
}

/** POSTs orders for a player (JSON body), as a player's client does. */
export function submitOrders(s: GameServices, gameId: string, secret: string, orders: string, final = false) {
  return s.app.inject({ method: 'POST', url: `/v1/games/${gameId}/orders`, headers: { ...bearer(secret), 'content-type': 'application/json' }, payload: { orders, final } });
}
