// Mail out without an SMTP server: each outgoing mail is written as an .eml file (the raw RFC 5322 message,
// exactly the bytes an SMTP relay would have received) into a local folder, and its path is logged.
// Any mail program opens .eml files; nothing is lost, and the same outbox sender code path runs as in
// production, only the nodemailer transport differs.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import type { EmbeddedLogger } from './logger.ts';
import { silentLogger } from './logger.ts';

export interface OutboxTransportOptions {
  /** Folder for the .eml files; created when missing. Default `./.arbiter/outbox`. */
  dir?: string;
  logger?: EmbeddedLogger;
  /** Clock for file names (tests). */
  now?: () => Date;
}

/** The result of one "send": the same fields a nodemailer SMTP transport returns, plus the file. */
export interface OutboxSendResult {
  messageId: string;
  accepted: string[];
  rejected: string[];
  /** `written to <path>`. */
  response: string;
  /** Absolute path of the .eml file. */
  path: string;
}

/** A nodemailer-shaped transport (sendMail/close) that writes .eml files. */
export interface OutboxTransport {
  readonly dir: string;
  sendMail(message: SendMailOptions): Promise<OutboxSendResult>;
  close(): void;
}

export function createOutboxTransport(options: OutboxTransportOptions = {}): OutboxTransport {
  const dir = path.resolve(options.dir ?? path.join('.arbiter', 'outbox'));
  const log = options.logger ?? silentLogger;
  const now = options.now ?? (() => new Date());
  // nodemailer builds the whole message (headers, MIME parts, Message-ID, Date) as it would for SMTP.
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let closed = false;

  return {
    dir,
    async sendMail(message) {
      if (closed) throw new Error('The outbox transport is closed');
      const info = (await stream.sendMail(message)) as unknown as {
        messageId: string;
        envelope: { from: string | false; to: string[] };
        message: Buffer;
      };
      const recipients = info.envelope.to;
      if (recipients.length === 0) throw new Error('The mail has no recipient (to, cc or bcc)');
      const file = await writeEml(dir, info.message, recipients, info.messageId, now());
      log.info({ to: recipients, subject: typeof message.subject === 'string' ? message.subject : undefined, file }, `mail written to ${file}`);
      return { messageId: info.messageId, accepted: recipients, rejected: [], response: `written to ${file}`, path: file };
    },
    close() {
      closed = true;
      stream.close();
    },
  };
}

/**
 * Writes one raw message into the outbox folder, atomically (a reader, person, demo or test, never sees a
 * half-written file). Returns the file's absolute path.
 */
export async function writeEml(dir: string, raw: Buffer, recipients: string[], messageId: string, at: Date = new Date()): Promise<string> {
  // A welcome mail carries its nation's secret: the folder and every file are this user's only.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, emlFileName(at, recipients[0] ?? 'unknown', messageId));
  const tmp = path.join(dir, `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, raw, { mode: 0o600 });
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  return file;
}

/**
 * `20261130T091203.123Z_gondor-example.org_1a2b3c4d.eml`: sorts by time, names the first recipient, and
 * ends with a hash of the Message-ID, so two mails written in the same millisecond get different names.
 */
export function emlFileName(at: Date, recipient: string, messageId: string): string {
  const stamp = at.toISOString().replace(/[-:]/g, '');
  const who = recipient
    .toLowerCase()
    .replace(/@/g, '-')
    .replace(/[^a-z0-9._-]/g, '_')
    .slice(0, 64);
  const hash = createHash('sha256').update(messageId).digest('hex').slice(0, 8);
  return `${stamp}_${who}_${hash}.eml`;
}

/** The .eml files in an outbox folder, oldest first (absolute paths); empty when the folder is missing. */
export async function listOutbox(dir: string = path.join('.arbiter', 'outbox')): Promise<string[]> {
  const abs = path.resolve(dir);
  let names: string[];
  try {
    names = await readdir(abs);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return names
    .filter((n) => n.endsWith('.eml') && !n.startsWith('.'))
    .sort()
    .map((n) => path.join(abs, n));
}
