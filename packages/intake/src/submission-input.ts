// What a shell hands the intake for one submission (REST, mail, web): its own file, so that the pieces of
// taking orders in (submit.ts, merge.ts, commit.ts, moves.ts) share it without importing one another.
import type { OrderTextLimits } from './order-text.ts';
import type { SubmissionQuota } from './submission-quota.ts';

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
  /** Most lines and characters of order text (ORDER_MAX_*); default ORDER_TEXT_LIMITS. */
  limits?: OrderTextLimits;
}
