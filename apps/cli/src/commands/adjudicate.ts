// `arbiter adjudicate <scenario.json>`: reads a scenario, adjudicates its orders as one turn with the
// ruleset its `ruleset` names, and prints the result (per-unit results, event log, rolls, errors,
// per-player views, next state, hash) as JSON.
import { readFile } from 'node:fs/promises';
import { RULESET_IDS, isRulesetId, rulesetFor } from '@arbiter/rulesets';
import type { Command, Io } from './types.ts';
import { processIo } from './types.ts';

const usage = `Usage: arbiter adjudicate <scenario.json> [--compact | --summary]

Reads a scenario (docs/scenario-format.md; its "ruleset" names the game), adjudicates its "orders" as
one turn and prints the result as JSON on stdout: per-unit results (steps, stop reasons), the event
log, the random draws, order errors, each player's view, the next game state and the result's SHA-256
hash.

  --compact   print the JSON on one line instead of indented
  --summary   print a short text summary (one line per unit, the errors, the hash) instead of JSON

Exit status: 0 when the turn was adjudicated (order errors are part of the result),
2 when the file is missing, is not JSON, or is not a valid scenario (each problem is named by its
JSON path on stderr).`;

export async function adjudicateFile(file: string, opts: { compact: boolean; summary?: boolean }, io: Io): Promise<number> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : String((e as Error).message);
    io.err(`arbiter adjudicate: cannot read scenario file ${file}: ${why}\n`);
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (e) {
    io.err(`arbiter adjudicate: ${file} is not valid JSON: ${(e as Error).message}\n`);
    return 2;
  }
  const id = json !== null && typeof json === 'object' ? (json as { ruleset?: unknown }).ruleset : undefined;
  if (typeof id !== 'string' || !isRulesetId(id)) {
    io.err(`arbiter adjudicate: ${file} is not a valid scenario (1 problem):\n`);
    io.err(`  ruleset: must name the game's ruleset, one of ${RULESET_IDS.map((r) => `"${r}"`).join(', ')}${typeof id === 'string' ? `; "${id}" is not one` : ''}\n`);
    return 2;
  }
  const ruleset = rulesetFor(id);
  const parsed = ruleset.scenario.parse(json);
  if (!parsed.ok) {
    const n = parsed.issues.length;
    io.err(`arbiter adjudicate: ${file} is not a valid scenario (${n} ${n === 1 ? 'problem' : 'problems'}):\n`);
    for (const i of parsed.issues) io.err(`  ${i.path}: ${i.message}\n`);
    return 2;
  }
  const scenario = parsed.scenario;
  const state = ruleset.scenario.initialState(scenario);
  // Each entry of "orders" is one line of order text: errors name its line (entry number, from 1).
  const { orders, errors } = ruleset.orders.parse(ruleset.scenario.orderText(scenario));
  const result = ruleset.adjudicate(state, orders, { orderErrors: errors });
  if (opts.summary) io.out(ruleset.report.summary(result));
  else io.out(`${opts.compact ? JSON.stringify(result) : JSON.stringify(result, null, 2)}\n`);
  return 0;
}

export const adjudicateCommand: Command = {
  name: 'adjudicate',
  summary: 'adjudicate one turn of a scenario file and print the result as JSON',
  usage,
  async run(argv) {
    const files: string[] = [];
    let compact = false;
    let summary = false;
    for (const a of argv) {
      if (a === '--compact') compact = true;
      else if (a === '--summary') summary = true;
      else if (a.startsWith('-')) {
        processIo.err(`arbiter adjudicate: unknown option ${a}\n\n${usage}\n`);
        return 2;
      } else files.push(a);
    }
    if (files.length !== 1) {
      processIo.err(`arbiter adjudicate: expected one scenario file, got ${files.length}\n\n${usage}\n`);
      return 2;
    }
    return adjudicateFile(files[0]!, { compact, summary }, processIo);
  },
};
