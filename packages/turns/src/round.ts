// A turn of a game played as each move arrives, as a chain of moves: replayed from the turn's stored state
// move by move (each move's hash checked, `arbiter replay`), finished at the deadline (a move still
// pending adjudicated, every player still to move passed), and summed up as the turn's one result (its
// hash is over the moves' hashes in order) that runTurn stores and reports like any turn's.
import type { Db, DbClient } from '@arbiter/db';
import { canonicalSha256, sealTurn, type TurnResult } from '@arbiter/engine';
import { AS_EACH_MOVE_ARRIVES } from '@arbiter/intake';
import { type AnyRuleset, rulesetFor } from '@arbiter/rulesets';
import { passMoves, runMove, type MoveMailSettings } from './moves.ts';

/** One move of the chain, replayed: what was stored for it and what the replay gave. */
export interface ReplayedMove {
  seq: number;
  player: string;
  kind: string;
  storedHash: string | null;
  storedVersion: number;
  result: TurnResult;
}

/** Whether the game's turns are chains of moves (played as each move arrives by a sequential ruleset). */
export function playsMoveByMove(game: { sequentialMode: string }, ruleset: AnyRuleset): boolean {
  return game.sequentialMode === AS_EACH_MOVE_ARRIVES && ruleset.sequential !== undefined;
}

/**
 * Replays the moves of turn `turn` from the turn's stored state: every done move in order, and with
 * `upTo`, the chain as far as move `upTo` (which may be a taken-back one: it is replayed on the state
 * the done moves before it left). Writes nothing.
 */
export async function replayMoves(db: DbClient, gameId: string, turn: number, upTo?: number): Promise<{ ruleset: AnyRuleset; moves: ReplayedMove[] } | null> {
  const row = await db.turn.findUnique({ where: { gameId_number: { gameId, number: turn } }, select: { state: true, game: { select: { ruleset: true } } } });
  if (row === null) return null;
  const ruleset = rulesetFor(row.game.ruleset);
  const rows = await db.move.findMany({ where: { gameId, turnNumber: turn, ...(upTo === undefined ? {} : { seq: { lte: upTo } }) }, orderBy: { seq: 'asc' } });
  let state = ruleset.state.decode(row.state);
  const moves: ReplayedMove[] = [];
  for (const m of rows) {
    const last = m.seq === upTo;
    if (m.status !== 'done' && !(last && m.status === 'takenBack')) continue;
    const lines = m.orders as string[];
    const orders = lines.length === 0 ? [] : ruleset.orders.parse(lines.join('\n')).orders;
    const result = sealTurn(ruleset.sequential!.move(state, m.nationId, orders));
    const storedVersion = (m.result as { rulesVersion?: number } | null)?.rulesVersion ?? 1;
    moves.push({ seq: m.seq, player: m.nationId, kind: m.kind, storedHash: m.resultHash, storedVersion, result });
    if (m.status === 'done') state = result.nextState;
  }
  return { ruleset, moves };
}

/** The turn's one result from its moves' results: their units, events, rolls and errors in order, the last move's views and state. */
export function roundResult(turn: number, results: readonly TurnResult[]): TurnResult {
  const last = results[results.length - 1];
  if (last === undefined) throw new Error(`turn ${turn} has no move`);
  return {
    turn,
    units: results.flatMap((r) => r.units),
    events: results.flatMap((r) => r.events),
    rolls: results.flatMap((r) => r.rolls),
    errors: results.flatMap((r) => r.errors),
    views: last.views,
    nextState: last.nextState,
    hash: canonicalSha256(results.map((r) => r.hash)),
  };
}

/**
 * The turn at its deadline (runTurn, after the claim): the move still pending adjudicated, every player
 * still to move passed (timeout), then the turn's result from the chain, each move checked against its
 * stored hash. Throws when a replayed move does not give its stored hash (the turn is held for the GM).
 */
export async function finishRound(db: Db, gameId: string, turn: number, actor: string, mail: MoveMailSettings): Promise<{ result: TurnResult; moves: ReplayedMove[] }> {
  const pending = await db.prisma.move.findFirst({ where: { gameId, turnNumber: turn, status: 'pending' }, select: { seq: true } });
  if (pending !== null) await runMove(db, { gameId, turn, seq: pending.seq, workerId: actor }, mail);
  const seats = await db.prisma.nation.count({ where: { gameId } });
  for (let i = 0; i <= seats; i++) {
    const passed = await passMoves(db, { gameId, kind: 'timeout', actor, mail, turnStatus: 'adjudicating' });
    if ('code' in passed) break;
  }
  const chain = await replayMoves(db.prisma, gameId, turn);
  if (chain === null || chain.moves.length === 0) throw new Error(`turn ${turn} of game ${gameId} has no move to finish`);
  const bad = chain.moves.find((m) => m.storedHash !== m.result.hash);
  if (bad !== undefined) throw new Error(`move ${bad.seq} of turn ${turn} replays to ${bad.result.hash}, not its stored ${bad.storedHash ?? '(none)'}`);
  if (chain.ruleset.state.turnOf(chain.moves[chain.moves.length - 1]!.result.nextState) === turn) throw new Error(`turn ${turn} of game ${gameId}: a seat is still to move after every pass`);
  return { result: roundResult(turn, chain.moves.map((m) => m.result)), moves: chain.moves };
}
