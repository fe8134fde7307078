// What taking a submission in can come to, as a value every shell switches on (REST, mail, web): stored
// with its receipt; stored, and the game's open turn is now due early (the shell hands it to its
// TurnDispatcher at once); or refused, with nothing stored. Refusals are the player's situation (the
// deadline passed, the turn is closed, nothing could be accepted...), not exceptions: only bugs and
// infrastructure failures are thrown.
import { IntakeError } from './errors.ts';
import type { Receipt } from './receipt.ts';

/** Why a submission was refused; every code is also an IntakeErrorCode (the API's problem codes). */
export type SubmissionRefusalCode =
  | 'invalid-input'
  | 'game-not-found'
  | 'nation-not-found'
  | 'turn-not-found'
  | 'game-finished'
  | 'turn-closed'
  | 'deadline-passed'
  | 'no-orders-accepted'
  | 'submission-quota';

export interface SubmissionRefusal {
  code: SubmissionRefusalCode;
  /** Words for the player: what happened and what to do. */
  message: string;
  /** Each problem by place (`line 2, col 11`) when there are several (no-orders-accepted). */
  issues: { path: string; message: string }[];
}

export type SubmissionOutcome =
  /** Stored and merged; the receipt says how. */
  | { kind: 'accepted'; receipt: Receipt }
  /** Stored, and with it every active nation of a game that runs early is final: `turn` is due now. */
  | { kind: 'accepted-turn-due'; receipt: Receipt; turn: number }
  /** Nothing stored. */
  | Refused;

export interface Refused {
  kind: 'refused';
  refusal: SubmissionRefusal;
}

export function refusal(code: SubmissionRefusalCode, message: string, issues: { path: string; message: string }[] = []): Refused {
  return { kind: 'refused', refusal: { code, message, issues } };
}

/** The refusal as the IntakeError `submitOrders` throws (for callers that treat a refusal as a failure). */
export function refusalError(r: SubmissionRefusal): IntakeError {
  return new IntakeError(r.code, r.message, r.issues);
}
