// @arbiter/db: the one package that owns Prisma. The generated client (packages/db/src/generated, made by
// `npm install` / `npm run db:generate`), a pg pool you size, a transaction helper and the migration runner.
export * from './generated/prisma/client.ts';
export { createDb, transaction, isUniqueViolation, type Db, type DbClient, type Tx, type CreateDbOptions, type TransactionOptions } from './client.ts';
export { applyMigrations, diffMigrationsToSchema, createMigration, readMigrations, isEmptyDiff, MIGRATIONS_DIR, SCHEMA_PATH, PRISMA_DIR } from './migrate.ts';
export { poolConfigFromUrl, redactUrl, withDatabase } from './url.ts';
export { isConnectionError, isTransientDbError, retryTransient } from './retry.ts';
export { supportsLz4 } from './compression.ts';
