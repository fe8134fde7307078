// The mail-in process: the SMTP intake and/or the IMAP poller, both feeding the intake pipeline.
// Configuration from the environment (`config.mailIn` of @arbiter/config, docs/operations.md), parsed once.
//
// MAIL_IN_SMTP_WORKERS > 1: the primary process forks that many workers (node:cluster) which share
// the SMTP port, each with its own database pool; the primary runs the IMAP poller, if any. Several
// processes (or machines) may serve the same database: the Message-ID lock and dedupe are in PostgreSQL.
//
// A final mail that makes a game's turn due early hands it to the worker's turn queue (REDIS_URL,
// WORKER_QUEUE_PREFIX) at once, as the API does.
//
// SIGTERM/SIGINT: stop taking mail, finish the mails in hand, close the database, exit 0 (forced exit 1
// after 30 s); a bad configuration exits 78 (@arbiter/process).

import cluster from 'node:cluster';
import { loadConfig, type Config } from '@arbiter/config';
import { createDb, type Db } from '@arbiter/db';
import { runProcess, superviseWorkers } from '@arbiter/process';
import { createTurnQueue, type ApiTurnQueue } from '@arbiter/turns';
import pino, { type Logger } from 'pino';
import { ImapPoller } from './imap.ts';
import { startSmtpIntake, type SmtpIntake } from './smtp.ts';
import { imapPollerOptions, mailPipelineFor, smtpIntakeOptions } from './wiring.ts';

/** The worker's turn queue (REDIS_URL, WORKER_QUEUE_PREFIX), for turns that final mails make due early. */
function turnQueueOf(config: Config): ApiTurnQueue {
  return createTurnQueue({ url: config.redis.url, prefix: config.worker.queuePrefix });
}

/** The SMTP intake with its own database pool; `close` stops taking mail, then closes the pool. */
async function startSmtp(config: Config, logger: Logger): Promise<{ close(): Promise<void> } | null> {
  const smtpConfig = config.mailIn.smtp;
  if (smtpConfig === null) return null;
  const db = createDb(config.database.url, { poolMax: config.database.poolMax, applicationName: 'arbiter-mail-in' });
  const queue = turnQueueOf(config);
  const smtp: SmtpIntake = await startSmtpIntake(smtpIntakeOptions(smtpConfig, mailPipelineFor(config, db, logger, queue.dispatcher), logger));
  return {
    async close() {
      await smtp.close();
      await queue.close();
      await db.close();
    },
  };
}

runProcess({
  name: 'mail-in',
  config: () => loadConfig(process.env, { components: ['mail-in'] }),
  stopTimeoutMs: 30_000,
  async start(config) {
    const logger = pino({ name: 'mail-in', level: config.logLevel });

    if (cluster.isWorker) {
      const smtp = await startSmtp(config, logger.child({ worker: cluster.worker?.id }));
      return { log: logger, stop: async () => smtp?.close() };
    }

    let imap: ImapPoller | null = null;
    let imapDb: Db | null = null;
    let imapQueue: ApiTurnQueue | null = null;
    const imapConfig = config.mailIn.imap;
    if (imapConfig !== null) {
      imapDb = createDb(config.database.url, { poolMax: config.database.poolMax, applicationName: 'arbiter-mail-in-imap' });
      imapQueue = turnQueueOf(config);
      imap = new ImapPoller(imapPollerOptions(config.mailIn, imapConfig, mailPipelineFor(config, imapDb, logger, imapQueue.dispatcher), logger));
      imap.start();
      logger.info({ host: imapConfig.host, port: imapConfig.port, mailbox: imapConfig.mailbox }, 'imap: poller started');
    }
    const stopImap = async (): Promise<void> => {
      await imap?.stop();
      await imapQueue?.close();
      await imapDb?.close();
    };

    const workers = config.mailIn.smtp?.workers ?? 1;
    if (config.mailIn.smtp !== null && workers > 1) {
      const supervisor = superviseWorkers({ name: 'mail-in', count: workers, log: logger });
      return { log: logger, stop: async () => void (await Promise.all([supervisor.stop(), stopImap()])) };
    }

    // One process: the SMTP intake (if on) runs here, next to the IMAP poller (if on).
    const smtp = await startSmtp(config, logger);
    return { log: logger, stop: async () => void (await Promise.all([smtp?.close(), stopImap()])) };
  },
});
