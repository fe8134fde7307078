// What taking a submission in can come to, as a value every shell switches on (REST, mail, web): stored
// with its receipt; stored, and the game's open turn is now due early (the shell hands it to its
// TurnDispatcher at once); stored as a move to adjudicate now (games played as each move arrives);
// refused because it is another player's move; or refused, with nothing stored. Refusals are the player's situation (the
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
  | 'submission-quota'
  | 'orders-too-long'
  | 'too-many-orders'
  | 'not-your-move'
  | 'move-already-received';

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
  /**
   * A game played as each move arrives: stored as move `seq` of `turn`, to be adjudicated now (the shell
   * hands it to its dispatcher's `dispatchMove`; without one the worker's sweep runs it).
   */
  | { kind: 'accepted-move'; receipt: Receipt; turn: number; seq: number }
  /** A game played as each move arrives, and it is not this player's move: nothing stored. */
  | OutOfTurn
  /** Nothing stored. */
  | Refused;

export interface OutOfTurn {
  kind: 'out-of-turn';
  /** Code `not-your-move`; the message names whose move it is. */
  refusal: SubmissionRefusal;
  /** Who may move now (ids and names); empty when every seat has moved this turn. */
  toMove: { id: string; name: string }[];
}

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
