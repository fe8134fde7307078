// Claiming a turn: the one place that decides whether this process may adjudicate (gameId, turn).
//
// Two guards, both in PostgreSQL:
// 1. A session-level advisory lock on (game, turn), held on a dedicated connection for the whole run.
//    PostgreSQL releases it the moment that connection dies (a SIGKILLed worker), so a crashed claim is
//    recognisable at once: whoever gets the lock while the turn says `adjudicating` takes it over.
// 2. The state-guarded update of the Turn row (`open` -> `adjudicating`, with a per-run claim token in
//    claimedBy), done under `SELECT ... FOR UPDATE` so intake (which locks the row to store orders)
//    sees the freeze atomically. The final write only commits while claimedBy still holds our token.
// A claim older than the claim timeout is taken over even when its lock is still held (a hung worker);
// the hung worker's own write then fails the token guard and rolls back.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Db, Tx } from '@arbiter/db';
import { transaction } from '@arbiter/db';
import { ALL_ACTIVE_NATIONS_FINAL } from '@arbiter/intake';
import type { NextSlot } from './deadlines.ts';
import { missedMoreThanOneDeadline } from './deadlines.ts';
import { holdTurnInTx } from './hold.ts';

export interface TurnLock {
  /** Whether this process holds the advisory lock (false when taking over a timed-out claim). */
  locked: boolean;
  release(): Promise<void>;
}

/** Tries the advisory lock of (gameId, turn) on a dedicated pooled connection. */
export async function lockTurn(db: Db, gameId: string, turn: number): Promise<TurnLock> {
  const client: pg.PoolClient = await db.pool.connect();
  let locked = false;
  try {
    const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1), $2) AS ok', [`arbiter-turn/${gameId}`, turn]);
    locked = r.rows[0]?.ok === true;
  } catch (err) {
    client.release(err instanceof Error ? err : true);
    throw err;
  }
  let released = false;
  return {
    locked,
    async release() {
      if (released) return;
      released = true;
      if (!locked) {
        client.release();
        return;
      }
      try {
        await client.query('SELECT pg_advisory_unlock(hashtext($1), $2)', [`arbiter-turn/${gameId}`, turn]);
        client.release();
      } catch (err) {
        // The connection is broken: destroy it, which releases the lock server-side anyway.
        client.release(err instanceof Error ? err : true);
      }
    },
  };
}

export type ClaimDecision =
  | { kind: 'claimed'; token: string; recovered: boolean; deadline: Date; now: Date }
  | { kind: 'done' }
  | { kind: 'held'; reason: string; alreadyHeld: boolean }
  | { kind: 'not-due'; deadline: Date }
  | { kind: 'paused' }
  | { kind: 'busy'; claimedBy: string | null; claimedAt: Date | null }
  | { kind: 'not-found'; message: string };

export interface ClaimOptions {
  gameId: string;
  turn: number;
  workerId: string;
  /** Whether we hold the advisory lock (see lockTurn). */
  locked: boolean;
  claimTimeoutMs: number;
  /** A turn first claimed more than this long after its deadline is held as an outage (ms). */
  outageGraceMs: number;
  /** The game's schedule as a function (see deadlines.ts), for the outage guard. */
  nextSlotFor: (schedule: unknown, timeZone: string) => NextSlot;
  /** Mail settings for the GM notice when the turn is held. */
  mail: { from: string; domain: string };
}

interface LockedTurn {
  status: 'open' | 'adjudicating' | 'done' | 'held';
  deadline: Date;
  claimedBy: string | null;
  claimedAt: Date | null;
  heldReason: string | null;
  now: Date;
}

/** Decides and, when the turn may run, claims it, in one short transaction. */
export async function claimTurn(db: Db, o: ClaimOptions): Promise<ClaimDecision> {
  return transaction(db, async (tx) => {
    const rows = await tx.$queryRaw<LockedTurn[]>`
      SELECT "status"::text AS "status", "deadline", "claimedBy", "claimedAt", "heldReason", now() AS "now"
        FROM "Turn" WHERE "gameId" = ${o.gameId} AND "number" = ${o.turn}
         FOR UPDATE`;
    const t = rows[0];
    if (t === undefined) return { kind: 'not-found', message: `game ${o.gameId} has no turn ${o.turn}` };
    const game = await tx.game.findUnique({
      where: { id: o.gameId },
      select: { name: true, status: true, currentTurn: true, schedule: true, timeZone: true, missingOrdersHoldShare: true, gmEmail: true, sequentialMode: true },
    });
    if (game === null) return { kind: 'not-found', message: `game ${o.gameId} does not exist` };
    if (t.status === 'done') return { kind: 'done' };
    if (t.status === 'held') return { kind: 'held', reason: t.heldReason ?? 'held', alreadyHeld: true };
    if (game.status === 'finished') return { kind: 'not-found', message: `game ${o.gameId} is finished` };
    if (game.status === 'paused') return { kind: 'paused' };
    const now = t.now;
    const token = `${o.workerId}/${randomBytes(4).toString('hex')}`;

    if (t.status === 'adjudicating') {
      const stale = t.claimedAt === null || now.getTime() - t.claimedAt.getTime() > o.claimTimeoutMs;
      // Holding the advisory lock means the claimant's connection is gone: it crashed. Take over.
      if (!o.locked && !stale) return { kind: 'busy', claimedBy: t.claimedBy, claimedAt: t.claimedAt };
      await setClaim(tx, o, token);
      return { kind: 'claimed', token, recovered: true, deadline: t.deadline, now };
    }

    // status 'open'
    if (!o.locked) return { kind: 'busy', claimedBy: null, claimedAt: null };
    if (game.currentTurn !== o.turn) return { kind: 'not-found', message: `turn ${o.turn} is not the current turn (${game.currentTurn}) of game ${o.gameId}` };
    const nations = await tx.nation.findMany({ where: { gameId: o.gameId, active: true }, select: { nationId: true } });
    // The intake's rule (run-early.ts), asked under this transaction's lock on the turn.
    const early = await tx.$queryRawUnsafe<{ allFinal: boolean }[]>(`SELECT ${ALL_ACTIVE_NATIONS_FINAL} AS "allFinal" FROM "Game" g WHERE g.id = $1`, o.gameId);
    const due = t.deadline.getTime() <= now.getTime() || early[0]?.allFinal === true;
    if (!due) return { kind: 'not-due', deadline: t.deadline };

    const released = await releasedTurn(tx, o.gameId, o.turn);
    if (!released) {
      let reason: string | null = null;
      let overdue = false;
      let nextSlot: NextSlot = () => t.deadline;
      try {
        nextSlot = o.nextSlotFor(game.schedule, game.timeZone);
        overdue = missedMoreThanOneDeadline(nextSlot, t.deadline, now);
      } catch (err) {
        reason = `the game's schedule is unusable (${err instanceof Error ? err.message : String(err)}): set a valid schedule and time zone, then release the turn.`;
      }
      const late = now.getTime() - t.deadline.getTime();
      if (reason === null && overdue) {
        reason =
          `outage: the deadline ${t.deadline.toISOString()} passed and so did the next scheduled one ` +
          `(${nextSlot(t.deadline).toISOString()}); the server was probably down. Release the turn to run it now, ` +
          `or extend its deadline to give players time.`;
      } else if (reason === null && late > o.outageGraceMs) {
        reason =
          `outage: the deadline ${t.deadline.toISOString()} passed ${formatDuration(late)} ago and the turn was not run; ` +
          `the server was probably down. Release the turn to run it now, or extend its deadline to give players time.`;
      } else if (reason === null && game.sequentialMode !== 'as-each-move-arrives') {
        // (A game played move by move has no missing orders: a move not made in time passed.)
        reason = await missingOrdersHold(tx, o.gameId, o.turn, nations, game.missingOrdersHoldShare);
      }
      if (reason !== null) {
        await holdTurnInTx(tx, { gameId: o.gameId, gameName: game.name, turn: o.turn, reason, gmEmail: game.gmEmail, actor: o.workerId, mail: o.mail });
        return { kind: 'held', reason, alreadyHeld: false };
      }
    }
    await setClaim(tx, o, token);
    return { kind: 'claimed', token, recovered: false, deadline: t.deadline, now };
  });
}

/**
 * Why the turn is held for missing orders when it runs, or null: when at least the game's share of its
 * active nations sent no orders this turn (mail may have been lost). Asked by the claim and, before it,
 * by the GM's "run now" (gm.ts), so that its answer says the turn will be held.
 */
export async function missingOrdersHold(tx: Tx, gameId: string, turn: number, nations: readonly { nationId: string }[], holdShare: number): Promise<string | null> {
  const sent = await tx.submission.findMany({ where: { gameId, turnNumber: turn }, distinct: ['nationId'], select: { nationId: true } });
  const withOrders = new Set(sent.map((s) => s.nationId));
  const missing = nations.filter((n) => !withOrders.has(n.nationId)).map((n) => n.nationId).sort();
  const share = nations.length === 0 ? 0 : missing.length / nations.length;
  if (nations.length === 0 || missing.length === 0 || share < holdShare) return null;
  return (
    `missing orders: ${missing.length} of ${nations.length} active nations sent no orders ` +
    `(${Math.round(share * 100)}%, the game holds at ${Math.round(holdShare * 100)}%): ` +
    `${missing.join(', ')}. Mail may have been lost. Release the turn to run it as it is, or extend its deadline.`
  );
}

/** Whether the GM released this turn (a released turn is not held again). */
export async function releasedTurn(tx: Tx, gameId: string, turn: number): Promise<boolean> {
  return (await tx.auditEntry.count({ where: { gameId, action: 'turn.release', detail: { path: ['turn'], equals: turn } } })) > 0;
}

async function setClaim(tx: Tx, o: ClaimOptions, token: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Turn" SET "status" = 'adjudicating', "claimedAt" = now(), "claimedBy" = ${token}
     WHERE "gameId" = ${o.gameId} AND "number" = ${o.turn}`;
}

function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
}
