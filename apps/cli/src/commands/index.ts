// The registry of `arbiter` subcommands: one file per command in this folder, one line here.
import { adjudicateCommand } from './adjudicate.ts';
import { backupCommand } from './backup.ts';
import { demoCommand } from './demo.ts';
import { importCommand } from './import.ts';
import { mapCommand } from './map.ts';
import { migrateCommand } from './migrate.ts';
import { replayCommand } from './replay.ts';
import { restoreCommand } from './restore.ts';
import { startCommand } from './start.ts';
import type { Command } from './types.ts';

export type { Command } from './types.ts';

export const commands: Command[] = [
  adjudicateCommand,
  startCommand,
  demoCommand,
  replayCommand,
  importCommand,
  mapCommand,
  migrateCommand,
  backupCommand,
  restoreCommand,
];
