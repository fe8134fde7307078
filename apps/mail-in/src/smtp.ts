// The SMTP intake: a GM points an MX record or a forwarding rule at it. It only translates SMTP to
// the mail processor. A message is answered `250` only after it has been processed and committed;
// an infrastructure failure answers `451` so the sending server retries (the Message-ID dedupe makes
// the retry safe).

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerAddress, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import type { Logger } from 'pino';
import type { MailProcessor } from './processor.ts';

export interface SmtpIntakeOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** Recipient domains this server takes mail for, e.g. ["orders.example.org"]; anything else is refused (no relaying). */
  acceptedDomains: string[];
  /** Largest message accepted, in bytes; larger ones are refused with 552 at the SMTP level. */
  maxMessageBytes: number;
  /** Server name in the greeting; default the host name of the machine. */
  serverName?: string;
  /** PEM key and certificate: STARTTLS is offered when both are set. */
  tls?: { key: Buffer | string; cert: Buffer | string };
  /** Most simultaneous connections; default 100. */
  maxClients?: number;
  /**
   * Most simultaneous connections from one client address (MAIL_IN_SMTP_MAX_CLIENTS_PER_ADDRESS); default
   * 5. Past it a new connection is answered `421` and closed, so that one stranger holding connections
   * open cannot use up `maxClients` and shut honest senders out.
   */
  maxClientsPerAddress?: number;
  /** Idle connection timeout (ms, MAIL_IN_SMTP_IDLE_TIMEOUT_MS); default 60 s. */
  socketTimeoutMs?: number;
  processor: MailProcessor;
  logger: Logger;
}

export interface SmtpIntake {
  port: number;
  /** Stops accepting connections and waits (up to `graceMs`, default 10 s) for open sessions to finish. */
  close(graceMs?: number): Promise<void>;
}

function smtpError(code: number, message: string): Error {
  const err = new Error(message) as Error & { responseCode: number };
  err.responseCode = code;
  return err;
}

function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : address.slice(at + 1).toLowerCase().replace(/\.$/, '');
}

export function validateSmtpIntakeOptions(o: SmtpIntakeOptions): void {
  if (o.acceptedDomains.length === 0) throw new Error('acceptedDomains is empty: name at least one domain this server takes orders for');
  for (const d of o.acceptedDomains) {
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(d)) throw new Error(`accepted domain "${d}" is not a domain name`);
  }
  if (!Number.isInteger(o.maxMessageBytes) || o.maxMessageBytes < 1024) throw new Error(`maxMessageBytes must be an integer of at least 1024, got ${o.maxMessageBytes}`);
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535) throw new Error(`port must be 0..65535, got ${o.port}`);
  if (o.maxClientsPerAddress !== undefined && (!Number.isInteger(o.maxClientsPerAddress) || o.maxClientsPerAddress < 1)) {
    throw new Error(`maxClientsPerAddress must be a positive integer, got ${o.maxClientsPerAddress}`);
  }
}

export const DEFAULT_MAX_CLIENTS_PER_ADDRESS = 5;

/** Open connections per client address: a connection is counted from onConnect to onClose. */
class ConnectionsPerAddress {
  private readonly counts = new Map<string, number>();
  private readonly counted = new Set<string>();
  constructor(readonly max: number) {}

  /** Counts the connection and says whether it is within the limit (one over the limit is not counted). */
  open(session: SMTPServerSession): boolean {
    const address = session.remoteAddress ?? '';
    const n = this.counts.get(address) ?? 0;
    if (n >= this.max) return false;
    this.counts.set(address, n + 1);
    this.counted.add(session.id);
    return true;
  }

  close(session: SMTPServerSession): void {
    if (!this.counted.delete(session.id)) return;
    const address = session.remoteAddress ?? '';
    const n = (this.counts.get(address) ?? 1) - 1;
    if (n <= 0) this.counts.delete(address);
    else this.counts.set(address, n);
  }
}

/** Starts the SMTP intake and resolves once it listens. */
export async function startSmtpIntake(options: SmtpIntakeOptions): Promise<SmtpIntake> {
  validateSmtpIntakeOptions(options);
  const accepted = new Set(options.acceptedDomains.map((d) => d.toLowerCase()));
  const log = options.logger;
  const tls = options.tls;
  const server = new SMTPServer({
    ...(options.serverName !== undefined ? { name: options.serverName } : {}),
    banner: 'Arbiter order intake',
    size: options.maxMessageBytes,
    authOptional: true,
    disabledCommands: tls === undefined ? ['AUTH', 'STARTTLS'] : ['AUTH'],
    ...(tls !== undefined ? { key: tls.key, cert: tls.cert } : {}),
    maxClients: options.maxClients ?? 100,
    socketTimeout: options.socketTimeoutMs ?? 60_000,
    closeTimeout: 10_000,
    disableReverseLookup: true,
    maxRecipients: 20,
    logger: false,
    ...smtpHandlers(options, accepted),
  });
  server.on('error', (err) => log.error({ err }, 'smtp: server error'));
  await listen(server, options.port, options.host);
  const port = (server.server.address() as AddressInfo).port;
  log.info({ host: options.host, port, domains: [...accepted], starttls: tls !== undefined }, 'smtp: intake listening');
  return {
    port,
    close(graceMs = 10_000) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs + 1000);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

type SmtpCallback = (err?: Error | null) => void;

/** The SMTP session's answers: connections per address, the declared size, the recipients' domains, the message. */
function smtpHandlers(options: SmtpIntakeOptions, accepted: ReadonlySet<string>) {
  const log = options.logger;
  const limitMb = (options.maxMessageBytes / (1024 * 1024)).toFixed(1);
  const perAddress = new ConnectionsPerAddress(options.maxClientsPerAddress ?? DEFAULT_MAX_CLIENTS_PER_ADDRESS);
  return {
    onConnect(session: SMTPServerSession, callback: SmtpCallback) {
      if (perAddress.open(session)) return callback();
      log.warn({ session: session.id, remoteAddress: session.remoteAddress, limit: perAddress.max }, 'smtp: too many connections from one address, refused');
      return callback(smtpError(421, `4.7.0 Too many connections from your address (at most ${perAddress.max} at once); try again later`));
    },

    onClose(session: SMTPServerSession) {
      perAddress.close(session);
    },

    onMailFrom(address: SMTPServerAddress, _session: SMTPServerSession, callback: SmtpCallback) {
      const declared = address.args === false ? undefined : address.args['SIZE'];
      if (typeof declared === 'string' && Number(declared) > options.maxMessageBytes) {
        return callback(smtpError(552, `5.3.4 Message too big: this order server takes at most ${limitMb} MB; send your orders as plain text`));
      }
      return callback();
    },

    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: SmtpCallback) {
      if (!accepted.has(domainOf(address.address))) {
        return callback(smtpError(550, `5.7.1 <${address.address}>: this server takes orders for ${[...accepted].join(', ')} only (no relaying)`));
      }
      return callback();
    },

    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null, message?: string) => void) {
      readMessage(stream, options.maxMessageBytes, (raw) => {
        if (raw === null) {
          log.warn({ session: session.id, bytes: stream.byteLength }, 'smtp: message over the size limit refused');
          return callback(smtpError(552, `5.3.4 Message too big: this order server takes at most ${limitMb} MB; send your orders as plain text`));
        }
        return processMessage(options, raw, session, callback);
      }, callback);
    },
  };
}

/**
 * Reads a message's bytes up to `maxBytes`; past the limit the rest is read and thrown away, never held
 * in memory, and `done` gets null.
 */
function readMessage(stream: SMTPServerDataStream, maxBytes: number, done: (raw: Buffer | null) => void, failed: SmtpCallback): void {
  const chunks: Buffer[] = [];
  let kept = 0;
  stream.on('data', (chunk: Buffer) => {
    if (kept + chunk.length <= maxBytes) {
      chunks.push(chunk);
      kept += chunk.length;
    } else {
      kept = maxBytes + 1;
    }
  });
  stream.on('error', (err: Error) => failed(err));
  stream.on('end', () => done(stream.sizeExceeded || kept > maxBytes ? null : Buffer.concat(chunks, kept)));
}

/** The message to the mail processor: `250` once processed and committed, `451` on an infrastructure failure (the sender retries). */
function processMessage(options: SmtpIntakeOptions, raw: Buffer, session: SMTPServerSession, callback: (err?: Error | null, message?: string) => void): void {
  const log = options.logger;
  const envelope = session.envelope;
  options.processor
    .process(raw, {
      mailFrom: envelope.mailFrom === false ? null : envelope.mailFrom.address,
      rcptTo: envelope.rcptTo.map((r) => r.address),
      via: 'smtp',
      remoteAddress: session.remoteAddress ?? null,
    })
    .then((outcome) => {
      log.info({ session: session.id, ...outcome }, 'smtp: mail processed');
      callback(null, outcome.kind === 'duplicate' ? 'OK: already received' : 'OK: received');
    })
    .catch((err: unknown) => {
      log.error({ session: session.id, err }, 'smtp: processing failed, asking the sender to retry');
      callback(smtpError(451, '4.3.0 Temporary failure storing the message, please try again later'));
    });
}

/** Resolves once the server listens; rejects when it cannot (the port is taken...). */
function listen(server: SMTPServer, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    server.server.once('error', onError);
    server.listen(port, host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });
}
