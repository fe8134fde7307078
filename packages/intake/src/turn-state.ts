// The state of the open turn a submission is checked against, read once and kept: the state of an open
// turn never changes (it is the state BEFORE adjudication), so it is cached per (game, turn, openedAt); a
// turn rolled back and reopened has a new openedAt. The cache is bounded by the states' JSON size (a small
// game's state is a few kilobytes, a 200 x 200 map with 13,000 units some megabytes): a server with
// hundreds of open games keeps them all without re-reading one per submission.
//
// Per game it also remembers the turn that was open at its last batch, so that a submission is planned
// against that turn's state (when cached) before it queues: the plan's CPU time is spent while PostgreSQL
// works on the batch in flight, not inside the next batch's transaction (docs/benchmarks.md, API).
import type pg from 'pg';
import { LRUCache } from 'lru-cache';
import type { Db } from '@arbiter/db';
import { type AnyRuleset, rulesetFor } from '@arbiter/rulesets';
import { perDb } from './per-db.ts';
import { planSubmission, type Plan } from './plan.ts';

export const STATE_CACHE = { maxJsonBytes: 64 * 1024 * 1024, maxEntries: 4096 } as const;

/** States are the ruleset's (opaque here), decoded by it once when read. */
const stateCacheOf = perDb(() => new LRUCache<string, NonNullable<unknown>>({ max: STATE_CACHE.maxEntries, maxSize: STATE_CACHE.maxJsonBytes }));

const stateKey = (gameId: string, turn: number, openedAt: number) => `${gameId}\u0000${turn}\u0000${openedAt}`;

/** The decoded state of turn `turn`, or null when the turn has no row. */
export async function loadState(db: Db, client: pg.Pool | pg.PoolClient, ruleset: AnyRuleset, gameId: string, turn: number, openedAt: Date): Promise<NonNullable<unknown> | null> {
  const cache = stateCacheOf(db);
  const key = stateKey(gameId, turn, openedAt.getTime());
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  // On the transaction's own connection: a second connection per submission could starve the pool.
  // As text, so that its size is known for the cache's budget.
  const row = await client.query<{ state: string }>({
    name: 'intake-state',
    text: 'SELECT state::text AS state FROM "Turn" WHERE "gameId" = $1 AND number = $2',
    values: [gameId, turn],
  });
  const text = row.rows[0]?.state;
  if (text === undefined) return null;
  let state: NonNullable<unknown>;
  try {
    state = ruleset.state.decode(JSON.parse(text)) as NonNullable<unknown>;
  } catch (e) {
    throw new Error(`the stored state of turn ${turn} of game "${gameId}" is not usable: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  // A state larger than the whole budget is used, not cached.
  if (text.length <= STATE_CACHE.maxJsonBytes) cache.set(key, state, { size: Math.max(1, text.length) });
  return state;
}

interface OpenTurn {
  turn: number;
  openedAt: number;
  ruleset: string;
}

const openTurnsOf = perDb(() => new Map<string, OpenTurn>());

/** What a batch found: the game's current turn, open or not. */
export function noteTurn(db: Db, gameId: string, turn: { turn: number; openedAt: Date; ruleset: string; open: boolean }): void {
  const open = openTurnsOf(db);
  if (turn.open) open.set(gameId, { turn: turn.turn, openedAt: turn.openedAt.getTime(), ruleset: turn.ruleset });
  else open.delete(gameId);
  if (open.size > STATE_CACHE.maxEntries * 4) open.clear();
}

/** A plan made before the batch, against the turn the game had open at its last batch (used if still open). */
export interface EarlyPlan {
  turn: number;
  openedAt: number;
  plan: Plan;
}

export function planEarly(db: Db, input: { gameId: string; nationId: string; rawText: string }): EarlyPlan | null {
  const open = openTurnsOf(db).get(input.gameId);
  if (open === undefined) return null;
  const state = stateCacheOf(db).get(stateKey(input.gameId, open.turn, open.openedAt));
  if (state === undefined) return null;
  return { turn: open.turn, openedAt: open.openedAt, plan: planSubmission(rulesetFor(open.ruleset), state, input.nationId, input.rawText) };
}
