// What the game master can do to the schedule: pause, resume, extend, run now, release a held turn.
// The API's GM routes call these; each records an AuditEntry and returns what the caller must
// (re)dispatch. None of them adjudicates: after a change that makes a turn due, the caller calls
// `dispatcher.dispatch(gameId, turn, deadline)`. Given `notify` (the player mail settings), moving a
// deadline, pausing, resuming and finishing also queue a notice to every nation (notices.ts) in the
// action's transaction.
import type { Db, Tx } from '@arbiter/db';
import { transaction } from '@arbiter/db';
import type { NextSlot } from './deadlines.ts';
import { deadlineAfter, MIN_TURN_LENGTH_MS, scheduleSlots } from './deadlines.ts';
import { queueGameNotices } from './notices.ts';
import type { PlayerMailSettings } from './player-outbox.ts';
import { missingOrdersHold, releasedTurn } from './claim.ts';

/** What a GM action's refusal is about: one code per fact, as the intake's. */
export type GmActionCode = 'game-not-found' | 'turn-not-found' | 'nation-not-found' | 'conflict' | 'invalid';

export class GmActionError extends Error {
  override readonly name = 'GmActionError';
  constructor(
    message: string,
    /**
     * `game-not-found`, `turn-not-found`, `nation-not-found`: no such game, turn or nation (the codes the
     * intake gives for the same facts); `conflict`: the game or turn is not in a state that allows it;
     * `invalid`: the GM's input is not valid.
     */
    readonly code: GmActionCode,
  ) {
    super(message);
  }
}

/** The turn to (re)dispatch after a GM action: the dispatcher's `at` is its deadline. */
export interface TurnToDispatch {
  gameId: string;
  turn: number;
  deadline: Date;
}

async function openTurn(tx: Tx, gameId: string): Promise<{ number: number; status: string; deadline: Date; now: Date }> {
  const game = await tx.game.findUnique({ where: { id: gameId }, select: { currentTurn: true } });
  if (game === null) throw new GmActionError(`game ${gameId} does not exist`, 'game-not-found');
  const rows = await tx.$queryRaw<{ number: number; status: string; deadline: Date; now: Date }[]>`
    SELECT "number", "status"::text AS "status", "deadline", now() AS "now" FROM "Turn"
     WHERE "gameId" = ${gameId} AND "number" = ${game.currentTurn} FOR UPDATE`;
  const t = rows[0];
  if (t === undefined) throw new GmActionError(`game ${gameId} has no current turn ${game.currentTurn}`, 'turn-not-found');
  return t;
}

/** Stops the clock: no turn of the game runs while it is paused. */
export async function pauseGame(db: Db, gameId: string, actor: string, notify?: PlayerMailSettings): Promise<void> {
  await transaction(db, async (tx) => {
    const r = await tx.game.updateMany({ where: { id: gameId, status: 'active' }, data: { status: 'paused' } });
    if (r.count === 0) {
      const g = await tx.game.findUnique({ where: { id: gameId }, select: { status: true } });
      if (g === null) throw new GmActionError(`game ${gameId} does not exist`, 'game-not-found');
      throw new GmActionError(`game ${gameId} is ${g.status}, not active: only an active game can be paused`, 'conflict');
    }
    await tx.auditEntry.create({ data: { gameId, actor, action: 'game.pause', detail: {} } });
    if (notify !== undefined) await queueGameNotices(tx, gameId, { kind: 'paused' }, notify);
  });
}

/**
 * Ends the game: no turn runs and no orders are taken any more (the intake answers `game-finished`); every
 * stored turn, report and submission stays readable. Refused while a turn is being adjudicated. Final:
 * a finished game cannot be resumed.
 */
export async function finishGame(db: Db, gameId: string, actor: string, notify?: PlayerMailSettings): Promise<{ gameId: string; turn: number }> {
  return transaction(db, async (tx) => {
    const t = await openTurn(tx, gameId);
    if (t.status === 'adjudicating') throw new GmActionError(`turn ${t.number} of game ${gameId} is being adjudicated; finish the game when it is done`, 'conflict');
    const r = await tx.game.updateMany({ where: { id: gameId, status: { in: ['active', 'paused'] } }, data: { status: 'finished' } });
    if (r.count === 0) throw new GmActionError(`game ${gameId} is already finished`, 'conflict');
    await tx.auditEntry.create({ data: { gameId, actor, action: 'game.finish', detail: { turn: t.number, turnStatus: t.status } } });
    if (notify !== undefined) await queueGameNotices(tx, gameId, { kind: 'finished' }, notify);
    return { gameId, turn: t.number };
  });
}

/**
 * Restarts the clock. When the current turn's deadline passed (or is closer than 12 h) during the
 * pause, it moves to the first slot of the game's schedule (or `nextSlot`) at least 12 h away, so players
 * get a proper turn.
 */
export async function resumeGame(db: Db, gameId: string, actor: string, nextSlot: NextSlot | null = null, notify?: PlayerMailSettings): Promise<TurnToDispatch> {
  return transaction(db, async (tx) => {
    const r = await tx.game.updateMany({ where: { id: gameId, status: 'paused' }, data: { status: 'active' } });
    if (r.count === 0) {
      const g = await tx.game.findUnique({ where: { id: gameId }, select: { status: true } });
      if (g === null) throw new GmActionError(`game ${gameId} does not exist`, 'game-not-found');
      throw new GmActionError(`game ${gameId} is ${g.status}, not paused`, 'conflict');
    }
    const t = await openTurn(tx, gameId);
    let deadline = t.deadline;
    if (t.status === 'open' && deadline.getTime() < t.now.getTime() + MIN_TURN_LENGTH_MS) {
      // The game's own schedule, unless the caller gives one (tests).
      const game = nextSlot === null ? await tx.game.findUniqueOrThrow({ where: { id: gameId }, select: { schedule: true, timeZone: true } }) : null;
      deadline = deadlineAfter(nextSlot ?? scheduleSlots(game?.schedule, game?.timeZone ?? 'UTC'), deadline, t.now);
      await tx.turn.update({ where: { gameId_number: { gameId, number: t.number } }, data: { deadline } });
    }
    await tx.auditEntry.create({ data: { gameId, actor, action: 'game.resume', detail: { turn: t.number, deadline: deadline.toISOString() } } });
    if (notify !== undefined) await queueGameNotices(tx, gameId, { kind: 'resumed', deadlineMoved: deadline.getTime() !== t.deadline.getTime() }, notify);
    return { gameId, turn: t.number, deadline };
  });
}

/** Moves the open turn's deadline to `deadline` (later or earlier, but in the future). */
export async function extendDeadline(db: Db, gameId: string, turn: number, deadline: Date, actor: string, notify?: PlayerMailSettings): Promise<TurnToDispatch> {
  if (!Number.isFinite(deadline.getTime())) throw new GmActionError('the new deadline is not a valid time', 'invalid');
  return transaction(db, async (tx) => {
    const t = await openTurn(tx, gameId);
    if (t.number !== turn) throw new GmActionError(`turn ${turn} is not the current turn (${t.number}) of game ${gameId}`, 'conflict');
    if (t.status !== 'open' && t.status !== 'held') throw new GmActionError(`turn ${turn} is ${t.status}: only an open or held turn can get a new deadline`, 'conflict');
    if (deadline.getTime() <= t.now.getTime()) throw new GmActionError(`the new deadline ${deadline.toISOString()} is not in the future`, 'invalid');
    // Extending a held turn reopens it for orders; the GM has decided, so it will not be held again.
    await tx.turn.update({ where: { gameId_number: { gameId, number: turn } }, data: { deadline, status: 'open' } });
    await tx.auditEntry.create({ data: { gameId, actor, action: 'turn.extend', detail: { turn, from: t.deadline.toISOString(), to: deadline.toISOString() } } });
    if (t.status === 'held') await tx.auditEntry.create({ data: { gameId, actor, action: 'turn.release', detail: { turn, by: 'extend' } } });
    if (notify !== undefined) await queueGameNotices(tx, gameId, { kind: 'deadline-moved', from: t.deadline, to: deadline }, notify);
    return { gameId, turn, deadline };
  });
}

/** What "run now" did: the turn to dispatch, and why the worker will hold it for the GM instead of running it (or null). */
export interface RunNowOutcome extends TurnToDispatch {
  /** The hold the claim will make (missing orders, claim.ts), said now so the GM is not told "dispatched" only. */
  hold: string | null;
}

/** Makes the open turn due now (the GM's "run now"); the caller dispatches it. */
export async function runNow(db: Db, gameId: string, turn: number, actor: string): Promise<RunNowOutcome> {
  return transaction(db, async (tx) => {
    const t = await openTurn(tx, gameId);
    if (t.number !== turn) throw new GmActionError(`turn ${turn} is not the current turn (${t.number}) of game ${gameId}`, 'conflict');
    if (t.status === 'held') throw new GmActionError(`turn ${turn} is held: release it instead`, 'conflict');
    if (t.status !== 'open') throw new GmActionError(`turn ${turn} is ${t.status}, not open`, 'conflict');
    const deadline = t.deadline.getTime() < t.now.getTime() ? t.deadline : t.now;
    await tx.turn.update({ where: { gameId_number: { gameId, number: turn } }, data: { deadline } });
    await tx.auditEntry.create({ data: { gameId, actor, action: 'turn.run-now', detail: { turn, originalDeadline: t.deadline.toISOString() } } });
    const hold = (await releasedTurn(tx, gameId, turn)) ? null : await missingOrdersHoldOf(tx, gameId, turn);
    return { gameId, turn, deadline, hold };
  });
}

/** The missing-orders hold of the game's turn, as the claim will decide it (claim.ts). */
async function missingOrdersHoldOf(tx: Tx, gameId: string, turn: number): Promise<string | null> {
  const game = await tx.game.findUniqueOrThrow({ where: { id: gameId }, select: { missingOrdersHoldShare: true, sequentialMode: true } });
  if (game.sequentialMode === 'as-each-move-arrives') return null; // a move not made in time passes (claim.ts)
  const nations = await tx.nation.findMany({ where: { gameId, active: true }, select: { nationId: true } });
  return missingOrdersHold(tx, gameId, turn, nations, game.missingOrdersHoldShare);
}

/** Releases a held turn: it becomes due at once and will not be held again; the caller dispatches it. */
export async function releaseHeldTurn(db: Db, gameId: string, turn: number, actor: string): Promise<TurnToDispatch> {
  return transaction(db, async (tx) => {
    const t = await openTurn(tx, gameId);
    if (t.number !== turn) throw new GmActionError(`turn ${turn} is not the current turn (${t.number}) of game ${gameId}`, 'conflict');
    if (t.status !== 'held') throw new GmActionError(`turn ${turn} is ${t.status}, not held`, 'conflict');
    const deadline = t.deadline.getTime() < t.now.getTime() ? t.deadline : t.now;
    await tx.turn.update({ where: { gameId_number: { gameId, number: turn } }, data: { status: 'open', deadline } });
    await tx.auditEntry.create({ data: { gameId, actor, action: 'turn.release', detail: { turn } } });
    return { gameId, turn, deadline };
  });
}
