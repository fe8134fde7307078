// `arbiter replay <gameId> <turn>`: re-adjudicates a stored turn from its stored state (with its random
// source state) and standing orders, and checks that the result hash is the stored one.
import { createDb, redactUrl } from '@arbiter/db';
import { replayMove, replayTurn } from '@arbiter/turns';
import { DATABASE_CHOICE_HELP, withCommandDatabase } from '../database-command.ts';
import type { DatabaseCommandEnv } from '../database-command.ts';
import type { Command } from './types.ts';
import { processIo } from './types.ts';

const usage = `Usage: arbiter replay <gameId> <turn> [<move>]

Re-adjudicates turn <turn> of game <gameId> from what the database stored for it (the game state the
turn started from, including its random source, and every nation's standing orders) and compares the
SHA-256 hash of the result with the hash stored when the turn was run. Writes nothing.

A game played as each move arrives: the turn replays move by move from its stored state; with <move>,
only that move (a taken-back one too), on the state the moves before it left.

${DATABASE_CHOICE_HELP}

Exit status: 0 when the hashes match, 1 when they differ, 2 on bad input (arguments, an unknown game
or turn, a turn not adjudicated yet, an unreachable database), 3 when they differ and the turn ran under
an earlier version of the ruleset's rules (another hash is then expected).`;

export type ReplayEnv = DatabaseCommandEnv;

export async function replay(argv: string[], { env, io }: ReplayEnv): Promise<number> {
  // After `--` every argument is positional: a game id created before ids began with a letter or digit
  // may start with `-` (`arbiter replay -- -xy4hMsxoAfv 1`).
  const end = argv.indexOf('--');
  const options = end < 0 ? argv : argv.slice(0, end);
  const args = end < 0 ? argv : [...argv.slice(0, end), ...argv.slice(end + 1)];
  const unknown = options.find((a) => a.startsWith('-'));
  if (unknown !== undefined) {
    io.err(`arbiter replay: unknown option ${unknown}\n\n${usage}\n`);
    return 2;
  }
  if (args.length !== 2 && args.length !== 3) {
    io.err(`arbiter replay: expected a game id and a turn number (and a move number), got ${args.length} ${args.length === 1 ? 'argument' : 'arguments'}\n\n${usage}\n`);
    return 2;
  }
  const [gameId, turnText, moveText] = args as [string, string, string | undefined];
  if (moveText !== undefined && !/^[1-9]\d{0,8}$/.test(moveText)) {
    io.err(`arbiter replay: "${moveText}" is not a move number (a whole number from 1)\n`);
    return 2;
  }
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(gameId)) {
    io.err(`arbiter replay: "${gameId}" is not a game id (letters, digits, "_" and "-")\n`);
    return 2;
  }
  if (!/^[1-9]\d{0,8}$/.test(turnText)) {
    io.err(`arbiter replay: "${turnText}" is not a turn number (a whole number from 1)\n`);
    return 2;
  }
  const turn = Number(turnText);
  return withCommandDatabase('replay', { env, io }, { migrate: true }, async ({ url }) => {
    const db = createDb(url, { poolMax: 2, applicationName: 'arbiter replay' });
    try {
      const outcome = moveText === undefined ? await replayTurn(db.prisma, gameId, turn) : await replayMove(db.prisma, gameId, turn, Number(moveText));
      const what = moveText === undefined ? `turn ${turn} of game ${gameId}` : `move ${moveText} of turn ${turn} of game ${gameId}`;
      switch (outcome.kind) {
        case 'match':
          io.out(`${what}: the replay matches the stored result (sha256 ${outcome.hash})\n`);
          return 0;
        case 'mismatch':
          io.out(
            `${what}: the replay DIFFERS from the stored result\n` +
              `  stored hash: ${outcome.storedHash}\n  replay hash: ${outcome.hash}\n` +
              'The stored inputs were changed after the turn ran, or the engine no longer gives the same result for them.\n',
          );
          return 1;
        case 'other-rules':
          io.out(
            `${what}: it ran under ${outcome.ruleset} rules version ${outcome.storedVersion}; this server has version ${outcome.version}\n` +
              `  stored hash: ${outcome.storedHash}\n  replay hash: ${outcome.hash} (under version ${outcome.version})\n` +
              'The rules changed since (docs: "Rules versions" in the ruleset\'s rules document), so another hash is expected: it says nothing about the stored inputs.\n',
          );
          return 3;
        case 'not-replayable':
          io.err(`arbiter replay: ${outcome.message}\n`);
          return 2;
        default: {
          const never: never = outcome;
          throw new Error(`unexpected replay outcome ${JSON.stringify(never)}`);
        }
      }
    } catch (err) {
      // Prisma's connection errors: P1000 authentication, P1001 unreachable, P1003 no such database, ...
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && /^P10\d\d$/.test(code)) {
        io.err(`arbiter replay: cannot read the database at ${redactUrl(url)}: ${oneLine((err as Error).message)}\n`);
        return 2;
      }
      throw err;
    } finally {
      await db.close();
    }
  });
}

export const replayCommand: Command = {
  name: 'replay',
  summary: 're-adjudicate a stored turn and check that its result hash matches',
  usage,
  run: (argv) => replay(argv, { env: process.env, io: processIo }),
};

/** Prisma's multi-line messages quote the calling code; the last line is the reason. */
function oneLine(message: string): string {
  const lines = message.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  return lines[lines.length - 1] ?? message;
}
