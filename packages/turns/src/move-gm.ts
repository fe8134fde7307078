// What the game master can do to the moves of a game played as each move arrives: skip a seat (its move
// passes), give the move more time, take back the last move (the board returns to before it; the move's
// row and result stay, marked taken back, for the record). Each tells the players and records an
// AuditEntry; the API's GM routes call them (docs/api.md, "Sequential games").
import type { Db } from '@arbiter/db';
import { transaction } from '@arbiter/db';
import { roundState, uuidv7 } from '@arbiter/intake';
import { rulesetFor } from '@arbiter/rulesets';
import { GmActionError } from './gm.ts';
import { lockRound, passMoves, queueMoveNotices, type MoveMailSettings } from './moves.ts';

/** Skips the seat whose move it is (or `nationId`, one of those whose move it is): its move passes. */
export async function skipMove(db: Db, gameId: string, nationId: string | undefined, actor: string, mail: MoveMailSettings): Promise<{ turn: number; skipped: string }> {
  const done = await passMoves(db, { gameId, kind: 'skip', actor, mail, ...(nationId === undefined ? {} : { nationId }) });
  if ('code' in done) throw new GmActionError(done.message, done.code);
  return { turn: done.turn, skipped: done.passed[0]! };
}

/** The open turn locked, with its move state; throws GmActionError when there is none or it is not played move by move. */
async function lockedOpenRound(tx: Parameters<Parameters<typeof transaction>[1]>[0], gameId: string) {
  const game = await tx.game.findUnique({ where: { id: gameId }, select: { currentTurn: true, sequentialMode: true } });
  if (game === null) throw new GmActionError(`game ${gameId} does not exist`, 'game-not-found');
  const round = await lockRound(tx, gameId, game.currentTurn);
  if (round === null) throw new GmActionError(`game ${gameId} has no current turn ${game.currentTurn}`, 'turn-not-found');
  if (game.sequentialMode !== 'as-each-move-arrives') throw new GmActionError(`game ${gameId} is not played as each move arrives`, 'conflict');
  if (round.turnStatus !== 'open') throw new GmActionError(`turn ${game.currentTurn} is ${round.turnStatus}: its moves cannot be changed now`, 'conflict');
  return { ...round, turn: game.currentTurn };
}

/** Gives the move waiting now `minutes` more (from its limit, or from now when that has passed). */
export async function extendMoveLimit(db: Db, gameId: string, minutes: number, actor: string, mail: MoveMailSettings): Promise<{ turn: number; moveDeadline: Date }> {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 30 * 24 * 60) throw new GmActionError(`minutes must be a whole number from 1 to ${30 * 24 * 60} (got ${minutes})`, 'invalid');
  return transaction(db, async (tx) => {
    const g = await lockedOpenRound(tx, gameId);
    const t = await tx.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: g.turn } }, select: { moveDeadline: true } });
    if (t.moveDeadline === null) throw new GmActionError(`no move is waiting in turn ${g.turn}: every seat has moved`, 'conflict');
    const from = Math.max(t.moveDeadline.getTime(), g.now.getTime());
    const moveDeadline = new Date(from + minutes * 60_000);
    await tx.turn.update({ where: { gameId_number: { gameId, number: g.turn } }, data: { moveDeadline } });
    const ruleset = rulesetFor(g.ruleset);
    const round = await roundState(tx, ruleset, gameId, g.turn);
    const names = new Map((await tx.nation.findMany({ where: { gameId }, select: { nationId: true, name: true } })).map((n) => [n.nationId, n.name]));
    const by = ruleset.sequential!.mayMove(round.state).map((p) => names.get(p) ?? p).join(' or ');
    await queueMoveNotices(tx, g, g.turn, { kind: 'extended', moveDeadline, by }, mail);
    await tx.auditEntry.create({ data: { id: uuidv7(), gameId, actor, action: 'move.extended', detail: { turn: g.turn, minutes, moveDeadline: moveDeadline.toISOString() } } });
    return { turn: g.turn, moveDeadline };
  });
}

/**
 * Takes back the last move of the open turn: the board is as it was before it and it is that player's
 * move again, with a fresh time limit. The move's row and result stay (status takenBack).
 */
export async function takeBackMove(db: Db, gameId: string, actor: string, mail: MoveMailSettings): Promise<{ turn: number; seq: number; player: string; hash: string | null }> {
  return transaction(db, async (tx) => {
    const g = await lockedOpenRound(tx, gameId);
    const last = await tx.move.findFirst({ where: { gameId, turnNumber: g.turn, status: { not: 'takenBack' } }, orderBy: { seq: 'desc' } });
    if (last === null) throw new GmActionError(`turn ${g.turn} has no move to take back`, 'conflict');
    if (last.status === 'pending') throw new GmActionError(`move ${last.seq} is being adjudicated; take it back once it is done`, 'conflict');
    await tx.move.update({ where: { gameId_turnNumber_seq: { gameId, turnNumber: g.turn, seq: last.seq } }, data: { status: 'takenBack' } });
    const moveDeadline = new Date(g.now.getTime() + g.moveTimeLimitMinutes * 60_000);
    await tx.turn.update({ where: { gameId_number: { gameId, number: g.turn } }, data: { moveDeadline } });
    const player = await tx.nation.findUniqueOrThrow({ where: { gameId_nationId: { gameId, nationId: last.nationId } }, select: { name: true } });
    await queueMoveNotices(tx, g, g.turn, { kind: 'taken-back', seq: last.seq, by: player.name }, mail);
    await tx.auditEntry.create({ data: { id: uuidv7(), gameId, actor, action: 'move.taken-back', detail: { turn: g.turn, seq: last.seq, player: last.nationId, hash: last.resultHash } } });
    return { turn: g.turn, seq: last.seq, player: last.nationId, hash: last.resultHash };
  });
}
