// `arbiter backup <file>`: the database, embedded or not, dumped with pg_dump in its custom format
// (compressed, one consistent snapshot, restored with `arbiter restore` or pg_restore).
import { chmod, writeFile } from 'node:fs/promises';
import { redactUrl } from '@arbiter/db';
import { DATABASE_CHOICE_HELP, withCommandDatabase } from '../database-command.ts';
import type { DatabaseCommandEnv } from '../database-command.ts';
import { checkToolFits, PgToolError, runTool } from '../pg-tools.ts';
import type { Command } from './types.ts';
import { processIo } from './types.ts';

const usage = `Usage: arbiter backup <file>

Writes the whole database (games, turns, orders, mail, BullMQ's jobs) to <file> with pg_dump
--format=custom --no-owner: compressed, read from one snapshot, so it may run while turns run. Restore it
with \`arbiter restore <file>\`. Needs pg_dump (PostgreSQL's client tools, version 15 or newer) on PATH.

${DATABASE_CHOICE_HELP}

Exit status: 0 when the file is written, 1 when pg_dump failed, 2 on bad input (arguments, no database,
no usable pg_dump).`;

export async function backup(argv: string[], ctx: DatabaseCommandEnv): Promise<number> {
  const args = argv.filter((a) => a !== '--');
  if (args.length !== 1 || args[0]?.startsWith('-')) {
    ctx.io.err(`arbiter backup: expected one file name, got ${args.length === 1 ? `the option ${args[0]}` : `${args.length} arguments`}\n\n${usage}\n`);
    return 2;
  }
  const file = args[0] ?? '';
  return withCommandDatabase('backup', ctx, { migrate: false }, async (db) => {
    try {
      await checkToolFits('pg_dump', db.url);
    } catch (e) {
      if (!(e instanceof PgToolError)) throw e;
      ctx.io.err(`arbiter backup: ${e.message}\n`);
      return 2;
    }
    // The dump holds player data and the redacted mail: this user's only. pg_dump truncates the file and
    // keeps its mode, so the file is made 0600 before a byte is written.
    try {
      await writeFile(file, '', { mode: 0o600 });
      await chmod(file, 0o600);
    } catch (e) {
      ctx.io.err(`arbiter backup: cannot write ${file}: ${(e as Error).message}\n`);
      return 1;
    }
    const code = await runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, db.url], ctx.io.err);
    if (code !== 0) {
      ctx.io.err(`arbiter backup: pg_dump failed (exit ${code}) on ${db.embedded ? db.source : redactUrl(db.url)}\n`);
      return 1;
    }
    ctx.io.out(`Backed up ${db.embedded ? db.source : redactUrl(db.url)} to ${file}\n`);
    return 0;
  });
}

export const backupCommand: Command = {
  name: 'backup',
  summary: 'dump the database (embedded or DATABASE_URL) to a file with pg_dump',
  usage,
  run: (argv) => backup(argv, { env: process.env, io: processIo }),
};
