// Entry point of the `arbiter` command.
import { runCli } from './cli.ts';
import { processIo } from './commands/types.ts';

process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

try {
  process.exitCode = await runCli(process.argv.slice(2), processIo);
} catch (e) {
  process.stderr.write(`arbiter: internal error: ${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = 1;
}
