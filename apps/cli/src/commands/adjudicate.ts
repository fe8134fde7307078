// `arbiter adjudicate <scenario.json>`: reads a scenario, adjudicates its orders as one turn with the
// ruleset its `ruleset` names, and prints the result (per-unit results, event log, rolls, errors,
// per-player views, next state, hash) as JSON.
import { readFile } from 'node:fs/promises';
import { decodeTextBytes, sealTurn } from '@arbiter/engine';
import { IntakeError, checkScenario } from '@arbiter/intake';
import type { AnyRuleset } from '@arbiter/rulesets';

type OrderError = ReturnType<AnyRuleset['orders']['parse']>['errors'][number];
import type { Command, Io } from './types.ts';
import { processIo } from './types.ts';

const usage = `Usage: arbiter adjudicate <scenario.json> [--orders <file>] [--nation <id>] [--compact | --summary]

Reads a scenario (docs/scenario-format-mepbm.md; its "ruleset" names the game), adjudicates its "orders" as
one turn and prints the result as JSON on stdout: per-unit results (steps, stop reasons), the event
log, the random draws, order errors, each player's view, the next game state and the result's SHA-256
hash.

  --orders <file>  adjudicate the orders of this file instead of the scenario's "orders": a player's
                   order text or the order file their tool saved (mepbm: JOverseer's me03v0.077),
                   UTF-8 or Windows-1252
  --nation <id>    check the orders as this player's, as the server does when they send them: a
                   JOverseer file's character ids become the units the scenario maps them to, and an
                   order the server would refuse is listed among the errors instead of adjudicated
  --compact        print the JSON on one line instead of indented
  --summary        print a short text summary (one line per unit, the errors, the hash) instead of JSON

Exit status: 0 when the turn was adjudicated (order errors are part of the result),
2 when the file is missing, is not JSON, or is not a valid scenario (each problem is named by its
JSON path on stderr).`;

export interface AdjudicateOptions {
  compact: boolean;
  summary?: boolean;
  /** A file of orders to adjudicate instead of the scenario's. */
  orders?: string;
  /** Check the orders as this player's (the intake's check) before the turn. */
  nation?: string;
}

function cannotRead(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : String((e as Error).message);
}

export async function adjudicateFile(file: string, opts: AdjudicateOptions, io: Io): Promise<number> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    io.err(`arbiter adjudicate: cannot read scenario file ${file}: ${cannotRead(e)}\n`);
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (e) {
    io.err(`arbiter adjudicate: ${file} is not valid JSON: ${(e as Error).message}\n`);
    return 2;
  }
  // The same check as creating a game (intake's checkScenario); its issue paths are the request's
  // (`scenario.seed`), here the file's own (`seed`).
  let checked;
  try {
    checked = checkScenario(json);
  } catch (e) {
    if (!(e instanceof IntakeError)) throw e;
    const n = e.issues.length;
    io.err(`arbiter adjudicate: ${file} is not a valid scenario (${n} ${n === 1 ? 'problem' : 'problems'}):\n`);
    for (const i of e.issues) io.err(`  ${i.path.replace(/^scenario\./, '')}: ${i.message}\n`);
    return 2;
  }
  const { ruleset, scenario } = checked;
  const state = ruleset.scenario.initialState(scenario);
  let orderText = ruleset.scenario.orderText(scenario);
  if (opts.orders !== undefined) {
    try {
      // A file saved on Windows (JOverseer's) is Windows-1252; UTF-8 is read as UTF-8.
      orderText = decodeTextBytes(await readFile(opts.orders)).text;
    } catch (e) {
      io.err(`arbiter adjudicate: cannot read order file ${opts.orders}: ${cannotRead(e)}\n`);
      return 2;
    }
  }
  if (opts.nation !== undefined && !ruleset.scenario.players(state).some((p) => p.id === opts.nation)) {
    io.err(`arbiter adjudicate: --nation ${opts.nation} is not a ${ruleset.words.player} of ${file}; the ${ruleset.words.players} are ${ruleset.scenario.players(state).map((p) => p.id).join(', ')}\n`);
    return 2;
  }
  // Each entry of "orders" is one line of order text: errors name its line (entry number, from 1).
  const { orders, errors } = ruleset.orders.parse(orderText);
  const turn = opts.nation === undefined ? { orders, errors } : checkedAs(ruleset, state, opts.nation, orders, errors);
  const result = sealTurn(ruleset.adjudicate(state, turn.orders, { orderErrors: turn.errors }));
  if (opts.summary) io.out(ruleset.report.summary(result));
  else io.out(`${opts.compact ? JSON.stringify(result) : JSON.stringify(result, null, 2)}\n`);
  return 0;
}

/** The orders as the intake takes them from one player: the accepted ones as checked, the refused ones as errors. */
function checkedAs(ruleset: AnyRuleset, state: unknown, player: string, orders: unknown[], errors: OrderError[]): { orders: unknown[]; errors: OrderError[] } {
  const checks = ruleset.orders.check(state, player, orders);
  const refused = checks
    .filter((c) => c.status === 'rejected')
    .map((c): OrderError => ({ line: ruleset.orders.lineOf(c.order), column: 1, message: c.reason ?? 'refused', unit: ruleset.orders.unitOf(c.order) }));
  const all = [...errors, ...refused].sort((a, b) => a.line - b.line || a.column - b.column);
  return { orders: checks.filter((c) => c.status === 'accepted').map((c) => c.order), errors: all };
}

export const adjudicateCommand: Command = {
  name: 'adjudicate',
  summary: 'adjudicate one turn of a scenario file and print the result as JSON',
  usage,
  async run(argv) {
    const files: string[] = [];
    const opts: AdjudicateOptions = { compact: false, summary: false };
    for (let i = 0; i < argv.length; i++) {
      const a = argv[i]!;
      if (a === '--compact') opts.compact = true;
      else if (a === '--summary') opts.summary = true;
      else if (a === '--orders' || a === '--nation') {
        const value = argv[++i];
        if (value === undefined || value.startsWith('-')) {
          processIo.err(`arbiter adjudicate: ${a} needs a value\n\n${usage}\n`);
          return 2;
        }
        if (a === '--orders') opts.orders = value;
        else opts.nation = value;
      } else if (a.startsWith('-')) {
        processIo.err(`arbiter adjudicate: unknown option ${a}\n\n${usage}\n`);
        return 2;
      } else files.push(a);
    }
    if (files.length !== 1) {
      processIo.err(`arbiter adjudicate: expected one scenario file, got ${files.length}\n\n${usage}\n`);
      return 2;
    }
    return adjudicateFile(files[0]!, opts, processIo);
  },
};
