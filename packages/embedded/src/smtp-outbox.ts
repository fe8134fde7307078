// The outbox as an SMTP server on loopback: SMTP_URL points at it when no relay is configured, so the
// worker's mail sender runs exactly the code it runs in production (nodemailer over SMTP), and every mail
// it sends lands as an .eml file in the outbox folder, its path logged. It accepts any recipient and
// relays nothing: it only listens on the loopback interface.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { EmbeddedLogger } from './logger.ts';
import { silentLogger } from './logger.ts';
import { writeEml } from './outbox.ts';

export interface OutboxSmtpServerOptions {
  /** Folder for the .eml files. Default `./.arbiter/outbox`. */
  dir?: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Largest message accepted, bytes. Default 50 MB. */
  maxMessageBytes?: number;
  logger?: EmbeddedLogger;
}

export interface OutboxSmtpServer {
  /** `smtp://127.0.0.1:<port>`: use it as SMTP_URL. */
  url: string;
  port: number;
  /** Absolute path of the outbox folder. */
  dir: string;
  close(): Promise<void>;
}

export async function startOutboxSmtpServer(options: OutboxSmtpServerOptions = {}): Promise<OutboxSmtpServer> {
  const dir = path.resolve(options.dir ?? path.join('.arbiter', 'outbox'));
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be an integer in 0..65535, got ${port}`);
  const maxMessageBytes = options.maxMessageBytes ?? 50 * 1024 * 1024;
  const log = options.logger ?? silentLogger;

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Arbiter outbox (writes .eml files, relays nothing)',
    size: maxMessageBytes,
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (err: Error) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          const err = new Error(`5.3.4 Message larger than ${maxMessageBytes} bytes`) as Error & { responseCode: number };
          err.responseCode = 552;
          return callback(err);
        }
        const raw = Buffer.concat(chunks);
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        writeEml(dir, raw, recipients, messageIdOf(raw) ?? session.id)
          .then((file) => {
            log.info({ to: recipients, subject: subjectOf(raw), file }, `mail written to ${file}`);
            callback(null, `written to ${path.basename(file)}`);
          })
          .catch((err: unknown) => {
            log.error({ err }, 'outbox: could not write the mail');
            const e = new Error('4.3.0 Could not write the mail to the outbox folder') as Error & { responseCode: number };
            e.responseCode = 451;
            callback(e);
          });
      });
    },
  });
  server.on('error', (err) => log.error({ err }, 'outbox SMTP server error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `smtp://${host}:${actual}`,
    port: actual,
    dir,
    close() {
      closing ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return closing;
    },
  };
}

/** The header block of a raw message, unfolded. */
function headersOf(raw: Buffer): string {
  const text = raw.subarray(0, Math.min(raw.length, 64 * 1024)).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
}

export function messageIdOf(raw: Buffer): string | null {
  const m = /^message-id:\s*(.+)$/im.exec(headersOf(raw));
  return m?.[1]?.trim() ?? null;
}

function subjectOf(raw: Buffer): string | undefined {
  return /^subject:\s*(.*)$/im.exec(headersOf(raw))?.[1]?.trim();
}
