// Integration: the committed migrations and prisma/schema.prisma agree, and they apply like `migrate deploy`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, diffMigrationsToSchema, readMigrations } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

describe('migrations', () => {
  it('agree with the schema: the diff from the migrations to the schema is empty', async () => {
    const sql = await diffMigrationsToSchema(t.url);
    expect(sql).toBe('');
  }, 60_000);

  it('are recorded in _prisma_migrations, and applying again applies nothing', async () => {
    const list = await readMigrations();
    expect(list.migrationDirectories.length).toBeGreaterThan(0);
    const rows = await t.db.pool.query<{ migration_name: string; finished_at: Date | null }>(
      'SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.rows.map((r) => r.migration_name)).toEqual(list.migrationDirectories.map((m) => m.path));
    expect(rows.rows.every((r) => r.finished_at !== null)).toBe(true);
    expect(await applyMigrations(t.url)).toEqual([]);
  }, 60_000);

  it('the diff notices a schema change', async () => {
    const { writeFile, readFile, mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { SCHEMA_PATH } = await import('../src/index.ts');
    const dir = await mkdtemp(path.join(tmpdir(), 'arbiter-schema-'));
    const changed = (await readFile(SCHEMA_PATH, 'utf8')).replace('gmEmail                String?', 'gmEmail                String?\n  colour                 String?');
    const schemaPath = path.join(dir, 'schema.prisma');
    await writeFile(schemaPath, changed);
    const sql = await diffMigrationsToSchema(t.url, { schemaPath });
    expect(sql).toMatch(/ALTER TABLE "Game" ADD COLUMN\s+"colour" TEXT/);
  }, 60_000);
});
