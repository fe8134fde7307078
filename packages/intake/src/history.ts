// What a GM with several games, or a player looking back, reads: the games on the server, a game's turns
// (with each result's hash, for replay checks), and the GM's audit log of a game.
import { auditWords } from './audit-words.ts';
import type { Db } from '@arbiter/db';
import { IntakeError } from './errors.ts';
import { requireGame } from './games.ts';

export interface GameListEntry {
  gameId: string;
  name: string;
  status: 'active' | 'paused' | 'finished';
  turn: number;
  turnStatus: 'open' | 'adjudicating' | 'done' | 'held' | null;
  deadline: string | null;
  nations: number;
  /** Nations that sent orders for the current turn. */
  submitted: number;
  createdAt: string;
}

/** Every game (or those with `status`), newest first. For the GM. */
export async function listGames(db: Db, options: { status?: GameListEntry['status'] } = {}): Promise<GameListEntry[]> {
  const { rows } = await db.pool.query<{
    gameId: string; name: string; status: GameListEntry['status']; turn: number; turnStatus: GameListEntry['turnStatus'];
    deadline: Date | null; nations: number; submitted: number; createdAt: Date;
  }>(
    `SELECT g.id AS "gameId", g.name, g.status::text AS status, g."currentTurn" AS turn, t.status::text AS "turnStatus", t.deadline,
            (SELECT count(*)::int FROM "Nation" n WHERE n."gameId" = g.id) AS nations,
            (SELECT count(DISTINCT s."nationId")::int FROM "Submission" s WHERE s."gameId" = g.id AND s."turnNumber" = g."currentTurn") AS submitted,
            g."createdAt"
       FROM "Game" g
       LEFT JOIN "Turn" t ON t."gameId" = g.id AND t.number = g."currentTurn"
      WHERE $1::text IS NULL OR g.status::text = $1
      ORDER BY g."createdAt" DESC, g.id`,
    [options.status ?? null],
  );
  return rows.map((r) => ({ ...r, deadline: r.deadline?.toISOString() ?? null, createdAt: r.createdAt.toISOString() }));
}

export interface TurnListEntry {
  turn: number;
  status: 'open' | 'adjudicating' | 'done' | 'held';
  deadline: string;
  openedAt: string;
  adjudicatedAt: string | null;
  /** SHA-256 of the stored result: `arbiter replay` recomputes it from the stored inputs. */
  resultHash: string | null;
  heldReason: string | null;
}

/** A game's turns, oldest first. For the GM and the game's nations. */
export async function listTurns(db: Db, gameId: string): Promise<{ gameId: string; turns: TurnListEntry[] }> {
  await requireGame(db, gameId);
  const { rows } = await db.pool.query<{
    turn: number; status: TurnListEntry['status']; deadline: Date; openedAt: Date; adjudicatedAt: Date | null; resultHash: string | null; heldReason: string | null;
  }>(
    `SELECT number AS turn, status::text AS status, deadline, "openedAt", "adjudicatedAt", "resultHash", "heldReason"
       FROM "Turn" WHERE "gameId" = $1 ORDER BY number`,
    [gameId],
  );
  return {
    gameId,
    turns: rows.map((r) => ({
      ...r,
      deadline: r.deadline.toISOString(),
      openedAt: r.openedAt.toISOString(),
      adjudicatedAt: r.adjudicatedAt?.toISOString() ?? null,
    })),
  };
}

export interface AuditLogEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  detail: unknown;
  /** The entry as a sentence (audit-words.ts). */
  words: string;
}

export const AUDIT_PAGE_MAX = 500;

/** The game's audit log (every GM action, report-delivery changes, turn holds and releases), newest first. */
export async function getAuditLog(db: Db, gameId: string, options: { limit?: number; before?: string } = {}): Promise<{ gameId: string; entries: AuditLogEntry[]; nextBefore: string | null }> {
  const limit = options.limit ?? 100;
  if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_PAGE_MAX) throw new IntakeError('invalid-input', `limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}.`);
  // Entry ids are UUIDv7 (time-ordered), so the id alone is the paging cursor.
  if (options.before !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(options.before)) {
    throw new IntakeError('invalid-input', 'before must be the nextBefore value of an earlier page.');
  }
  await requireGame(db, gameId);
  const { rows } = await db.pool.query<{ id: string; at: Date; actor: string; action: string; detail: unknown }>(
    `SELECT id::text AS id, at, actor, action, detail FROM "AuditEntry"
      WHERE "gameId" = $1 AND ($2::uuid IS NULL OR id < $2::uuid)
      ORDER BY id DESC LIMIT $3`,
    [gameId, options.before ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    gameId,
    entries: page.map((r) => ({ ...r, at: r.at.toISOString(), words: auditWords(r.action, r.detail) })),
    nextBefore: rows.length > limit ? (page.at(-1) as (typeof rows)[number]).id : null,
  };
}
