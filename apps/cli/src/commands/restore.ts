// `arbiter restore <file>`: a dump of `arbiter backup` (or pg_dump --format=custom) put back into the
// database, embedded or not, with pg_restore --clean in one transaction: all of it or nothing.
import { redactUrl } from '@arbiter/db';
import { DATABASE_CHOICE_HELP, withCommandDatabase } from '../database-command.ts';
import type { DatabaseCommandEnv } from '../database-command.ts';
import { checkToolFits, PgToolError, runTool } from '../pg-tools.ts';
import type { Command } from './types.ts';
import { processIo } from './types.ts';

const usage = `Usage: arbiter restore <file>

Replaces what <file> (written by \`arbiter backup\`, or pg_dump --format=custom) holds in the database:
pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error, so either the whole dump is
restored or nothing changes. Stop Arbiter first: with the embedded database, restore refuses while an
\`arbiter start\` runs from the same folder. Needs pg_restore (version 15 or newer) on PATH.

${DATABASE_CHOICE_HELP}

Exit status: 0 when restored, 1 when pg_restore failed (nothing changed), 2 on bad input (arguments, no
database, a running Arbiter, no usable pg_restore).`;

export async function restore(argv: string[], ctx: DatabaseCommandEnv): Promise<number> {
  const args = argv.filter((a) => a !== '--');
  if (args.length !== 1 || args[0]?.startsWith('-')) {
    ctx.io.err(`arbiter restore: expected one file name, got ${args.length === 1 ? `the option ${args[0]}` : `${args.length} arguments`}\n\n${usage}\n`);
    return 2;
  }
  const file = args[0] ?? '';
  if ((ctx.env.DATABASE_URL ?? '').trim() === '') {
    const { loadLocalConfig } = await import('@arbiter/config');
    const { arbiterHome, readRunInfo } = await import('@arbiter/embedded');
    const home = arbiterHome(loadLocalConfig(ctx.env).home);
    const running = await readRunInfo(home);
    if (running !== null) {
      ctx.io.err(`arbiter restore: Arbiter runs from ${home.root} (pid ${running.pid}): stop it first, then restore.\n`);
      return 2;
    }
  }
  return withCommandDatabase('restore', ctx, { migrate: false }, async (db) => {
    try {
      await checkToolFits('pg_restore', db.url);
    } catch (e) {
      if (!(e instanceof PgToolError)) throw e;
      ctx.io.err(`arbiter restore: ${e.message}\n`);
      return 2;
    }
    const where = db.embedded ? db.source : redactUrl(db.url);
    const code = await runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${db.url}`, file], ctx.io.err);
    if (code !== 0) {
      ctx.io.err(`arbiter restore: pg_restore failed (exit ${code}); ${where} is unchanged\n`);
      return 1;
    }
    ctx.io.out(`Restored ${file} into ${where}\n`);
    return 0;
  });
}

export const restoreCommand: Command = {
  name: 'restore',
  summary: 'put a backup file back into the database with pg_restore',
  usage,
  run: (argv) => restore(argv, { env: process.env, io: processIo }),
};
