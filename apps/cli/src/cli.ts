// Argument dispatch for the `arbiter` command (bin/arbiter.mjs -> main.ts -> runCli).
import { readFileSync } from 'node:fs';
import { commands } from './commands/index.ts';
import type { Io } from './commands/types.ts';

export function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `arbiter: turn-based play-by-email order adjudication

Usage: arbiter <command> [arguments]\n       arbiter --version

Commands:
${lines.join('\n')}

Run "arbiter <command> --help" for a command's arguments.`;
}

/** Arbiter's version (the repository's package.json) and the Node.js running it. */
export function versionText(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return `arbiter ${pkg.version} (Node.js ${process.version})`;
}

export async function runCli(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v' || name === 'version') {
    io.out(`${versionText()}\n`);
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    const cmd = topic === undefined ? undefined : commands.find((c) => c.name === topic);
    if (topic !== undefined && cmd === undefined) {
      io.err(`arbiter: unknown command "${topic}"\n\n${helpText()}\n`);
      return 2;
    }
    io.out(`${cmd ? cmd.usage : helpText()}\n`);
    return name === undefined ? 2 : 0;
  }
  const cmd = commands.find((c) => c.name === name);
  if (cmd === undefined) {
    io.err(`arbiter: unknown command "${name}"\n\n${helpText()}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${cmd.usage}\n`);
    return 0;
  }
  return cmd.run(rest);
}
