// Which database an `arbiter` command uses: DATABASE_URL when set; otherwise the embedded PostgreSQL of the
// Arbiter home, the one `arbiter start` runs (found through its postmaster.pid), or started here for the
// command and stopped after it. So replay, migrate, backup and restore work in embedded mode with nothing set.
import { stat } from 'node:fs/promises';
import type { ArbiterHome, EmbeddedLogger, EmbeddedPostgres } from '@arbiter/embedded';

export interface DatabaseChoice {
  url: string;
  /** Where it came from, for messages: "DATABASE_URL", or the embedded server's data folder. */
  source: string;
  embedded: boolean;
  /** Stops the server when this command started it; nothing otherwise. */
  release(): Promise<void>;
}

/** A warning when the home still holds the PGlite database of Arbiter before 0.2 (never read, never removed). */
export async function legacyPgliteWarning(home: ArbiterHome): Promise<string | null> {
  const exists = await stat(home.legacyPgliteDir).then(
    () => true,
    () => false,
  );
  if (!exists) return null;
  return (
    `${home.legacyPgliteDir} holds a database of an older Arbiter (PGlite), which this version does not read; ` +
    `the embedded database is now ${home.dataDir}. The old folder is left as it is: move it away or delete it once you no longer need it.`
  );
}

/** Starts the embedded PostgreSQL of `home` on `port` (migrating when `migrate` is given), with the legacy check. */
export async function startHomeDatabase(
  home: ArbiterHome,
  port: number,
  logger: EmbeddedLogger,
  migrate?: (url: string) => Promise<string[]>,
): Promise<EmbeddedPostgres> {
  const { startEmbeddedPostgres } = await import('@arbiter/embedded');
  const legacy = await legacyPgliteWarning(home);
  if (legacy !== null) logger.warn({ folder: home.legacyPgliteDir }, legacy);
  return startEmbeddedPostgres({ dataDir: home.dataDir, port, logger, ...(migrate ? { migrate } : {}) });
}

/**
 * The database for a one-off command. `migrate`: apply pending migrations when this command starts the
 * server (replay and backup need the schema to exist; restore does not want it).
 */
export async function databaseForCommand(
  env: Record<string, string | undefined>,
  home: ArbiterHome,
  port: number,
  logger: EmbeddedLogger,
  options: { migrate: boolean },
): Promise<DatabaseChoice> {
  const url = (env.DATABASE_URL ?? '').trim();
  if (url !== '') return { url, source: 'DATABASE_URL', embedded: false, release: async () => undefined };
  const { runningEmbeddedPostgres } = await import('@arbiter/embedded');
  const running = await runningEmbeddedPostgres(home.dataDir);
  if (running !== null) {
    return { url: running.url, source: `the running embedded PostgreSQL (pid ${running.pid}, ${home.dataDir})`, embedded: true, release: async () => undefined };
  }
  const { applyMigrations } = await import('@arbiter/db');
  const server = await startHomeDatabase(home, port, logger, options.migrate ? applyMigrations : undefined);
  return { url: server.url, source: `the embedded PostgreSQL (${home.dataDir}, started for this command)`, embedded: true, release: () => server.stop() };
}
