// The mail-in process: the SMTP intake and/or the IMAP poller, both feeding the intake pipeline.
// Configuration from the environment (`config.mailIn` of @arbiter/config, docs/operations.md), parsed once.
//
// MAIL_IN_SMTP_WORKERS > 1: the primary process forks that many workers (node:cluster) which share
// the SMTP port, each with its own database pool; the primary runs the IMAP poller, if any. Several
// processes (or machines) may serve the same database: the Message-ID lock and dedupe are in PostgreSQL.
//
// SIGTERM/SIGINT: stop taking mail, finish the mails in hand, close the database, exit 0 (forced exit 1
// after 30 s); a bad configuration exits 78 (@arbiter/process).

import cluster from 'node:cluster';
import { loadConfig, type Config } from '@arbiter/config';
import { createDb, type Db } from '@arbiter/db';
import { runProcess, superviseWorkers } from '@arbiter/process';
import pino, { type Logger } from 'pino';
import { ImapPoller } from './imap.ts';
import { startSmtpIntake, type SmtpIntake } from './smtp.ts';
import { imapPollerOptions, mailPipelineFor, smtpIntakeOptions } from './wiring.ts';

/** The SMTP intake with its own database pool; `close` stops taking mail, then closes the pool. */
async function startSmtp(config: Config, logger: Logger): Promise<{ close(): Promise<void> } | null> {
  const smtpConfig = config.mailIn.smtp;
  if (smtpConfig === null) return null;
  const db = createDb(config.database.url, { poolMax: config.database.poolMax, applicationName: 'arbiter-mail-in' });
  const smtp: SmtpIntake = await startSmtpIntake(smtpIntakeOptions(smtpConfig, mailPipelineFor(config, db, logger), logger));
  return {
    async close() {
      await smtp.close();
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
    const imapConfig = config.mailIn.imap;
    if (imapConfig !== null) {
      imapDb = createDb(config.database.url, { poolMax: config.database.poolMax, applicationName: 'arbiter-mail-in-imap' });
      imap = new ImapPoller(imapPollerOptions(config.mailIn, imapConfig, mailPipelineFor(config, imapDb, logger), logger));
      imap.start();
      logger.info({ host: imapConfig.host, port: imapConfig.port, mailbox: imapConfig.mailbox }, 'imap: poller started');
    }
    const stopImap = async (): Promise<void> => {
      await imap?.stop();
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
