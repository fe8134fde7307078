// What is known of the moves of a game played as each move arrives, read only: what the worker's sweep
// must do (moves waiting for the worker, moves whose time ran out), and the game status's `sequential`
// part (whose move it is, the move's time limit, the move log) for the API, the web client and mail.
import { transaction, type Db } from '@arbiter/db';
import { movers, roundState } from '@arbiter/intake';
import { rulesetFor } from '@arbiter/rulesets';

export interface MovesDue {
  /** Pending moves (a dispatch lost with Redis, or a shell without a move dispatcher). */
  pending: { gameId: string; turn: number; seq: number }[];
  /** Open turns whose move's time limit has run out, with no move pending. */
  timedOut: { gameId: string; turn: number }[];
}

export async function movesDue(db: Db): Promise<MovesDue> {
  const pending = await db.pool.query<{ gameId: string; turn: number; seq: number }>(
    `SELECT m."gameId", m."turnNumber" AS turn, m.seq FROM "Move" m JOIN "Game" g ON g.id = m."gameId"
      WHERE m.status = 'pending' AND g.status = 'active' ORDER BY m."receivedAt"`,
  );
  const timedOut = await db.pool.query<{ gameId: string; turn: number }>(
    `SELECT t."gameId", t.number AS turn FROM "Turn" t JOIN "Game" g ON g.id = t."gameId" AND g."currentTurn" = t.number
      WHERE g.status = 'active' AND g."sequentialMode" = 'as-each-move-arrives' AND t.status = 'open' AND t."moveDeadline" <= now()
        AND NOT EXISTS (SELECT 1 FROM "Move" m WHERE m."gameId" = t."gameId" AND m."turnNumber" = t.number AND m.status = 'pending')`,
  );
  return { pending: pending.rows, timedOut: timedOut.rows };
}

export interface SequentialStatus {
  turn: number;
  /** Who may move now (one player, or a side's members who choose their order); empty when every seat has moved. */
  toMove: { id: string; name: string }[];
  /** When the move's time limit runs out (ISO 8601), or null. */
  moveDeadline: string | null;
  moveTimeLimitMinutes: number;
  /** The open turn's moves in order, taken-back ones included. */
  moves: { seq: number; player: string; name: string; kind: string; status: string; receivedAt: string; adjudicatedAt: string | null; hash: string | null }[];
}

/** The `sequential` part of a game's status, or null for a game not played as each move arrives. */
export async function sequentialStatus(db: Db, gameId: string): Promise<SequentialStatus | null> {
  const game = await db.prisma.game.findUnique({ where: { id: gameId }, select: { ruleset: true, sequentialMode: true, currentTurn: true, moveTimeLimitMinutes: true } });
  if (game === null || game.sequentialMode !== 'as-each-move-arrives') return null;
  const ruleset = rulesetFor(game.ruleset);
  return transaction(db, async (tx) => {
    const turn = await tx.turn.findUnique({ where: { gameId_number: { gameId, number: game.currentTurn } }, select: { moveDeadline: true } });
    if (turn === null || ruleset.sequential === undefined) return null;
    const round = await roundState(tx, ruleset, gameId, game.currentTurn);
    const names = new Map((await tx.nation.findMany({ where: { gameId }, select: { nationId: true, name: true } })).map((n) => [n.nationId, n.name]));
    const rows = await tx.move.findMany({ where: { gameId, turnNumber: game.currentTurn }, orderBy: { seq: 'asc' } });
    const complete = ruleset.state.turnOf(round.state) !== game.currentTurn;
    return {
      turn: game.currentTurn,
      toMove: complete ? [] : movers(round.pending === null ? ruleset.sequential.mayMove(round.state) : [round.pending.nationId], names),
      moveDeadline: turn.moveDeadline?.toISOString() ?? null,
      moveTimeLimitMinutes: game.moveTimeLimitMinutes,
      moves: rows.map((m) => ({
        seq: m.seq, player: m.nationId, name: names.get(m.nationId) ?? m.nationId, kind: m.kind, status: m.status,
        receivedAt: m.receivedAt.toISOString(), adjudicatedAt: m.adjudicatedAt?.toISOString() ?? null, hash: m.resultHash,
      })),
    };
  });
}
