// The deadline sweep: makes sure every open turn has its adjudicate job, from what PostgreSQL says.
// Runs from a job scheduler every WORKER_SWEEP_INTERVAL_MS and once when the worker starts, so jobs
// lost with Redis (a restart without persistence), turns of crashed runs, and games whose nations all
// marked their orders final are picked up without anyone having to remember them.
import type { Db } from '@arbiter/db';
import { ALL_ACTIVE_NATIONS_FINAL } from '@arbiter/intake';
import { queueDueReminders, type PlayerMailSettings, type TurnDispatcher } from '@arbiter/turns';
import type { Logger } from 'pino';

export interface SweepDeps {
  db: Db;
  dispatcher: TurnDispatcher;
  log: Logger;
  /** A claim whose run has been silent this long is re-dispatched (runTurn decides whether to take over). */
  staleClaimMs: number;
  /** When set, each sweep also queues the reminders that are due (turns' reminders.ts). */
  reminders?: PlayerMailSettings;
}

export interface SweepResult {
  scheduled: number;
  dueNow: number;
  stalled: number;
  /** Reminder mails queued by this sweep. */
  reminders: number;
}

interface OpenTurn {
  gameId: string;
  number: number;
  status: 'open' | 'adjudicating';
  deadline: Date;
  claimedAt: Date | null;
  allFinal: boolean;
  now: Date;
}

export function sweepProcessor(deps: SweepDeps) {
  return async (): Promise<SweepResult> => sweep(deps);
}

export async function sweep(deps: SweepDeps): Promise<SweepResult> {
  // "Every active nation is final" is the intake's rule (ALL_ACTIVE_NATIONS_FINAL), asked here for every game.
  const { rows } = await deps.db.pool.query<OpenTurn>(
    `SELECT t."gameId", t."number", t."status"::text AS "status", t."deadline", t."claimedAt", now() AS "now",
            ${ALL_ACTIVE_NATIONS_FINAL} AS "allFinal"
       FROM "Turn" t JOIN "Game" g ON g."id" = t."gameId"
      WHERE g."status" = 'active' AND t."number" = g."currentTurn" AND t."status" IN ('open', 'adjudicating')`,
  );
  const result: SweepResult = { scheduled: 0, dueNow: 0, stalled: 0, reminders: 0 };
  for (const t of rows) {
    try {
      if (t.status === 'adjudicating') {
        if (t.claimedAt === null || t.now.getTime() - t.claimedAt.getTime() > deps.staleClaimMs) {
          await deps.dispatcher.dispatch(t.gameId, t.number);
          result.stalled++;
        }
      } else if (t.allFinal || t.deadline.getTime() <= t.now.getTime()) {
        await deps.dispatcher.dispatch(t.gameId, t.number);
        result.dueNow++;
      } else {
        await deps.dispatcher.dispatch(t.gameId, t.number, t.deadline);
        result.scheduled++;
      }
    } catch (err) {
      deps.log.error({ err, gameId: t.gameId, turn: t.number }, 'sweep could not dispatch a turn');
    }
  }
  if (deps.reminders !== undefined) {
    try {
      result.reminders = await queueDueReminders(deps.db, deps.reminders);
    } catch (err) {
      deps.log.error({ err }, 'sweep could not queue reminders');
    }
  }
  if (result.dueNow > 0 || result.stalled > 0 || result.reminders > 0) deps.log.info(result, 'sweep dispatched turns');
  return result;
}
