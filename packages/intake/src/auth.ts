import type { Db } from '@arbiter/db';
import { hashSecret, hashesEqual } from './secrets.ts';

export interface AuthenticatedNation {
  gameId: string;
  nationId: string;
  name: string;
  email: string;
  active: boolean;
}

type NationRow = AuthenticatedNation & { secretHash: string };

/**
 * How long a game's nation list (with secret hashes) is reused for a successful authentication, in ms.
 * A token that matches nothing in the cached list is always checked against the database, so a new
 * secret works at once; a replaced secret keeps working in other API processes for at most this long
 * (in this process, rotateNationSecret clears the entry).
 */
export const AUTH_CACHE_TTL_MS = 5_000;

const cache = new WeakMap<Db, Map<string, { nations: NationRow[]; expires: number }>>();

function cacheOf(db: Db): Map<string, { nations: NationRow[]; expires: number }> {
  let c = cache.get(db);
  if (c === undefined) {
    c = new Map();
    cache.set(db, c);
  }
  return c;
}

/** Forget the cached nations of a game (after its secrets or nations changed). */
export function forgetGameAuth(db: Db, gameId: string): void {
  cacheOf(db).delete(gameId);
}

function match(nations: NationRow[], given: string): AuthenticatedNation | null {
  // Every stored hash is compared in constant time, without stopping at a match.
  let found: AuthenticatedNation | null = null;
  for (const n of nations) {
    if (hashesEqual(given, n.secretHash) && found === null) {
      found = { gameId: n.gameId, nationId: n.nationId, name: n.name, email: n.email, active: n.active };
    }
  }
  return found;
}

/**
 * The nation of `gameId` whose secret this is, or null. The secret alone identifies the nation within
 * the game; the server stores only SHA-256 hashes and compares them in constant time.
 */
export async function authenticateNation(db: Db, gameId: string, secret: string, now: number = Date.now()): Promise<AuthenticatedNation | null> {
  if (typeof secret !== 'string' || secret.length === 0 || secret.length > 512) return null;
  const given = hashSecret(secret);
  const games = cacheOf(db);
  const cached = games.get(gameId);
  if (cached !== undefined && cached.expires > now) {
    const hit = match(cached.nations, given);
    if (hit !== null) return hit;
  }
  const { rows } = await db.pool.query<NationRow>({
    name: 'intake-auth',
    text: 'SELECT "gameId", "nationId", name, email, active, "secretHash" FROM "Nation" WHERE "gameId" = $1',
    values: [gameId],
  });
  if (rows.length > 0) {
    if (games.size >= 10_000) games.clear();
    games.set(gameId, { nations: rows, expires: now + AUTH_CACHE_TTL_MS });
  }
  return match(rows, given);
}
