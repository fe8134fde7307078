// The migration runner: Prisma's official schema engine compiled to WebAssembly
// (@prisma/schema-engine-wasm), driven over @prisma/adapter-pg. It reads the same prisma/migrations folders
// and writes the same `_prisma_migrations` table as `prisma migrate deploy`, so a connected machine can use
// the ordinary CLI on the same folders. See /docs/operations.md "Database migrations".
import { readFile, readdir, mkdir, writeFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';
import { poolConfigFromUrl } from './url.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository's prisma/ folder. */
export const PRISMA_DIR = path.resolve(here, '../../../prisma');
export const SCHEMA_PATH = path.join(PRISMA_DIR, 'schema.prisma');
export const MIGRATIONS_DIR = path.join(PRISMA_DIR, 'migrations');

type SchemaEngineClass = { new: (options: { datamodels: [string, string][] | undefined }, log: (msg: string) => void, adapter: object) => Promise<SchemaEngine> };

interface WasmApi {
  instantiate(bytes: Uint8Array, imports: Record<string, unknown>): Promise<{ instance: { exports: Record<string, unknown> } }>;
}

/**
 * PrismaPg with a shadow database that is really dropped afterwards: the stock adapter drops it while its
 * own pool is still connected, which PostgreSQL refuses, leaving `prisma_migrate_shadow_db_*` behind.
 */
class MigrationAdapterFactory extends PrismaPg {
  readonly #config: pg.PoolConfig;
  constructor(pool: pg.Pool) {
    super(pool);
    this.#config = pool.options;
  }
  override async connect(): ReturnType<PrismaPg['connect']> {
    return readCharAsText(await super.connect());
  }
  override async connectToShadowDb(): ReturnType<PrismaPg['connectToShadowDb']> {
    const name = `prisma_migrate_shadow_db_${randomUUID()}`;
    const adminConfig = { ...this.#config, max: 1 };
    await withClient(adminConfig, (c) => c.query(`CREATE DATABASE "${name}"`));
    const shadowPool = new pg.Pool({ ...this.#config, database: name, max: 2 });
    shadowPool.on('error', () => {});
    const adapter = readCharAsText(await new PrismaPg(shadowPool).connect());
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await shadowPool.end();
      await withClient(adminConfig, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    };
    return adapter;
  }
}

interface PgQueryableInternals {
  performIO(query: unknown): Promise<{ fields: { dataTypeID: number }[] }>;
  startTransaction(isolationLevel?: unknown): Promise<unknown>;
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

/**
 * The schema engine describes a database through catalog queries that return columns of PostgreSQL's
 * one-byte internal type "char" (OID 18, e.g. pg_class.relkind). @prisma/adapter-pg 7.10 has no mapping for
 * it and fails with "Column type 'char' could not be deserialized". The value arrives as a one-character
 * string over the text protocol, so reading it as text is exact. Only the migration runner uses this.
 */
function readCharAsText<T extends object>(queryable: T): T {
  const q = queryable as unknown as PgQueryableInternals;
  const performIO = q.performIO.bind(q);
  q.performIO = async (query) => {
    const result = await performIO(query);
    for (const f of result.fields) if (f.dataTypeID === PG_CHAR_OID) f.dataTypeID = PG_TEXT_OID;
    return result;
  };
  const startTransaction = q.startTransaction.bind(q);
  q.startTransaction = async (isolationLevel) => readCharAsText((await startTransaction(isolationLevel)) as object);
  return queryable;
}

async function withClient<T>(config: pg.PoolConfig, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let engineClass: Promise<SchemaEngineClass> | undefined;

/** Instantiate the WebAssembly module once per process (the package is built for bundlers). */
function loadEngineClass(): Promise<SchemaEngineClass> {
  engineClass ??= (async () => {
    const require = createRequire(import.meta.url);
    const bgPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const bg = (await import('@prisma/schema-engine-wasm/schema_engine_bg')) as unknown as {
      __wbg_set_wasm(exports: Record<string, unknown>): void;
      SchemaEngine: SchemaEngineClass;
    };
    const bytes = await readFile(path.join(path.dirname(bgPath), 'schema_engine_bg.wasm'));
    // (The base tsconfig has no DOM lib, so WebAssembly is typed here by hand.)
    const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const { instance } = await wasm.instantiate(bytes, { './schema_engine_bg.js': bg });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bg.SchemaEngine;
  })();
  return engineClass;
}

const noFilters = { externalTables: [], externalEnums: [] };

async function withEngine<T>(databaseUrl: string, schemaText: string | undefined, fn: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const SchemaEngineCls = await loadEngineClass();
  // An explicit pool config (not a connection string): the adapter's shadow database for diffs is made by
  // overriding `database`, which a connection string would silently win over.
  // Our own pool, so it is surely closed afterwards (the engine does not dispose it on free()).
  const pool = new pg.Pool({ ...poolConfigFromUrl(databaseUrl), max: 2 });
  pool.on('error', () => {});
  const adapter = bindMigrationAwareSqlAdapterFactory(new MigrationAdapterFactory(pool));
  const logs: string[] = [];
  const engine = await SchemaEngineCls.new(
    { datamodels: schemaText === undefined ? undefined : [[SCHEMA_PATH, schemaText]] },
    (msg: string) => {
      logs.push(msg);
    },
    adapter,
  );
  try {
    return await fn(engine);
  } catch (e) {
    throw new Error(`Schema engine failed: ${errorMessage(e)}`, { cause: e });
  } finally {
    engine.free();
    await pool.end();
  }
}

function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'object' && e !== null && 'message' in e) return String((e as { message: unknown }).message);
  return typeof e === 'string' ? e : JSON.stringify(e);
}

/** Read prisma/migrations the way the Prisma CLI does. */
export async function readMigrations(migrationsDir = MIGRATIONS_DIR): Promise<MigrationList> {
  let entries: string[] = [];
  try {
    entries = (await readdir(migrationsDir)).sort();
  } catch {
    entries = [];
  }
  const migrationDirectories: MigrationList['migrationDirectories'] = [];
  for (const name of entries) {
    const dir = path.join(migrationsDir, name);
    if (!(await stat(dir)).isDirectory()) continue;
    const file = path.join(dir, 'migration.sql');
    let content: { tag: 'ok'; value: string } | { tag: 'error'; value: string };
    try {
      content = { tag: 'ok', value: await readFile(file, 'utf8') };
    } catch (e) {
      content = { tag: 'error', value: errorMessage(e) };
    }
    migrationDirectories.push({ path: name, migrationFile: { path: 'migration.sql', content } });
  }
  let lock: string | null = null;
  try {
    lock = await readFile(path.join(migrationsDir, 'migration_lock.toml'), 'utf8');
  } catch {
    lock = null;
  }
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: lock },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

/** Apply every migration not yet applied (like `prisma migrate deploy`). Returns the names applied now. */
export async function applyMigrations(databaseUrl: string, migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  const migrationsList = await readMigrations(migrationsDir);
  return withEngine(databaseUrl, undefined, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList, filters: noFilters });
    return out.appliedMigrationNames;
  });
}

/**
 * The SQL that takes a database built by the migrations to the schema (empty when they agree).
 * Uses a temporary shadow database on the same server, dropped afterwards.
 */
export async function diffMigrationsToSchema(
  databaseUrl: string,
  options: { migrationsDir?: string; schemaPath?: string } = {},
): Promise<string> {
  const migrationsList = await readMigrations(options.migrationsDir ?? MIGRATIONS_DIR);
  const schemaText = await readFile(options.schemaPath ?? SCHEMA_PATH, 'utf8');
  return withEngine(databaseUrl, schemaText, async (engine) => {
    const from = migrationsList.migrationDirectories.length === 0 ? { tag: 'empty' as const } : { tag: 'migrations' as const, ...migrationsList };
    const out = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [{ path: options.schemaPath ?? SCHEMA_PATH, content: schemaText }] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    const sql = out.stdout ?? '';
    return isEmptyDiff(sql) ? '' : sql;
  });
}

/** The engine prints a comment for an empty diff. */
export function isEmptyDiff(sql: string): boolean {
  return sql
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('--')).length === 0;
}

/**
 * Write a new migration folder `<timestamp>_<name>/migration.sql` with the diff from the existing
 * migrations to the schema. Returns the folder path, or null when the schema has no changes.
 */
export async function createMigration(
  databaseUrl: string,
  name: string,
  options: { migrationsDir?: string; schemaPath?: string; now?: Date } = {},
): Promise<string | null> {
  if (!/^[a-z0-9][a-z0-9_]*$/.test(name)) {
    throw new Error(`Migration name "${name}" must be lower-case letters, digits and underscores (e.g. add_nation_colour).`);
  }
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const sql = await diffMigrationsToSchema(databaseUrl, { migrationsDir, ...(options.schemaPath ? { schemaPath: options.schemaPath } : {}) });
  if (sql === '') return null;
  const d = options.now ?? new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
  const dir = path.join(migrationsDir, `${stamp}_${name}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'migration.sql'), sql.endsWith('\n') ? sql : sql + '\n');
  const lockPath = path.join(migrationsDir, 'migration_lock.toml');
  try {
    await stat(lockPath);
  } catch {
    await writeFile(
      lockPath,
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
    );
  }
  return dir;
}
