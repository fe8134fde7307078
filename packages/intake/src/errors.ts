/**
 * Why the intake refused a request: a stable code and words for the player (what a shell answers with it,
 * e.g. the HTTP status, is the shell's: apps/api intake-status.ts).
 */
export type IntakeErrorCode =
  | 'invalid-input'
  | 'invalid-scenario'
  | 'game-not-found'
  | 'nation-not-found'
  | 'turn-not-found'
  | 'report-not-found'
  | 'mail-not-found'
  | 'game-finished'
  | 'turn-closed'
  | 'deadline-passed'
  | 'conflict'
  | 'no-orders-accepted'
  | 'submission-quota'
  /** The order text is longer than ORDER_TEXT_LIMITS.maxChars (or the configured limit). */
  | 'orders-too-long'
  /** The order text holds more non-blank lines than ORDER_TEXT_LIMITS.maxLines. */
  | 'too-many-orders'
  /** A sequential game played move by move: it is another player's move. */
  | 'not-your-move'
  /** This player's move was already received and is being adjudicated (two submissions of one move). */
  | 'move-already-received';

export class IntakeError extends Error {
  readonly code: IntakeErrorCode;
  /** Field-level problems (JSON path + message), e.g. for a scenario. */
  readonly issues: { path: string; message: string }[];
  constructor(code: IntakeErrorCode, message: string, issues: { path: string; message: string }[] = []) {
    super(message);
    this.name = 'IntakeError';
    this.code = code;
    this.issues = issues;
  }
}
