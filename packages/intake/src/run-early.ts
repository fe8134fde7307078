// "Run early when every order is final": the one place this rule is written. A game that runs early
// (Game.runEarlyWhenAllFinal) has its open turn due as soon as it has active nations and every one of
// them has marked its orders final (Nation.ordersFinal, set by a final submission). The intake asks it
// after storing a final submission (the outcome `accepted-turn-due`), the turn claim asks it under its
// lock, and the worker's sweep asks it for every game at once.
import type pg from 'pg';
import type { Db } from '@arbiter/db';

/**
 * The rule as a SQL condition on the row of "Game" aliased `g` (a constant: it holds no value). True when
 * the game runs early and every one of its active nations (at least one) is final; the turn's own status
 * and the game's are the caller's to check.
 */
export const ALL_ACTIVE_NATIONS_FINAL = `(g."runEarlyWhenAllFinal"
   AND EXISTS (SELECT 1 FROM "Nation" n WHERE n."gameId" = g.id AND n.active)
   AND NOT EXISTS (SELECT 1 FROM "Nation" n WHERE n."gameId" = g.id AND n.active AND NOT n."ordersFinal"))`;

const DUE_EARLY = `SELECT g.id AS "gameId", g."currentTurn" AS turn FROM "Game" g JOIN "Turn" t ON t."gameId" = g.id AND t.number = g."currentTurn"
  WHERE g.id = ANY($1::text[]) AND g.status = 'active' AND t.status = 'open' AND ${ALL_ACTIVE_NATIONS_FINAL}`;

/** Of these games, the open turn of each one that is due early now (game id -> turn). */
export async function turnsDueEarly(client: pg.Pool | pg.PoolClient, gameIds: string[]): Promise<Map<string, number>> {
  if (gameIds.length === 0) return new Map();
  const { rows } = await client.query<{ gameId: string; turn: number }>({ name: 'intake-due-early', text: DUE_EARLY, values: [gameIds] });
  return new Map(rows.map((r) => [r.gameId, r.turn]));
}

/** The open turn of a game that runs early, once every active nation has marked its orders final; null otherwise. */
export async function turnDueEarly(db: Db, gameId: string): Promise<{ turn: number } | null> {
  const turn = (await turnsDueEarly(db.pool, [gameId])).get(gameId);
  return turn === undefined ? null : { turn };
}
