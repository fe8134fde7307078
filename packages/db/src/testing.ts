// @arbiter/db/testing: a fresh, migrated database per test file, on the real PostgreSQL.
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from './client.ts';
import { applyMigrations, MIGRATIONS_DIR, readMigrations } from './migrate.ts';
import { poolConfigFromUrl, withDatabase } from './url.ts';

export const DEFAULT_TEST_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  /** Connection URL of the new database. */
  url: string;
  /** Its name. */
  name: string;
  db: Db;
  /** Close the client and drop the database. */
  drop(): Promise<void>;
}

async function admin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(poolConfigFromUrl(adminUrl));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** One migrated template per migrations content: test databases are copies of it (fast). */
async function ensureTemplate(adminUrl: string): Promise<string> {
  const list = await readMigrations(MIGRATIONS_DIR);
  const hash = createHash('sha256');
  for (const m of list.migrationDirectories) {
    hash.update(m.path);
    hash.update(m.migrationFile.content.tag === 'ok' ? m.migrationFile.content.value : '');
  }
  const name = `arbiter_tpl_${hash.digest('hex').slice(0, 16)}`;
  return admin(adminUrl, async (c) => {
    // Serialise template creation across parallel test files.
    await c.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_build_${randomBytes(4).toString('hex')}`;
        await c.query(`CREATE DATABASE "${building}"`);
        try {
          await applyMigrations(withDatabase(adminUrl, building), MIGRATIONS_DIR);
          await c.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
        } catch (e) {
          await c.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
          throw e;
        }
      }
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
    return name;
  });
}

/** Databases of test runs that crashed before drop(): older than six hours. */
async function dropStaleTestDatabases(adminUrl: string): Promise<void> {
  const cutoff = Date.now() - 6 * 3600_000;
  await admin(adminUrl, async (c) => {
    const rows = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'arbiter\\_test\\_%'");
    for (const { datname } of rows.rows) {
      const created = parseInt(datname.split('_')[2] ?? '', 36);
      if (Number.isFinite(created) && created < cutoff) {
        await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
      }
    }
  });
}

/**
 * Create a uniquely named database on TEST_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres)
 * with every migration applied, and a client for it. Call `drop()` in afterAll.
 */
export async function createTestDatabase(options: { poolMax?: number; adminUrl?: string } = {}): Promise<TestDatabase> {
  const adminUrl = options.adminUrl ?? process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const template = await ensureTemplate(adminUrl);
  await dropStaleTestDatabases(adminUrl);
  const name = `arbiter_test_${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
  await admin(adminUrl, async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (e) {
        // Another session copying the template at the same moment: try again shortly.
        if (attempt < 20 && /being accessed by other users/.test((e as Error).message)) {
          await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
          continue;
        }
        throw e;
      }
    }
  });
  const url = withDatabase(adminUrl, name);
  const db = createDb(url, { poolMax: options.poolMax ?? 5, applicationName: 'arbiter-test' });
  let dropped = false;
  return {
    url,
    name,
    db,
    async drop() {
      if (dropped) return;
      dropped = true;
      await db.close();
      await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** Read a file next to the migrations (used by tests that check the folders). */
export async function readMigrationSql(folder: string): Promise<string> {
  return readFile(path.join(MIGRATIONS_DIR, folder, 'migration.sql'), 'utf8');
}
