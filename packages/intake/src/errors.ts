/** Why the intake refused a request: a stable code, an HTTP status for the API, and words for the player. */
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
  | 'no-orders-accepted';

const STATUS: Record<IntakeErrorCode, number> = {
  'invalid-input': 400,
  'invalid-scenario': 422,
  'game-not-found': 404,
  'nation-not-found': 404,
  'turn-not-found': 404,
  'report-not-found': 404,
  'mail-not-found': 404,
  'game-finished': 409,
  'turn-closed': 409,
  'deadline-passed': 409,
  conflict: 409,
  'no-orders-accepted': 422,
};

export class IntakeError extends Error {
  readonly code: IntakeErrorCode;
  readonly status: number;
  /** Field-level problems (JSON path + message), e.g. for a scenario. */
  readonly issues: { path: string; message: string }[];
  constructor(code: IntakeErrorCode, message: string, issues: { path: string; message: string }[] = []) {
    super(message);
    this.name = 'IntakeError';
    this.code = code;
    this.status = STATUS[code];
    this.issues = issues;
  }
}
