export { runCli, helpText } from './cli.ts';
export { commands } from './commands/index.ts';
export type { Command, Io } from './commands/types.ts';
export { adjudicateFile } from './commands/adjudicate.ts';
