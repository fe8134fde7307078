// The mail-in process: the SMTP intake and/or the IMAP poller, both feeding the intake pipeline.
// Configuration from the environment (docs/operations.md, "Mail intake"), parsed once here.
// SIGTERM/SIGINT: stop taking mail, finish what is in hand, close the database, exit 0.

import { ConfigError } from '@arbiter/config';
import { createDb } from '@arbiter/db';
import pino from 'pino';
import { loadMailInConfig } from './config.ts';
import { ImapPoller } from './imap.ts';
import { MailPipeline } from './pipeline.ts';
import { startSmtpIntake, type SmtpIntake } from './smtp.ts';

async function main(): Promise<void> {
  let config;
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
  const db = createDb(config.base.database.url, { poolMax: config.base.database.poolMax, applicationName: 'arbiter-mail-in' });
  const pipeline = new MailPipeline({
    db,
    mailFrom: config.base.mail.from,
    limits: config.limits,
    refusalIntervalMs: config.refusalIntervalMs,
    // Each mail in hand holds up to two connections (its Message-ID lock and its queries).
    concurrency: Math.max(1, Math.floor(config.base.database.poolMax / 2)),
    logger,
  });

  let smtp: SmtpIntake | null = null;
  if (config.smtp !== null) {
    smtp = await startSmtpIntake({
      host: config.smtp.host,
      port: config.smtp.port,
      acceptedDomains: config.smtp.acceptedDomains,
      maxMessageBytes: config.smtp.maxMessageBytes,
      ...(config.smtp.serverName !== undefined ? { serverName: config.smtp.serverName } : {}),
      ...(config.smtp.tls !== undefined ? { tls: config.smtp.tls } : {}),
      processor: pipeline,
      logger,
    });
  }
  let imap: ImapPoller | null = null;
  if (config.imap !== null) {
    imap = new ImapPoller({ ...config.imap, maxMessageBytes: config.maxMessageBytes, processor: pipeline, logger });
    imap.start();
    logger.info({ host: config.imap.host, port: config.imap.port, mailbox: config.imap.mailbox }, 'imap: poller started');
  }

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
    Promise.all([smtp?.close(), imap?.stop()])
      .then(() => db.close())
      .then(
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

main().catch((err: unknown) => {
  process.stderr.write(`mail-in failed to start: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
