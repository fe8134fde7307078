// The HTTP answer to what the intake says: each intake error code's status (the API's own mapping; the
// intake knows no HTTP), and a refused submission as a problem.
import type { IntakeErrorCode, SubmissionRefusal } from '@arbiter/intake';
import { assertNever } from '@arbiter/engine';
import { HttpProblem } from './http-problem.ts';

export function httpStatusOf(code: IntakeErrorCode): number {
  switch (code) {
    case 'invalid-input':
      return 400;
    case 'game-not-found':
    case 'nation-not-found':
    case 'turn-not-found':
    case 'report-not-found':
    case 'mail-not-found':
      return 404;
    case 'game-finished':
    case 'turn-closed':
    case 'deadline-passed':
    case 'conflict':
    case 'not-your-move':
    case 'move-already-received':
      return 409;
    case 'invalid-scenario':
    case 'no-orders-accepted':
      return 422;
    case 'orders-too-long':
    case 'too-many-orders':
      return 413;
    case 'submission-quota':
      return 429;
    default:
      return assertNever(code);
  }
}

/** A refused submission or order check as the problem the route answers with. */
export function refusalProblem(r: SubmissionRefusal): HttpProblem {
  return new HttpProblem(httpStatusOf(r.code), r.code, r.message, { issues: r.issues });
}
