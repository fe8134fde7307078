// The IMAP poller against an IMAP server on loopback (helpers/imap-server.ts): UID order, set-aside
// after processing, restart safety, a failing message left for the next poll, IDLE, implicit TLS and
// STARTTLS. The processor here records what it is given; the full pipeline over IMAP is in
// imap-e2e.test.ts.
import { ImapFlow } from 'imapflow';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAILED_KEYWORD, ImapPoller, PROCESSED_KEYWORD, returnPath } from '../src/imap.ts';
import type { Envelope, MailProcessor, ProcessOutcome } from '../src/processor.ts';
import { startImapServer, type ImapServer } from './helpers/imap-server.ts';

const logger = pino({ level: 'silent' });
let imap: ImapServer;

function rawMail(n: number, extra = ''): string {
  return `Return-Path: <player${n}@shire.example>\r\nFrom: player${n}@shire.example\r\nTo: orders@arbiter.test\r\nSubject: orders ${n}\r\nMessage-ID: <poll-${n}@shire.example>\r\n${extra}\r\ngame: me1\r\nsecret: s${n}\r\naragorn, 850, no, nw\r\n`;
}

class Recorder implements MailProcessor {
  seen: { messageId: string; envelope: Envelope }[] = [];
  failOn: string | null = null;
  async process(raw: Buffer, envelope: Envelope): Promise<ProcessOutcome> {
    const messageId = /Message-ID: (<[^>]+>)/.exec(raw.toString())?.[1] ?? '?';
    if (messageId === this.failOn) throw new Error('database unavailable');
    const duplicate = this.seen.some((s) => s.messageId === messageId);
    this.seen.push({ messageId, envelope });
    return duplicate ? { kind: 'duplicate', messageId } : { kind: 'ignored', messageId, reason: 'test' };
  }
}

/** A Recorder whose `next()` resolves with the Message-ID of the next mail processed. */
class Waiting extends Recorder {
  private waiters: ((id: string) => void)[] = [];
  private queued: string[] = [];
  override async process(raw: Buffer, envelope: Envelope): Promise<ProcessOutcome> {
    const outcome = await super.process(raw, envelope);
    const waiter = this.waiters.shift();
    if (waiter !== undefined) waiter(outcome.messageId);
    else this.queued.push(outcome.messageId);
    return outcome;
  }
  next(): Promise<string> {
    const queued = this.queued.shift();
    return queued !== undefined ? Promise.resolve(queued) : new Promise((resolve) => this.waiters.push(resolve));
  }
}

/** Resolves once `condition` holds (checked every 20 ms; the test's timeout bounds it). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function withClient<T>(fn: (c: ImapFlow) => Promise<T>): Promise<T> {
  const c = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user: imap.user, pass: imap.password }, logger: false });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.logout();
  }
}

/** The flags of the newest message in the inbox. */
async function newestFlags(): Promise<string[]> {
  return withClient(async (c) => {
    const lock = await c.getMailboxLock('INBOX');
    try {
      const m = await c.fetchOne('*', { flags: true });
      return m === false ? [] : [...(m.flags ?? [])];
    } finally {
      lock.release();
    }
  });
}

async function count(mailbox: string): Promise<number> {
  return withClient(async (c) => {
    const status = await c.status(mailbox, { messages: true });
    if (status === false) throw new Error(`no mailbox ${mailbox}`);
    return status.messages ?? 0;
  });
}

function poller(recorder: MailProcessor, extra: Partial<ConstructorParameters<typeof ImapPoller>[0]> = {}): ImapPoller {
  return new ImapPoller({
    host: imap.host,
    port: imap.port,
    secure: false,
    user: imap.user,
    password: imap.password,
    maxMessageBytes: 100_000,
    processor: recorder,
    logger,
    ...extra,
  });
}

describe('IMAP poller', () => {
  // A fresh server, so an empty mailbox, for each test: what one test leaves in INBOX or Processed (the
  // flag-only and the $ArbiterFailed tests leave mail there on purpose) cannot change another's counts,
  // in any order (vitest --sequence.shuffle) or alone.
  beforeEach(async () => {
    imap = await startImapServer();
  });
  afterEach(async () => {
    await imap?.stop();
  });

  it('processes waiting mail in UID order, moves it to Processed, and a restarted poller finds nothing to redo', async () => {
    await withClient(async (c) => {
      for (const n of [1, 2, 3]) await c.append('INBOX', rawMail(n));
    });
    const recorder = new Recorder();
    const p1 = poller(recorder);
    const r1 = await p1.pollOnce();
    await p1.stop();
    expect(r1).toMatchObject({ found: 3, handled: 3, stoppedBy: null });
    expect(recorder.seen.map((s) => s.messageId)).toEqual(['<poll-1@shire.example>', '<poll-2@shire.example>', '<poll-3@shire.example>']);
    expect(recorder.seen[0]?.envelope).toEqual({ mailFrom: 'player1@shire.example', rcptTo: [], via: 'imap' });
    expect(await count('INBOX')).toBe(0);
    expect(await count('Processed')).toBe(3);

    const p2 = poller(recorder);
    const r2 = await p2.pollOnce();
    await p2.stop();
    expect(r2.found).toBe(0);
    expect(recorder.seen).toHaveLength(3);
  });

  it('leaves a message it could not process in the inbox and stops there; the next poll takes it in order', async () => {
    await withClient(async (c) => {
      for (const n of [4, 5, 6]) await c.append('INBOX', rawMail(n));
    });
    const recorder = new Recorder();
    recorder.failOn = '<poll-5@shire.example>';
    const p = poller(recorder);
    const r1 = await p.pollOnce();
    expect(r1.handled).toBe(1);
    expect(r1.stoppedBy).toContain('database unavailable');
    expect(await count('INBOX')).toBe(2);
    recorder.failOn = null;
    const r2 = await p.pollOnce();
    await p.stop();
    expect(r2).toMatchObject({ found: 2, handled: 2, stoppedBy: null });
    expect(recorder.seen.map((s) => s.messageId)).toEqual([
      '<poll-4@shire.example>',
      '<poll-5@shire.example>',
      '<poll-6@shire.example>',
    ]);
    expect(await count('INBOX')).toBe(0);
  });

  it('with onlyUnseen=false also takes mail a person already read; flag-only mode keeps mail in place with the keyword', async () => {
    await withClient(async (c) => {
      await c.append('INBOX', rawMail(7), ['\\Seen']);
    });
    const recorder = new Recorder();
    const unseenOnly = poller(recorder, { processedMailbox: null });
    expect((await unseenOnly.pollOnce()).found).toBe(0);
    await unseenOnly.stop();
    const all = poller(recorder, { processedMailbox: null, onlyUnseen: false });
    expect((await all.pollOnce()).handled).toBe(1);
    expect((await all.pollOnce()).found).toBe(0);
    await all.stop();
    const flags = await newestFlags();
    expect(flags).toContain(PROCESSED_KEYWORD);
  });

  it('sets an over-size message aside without downloading it', async () => {
    await withClient(async (c) => {
      await c.append('INBOX', rawMail(8, `X-Padding: ${'x'.repeat(900)}\r\n`));
    });
    const recorder = new Recorder();
    const p = poller(recorder, { maxMessageBytes: 500, onlyUnseen: true });
    const r = await p.pollOnce();
    await p.stop();
    expect(r).toMatchObject({ found: 1, oversize: 1 });
    expect(recorder.seen).toHaveLength(0);
  });

  it('marks a message that keeps failing $ArbiterFailed and goes on with the next ones', async () => {
    await withClient(async (c) => {
      for (const n of [9, 10]) await c.append('INBOX', rawMail(n));
    });
    const recorder = new Recorder();
    recorder.failOn = '<poll-9@shire.example>';
    const p = poller(recorder, { maxFailures: 2, failureWindowMs: 0 });
    const r1 = await p.pollOnce();
    expect(r1).toMatchObject({ handled: 0, setAsideFailed: 0 });
    expect(r1.stoppedBy).toContain('database unavailable');
    const r2 = await p.pollOnce();
    expect(r2).toMatchObject({ handled: 1, setAsideFailed: 1, stoppedBy: null });
    expect(recorder.seen.map((s) => s.messageId)).toEqual(['<poll-10@shire.example>']);
    expect((await p.pollOnce()).found).toBe(0);
    await p.stop();
    const flags = await newestFlags();
    expect(flags).toContain(FAILED_KEYWORD);
    expect(flags).not.toContain('\\Seen');
  });

  it('waits in IDLE between polls: new mail is taken at once, long before the fallback interval', async () => {
    const recorder = new Waiting();
    const p = poller(recorder, { intervalMs: 3_600_000 });
    p.start();
    await until(() => p.waiting === 'idle');
    await withClient(async (c) => c.append('INBOX', rawMail(30)));
    expect(await recorder.next()).toBe('<poll-30@shire.example>');
    // And again: after the poll it goes back into IDLE.
    await until(() => p.waiting === 'idle');
    await withClient(async (c) => c.append('INBOX', rawMail(31)));
    expect(await recorder.next()).toBe('<poll-31@shire.example>');
    await p.stop();
    expect(p.waiting).toBeNull();
    expect(recorder.seen.map((m) => m.messageId)).toEqual(['<poll-30@shire.example>', '<poll-31@shire.example>']);
  });

  it('polls every interval when IDLE is off (the fallback)', async () => {
    const recorder = new Waiting();
    const p = poller(recorder, { idle: false, intervalMs: 1000 });
    p.start();
    await until(() => p.waiting === 'interval');
    await withClient(async (c) => c.append('INBOX', rawMail(32)));
    expect(await recorder.next()).toBe('<poll-32@shire.example>');
    await p.stop();
  });

  it('reads the envelope sender from Return-Path', () => {
    expect(returnPath(Buffer.from('Return-Path: <>\r\nFrom: a@b\r\n\r\nx'))).toBe('');
    expect(returnPath(Buffer.from('From: a@b\r\n\r\nReturn-Path: <x@y>'))).toBeNull();
  });
});

describe('IMAP poller over TLS (a self-signed certificate)', () => {
  let implicit: ImapServer;
  let starttls: ImapServer;
  beforeAll(async () => {
    [implicit, starttls] = await Promise.all([startImapServer({ tls: 'implicit' }), startImapServer({ tls: 'starttls' })]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([implicit?.stop(), starttls?.stop()]);
  });

  /** Mail n waits on the server; the poller refuses the certificate, then with allowSelfSigned takes the mail. */
  async function refusedUnlessAllowed(server: ImapServer, secure: boolean, n: number): Promise<void> {
    const c = new ImapFlow({ host: server.host, port: server.port, secure, tls: { rejectUnauthorized: false }, auth: { user: server.user, pass: server.password }, logger: false });
    await c.connect();
    expect(c.secureConnection).toBe(true);
    await c.append('INBOX', rawMail(n));
    await c.logout();
    const recorder = new Recorder();
    const options = { host: server.host, port: server.port, secure, user: server.user, password: server.password, maxMessageBytes: 100_000, processor: recorder, logger };
    const strict = new ImapPoller(options);
    await expect(strict.pollOnce()).rejects.toThrow(/certificate/i);
    await strict.stop();
    expect(recorder.seen).toHaveLength(0);
    const lenient = new ImapPoller({ ...options, allowSelfSigned: true });
    expect(await lenient.pollOnce()).toMatchObject({ found: 1, handled: 1 });
    await lenient.stop();
    expect(recorder.seen.map((s) => s.messageId)).toEqual([`<poll-${n}@shire.example>`]);
  }

  it('polls over IMAPS, and refuses an unverified certificate unless allowed', async () => {
    await refusedUnlessAllowed(implicit, true, 20);
  });

  it('on a plain port that offers STARTTLS, upgrades before logging in: refuses the unverified certificate unless allowed', async () => {
    await refusedUnlessAllowed(starttls, false, 21);
  });
});
