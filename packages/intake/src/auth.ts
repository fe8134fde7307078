import type { Db } from '@arbiter/db';
import { hashSecret, hashesEqual } from './secrets.ts';

export interface AuthenticatedNation {
  gameId: string;
  nationId: string;
  name: string;
  email: string;
  active: boolean;
}

/**
 * The nation of `gameId` whose secret this is, or null. The secret alone identifies the nation within the
 * game. Every nation's stored hash is compared in constant time, without stopping at a match.
 */
export async function authenticateNation(db: Db, gameId: string, secret: string): Promise<AuthenticatedNation | null> {
  if (typeof secret !== 'string' || secret.length === 0 || secret.length > 512) return null;
  const given = hashSecret(secret);
  const { rows: nations } = await db.pool.query<AuthenticatedNation & { secretHash: string }>({
    name: 'intake-auth',
    text: 'SELECT "gameId", "nationId", name, email, active, "secretHash" FROM "Nation" WHERE "gameId" = $1',
    values: [gameId],
  });
  let found: AuthenticatedNation | null = null;
  for (const n of nations) {
    if (hashesEqual(given, n.secretHash) && found === null) {
      found = { gameId: n.gameId, nationId: n.nationId, name: n.name, email: n.email, active: n.active };
    }
  }
  return found;
}
