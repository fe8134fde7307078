// The mail-in process: the SMTP intake and/or the IMAP poller, both feeding the intake pipeline.
// Configuration from the environment (docs/operations.md, "Mail intake"), parsed once here.
//
// MAIL_IN_SMTP_WORKERS > 1: the primary process forks that many workers (node:cluster) which share
// the SMTP port, each with its own database pool; the primary runs the IMAP poller, if any. Several
// processes (or machines) may serve the same database: the Message-ID lock and dedupe are in PostgreSQL.
//
// SIGTERM/SIGINT: stop taking mail, finish the mails in hand, close the database, exit 0.

import cluster from 'node:cluster';
import { ConfigError } from '@arbiter/config';
import { createDb, type Db } from '@arbiter/db';
import pino, { type Logger } from 'pino';
import { loadMailInConfig, type MailInConfig } from './config.ts';
import { ImapPoller } from './imap.ts';
import { MailPipeline } from './pipeline.ts';
import { startSmtpIntake, type SmtpIntake } from './smtp.ts';

function pipelineFor(config: MailInConfig, db: Db, logger: Logger): MailPipeline {
  return new MailPipeline({
    db,
    mailFrom: config.base.mail.from,
    limits: config.limits,
    refusalIntervalMs: config.refusalIntervalMs,
    // Each mail in hand holds up to two connections (its Message-ID lock and its queries).
    concurrency: Math.max(1, Math.floor(config.base.database.poolMax / 2)),
    logger,
  });
}

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
async function startSmtp(config: MailInConfig, logger: Logger): Promise<{ close(): Promise<void> } | null> {
  const smtpConfig = config.smtp;
  if (smtpConfig === null) return null;
  const db = createDb(config.base.database.url, { poolMax: config.base.database.poolMax, applicationName: 'arbiter-mail-in' });
  const smtp: SmtpIntake = await startSmtpIntake({
    host: smtpConfig.host,
    port: smtpConfig.port,
    acceptedDomains: smtpConfig.acceptedDomains,
    maxMessageBytes: smtpConfig.maxMessageBytes,
    ...(smtpConfig.serverName !== undefined ? { serverName: smtpConfig.serverName } : {}),
    ...(smtpConfig.tls !== undefined ? { tls: smtpConfig.tls } : {}),
    processor: pipelineFor(config, db, logger),
    logger,
  });
  return {
    async close() {
      await smtp.close();
      await db.close();
    },
  };
}

async function main(): Promise<void> {
  let config: MailInConfig;
  try {
    config = loadMailInConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const logger = pino({ name: 'mail-in', level: config.base.logLevel });

  if (cluster.isWorker) {
    const smtp = await startSmtp(config, logger.child({ worker: cluster.worker?.id }));
    onShutdown(logger, async () => smtp?.close());
    return;
  }

  const workers = config.smtp?.workers ?? 1;
  let imap: ImapPoller | null = null;
  let imapDb: Db | null = null;
  if (config.imap !== null) {
    imapDb = createDb(config.base.database.url, { poolMax: config.base.database.poolMax, applicationName: 'arbiter-mail-in-imap' });
    imap = new ImapPoller({ ...config.imap, maxMessageBytes: config.maxMessageBytes, processor: pipelineFor(config, imapDb, logger), logger });
    imap.start();
    logger.info({ host: config.imap.host, port: config.imap.port, mailbox: config.imap.mailbox }, 'imap: poller started');
  }

  if (config.smtp !== null && workers > 1) {
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
