// Whether this PostgreSQL compresses TOAST values with lz4 (version 14+, built with it): the turn's write and
// the group commit set `default_toast_compression = 'lz4'` for their transactions where it does (lz4 costs
// about half of the default pglz's CPU on report texts and receipts; docs/benchmarks.md). Asked once per pool.
import type pg from 'pg';

const asked = new WeakMap<pg.Pool, Promise<boolean>>();

/** True when the server offers lz4 TOAST compression; false when it does not or cannot say. */
export function supportsLz4(pool: pg.Pool): Promise<boolean> {
  let answer = asked.get(pool);
  if (answer === undefined) {
    answer = pool
      .query<{ ok: boolean }>(`SELECT coalesce('lz4' = ANY(enumvals), false) AS ok FROM pg_settings WHERE name = 'default_toast_compression'`)
      .then((r) => r.rows[0]?.ok === true, () => false);
    asked.set(pool, answer);
  }
  return answer;
}
