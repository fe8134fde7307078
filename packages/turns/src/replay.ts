// Re-adjudicating a stored turn from its stored inputs, to check that the result is reproducible.
import { sealOutcome } from '@arbiter/engine';
import type { DbClient } from '@arbiter/db';
import { type AnyRuleset, rulesetFor } from '@arbiter/rulesets';
import { loadTurnInputs, TurnInputError } from './inputs.ts';
import { playsMoveByMove, replayMoves, roundResult } from './round.ts';

export type ReplayOutcome =
  | { kind: 'match'; gameId: string; turn: number; hash: string }
  | { kind: 'mismatch'; gameId: string; turn: number; storedHash: string; hash: string }
  /**
   * The turn ran under another version of the ruleset's rules than this server's: the replay (under
   * today's rules) is shown, but a different hash is expected and no sign that stored inputs changed.
   */
  | { kind: 'other-rules'; gameId: string; turn: number; ruleset: string; storedVersion: number; version: number; storedHash: string; hash: string }
  /** The turn does not exist or has not been adjudicated: nothing to compare. */
  | { kind: 'not-replayable'; gameId: string; turn: number; message: string };

/** Runs the game's ruleset on turn `turn`'s stored state and standing orders and compares the hash with the stored one. Writes nothing. */
export async function replayTurn(db: DbClient, gameId: string, turn: number): Promise<ReplayOutcome> {
  const row = await db.turn.findUnique({ where: { gameId_number: { gameId, number: turn } }, select: { status: true, resultHash: true, result: true } });
  if (row === null) {
    const game = await db.game.findUnique({ where: { id: gameId }, select: { id: true } });
    return { kind: 'not-replayable', gameId, turn, message: game === null ? `game ${gameId} does not exist` : `game ${gameId} has no turn ${turn}` };
  }
  if (row.status !== 'done' || row.resultHash === null) {
    return { kind: 'not-replayable', gameId, turn, message: `turn ${turn} of game ${gameId} is ${row.status}: it has no stored result yet` };
  }
  const game = await db.game.findUniqueOrThrow({ where: { id: gameId }, select: { ruleset: true, sequentialMode: true } });
  if (playsMoveByMove(game, rulesetFor(game.ruleset))) {
    const chain = await replayMoves(db, gameId, turn);
    if (chain === null || chain.moves.length === 0) return { kind: 'not-replayable', gameId, turn, message: `turn ${turn} of game ${gameId} has no moves to replay` };
    return compared(gameId, turn, chain.ruleset, roundResult(turn, chain.moves.map((m) => m.result)).hash, row.resultHash, storedRulesVersion(row.result));
  }
  let inputs;
  try {
    inputs = await loadTurnInputs(db, gameId, turn);
  } catch (err) {
    if (err instanceof TurnInputError) return { kind: 'not-replayable', gameId, turn, message: err.message };
    throw err;
  }
  // Only the hash is compared: the seal builds each view, writes it and keeps none.
  const hash = sealOutcome(inputs.ruleset.adjudicate(inputs.state, inputs.orders));
  return compared(gameId, turn, inputs.ruleset, hash, row.resultHash, storedRulesVersion(row.result));
}

/**
 * Replays move `seq` of turn `turn` (a game played as each move arrives) on the state the turn's done
 * moves before it left, and compares its hash with the one stored when it was adjudicated; a taken-back
 * move replays too (its result is kept for the record). Writes nothing.
 */
export async function replayMove(db: DbClient, gameId: string, turn: number, seq: number): Promise<ReplayOutcome> {
  const chain = await replayMoves(db, gameId, turn, seq);
  const move = chain?.moves.find((m) => m.seq === seq);
  if (chain === null || move === undefined || move.storedHash === null) {
    return { kind: 'not-replayable', gameId, turn, message: `game ${gameId} has no adjudicated move ${seq} in turn ${turn}` };
  }
  return compared(gameId, turn, chain.ruleset, move.result.hash, move.storedHash, move.storedVersion);
}

function compared(gameId: string, turn: number, ruleset: AnyRuleset, hash: string, storedHash: string, storedVersion: number): ReplayOutcome {
  if (hash === storedHash) return { kind: 'match', gameId, turn, hash };
  if (storedVersion !== ruleset.rulesVersion) {
    return { kind: 'other-rules', gameId, turn, ruleset: ruleset.id, storedVersion, version: ruleset.rulesVersion, storedHash, hash };
  }
  return { kind: 'mismatch', gameId, turn, storedHash, hash };
}

/** The rules version a stored result ran under; results stored before versions were kept ran under 1. */
function storedRulesVersion(result: unknown): number {
  const v = (result as { rulesVersion?: unknown } | null)?.rulesVersion;
  return typeof v === 'number' && Number.isInteger(v) ? v : 1;
}
