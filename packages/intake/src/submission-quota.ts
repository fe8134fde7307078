// How much one nation may store per turn (issue 27: 200 submissions of 20,000 characters grew the
// database by 6.7 MB in 5 s). Each submission stores its order text and its receipt; past either bound a
// further submission is refused (`submission-quota`, nothing stored) until the next turn opens. Bytes are
// counted as PostgreSQL stores them (compressed), which is what fills the disk. The same
// bound for REST, mail and the web client (INTAKE_MAX_SUBMISSIONS_PER_TURN, INTAKE_MAX_STORED_BYTES_PER_TURN;
// docs/security.md). Counted inside the batch's transaction, under the nation's row lock (commit.ts).
import { refusal, type Refused } from './outcome.ts';

export interface SubmissionQuota {
  /** Most submissions a nation stores per turn. */
  submissionsPerTurn: number;
  /** Most bytes (order text plus receipt, as stored) a nation stores per turn. */
  storedBytesPerTurn: number;
}

/**
 * A nation's orders for a turn fit in one submission of a few kilobytes; a hundred corrections, or twenty
 * of the largest mails with their receipts, are generous. Bounds a nation's storage per turn to about 2 MB.
 */
export const DEFAULT_SUBMISSION_QUOTA: SubmissionQuota = { submissionsPerTurn: 100, storedBytesPerTurn: 2_000_000 };

/** What a nation has stored for the turn so far. */
export interface TurnUsage {
  submissions: number;
  /** As PostgreSQL stores them (compressed); a submission of this batch counts its full length (more). */
  bytes: number;
}

/** The refusal when one more submission of `bytes` does not fit, or null. */
export function quotaRefusal(used: TurnUsage, bytes: number, quota: SubmissionQuota, turn: number): Refused | null {
  if (used.submissions + 1 <= quota.submissionsPerTurn && used.bytes + bytes <= quota.storedBytesPerTurn) return null;
  return refusal(
    'submission-quota',
    `This nation has stored ${used.submissions} submissions (${used.bytes} bytes with their receipts) for turn ${turn}; ` +
      `at most ${quota.submissionsPerTurn} submissions and ${quota.storedBytesPerTurn} bytes are kept per nation and turn. ` +
      'Nothing was stored; your standing orders are unchanged. Send all your orders in one submission, or wait for the next turn.',
  );
}
