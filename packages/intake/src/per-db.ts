// What the intake keeps in memory for one database (its state cache, the turns it saw open, its group
// committer): made on first use and dropped with the Db, so tests with their own databases never share it.
import type { Db } from '@arbiter/db';

/** `make(db)` once per Db, kept as long as the Db is. */
export function perDb<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}
