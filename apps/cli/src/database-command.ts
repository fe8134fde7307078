// What the one-off database commands (replay, migrate, backup, restore) share: the Arbiter home and the
// embedded database's port from the environment, the database chosen for the command (DATABASE_URL, the
// running embedded server, or one started for the command), and its release afterwards, with every
// failure to get there as one line on stderr and exit status 2.
import { ConfigError, loadLocalConfig } from '@arbiter/config';
import type { EmbeddedLogger } from '@arbiter/embedded';
import { databaseForCommand } from './embedded-database.ts';
import type { DatabaseChoice } from './embedded-database.ts';
import type { Io } from './commands/types.ts';

export interface DatabaseCommandEnv {
  env: Record<string, string | undefined>;
  io: Io;
}

/**
 * Runs `fn` with the command's database. `migrate`: when the embedded server is started for the command,
 * apply pending migrations first. Returns `fn`'s exit status, or 2 when there is no database to use.
 */
export async function withCommandDatabase(
  command: string,
  { env, io }: DatabaseCommandEnv,
  options: { migrate: boolean },
  fn: (db: DatabaseChoice) => Promise<number>,
): Promise<number> {
  let choice: DatabaseChoice;
  try {
    const local = loadLocalConfig(env);
    const { arbiterHome } = await import('@arbiter/embedded');
    const say = (_o: object, msg?: string): void => {
      if (msg !== undefined) io.err(`arbiter ${command}: ${msg}\n`);
    };
    const logger: EmbeddedLogger = { info: () => undefined, warn: say, error: say };
    choice = await databaseForCommand(env, arbiterHome(local.home), local.dbPort, logger, options);
  } catch (err) {
    const message = err instanceof ConfigError ? err.issues.map((i) => `${i.variable} ${i.message}`).join('; ') : (err as Error).message;
    io.err(`arbiter ${command}: no database to use: ${message}\n`);
    return 2;
  }
  try {
    return await fn(choice);
  } finally {
    await choice.release();
  }
}

/** The part of usage texts that says which database a command uses. */
export const DATABASE_CHOICE_HELP = `The database: DATABASE_URL when set (see docs/operations.md); otherwise the embedded PostgreSQL of the
Arbiter home (ARBITER_HOME, default .arbiter): the one \`arbiter start\` runs, or, when none runs, started
for this command on ARBITER_DB_PORT (default 5433) and stopped after it.`;
