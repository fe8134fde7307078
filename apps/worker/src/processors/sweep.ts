// The deadline sweep's job: the turn service's sweep (packages/turns `sweepDeadlines`: its query, due rule,
// moves and reminders), run from a job scheduler every WORKER_SWEEP_INTERVAL_MS and once when the worker
// starts; the worker only logs what it did and what failed.
import type { Db } from '@arbiter/db';
import { assertNever } from '@arbiter/engine';
import { sweepDeadlines, type MoveMailSettings, type PlayerMailSettings, type SweepFailure, type SweepResult, type TurnDispatcher } from '@arbiter/turns';
import type { Logger } from 'pino';

export type { SweepResult } from '@arbiter/turns';

export interface SweepDeps {
  db: Db;
  dispatcher: TurnDispatcher;
  log: Logger;
  /** A claim whose run has been silent this long is re-dispatched (runTurn decides whether to take over). */
  staleClaimMs: number;
  /** When set, each sweep also queues the reminders that are due (turns' reminders.ts). */
  reminders?: PlayerMailSettings;
  /** Games played as each move arrives: MAIL_FROM for the mails of the passes the sweep makes. */
  moveMail?: MoveMailSettings;
}

export function sweepProcessor(deps: SweepDeps) {
  return async (): Promise<SweepResult> => sweep(deps);
}

export async function sweep(deps: SweepDeps): Promise<SweepResult> {
  const { db, log, ...options } = deps;
  const result = await sweepDeadlines(db, { ...options, onError: (err, what) => logFailure(log, err, what) });
  if (result.dueNow > 0 || result.stalled > 0 || result.reminders > 0 || result.moves > 0 || result.timedOut > 0) log.info(result, 'sweep dispatched turns');
  return result;
}

function logFailure(log: Logger, err: unknown, what: SweepFailure): void {
  switch (what.kind) {
    case 'turn':
      log.error({ err, gameId: what.gameId, turn: what.turn }, 'sweep could not dispatch a turn');
      return;
    case 'moves':
      log.error({ err }, 'sweep could not dispatch or pass moves');
      return;
    case 'reminders':
      log.error({ err }, 'sweep could not queue reminders');
      return;
    default:
      assertNever(what);
  }
}
