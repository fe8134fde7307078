// Taking orders in: parse with the game's ruleset, check against the stored state of the open turn, store
// the raw submission and merge the standing orders in one transaction, answer with an outcome. The
// pieces: plan.ts (pure planning), turn-state.ts (the open turn's state), merge.ts (one submission and
// its receipt), commit.ts (a batch's SQL), group-commit.ts (batching), run-early.ts (turn due early).
import type { Db } from '@arbiter/db';
import { commitBatch, type Item } from './commit.ts';
import { GroupCommit } from './group-commit.ts';
import { AS_EACH_MOVE_ARRIVES, receiveMove, sequentialModeOf } from './moves.ts';
import { orderTextRefusal } from './order-text.ts';
import { refusal, refusalError, type SubmissionOutcome } from './outcome.ts';
import { perDb } from './per-db.ts';
import type { Receipt } from './receipt.ts';
import { redactSecretText } from './secret-lines.ts';
import type { SubmitOrdersInput } from './submission-input.ts';
import { planEarly } from './turn-state.ts';

export type { SubmitOrdersInput } from './submission-input.ts';

/** Group commit limits: a batch holds one pooled connection; two in flight let Node prepare one while PostgreSQL commits the other. */
export const SUBMIT_BATCH = { maxBatch: 64, maxInFlight: 2 } as const;

const committerOf = perDb(
  (db) => new GroupCommit<Item, SubmissionOutcome>((items) => commitBatch(db, items), { ...SUBMIT_BATCH, keyOf: (i) => `${i.input.gameId}\u0000${i.input.nationId}` }),
);

/** How the submissions of this process were grouped into transactions so far (for metrics and tests). */
export function submissionBatchStats(db: Db): GroupCommit<Item, SubmissionOutcome>['stats'] {
  return committerOf(db).stats;
}

// One look-up of a game's sequential mode at a time: submissions that arrive while it is asked wait for
// the same answer and so queue in their order of arrival (separate look-ups answer in any order, and a
// nation's submissions would queue out of it).
const modeLookupsOf = perDb(() => new Map<string, Promise<string | null>>());
function modeOf(db: Db, gameId: string): Promise<string | null> {
  const lookups = modeLookupsOf(db);
  let mode = lookups.get(gameId);
  if (mode === undefined) {
    mode = sequentialModeOf(db, gameId).finally(() => lookups.delete(gameId));
    lookups.set(gameId, mode);
  }
  return mode;
}

/** Why the input cannot be a submission at all, or null. */
function inputRefusal(input: SubmitOrdersInput): SubmissionOutcome | null {
  if (typeof input.rawText !== 'string') return refusal('invalid-input', 'The orders must be text.');
  const tooMuch = orderTextRefusal(input.rawText, input.limits);
  if (tooMuch !== null) return tooMuch;
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
 * arrival. `together`: the caller starts this submission with others (the mail intake, a batch of mails'
 * orders), which then share its transaction (GroupCommit's `gather`). Throws only for bugs and
 * infrastructure failures.
 */
export async function receiveOrders(db: Db, given: SubmitOrdersInput, arrival?: { together?: boolean }): Promise<SubmissionOutcome> {
  const refused = inputRefusal(given);
  if (refused !== null) return refused;
  // A `secret:` line among the orders (pasted from a mail) is never stored, nor quoted in the receipt or
  // the history: its value is replaced before the text is read (secret-lines.ts).
  const input = { ...given, rawText: redactSecretText(given.rawText) };
  // A game played as each move arrives takes moves, one at a time (moves.ts), not standing orders.
  if ((await modeOf(db, input.gameId)) === AS_EACH_MOVE_ARRIVES) return receiveMove(db, input, input.receivedAt ?? new Date());
  const item = { input, receivedAt: input.receivedAt ?? new Date(), early: planEarly(db, input) };
  return committerOf(db).submit(item, { gather: arrival?.together === true });
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
