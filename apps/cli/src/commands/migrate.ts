// `arbiter migrate` (npm run db:migrate): applies prisma/migrations to the database, embedded or not,
// with the same folders and bookkeeping as `prisma migrate deploy` (@arbiter/db's runner).
import { applyMigrations, redactUrl } from '@arbiter/db';
import { DATABASE_CHOICE_HELP, withCommandDatabase } from '../database-command.ts';
import type { DatabaseCommandEnv } from '../database-command.ts';
import type { Command } from './types.ts';
import { processIo } from './types.ts';

const usage = `Usage: arbiter migrate

Applies the pending migrations of prisma/migrations (a second run applies nothing). \`arbiter start\` does
this itself unless --no-migrate; production runs it once before the other containers (docker-compose.yml).

${DATABASE_CHOICE_HELP}

Exit status: 0 when the schema is up to date, 1 when a migration failed, 2 on bad input.`;

export async function migrate(argv: string[], ctx: DatabaseCommandEnv): Promise<number> {
  const args = argv.filter((a) => a !== '--');
  if (args.length > 0) {
    ctx.io.err(`arbiter migrate: takes no arguments, got ${args.join(' ')}\n\n${usage}\n`);
    return 2;
  }
  return withCommandDatabase('migrate', ctx, { migrate: false }, async (db) => {
    const where = db.embedded ? db.source : redactUrl(db.url);
    try {
      const applied = await applyMigrations(db.url);
      ctx.io.out(applied.length === 0 ? `${where} is up to date.\n` : `Applied to ${where}:\n  ${applied.join('\n  ')}\n`);
      return 0;
    } catch (e) {
      ctx.io.err(`arbiter migrate: ${(e as Error).message}\n`);
      return 1;
    }
  });
}

export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'apply pending database migrations (embedded or DATABASE_URL)',
  usage,
  run: (argv) => migrate(argv, { env: process.env, io: processIo }),
};
