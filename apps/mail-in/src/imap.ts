// The IMAP poller: for GMs who receive orders in an ordinary mailbox. Each poll takes the messages of
// the mailbox that Arbiter has not handled yet, in UID order, processes each one completely, then
// marks it (\Seen and the keyword `$ArbiterProcessed`) and moves it to the processed folder.
//
// Between polls the poller waits in IMAP IDLE (RFC 2177) when the server offers it: a new message
// (an untagged EXISTS) wakes it at once. Polling every `intervalMs` stays as the fallback, for servers
// without IDLE and for a notification that never comes (a dropped connection, a proxy that eats it).
//
// Restart safety: nothing is remembered in the process. A message leaves the inbox (or gets the
// keyword) only after its processing committed, so a crash can never skip one; a crash between the
// commit and the move makes the next poll process it again, and the Message-ID dedupe turns that
// into a no-op. A message whose processing failed (database down) stays where it is and the poll
// stops, to be retried in order next time.

import { ImapFlow } from 'imapflow';
import type { Logger } from 'pino';
import type { MailProcessor, ProcessOutcome } from './processor.ts';

export const PROCESSED_KEYWORD = '$ArbiterProcessed';
/** Set on a message that failed again and again while the poller kept working: skipped until removed. */
export const FAILED_KEYWORD = '$ArbiterFailed';
/** RFC 2177: a client re-issues IDLE at least every 29 minutes; a poll (which ends it) comes at least this often. */
export const IDLE_RESTART_MS = 25 * 60_000;

export interface ImapPollerOptions {
  host: string;
  port: number;
  /** Implicit TLS (IMAPS, usually port 993). When false, STARTTLS is used if the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** Accept a self-signed certificate (tests, private servers); default false. */
  allowSelfSigned?: boolean;
  /** Mailbox the orders arrive in; default INBOX. */
  mailbox?: string;
  /** Where handled messages are moved; created when missing. Default "Processed". Null: only flag them. */
  processedMailbox?: string | null;
  /**
   * Only messages without \Seen (default true). Set false when people also read the mailbox: then
   * every message without the `$ArbiterProcessed` keyword is taken, read or not.
   */
  onlyUnseen?: boolean;
  /** Time between polls (ms); default 30 s. With IDLE this is the fallback: new mail wakes the poller at once. */
  intervalMs?: number;
  /** Wait in IMAP IDLE between polls when the server offers it; default true. False: polling only. */
  idle?: boolean;
  /** Most messages handled per poll; default 200. */
  batchSize?: number;
  /** Messages over this size (bytes) are not downloaded: flagged and moved, logged as refused. */
  maxMessageBytes: number;
  /**
   * A message whose processing failed this many polls in a row, over at least `failureWindowMs`, is
   * marked `$ArbiterFailed` and skipped, so one poison message cannot hold up the mailbox. Defaults
   * 5 and 10 minutes: a database outage shorter than that sets nothing aside.
   */
  maxFailures?: number;
  failureWindowMs?: number;
  processor: MailProcessor;
  logger: Logger;
}

export interface PollResult {
  /** Messages found to handle. */
  found: number;
  /** Handled and moved/flagged. */
  handled: number;
  outcomes: ProcessOutcome['kind'][];
  /** Over-size messages set aside without downloading. */
  oversize: number;
  /** Set when the poll stopped at a message it could not process (it stays for the next poll). */
  stoppedBy: string | null;
  /** Messages marked `$ArbiterFailed` in this poll. */
  setAsideFailed: number;
}

export class ImapPoller {
  private readonly o: Required<Omit<ImapPollerOptions, 'processedMailbox'>> & { processedMailbox: string | null };
  private client: ImapFlow | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;
  private processedReady = false;
  /** Consecutive failures per UID (in memory: a restart gives a message its attempts back). */
  private readonly failures = new Map<number, { count: number; since: number }>();
  /** Ends the wait between polls (new mail, a lost connection, stop). */
  private wake: (() => void) | null = null;
  /** Set when new mail was announced while no wait was in progress (during a poll): poll again at once. */
  private woken = false;
  /** The loop started by `start()`, awaited by `stop()`. */
  private loop: Promise<void> | null = null;
  private waitingIn: 'idle' | 'interval' | null = null;

  constructor(options: ImapPollerOptions) {
    if (options.host.trim() === '') throw new Error('IMAP host is empty');
    if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535) throw new Error(`IMAP port must be 1..65535, got ${options.port}`);
    if (options.user.trim() === '') throw new Error('IMAP user is empty');
    this.o = {
      allowSelfSigned: false,
      mailbox: 'INBOX',
      onlyUnseen: true,
      intervalMs: 30_000,
      idle: true,
      batchSize: 200,
      maxFailures: 5,
      failureWindowMs: 600_000,
      ...options,
      processedMailbox: options.processedMailbox === undefined ? 'Processed' : options.processedMailbox,
    };
  }

  private async connection(): Promise<ImapFlow> {
    if (this.client !== null && this.client.usable) return this.client;
    this.client?.close();
    const client = new ImapFlow({
      host: this.o.host,
      port: this.o.port,
      secure: this.o.secure,
      auth: { user: this.o.user, pass: this.o.password },
      logger: false,
      disableAutoIdle: true,
      ...(this.o.allowSelfSigned ? { tls: { rejectUnauthorized: false } } : {}),
    });
    client.on('error', (err: Error) => this.o.logger.warn({ err: err.message }, 'imap: connection error'));
    // New mail in the selected mailbox (seen in IDLE, or in any response), or the connection gone: poll.
    client.on('exists', () => this.wakeUp());
    // A dropped connection of the current client (not one already replaced) ends an IDLE wait, so that
    // the next poll reconnects; after a failed poll the wait is the interval, so a server that is down
    // is not retried in a tight loop.
    client.on('close', () => {
      if (this.client === client) this.wakeUp();
    });
    await client.connect();
    this.client = client;
    this.processedReady = false;
    return client;
  }

  private async ensureProcessedMailbox(client: ImapFlow): Promise<void> {
    if (this.processedReady || this.o.processedMailbox === null) return;
    const list = await client.list();
    if (!list.some((m) => m.path === this.o.processedMailbox)) {
      await client.mailboxCreate(this.o.processedMailbox);
      this.o.logger.info({ mailbox: this.o.processedMailbox }, 'imap: created the processed mailbox');
    }
    this.processedReady = true;
  }

  private async setAside(client: ImapFlow, uid: number): Promise<void> {
    await client.messageFlagsAdd(String(uid), ['\\Seen', PROCESSED_KEYWORD], { uid: true });
    if (this.o.processedMailbox !== null) await client.messageMove(String(uid), this.o.processedMailbox, { uid: true });
  }

  /** One poll: handle what is waiting, then return. Safe to call while `start()` runs (calls are serialised). */
  async pollOnce(): Promise<PollResult> {
    const previous = this.running ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.poll());
    this.running = run;
    try {
      return await run;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  private async poll(): Promise<PollResult> {
    const result: PollResult = { found: 0, handled: 0, outcomes: [], oversize: 0, stoppedBy: null, setAsideFailed: 0 };
    const client = await this.connection();
    await this.ensureProcessedMailbox(client);
    const lock = await client.getMailboxLock(this.o.mailbox);
    try {
      const base = { unKeyword: PROCESSED_KEYWORD, not: { keyword: FAILED_KEYWORD } };
      const query = this.o.onlyUnseen ? { ...base, seen: false } : base;
      const uids = ((await client.search(query, { uid: true })) || []).sort((a, b) => a - b).slice(0, this.o.batchSize);
      result.found = uids.length;
      for (const uid of uids) {
        const meta = await client.fetchOne(String(uid), { uid: true, size: true }, { uid: true });
        if (meta === false) continue; // expunged meanwhile
        if ((meta.size ?? 0) > this.o.maxMessageBytes) {
          this.o.logger.warn({ uid, size: meta.size }, 'imap: message over the size limit set aside unread');
          await this.setAside(client, uid);
          result.oversize++;
          result.handled++;
          continue;
        }
        const msg = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
        if (msg === false || msg.source === undefined) continue;
        let outcome: ProcessOutcome;
        try {
          outcome = await this.o.processor.process(msg.source, { mailFrom: returnPath(msg.source), rcptTo: [], via: 'imap' });
        } catch (err) {
          const now = Date.now();
          const f = this.failures.get(uid) ?? { count: 0, since: now };
          f.count++;
          this.failures.set(uid, f);
          if (f.count >= this.o.maxFailures && now - f.since >= this.o.failureWindowMs) {
            await client.messageFlagsAdd(String(uid), [FAILED_KEYWORD], { uid: true });
            this.failures.delete(uid);
            result.setAsideFailed++;
            this.o.logger.error({ uid, err, failures: f.count }, `imap: message failed ${f.count} times; marked ${FAILED_KEYWORD} and skipped (remove the keyword to retry it)`);
            continue;
          }
          result.stoppedBy = `message uid ${uid}: ${(err as Error).message}`;
          this.o.logger.error({ uid, err }, 'imap: processing failed; the message stays for the next poll');
          break;
        }
        this.failures.delete(uid);
        await this.setAside(client, uid);
        result.outcomes.push(outcome.kind);
        result.handled++;
        this.o.logger.info({ uid, ...outcome }, 'imap: mail processed');
      }
    } finally {
      lock.release();
    }
    return result;
  }

  /** How the running poller waits for the next poll right now: in IDLE, for the interval, or not (polling, stopped). */
  get waiting(): 'idle' | 'interval' | null {
    return this.waitingIn;
  }

  private wakeUp(): void {
    if (this.wake !== null) this.wake();
    else this.woken = true;
  }

  /**
   * Waits for the next poll: new mail announced in IDLE, the fallback interval, or `stop()`. IDLE is
   * entered only on a usable connection whose server offers it; the next command (the poll's mailbox
   * lock) ends it.
   */
  private async waitForWork(): Promise<'idle' | 'interval'> {
    if (this.woken) {
      this.woken = false;
      return 'idle';
    }
    const client = this.client;
    const idling = this.o.idle && client !== null && client.usable && client.capabilities.has('IDLE');
    const woke = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), idling ? Math.min(this.o.intervalMs, IDLE_RESTART_MS) : this.o.intervalMs);
      this.wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waitingIn = idling ? 'idle' : 'interval';
      if (idling) {
        // Resolves only when IDLE ends, so not awaited here. The mailbox must be selected for IDLE.
        void client
          .mailboxOpen(this.o.mailbox)
          .then(() => client.idle({ whenFree: true }))
          .catch((err: unknown) => {
            this.o.logger.warn({ err: (err as Error).message }, 'imap: IDLE failed; polling every interval');
          });
      }
    });
    this.wake = null;
    this.woken = false;
    this.waitingIn = null;
    return woke && idling ? 'idle' : 'interval';
  }

  /**
   * Polls now, then again whenever IDLE announces new mail and at the latest every `intervalMs`, until
   * `stop()`. Errors are logged and retried at the next interval.
   */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = (async () => {
      while (!this.stopped) {
        try {
          await this.pollOnce();
        } catch (err) {
          this.o.logger.error({ err: (err as Error).message }, 'imap: poll failed; retrying at the next interval');
          const broken = this.client;
          this.client = null;
          broken?.close();
          this.woken = false; // the closed connection's wake-up: wait the interval before reconnecting
        }
        if (this.stopped) break;
        const why = await this.waitForWork();
        if (why === 'idle' && !this.stopped) this.o.logger.debug('imap: new mail announced (IDLE)');
      }
    })();
  }

  /** Stops polling, waits for a poll in progress to finish its current message, and logs out. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    this.loop = null;
    await this.running?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    if (client !== null && client.usable) await client.logout().catch(() => client.close());
  }
}

/** The Return-Path header the delivering server wrote: the envelope sender of a mail read over IMAP. */
export function returnPath(raw: Buffer): string | null {
  const headEnd = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, headEnd < 0 ? Math.min(raw.length, 65536) : headEnd).toString('latin1');
  const m = /^return-path:[ \t]*<?([^>\r\n]*)>?/im.exec(head);
  return m === null ? null : (m[1] ?? '').trim();
}
