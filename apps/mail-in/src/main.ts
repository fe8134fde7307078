// The mail-in process: the SMTP intake and/or the IMAP poller, both feeding the intake pipeline.
// Configuration from the environment (docs/operations.md, "Mail intake"), parsed once here.
//
// MAIL_IN_SMTP_WORKERS > 1: the primary process forks that many workers (node:cluster) which share
// the SMTP port, each with its own database pool; the primary runs the IMAP poller, if any. Several
// processes (or machines) may serve the same database: the Message-ID lock and dedupe are in PostgreSQL.
//
// SIGTERM/SIGINT: stop taking mail, finish the mails in hand, close the database, exit 0.

import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from '@arbiter/config';
import { createDb, type Db } from '@arbiter/db';
import pino, { type Logger } from 'pino';
import { ImapPoller } from './imap.ts';
import { startSmtpIntake, type SmtpIntake } from './smtp.ts';
import { imapPollerOptions, mailPipelineFor, smtpIntakeOptions } from './wiring.ts';

function onShutdown(logger: Logger, stop: () => Promise<unknown>): void {
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'mail-in: shutting down');
    const hardStop = setTimeout(() => {
      logger.error('mail-in: shutdown took longer than 30 s, exiting');
      process.exit(1);
    }, 30_000);
    hardStop.unref();
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'mail-in: error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

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

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, { components: ['mail-in'] });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const logger = pino({ name: 'mail-in', level: config.logLevel });

  if (cluster.isWorker) {
    const smtp = await startSmtp(config, logger.child({ worker: cluster.worker?.id }));
    onShutdown(logger, async () => smtp?.close());
    return;
  }

  const workers = config.mailIn.smtp?.workers ?? 1;
  let imap: ImapPoller | null = null;
  let imapDb: Db | null = null;
  const imapConfig = config.mailIn.imap;
  if (imapConfig !== null) {
    imapDb = createDb(config.database.url, { poolMax: config.database.poolMax, applicationName: 'arbiter-mail-in-imap' });
    imap = new ImapPoller(imapPollerOptions(config.mailIn, imapConfig, mailPipelineFor(config, imapDb, logger), logger));
    imap.start();
    logger.info({ host: imapConfig.host, port: imapConfig.port, mailbox: imapConfig.mailbox }, 'imap: poller started');
  }

  if (config.mailIn.smtp !== null && workers > 1) {
    let stopping = false;
    const deaths: number[] = [];
    for (let i = 0; i < workers; i++) cluster.fork();
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      const now = Date.now();
      deaths.push(now);
      while (deaths.length > 0 && (deaths[0] ?? now) < now - 60_000) deaths.shift();
      if (deaths.length > 2 * workers) {
        // Workers that die as fast as they start (port taken, database gone) are not restarted forever.
        logger.fatal({ worker: worker.id, code, signal }, 'mail-in: SMTP workers keep dying, giving up');
        process.exit(1);
      }
      logger.error({ worker: worker.id, code, signal }, 'mail-in: SMTP worker died, starting another');
      cluster.fork();
    });
    onShutdown(logger, async () => {
      stopping = true;
      const exits = Object.values(cluster.workers ?? {}).map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w === undefined || w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      );
      await Promise.all([...exits, imap?.stop()]);
      await imapDb?.close();
    });
    logger.info({ workers }, 'mail-in: SMTP workers started');
    return;
  }

  // One process: the SMTP intake (if on) runs here, next to the IMAP poller (if on).
  const smtp = await startSmtp(config, logger);
  onShutdown(logger, async () => {
    await Promise.all([smtp?.close(), imap?.stop()]);
    await imapDb?.close();
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`mail-in failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
