// From the process's configuration (`loadConfig()` of @arbiter/config, `config.mailIn`) to the intake's
// parts: the one composition used by apps/mail-in's main.ts and by `arbiter start` (apps/cli).
import { readFileSync } from 'node:fs';
import type { Config, MailInConfig } from '@arbiter/config';
import type { Db } from '@arbiter/db';
import { MAIL_BATCH } from '@arbiter/intake';
import type { TurnDispatcher } from '@arbiter/turns';
import type { Logger } from 'pino';
import type { ImapPollerOptions } from './imap.ts';
import { MailPipeline } from './pipeline.ts';
import type { MailProcessor } from './processor.ts';
import type { SmtpIntakeOptions } from './smtp.ts';

/**
 * The pipeline both intakes feed, sized to the database pool. `dispatcher`: where a turn made due early by
 * a final mail goes (the worker's turn queue, as the API's; `arbiter start` passes its own).
 */
export function mailPipelineFor(config: Config, db: Db, logger: Logger, dispatcher: TurnDispatcher | null): MailPipeline {
  return new MailPipeline({
    db,
    dispatcher,
    mailFrom: config.mail.from,
    limits: config.mailIn.limits,
    refusalIntervalMs: config.mailIn.refusalIntervalMs,
    refusalsPerClient: config.mailIn.refusalsPerClient,
    quota: config.mailIn.quota,
    submissionQuota: config.submissionQuota,
    // Each mail in hand holds up to two connections (its Message-ID lock and its queries).
    concurrency: Math.max(1, Math.floor(config.database.poolMax / 2)),
    // One batch of mails at a time (MAIL_BATCH): it holds one connection from its Message-ID locks to its
    // records, and the mails that arrive meanwhile join the next batch; the submissions' own group commit
    // holds up to two more connections.
    batches: MAIL_BATCH,
    logger,
  });
}

/** `startSmtpIntake`'s options; reads the TLS key and certificate files (MAIL_IN_TLS_*) when set. */
export function smtpIntakeOptions(smtp: NonNullable<MailInConfig['smtp']>, processor: MailProcessor, logger: Logger): SmtpIntakeOptions {
  let tls: SmtpIntakeOptions['tls'];
  if (smtp.tls !== undefined) {
    const read = (variable: string, file: string): Buffer => {
      try {
        return readFileSync(file);
      } catch (err) {
        throw new Error(`${variable}: cannot read ${file}: ${(err as Error).message}`);
      }
    };
    tls = { key: read('MAIL_IN_TLS_KEY_FILE', smtp.tls.keyFile), cert: read('MAIL_IN_TLS_CERT_FILE', smtp.tls.certFile) };
  }
  return {
    host: smtp.host,
    port: smtp.port,
    acceptedDomains: smtp.acceptedDomains,
    maxMessageBytes: smtp.maxMessageBytes,
    maxClientsPerAddress: smtp.maxClientsPerAddress,
    socketTimeoutMs: smtp.idleTimeoutMs,
    ...(smtp.serverName !== undefined ? { serverName: smtp.serverName } : {}),
    ...(tls !== undefined ? { tls } : {}),
    processor,
    logger,
  };
}

/** The IMAP poller's options from MAIL_IN_IMAP_* and MAIL_IN_MAX_BYTES. */
export function imapPollerOptions(mailIn: MailInConfig, imap: NonNullable<MailInConfig['imap']>, processor: MailProcessor, logger: Logger): ImapPollerOptions {
  return { ...imap, maxMessageBytes: mailIn.maxMessageBytes, processor, logger };
}
