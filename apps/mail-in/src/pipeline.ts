// The mail intake pipeline: one mail in, everything it causes stored, before the caller (SMTP or
// IMAP) acknowledges it.
//
//   read (mailparser; plain-mail.ts for plain text) -> screen robots -> extract the submission -> authenticate with the secret
//   (@arbiter/intake) -> [under the Message-ID lock:] dedupe -> quotas -> orders | status | resend-report
//   -> receipt rows in the outbox (to the nation's registered address, and to the From address when the
//      envelope sender agrees: answerAddress) + InboundMail
//   -> a turn the orders made due early goes to the TurnDispatcher at once (as over REST)
//
// Concurrency and crashes: each mail is processed under a PostgreSQL advisory lock on its Message-ID,
// so the same mail delivered twice at once is processed once. The mails in hand go through intake's
// MailBatcher (a group commit, issue 30): the mails that queue while a batch runs share its connection,
// its locks, one read of what is known of each, and one statement writing every InboundMail row with its
// replies. receiveOrders commits the submission in its own transaction (the submissions' group commit)
// before that. If the process dies between the two, the mail was not acknowledged (SMTP 451 / IMAP
// message left in place), comes again, and the submission already stored under its Message-ID is found
// and answered instead of being stored twice.

import { createHash } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Db } from '@arbiter/db';
import { assertNever } from '@arbiter/engine';
import type { TurnDispatcher } from '@arbiter/turns';
import { RULESET_IDS, rulesetFor } from '@arbiter/rulesets';
import type { PoolClient } from 'pg';
import {
  authenticateNation,
  getStandingOrders,
  getStatus,
  latestReportMail,
  IntakeError,
  renderReceiptText,
  setReportDelivery,
  receiveOrders,
  formatDeadline,
  MailBatcher,
  MAIL_BATCH,
  recordRefusal,
  auditRefusedMail,
  helpRulesets,
  DEFAULT_MAIL_QUOTA,
  type AuthenticatedNation,
  type ClaimedMail,
  type HandledMail,
  type InboundRecord,
  type MailQuota,
  type ReplyKind,
  type ReplyRow,
  type RefusalAudit,
  type Receipt,
  type SubmissionQuota,
} from '@arbiter/intake';
import { messageIdDomain, outboxMessageId } from '@arbiter/mail';
import {
  commandUnavailableNotice,
  nationMismatchNotice,
  noReportYetNotice,
  orderMailHelp,
  ordersNotStoredNotice,
  receiptMail,
  refusalMail,
  reportDeliveryNotice,
  resentSubject,
  statusMail,
  unauthenticatedRefusal,
  unreadableMailRefusal,
  type StatusFacts,
} from '@arbiter/reports';
import type { Logger } from 'pino';
import { DEFAULT_EXTRACT_LIMITS, extractSubmission, type ExtractLimits, type MailSubmission } from './extract.ts';
import { rulesetsRecognise } from './order-files.ts';
import { readMail, type ReadMail } from './parse.ts';
import { plainTextContent, readPlainMail } from './plain-mail.ts';
import type { Envelope, MailProcessor, ProcessOutcome } from './processor.ts';
import { headersOnly } from './quota.ts';
import { redactRawMail } from './redact.ts';
import { screenAutomatedMail } from './screen.ts';
import { ADDRESS, MESSAGE_ID, answerAddress, oneLine, recordFor, uniqueAddresses, type Admission, type MailContext, type RecordFn, type Recipients } from './mail-context.ts';


export interface MailPipelineOptions {
  db: Db;
  /** MAIL_FROM, e.g. `Arbiter <orders@example.org>`: its domain makes the Message-IDs of replies. */
  mailFrom: string;
  limits?: ExtractLimits;
  /** At most one refusal per sender per this interval (ms); default one hour. */
  refusalIntervalMs?: number;
  /** At most this many refusals per SMTP client address per `refusalIntervalMs` (MAIL_IN_REFUSALS_PER_CLIENT); default 10. */
  refusalsPerClient?: number;
  /** Mails processed at once; each holds up to two database connections. Default 4. */
  concurrency?: number;
  /**
   * Batches of mails whose own rows are written at once (intake's MailBatcher): most batches at once (each
   * holds one database connection from its locks to its records) and most mails in one; default MAIL_BATCH.
   */
  batches?: { maxBatch: number; maxInFlight: number };
  /** What one sender may have stored (MAIL_IN_QUOTA_*); default DEFAULT_MAIL_QUOTA. */
  quota?: MailQuota;
  /** What one nation may store per turn (INTAKE_MAX_*); default the intake's. */
  submissionQuota?: SubmissionQuota;
  /**
   * Where a turn made due early by a `final: yes` mail goes at once (the worker's queue, or in-process),
   * as the API's does. Without one the worker's deadline sweep runs it (within WORKER_SWEEP_INTERVAL_MS).
   */
  dispatcher?: TurnDispatcher | null;
  logger: Logger;
}


/**
 * The mail-intake help that ends every refusal: how to write an order mail. It is shown before the mail
 * is matched to a game, so its example order lines are those of the rulesets the server's games play
 * (intake's `helpRulesets`: a server of mepbm games shows mepbm's line only), each ruleset's own.
 */
export function orderHelpFor(rulesets: readonly string[]): string {
  return orderMailHelp(rulesets.map((id) => ({ line: rulesetFor(id).orders.example, title: rulesetFor(id).title })));
}

function short(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 24);
}

export class MailPipeline implements MailProcessor {
  private readonly db: Db;
  private readonly domain: string;
  private readonly limits: ExtractLimits;
  private readonly refusalIntervalMs: number;
  private readonly refusalsPerClient: number;
  private readonly log: Logger;
  /** Bounds the mails processed at once, and so the connections held (p-limit). */
  private readonly limit: LimitFunction;
  private readonly quota: MailQuota;
  private readonly submissionQuota: SubmissionQuota | undefined;
  private readonly dispatcher: TurnDispatcher | null;
  /** The mails' own rows: locks, reads and records of the mails in hand, written together (group commit). */
  private readonly batcher: MailBatcher;

  constructor(options: MailPipelineOptions) {
    this.db = options.db;
    this.domain = messageIdDomain(options.mailFrom);
    this.limits = options.limits ?? DEFAULT_EXTRACT_LIMITS;
    this.refusalIntervalMs = options.refusalIntervalMs ?? 3_600_000;
    this.refusalsPerClient = options.refusalsPerClient ?? 10;
    this.log = options.logger;
    this.limit = pLimit(Math.max(1, options.concurrency ?? 4));
    this.quota = options.quota ?? DEFAULT_MAIL_QUOTA;
    this.submissionQuota = options.submissionQuota;
    this.dispatcher = options.dispatcher ?? null;
    this.batcher = new MailBatcher(options.db, this.quota, options.batches ?? MAIL_BATCH);
  }

  process(raw: Buffer, envelope: Envelope): Promise<ProcessOutcome> {
    const receivedAt = new Date();
    return this.limit(async () => {
      // The commonest order mail (plain ASCII text of the simplest form) is read without mailparser (plain-mail.ts).
      const mail = readPlainMail(raw) ?? (await readMail(raw));
      // What is stored is the mail without its secrets (redact.ts): the bytes as they arrived otherwise.
      // Read again to check that no secret still reads: plain ASCII text needs no parser (plain-mail.ts).
      const stored = await redactRawMail(raw, mail.content, async (bytes) => plainTextContent(bytes) ?? (await readMail(bytes)).content);
      const admission = await this.admit(mail, envelope);
      const fromAddress = (mail.replyAddress ?? mail.from ?? envelope.mailFrom ?? '').slice(0, 320) || '(none)';
      const ctx: MailContext = {
        mail, raw: stored.raw, storedRaw: stored.raw, strangerOverQuota: false, envelope, receivedAt,
        prior: { inbound: null, submission: null }, source: { fromAddress, clientAddress: envelope.remoteAddress ?? null }, write: null, after: null,
      };
      const claim = { messageId: mail.messageId, source: ctx.source, gameId: admission.kind === 'authenticated' ? admission.nation.gameId : null, rawBytes: stored.raw.length };
      // With the mail's Message-ID lock held (so the same mail delivered twice at once is processed once,
      // across processes), in a batch with the mails that arrived meanwhile (intake's MailBatcher).
      return this.batcher.run(claim, (claimed) => this.handle(ctx, admission, claimed));
    });
  }

  /**
   * What the mail is, before the database is asked anything of it: a robot's or unanswerable, unreadable, a
   * wrong secret, or a nation's submission. (Until it authenticates it is a stranger's: kept in full only
   * within the stranger quotas of its sender address and of its SMTP client, the intake's rule.)
   */
  private async admit(mail: ReadMail, envelope: Envelope): Promise<Admission> {
    const screen = screenAutomatedMail({ headers: mail.headers, envelopeFrom: envelope.mailFrom, replyAddress: mail.replyAddress });
    if (screen.automated) return { kind: 'ignored', reason: screen.reason };
    if (mail.replyAddress === null || !ADDRESS.test(mail.replyAddress)) return { kind: 'ignored', reason: `no usable reply address (${mail.replyAddress ?? 'none'})` };
    const extraction = extractSubmission(mail.content, this.limits, rulesetsRecognise);
    if (!extraction.ok) return { kind: 'unreadable', reason: extraction.reason, message: extraction.message };
    // The secret decides the nation; unknown game and wrong secret get the same short answer.
    const nation = await authenticateNation(this.db, extraction.submission.gameId, extraction.submission.secret);
    if (nation === null) return { kind: 'unauthenticated', submission: extraction.submission };
    return { kind: 'authenticated', submission: extraction.submission, nation };
  }

  /** The mail under its lock: a duplicate, or answered as its admission says; the record to write is the batch's. */
  private async handle(ctx: MailContext, admission: Admission, claimed: ClaimedMail): Promise<HandledMail<ProcessOutcome>> {
    const { mail } = ctx;
    if (claimed.prior.inbound !== null) return { value: { kind: 'duplicate', messageId: mail.messageId }, write: null };
    ctx.prior = claimed.prior;
    ctx.strangerOverQuota = admission.kind !== 'authenticated' && claimed.quota.over;
    ctx.storedRaw = claimed.quota.over ? headersOnly(ctx.raw, claimed.quota.why) : ctx.raw;
    const value = await this.answer(ctx, admission, recordFor(ctx, ctx.source));
    return { value, write: ctx.write, ...(ctx.after !== null ? { after: ctx.after } : {}) };
  }

  private async answer(ctx: MailContext, admission: Admission, record: RecordFn): Promise<ProcessOutcome> {
    const { mail, envelope } = ctx;
    const { messageId } = mail;
    // Who is answered besides a nation's registered address: never a Reply-To (docs/security.md).
    const sender = answerAddress(mail.from, envelope.mailFrom);
    switch (admission.kind) {
      case 'ignored':
        ctx.write = { inbound: record('ignored', admission.reason), replies: [] };
        return { kind: 'ignored', messageId, reason: admission.reason };
      case 'unreadable': {
        // A refusal goes to an address nobody has proved to own (From is forged at will): it quotes
        // nothing of the mail (no subject, no value from it, no warnings), only Arbiter's own words.
        const text = unreadableMailRefusal(admission.reason, admission.message, orderHelpFor(await helpRulesets(this.db.pool, RULESET_IDS)));
        const replied = await this.refuse(ctx, sender, text, record('refused', admission.reason));
        return { kind: 'refused', messageId, reason: admission.reason, replied };
      }
      case 'unauthenticated': {
        // The game's GM sees every wrong-secret mail to it in the audit log, answered or not (intake).
        const audit = { gameId: admission.submission.gameId, reason: 'not-authenticated', sender: sender ?? '(no From address)' };
        const replied = await this.refuse(ctx, sender, unauthenticatedRefusal(orderHelpFor(await helpRulesets(this.db.pool, RULESET_IDS))), record('refused', 'not-authenticated'), audit);
        return { kind: 'refused', messageId, reason: 'not-authenticated', replied };
      }
      case 'authenticated':
        return this.authenticated(ctx, admission.submission, admission.nation, sender, record);
      default:
        return assertNever(admission);
    }
  }

  /** Authenticated: always processed (kept in full within the game's quota of its sender and of its client). */
  private async authenticated(ctx: MailContext, submission: MailSubmission, nation: AuthenticatedNation, sender: string | null, record: RecordFn): Promise<ProcessOutcome> {
    const { mail } = ctx;
    const to: Recipients = { addresses: uniqueAddresses(sender === null ? [nation.email] : [sender, nation.email]), nation, inReplyTo: MESSAGE_ID.exec(mail.messageId)?.[1] ?? null };
    if (submission.nation !== null && submission.nation.toLowerCase() !== nation.nationId.toLowerCase()) {
      const notice = nationMismatchNotice(nation, oneLine(mail.subject), submission.nation);
      this.reply(ctx, to, 'notice', notice, `mismatch-${short(mail.messageId)}`, record('refused', 'nation-mismatch', nation.gameId));
      return { kind: 'refused', messageId: mail.messageId, reason: 'nation-mismatch', replied: true };
    }
    return this.command(ctx, submission, to, record);
  }

  /** The submission's command, answered; a game that cannot answer it (no current turn, ...) says so. */
  private async command(ctx: MailContext, submission: MailSubmission, to: Recipients, record: RecordFn): Promise<ProcessOutcome> {
    try {
      switch (submission.command) {
        case 'orders':
          return await this.orders(ctx, submission, to, record);
        case 'status':
          return await this.status(ctx, submission, to, record);
        case 'resend-report':
          return await this.resendReport(ctx, to, record);
        case 'report-full':
        case 'report-text':
        case 'report-none':
          return await this.reportDelivery(ctx, submission.command, to, record);
        default:
          return assertNever(submission.command);
      }
    } catch (err) {
      // Only infrastructure failures are thrown.
      if (!(err instanceof IntakeError)) throw err;
      const notice = commandUnavailableNotice(to.nation, oneLine(ctx.mail.subject), submission.command, err.message);
      this.reply(ctx, to, 'notice', notice, `unavailable-${short(ctx.mail.messageId)}`, record('refused', err.code, to.nation.gameId));
      return { kind: 'refused', messageId: ctx.mail.messageId, reason: err.code, replied: true };
    }
  }

  private async orders(ctx: MailContext, submission: MailSubmission, to: Recipients, record: RecordFn): Promise<ProcessOutcome> {
    const { messageId } = ctx.mail;
    const { nation } = to;
    // A submission already stored for this Message-ID (the process died before answering): answer it.
    const stored = ctx.prior.submission;
    const earlier = stored !== null && stored.gameId === nation.gameId && stored.nationId === nation.nationId ? stored : null;
    let receipt: Receipt;
    let dueTurn: number | null = null;
    let dueMove: { turn: number; seq: number } | null = null;
    if (earlier !== null) {
      receipt = earlier.receipt as Receipt;
      this.log.warn({ messageId, submissionId: earlier.id }, 'mail-in: answering a submission stored before a restart');
    } else {
      const outcome = await receiveOrders(this.db, {
        gameId: nation.gameId,
        nationId: nation.nationId,
        source: 'email',
        rawText: submission.orderText,
        receivedAt: ctx.receivedAt,
        messageId,
        final: submission.final,
        // The same limit the extraction applied (config.orderLimits), so that intake never refuses what
        // the mail intake took in.
        limits: { maxLines: this.limits.maxOrderLines, maxChars: this.limits.maxOrderChars },
        ...(this.submissionQuota !== undefined ? { quota: this.submissionQuota } : {}),
      }, { together: true }); // the batch's mails (mail-batch.ts) hand their orders over together
      switch (outcome.kind) {
        case 'accepted':
          receipt = outcome.receipt;
          break;
        case 'accepted-turn-due':
          receipt = outcome.receipt;
          dueTurn = outcome.turn;
          break;
        case 'accepted-move':
          receipt = outcome.receipt;
          dueMove = { turn: outcome.turn, seq: outcome.seq };
          break;
        case 'out-of-turn': // not this player's move: the notice names whose it is
        case 'refused': {
          const { code, message } = outcome.refusal;
          const notice = ordersNotStoredNotice(nation, oneLine(ctx.mail.subject), message);
          this.reply(ctx, to, 'notice', notice, `notstored-${short(messageId)}`, record('refused', code, nation.gameId));
          return { kind: 'refused', messageId, reason: code, replied: true };
        }
        default:
          return assertNever(outcome);
      }
    }
    const lines = receipt.orders.length + receipt.errors.length + receipt.cancels.length;
    const mailed = receiptMail(nation, { turn: receipt.turn, summary: receipt.summary, lines, text: renderReceiptText(receipt) }, submission);
    this.reply(ctx, to, 'receipt', mailed, `receipt-${receipt.submissionId}`, record('processed', null, nation.gameId, receipt.submissionId));
    // Once the receipt is stored (the mover gets it first).
    if (dueTurn !== null) ctx.after = () => this.dispatchEarly(nation.gameId, dueTurn);
    if (dueMove !== null) ctx.after = () => this.dispatchMove(nation.gameId, dueMove.turn, dueMove.seq);
    return { kind: 'accepted', messageId, gameId: nation.gameId, nationId: nation.nationId, command: 'orders', submissionId: receipt.submissionId };
  }

  private async status(ctx: MailContext, submission: MailSubmission, to: Recipients, record: RecordFn): Promise<ProcessOutcome> {
    const { nation } = to;
    const status = await getStatus(this.db, nation.gameId, { kind: 'nation', nationId: nation.nationId });
    const standing = await getStandingOrders(this.db, nation.gameId, nation.nationId);
    const facts: StatusFacts = {
      name: status.name,
      ruleset: status.ruleset,
      turn: status.turn,
      status: status.status,
      turnStatus: status.turnStatus,
      heldReason: status.heldReason,
      deadlineText: formatDeadline(new Date(status.deadline), status.timeZone),
      submissions: status.you?.submissions ?? 0,
      lastReceivedAt: status.you?.lastReceivedAt ?? null,
      standingTurn: standing.turn,
      standing: standing.standingOrders.flatMap((u) => u.orders),
      nations: status.nations,
    };
    this.reply(ctx, to, 'notice', statusMail(nation, facts, submission), `status-${short(ctx.mail.messageId)}`, record('processed', 'status', nation.gameId));
    return { kind: 'accepted', messageId: ctx.mail.messageId, gameId: nation.gameId, nationId: nation.nationId, command: 'status', submissionId: null };
  }

  private async reportDelivery(ctx: MailContext, command: 'report-full' | 'report-text' | 'report-none', to: Recipients, record: RecordFn): Promise<ProcessOutcome> {
    const { nation } = to;
    const delivery = command === 'report-full' ? 'full' : command === 'report-text' ? 'text' : 'none';
    await setReportDelivery(this.db, nation.gameId, nation.nationId, delivery, 'nation');
    this.reply(ctx, to, 'notice', reportDeliveryNotice(nation, delivery), `delivery-${short(ctx.mail.messageId)}`, record('processed', command, nation.gameId));
    return { kind: 'accepted', messageId: ctx.mail.messageId, gameId: nation.gameId, nationId: nation.nationId, command, submissionId: null };
  }

  private async resendReport(ctx: MailContext, to: Recipients, record: RecordFn): Promise<ProcessOutcome> {
    const { nation } = to;
    const key = short(ctx.mail.messageId);
    // The report mail exactly as the turn pipeline wrote it (text, HTML, map attachment), sent again.
    const last = await latestReportMail(this.db.pool, nation.gameId, nation.nationId);
    if (last === null) {
      this.reply(ctx, to, 'notice', noReportYetNotice(nation), `noreport-${key}`, record('processed', 'resend-report: no report yet', nation.gameId));
    } else {
      const again = { subject: resentSubject(last.subject), text: last.text };
      this.reply(ctx, to, 'report', again, `resend-${key}`, record('processed', 'resend-report', nation.gameId), { html: last.html, attachments: last.attachments });
    }
    return { kind: 'accepted', messageId: ctx.mail.messageId, gameId: nation.gameId, nationId: nation.nationId, command: 'resend-report', submissionId: null };
  }

  /**
   * The last nation of a game that runs early marked its orders final: the turn runs now, as it does after
   * the same submission over REST. The mail is stored and answered whatever happens here: a dispatch that
   * fails (the queue is down) is logged, and the worker's deadline sweep dispatches the turn when it can.
   */
  private async dispatchEarly(gameId: string, turn: number): Promise<void> {
    if (this.dispatcher === null) {
      this.log.info({ gameId, turn }, 'mail-in: the turn is due early; no dispatcher here, the worker\'s sweep runs it');
      return;
    }
    try {
      await this.dispatcher.dispatch(gameId, turn);
      this.log.info({ gameId, turn }, 'mail-in: every nation is final; the turn was dispatched early');
    } catch (err) {
      this.log.error({ err, gameId, turn }, 'mail-in: could not dispatch the early turn; the worker\'s sweep will');
    }
  }

  /**
   * A move of a game played as each move arrives: adjudicated now, after its receipt was queued (so the
   * mover gets the receipt first). Without a dispatcher, or when it fails, the worker's sweep runs it.
   */
  private async dispatchMove(gameId: string, turn: number, seq: number): Promise<void> {
    if (this.dispatcher?.dispatchMove === undefined) {
      this.log.info({ gameId, turn, seq }, "mail-in: a move arrived; no move dispatcher here, the worker's sweep adjudicates it");
      return;
    }
    try {
      await this.dispatcher.dispatchMove(gameId, turn, seq);
    } catch (err) {
      this.log.error({ err, gameId, turn, seq }, "mail-in: could not dispatch the move; the worker's sweep will");
    }
  }

  /** One reply per recipient, to be queued with the inbound mail's record, atomically (the batch writes them). */
  private reply(
    ctx: MailContext,
    to: Recipients,
    kind: ReplyKind,
    { subject, text }: { subject: string; text: string },
    key: string,
    inbound: InboundRecord,
    extra: { html?: string | null; attachments?: unknown } = {},
  ): void {
    const rows: ReplyRow[] = to.addresses.map((address, i) => ({
      gameId: to.nation.gameId,
      nationId: to.nation.nationId,
      kind,
      to: address,
      subject,
      text,
      ...extra,
      messageId: outboxMessageId(kind, `${key}-${i + 1}`, this.domain),
      inReplyTo: to.inReplyTo,
    }));
    ctx.write = { inbound, replies: rows };
  }

  /** A refusal to an unauthenticated sender: at most one per sender per interval, none past its quota or without an address to answer. */
  private async refuse(ctx: MailContext, sender: string | null, text: string, inbound: InboundRecord, audit: RefusalAudit | null = null): Promise<boolean> {
    if (ctx.strangerOverQuota || sender === null) {
      ctx.write = { inbound, replies: [] };
      if (audit !== null) await auditRefusedMail(this.db.pool, audit, sender === null ? 'the mail has no address to answer' : 'the sender is over its quota of unauthenticated mail');
      return false;
    }
    const reply: ReplyRow = {
      gameId: null,
      nationId: null,
      kind: 'refusal',
      to: sender,
      ...refusalMail(text),
      messageId: outboxMessageId('refusal', short(ctx.mail.messageId), this.domain),
      inReplyTo: MESSAGE_ID.exec(ctx.mail.messageId)?.[1] ?? null,
    };
    // One refusal per address per interval and per SMTP client: a stranger who forges a player's From
    // from its own server uses up only its own slot, not the one of the player's mail server.
    const throttle = ctx.envelope.remoteAddress ? `${sender} via ${ctx.envelope.remoteAddress}` : sender;
    // And at most `refusalsPerClient` per SMTP client and interval, whatever From it forges each time: the
    // intake is never a mail cannon.
    return this.withConnection((client) => recordRefusal(client, inbound, reply, { key: throttle, intervalMs: this.refusalIntervalMs, perClient: this.refusalsPerClient }, audit));
  }

  /** A pool connection of its own for `fn` (a refusal's transaction), destroyed if `fn` fails. */
  private async withConnection<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.db.pool.connect();
    let broken = false;
    try {
      return await fn(client);
    } catch (err) {
      broken = true;
      throw err;
    } finally {
      client.release(broken);
    }
  }
}
