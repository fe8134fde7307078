// The deadline sweep: makes sure every open turn has its adjudicate job, from what PostgreSQL says.
// Runs from a job scheduler every WORKER_SWEEP_INTERVAL_MS and once when the worker starts, so jobs
// lost with Redis (a restart without persistence), turns of crashed runs, and games whose nations all
// marked their orders final are picked up without anyone having to remember them.
import type { Db } from '@arbiter/db';
import { ALL_ACTIVE_NATIONS_FINAL } from '@arbiter/intake';
import { movesDue, passMoves, queueDueReminders, runMove, type MoveMailSettings, type PlayerMailSettings, type TurnDispatcher } from '@arbiter/turns';
import type { Logger } from 'pino';

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

export interface SweepResult {
  scheduled: number;
  dueNow: number;
  stalled: number;
  /** Reminder mails queued by this sweep. */
  reminders: number;
  /** Pending moves dispatched, and moves passed because their time ran out. */
  moves: number;
  timedOut: number;
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
  const result: SweepResult = { scheduled: 0, dueNow: 0, stalled: 0, reminders: 0, moves: 0, timedOut: 0 };
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
  if (deps.moveMail !== undefined) await sweepMoves(deps, deps.moveMail, result);
  if (deps.reminders !== undefined) {
    try {
      result.reminders = await queueDueReminders(deps.db, deps.reminders);
    } catch (err) {
      deps.log.error({ err }, 'sweep could not queue reminders');
    }
  }
  if (result.dueNow > 0 || result.stalled > 0 || result.reminders > 0 || result.moves > 0 || result.timedOut > 0) deps.log.info(result, 'sweep dispatched turns');
  return result;
}

/** Games played as each move arrives: pending moves get their job, moves whose time ran out pass. */
async function sweepMoves(deps: SweepDeps, mail: MoveMailSettings, result: SweepResult): Promise<void> {
  try {
    const due = await movesDue(deps.db);
    for (const m of due.pending) {
      if (deps.dispatcher.dispatchMove !== undefined) await deps.dispatcher.dispatchMove(m.gameId, m.turn, m.seq);
      else await runMove(deps.db, { ...m, workerId: 'sweep' }, mail);
      result.moves++;
    }
    for (const t of due.timedOut) {
      const passed = await passMoves(deps.db, { gameId: t.gameId, kind: 'timeout', actor: 'sweep', mail });
      if (!('code' in passed)) result.timedOut += passed.passed.length;
    }
  } catch (err) {
    deps.log.error({ err }, 'sweep could not dispatch or pass moves');
  }
}
