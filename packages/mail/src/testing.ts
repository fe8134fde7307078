// A real SMTP server on loopback for tests (smtp-server + mailparser): what arrived, parsed.
// Test-only entry point (`@arbiter/mail/testing`); production code never imports it.
import { SMTPServer } from 'smtp-server';
import type { SMTPServerAddress } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  /** RCPT TO addresses of the SMTP transaction. */
  envelopeTo: string[];
  envelopeFrom: string;
  parsed: ParsedMail;
  raw: Buffer;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Recipients the server refuses permanently (550) or temporarily (451). */
  refuse: Map<string, 550 | 451>;
  /** Resolves once `count` mails have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** Starts an SMTP server on 127.0.0.1 on a free port (or `port`); no TLS, no auth. */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refuse = new Map<string, 550 | 451>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const notify = (): void => {
    for (const w of [...waiters]) {
      if (received.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const code = refuse.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      const err = new Error(code === 550 ? `5.1.1 <${address.address}>: mailbox unavailable` : '4.2.1 mailbox busy, try later') as Error & { responseCode: number };
      err.responseCode = code;
      return callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              envelopeFrom: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
              parsed,
              raw,
            });
            callback();
            notify();
          })
          .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    refuse,
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`SMTP sink: ${received.length} of ${count} mails after ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ count, resolve: () => { clearTimeout(timer); resolve(received); } });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
