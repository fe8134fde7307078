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

  it('createMigration writes the next folder, after which the schema and migrations agree again', async () => {
    const { cp, mkdtemp, readFile, readdir, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { createMigration, MIGRATIONS_DIR, SCHEMA_PATH } = await import('../src/index.ts');
    const dir = await mkdtemp(path.join(tmpdir(), 'arbiter-migrations-'));
    const migrationsDir = path.join(dir, 'migrations');
    await cp(MIGRATIONS_DIR, migrationsDir, { recursive: true });
    const schemaPath = path.join(dir, 'schema.prisma');
    await writeFile(schemaPath, (await readFile(SCHEMA_PATH, 'utf8')).replace('gmEmail                String?', 'gmEmail                String?\n  colour                 String?'));
    await expect(createMigration(t.url, 'Bad Name', { migrationsDir, schemaPath })).rejects.toThrow(/lower-case letters/);
    const created = await createMigration(t.url, 'add_colour', { migrationsDir, schemaPath, now: new Date('2030-01-02T03:04:05Z') });
    expect(created).toBe(path.join(migrationsDir, '20300102030405_add_colour'));
    expect(await readFile(path.join(created as string, 'migration.sql'), 'utf8')).toMatch(/ALTER TABLE "Game" ADD COLUMN\s+"colour" TEXT/);
    expect((await readdir(migrationsDir)).filter((f) => f.endsWith('_add_colour'))).toHaveLength(1);
    expect(await createMigration(t.url, 'nothing_new', { migrationsDir, schemaPath })).toBeNull();
  }, 90_000);

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
