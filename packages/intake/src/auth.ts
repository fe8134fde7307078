import type { Db } from '@arbiter/db';
import { secretDigest } from './secrets.ts';
import { timingSafeEqual } from 'node:crypto';

export interface AuthenticatedNation {
  gameId: string;
  nationId: string;
  name: string;
  email: string;
  active: boolean;
}

type NationRow = AuthenticatedNation & { secretHash: string };

/**
 * A nation as the cache keeps it: its answer made once, and its stored hash as the 32 bytes compared
 * (decoded once per fill, not twice per nation on every request; null when the stored value is no
 * SHA-256 hex digest, which matches nothing).
 */
interface CachedNation {
  nation: AuthenticatedNation;
  digest: Buffer | null;
}

function cachedNation(r: NationRow): CachedNation {
  const digest = Buffer.from(r.secretHash, 'hex');
  return { nation: { gameId: r.gameId, nationId: r.nationId, name: r.name, email: r.email, active: r.active }, digest: digest.length === 32 ? digest : null };
}

/**
 * How long a game's nation list (with secret hashes) is reused for a successful authentication, in ms.
 * A token that matches nothing in the cached list is always checked against the database, so a new
 * secret works at once; a replaced secret keeps working in other API processes for at most this long
 * (in this process, rotateNationSecret clears the entry).
 */
export const AUTH_CACHE_TTL_MS = 5_000;

const cache = new WeakMap<Db, Map<string, { nations: CachedNation[]; expires: number }>>();

function cacheOf(db: Db): Map<string, { nations: CachedNation[]; expires: number }> {
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

function match(nations: CachedNation[], given: Buffer): AuthenticatedNation | null {
  // Every stored hash is compared in constant time, without stopping at a match.
  let found: AuthenticatedNation | null = null;
  for (const n of nations) {
    if (n.digest !== null && timingSafeEqual(given, n.digest) && found === null) found = { ...n.nation };
  }
  return found;
}

/**
 * The nation of `gameId` whose secret this is, or null. The secret alone identifies the nation within
 * the game; the server stores only SHA-256 hashes and compares them in constant time. `digest` is the
 * secret's `secretDigest`, for a caller that has taken it already (the API compares it with the GM
 * token's too).
 */
export async function authenticateNation(db: Db, gameId: string, secret: string, now: number = Date.now(), digest?: Buffer): Promise<AuthenticatedNation | null> {
  if (typeof secret !== 'string' || secret.length === 0 || secret.length > 512) return null;
  const given = digest ?? secretDigest(secret);
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
  const nations = rows.map(cachedNation);
  if (nations.length > 0) {
    if (games.size >= 10_000) games.clear();
    games.set(gameId, { nations, expires: now + AUTH_CACHE_TTL_MS });
  }
  return match(nations, given);
}
