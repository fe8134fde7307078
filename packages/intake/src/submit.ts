// Taking orders in: parse with the game's ruleset, check against the stored state of the open turn, store
// the raw submission and merge the standing orders in one transaction, answer with an outcome. The
// pieces: plan.ts (pure planning), turn-state.ts (the open turn's state), merge.ts (one submission and
// its receipt), commit.ts (a batch's SQL), group-commit.ts (batching), run-early.ts (turn due early).
import type { Db } from '@arbiter/db';
import { commitBatch, type Item } from './commit.ts';
import { GroupCommit } from './group-commit.ts';
import { AS_EACH_MOVE_ARRIVES, receiveMove, sequentialModeOf } from './moves.ts';
import { refusal, refusalError, type SubmissionOutcome } from './outcome.ts';
import { perDb } from './per-db.ts';
import type { Receipt } from './receipt.ts';
import { redactSecretText } from './secret-lines.ts';
import type { SubmissionQuota } from './submission-quota.ts';
import { planEarly } from './turn-state.ts';

/** Longest order text accepted, in characters (a full nation's orders are a few kilobytes). */
export const MAX_ORDER_TEXT = 100_000;

export interface SubmitOrdersInput {
  gameId: string;
  nationId: string;
  source: 'rest' | 'email';
  /** The order text exactly as received. */
  rawText: string;
  /** Server receive time; default now. Mail intake passes the time its server accepted the message. */
  receivedAt?: Date;
  messageId?: string | null;
  /** Declare the nation's orders final for this turn (for "run early when all orders are final"). */
  final?: boolean;
  /**
   * Refuse (`no-orders-accepted`, nothing stored) a submission of which no order or cancel was accepted.
   * The REST API sets it; mail does not, because a mail always gets a receipt.
   */
  refuseIfNothingAccepted?: boolean;
  /** What the nation may store per turn (INTAKE_MAX_*); default DEFAULT_SUBMISSION_QUOTA. */
  quota?: SubmissionQuota;
}

/** Group commit limits: a batch holds one pooled connection; two in flight let Node prepare one while PostgreSQL commits the other. */
export const SUBMIT_BATCH = { maxBatch: 64, maxInFlight: 2 } as const;

const committerOf = perDb(
  (db) => new GroupCommit<Item, SubmissionOutcome>((items) => commitBatch(db, items), { ...SUBMIT_BATCH, keyOf: (i) => `${i.input.gameId}\u0000${i.input.nationId}` }),
);

/** How the submissions of this process were grouped into transactions so far (for metrics and tests). */
export function submissionBatchStats(db: Db): GroupCommit<Item, SubmissionOutcome>['stats'] {
  return committerOf(db).stats;
}

/** Why the input cannot be a submission at all, or null. */
function inputRefusal(input: SubmitOrdersInput): SubmissionOutcome | null {
  if (typeof input.rawText !== 'string') return refusal('invalid-input', 'The orders must be text.');
  if (input.rawText.length > MAX_ORDER_TEXT) {
    return refusal('invalid-input', `The order text is too long (${input.rawText.length} characters; at most ${MAX_ORDER_TEXT}).`);
  }
  if (input.rawText.includes('\u0000')) return refusal('invalid-input', 'The order text contains a NUL character.');
  if (input.messageId != null && (input.messageId.length > 998 || input.messageId.includes('\u0000'))) {
    return refusal('invalid-input', 'The Message-ID is not a usable mail header value (longer than 998 characters, or contains NUL).');
  }
  return null;
}

/**
 * Store a submission and merge it into the nation's standing orders for the open turn: the outcome every
 * shell switches on (outcome.ts). Submissions that arrive while the database is busy are committed
 * together (group commit): each gets its own outcome, exactly as if it had been stored alone, in order of
 * arrival. Throws only for bugs and infrastructure failures.
 */
export async function receiveOrders(db: Db, given: SubmitOrdersInput): Promise<SubmissionOutcome> {
  const refused = inputRefusal(given);
  if (refused !== null) return refused;
  // A `secret:` line among the orders (pasted from a mail) is never stored, nor quoted in the receipt or
  // the history: its value is replaced before the text is read (secret-lines.ts).
  const input = { ...given, rawText: redactSecretText(given.rawText) };
  // A game played as each move arrives takes moves, one at a time (moves.ts), not standing orders.
  if ((await sequentialModeOf(db, input.gameId)) === AS_EACH_MOVE_ARRIVES) return receiveMove(db, input, input.receivedAt ?? new Date());
  return committerOf(db).submit({ input, receivedAt: input.receivedAt ?? new Date(), early: planEarly(db, input) });
}

/**
 * `receiveOrders` for callers that treat a refusal as a failure (tests, scripts): the receipt, or the
 * refusal thrown as an IntakeError with its code. Shells use `receiveOrders` and switch on the outcome.
 */
export async function submitOrders(db: Db, input: SubmitOrdersInput): Promise<Receipt> {
  const outcome = await receiveOrders(db, input);
  switch (outcome.kind) {
    case 'accepted':
    case 'accepted-turn-due':
    case 'accepted-move':
      return outcome.receipt;
    case 'refused':
    case 'out-of-turn':
      throw refusalError(outcome.refusal);
  }
}
