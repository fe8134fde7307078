// The deadline sweep: makes sure every open turn has its adjudicate job, from what PostgreSQL says; games
// played as each move arrives get their pending moves dispatched and their timed-out moves passed; the
// reminders that are due are queued. The worker runs it from a job scheduler and once when it starts, so
// jobs lost with Redis (a restart without persistence), turns of crashed runs, and games whose nations
// all marked their orders final are picked up without anyone having to remember them.
import type { Db } from '@arbiter/db';
import { assertNever } from '@arbiter/engine';
import { ALL_ACTIVE_NATIONS_FINAL } from '@arbiter/intake';
import type { TurnDispatcher } from './dispatch.ts';
import { movesDue } from './move-status.ts';
import { passMoves, runMove, type MoveMailSettings } from './moves.ts';
import type { PlayerMailSettings } from './player-outbox.ts';
import { queueDueReminders } from './reminders.ts';

export interface SweepOptions {
  dispatcher: TurnDispatcher;
  /** A claim whose run has been silent this long is re-dispatched (runTurn decides whether to take over). */
  staleClaimMs: number;
  /** When set, each sweep also queues the reminders that are due (reminders.ts). */
  reminders?: PlayerMailSettings;
  /** Games played as each move arrives: MAIL_FROM for the mails of the passes the sweep makes. */
  moveMail?: MoveMailSettings;
  /**
   * Told of each part of the sweep that failed (one turn's dispatch, the moves, the reminders); the sweep
   * goes on with the rest. The worker logs them.
   */
  onError(err: unknown, what: SweepFailure): void;
}

/** Which part of a sweep failed. */
export type SweepFailure = { kind: 'turn'; gameId: string; turn: number } | { kind: 'moves' } | { kind: 'reminders' };

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

/** An open (or claimed) current turn of an active game, with what the due rule needs. */
interface OpenTurn {
  gameId: string;
  number: number;
  status: 'open' | 'adjudicating';
  deadline: Date;
  claimedAt: Date | null;
  allFinal: boolean;
  now: Date;
}

/** What the sweep does with an open turn. */
export type TurnDue = { kind: 'stalled' } | { kind: 'working' } | { kind: 'due-now' } | { kind: 'scheduled'; at: Date };

/**
 * The due rule: a claimed turn whose run has been silent past `staleClaimMs` is dispatched again (a
 * live one is left alone); an open turn is due now at its deadline or once every active nation is final
 * (the intake's rule, ALL_ACTIVE_NATIONS_FINAL), and scheduled for its deadline otherwise.
 */
export function turnDue(t: Pick<OpenTurn, 'status' | 'deadline' | 'claimedAt' | 'allFinal' | 'now'>, staleClaimMs: number): TurnDue {
  if (t.status === 'adjudicating') return t.claimedAt === null || t.now.getTime() - t.claimedAt.getTime() > staleClaimMs ? { kind: 'stalled' } : { kind: 'working' };
  if (t.allFinal || t.deadline.getTime() <= t.now.getTime()) return { kind: 'due-now' };
  return { kind: 'scheduled', at: t.deadline };
}

const OPEN_TURNS = `SELECT t."gameId", t."number", t."status"::text AS "status", t."deadline", t."claimedAt", now() AS "now",
        ${ALL_ACTIVE_NATIONS_FINAL} AS "allFinal"
   FROM "Turn" t JOIN "Game" g ON g."id" = t."gameId"
  WHERE g."status" = 'active' AND t."number" = g."currentTurn" AND t."status" IN ('open', 'adjudicating')`;

/** One sweep: every open turn dispatched by the due rule, then the moves, then the reminders. */
export async function sweepDeadlines(db: Db, o: SweepOptions): Promise<SweepResult> {
  const { rows } = await db.pool.query<OpenTurn>(OPEN_TURNS);
  const result: SweepResult = { scheduled: 0, dueNow: 0, stalled: 0, reminders: 0, moves: 0, timedOut: 0 };
  for (const t of rows) {
    try {
      await dispatchTurn(o.dispatcher, t, turnDue(t, o.staleClaimMs), result);
    } catch (err) {
      o.onError(err, { kind: 'turn', gameId: t.gameId, turn: t.number });
    }
  }
  if (o.moveMail !== undefined) {
    await sweepMoves(db, o.dispatcher, o.moveMail, result).catch((err: unknown) => o.onError(err, { kind: 'moves' }));
  }
  if (o.reminders !== undefined) {
    result.reminders = await queueDueReminders(db, o.reminders).catch((err: unknown) => {
      o.onError(err, { kind: 'reminders' });
      return 0;
    });
  }
  return result;
}

async function dispatchTurn(dispatcher: TurnDispatcher, t: OpenTurn, due: TurnDue, result: SweepResult): Promise<void> {
  switch (due.kind) {
    case 'stalled':
      await dispatcher.dispatch(t.gameId, t.number);
      result.stalled++;
      return;
    case 'working':
      return;
    case 'due-now':
      await dispatcher.dispatch(t.gameId, t.number);
      result.dueNow++;
      return;
    case 'scheduled':
      await dispatcher.dispatch(t.gameId, t.number, due.at);
      result.scheduled++;
      return;
    default:
      assertNever(due);
  }
}

/** Games played as each move arrives: pending moves get their job (or are run here without a move dispatcher), moves whose time ran out pass. */
async function sweepMoves(db: Db, dispatcher: TurnDispatcher, mail: MoveMailSettings, result: SweepResult): Promise<void> {
  const due = await movesDue(db);
  for (const m of due.pending) {
    if (dispatcher.dispatchMove !== undefined) await dispatcher.dispatchMove(m.gameId, m.turn, m.seq);
    else await runMove(db, { ...m, workerId: 'sweep' }, mail);
    result.moves++;
  }
  for (const t of due.timedOut) {
    const passed = await passMoves(db, { gameId: t.gameId, kind: 'timeout', actor: 'sweep', mail });
    if (!('code' in passed)) result.timedOut += passed.passed.length;
  }
}
