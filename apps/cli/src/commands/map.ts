// `arbiter map <scenario.json>`: the game master's preview of a scenario before any game exists: the
// whole map (the ruleset's report.boardView drawn by its report.svg) and, per nation asked for, the map
// of its opening report (its view of a turn with no orders), each as SVG and PNG (the shared SVG -> PNG
// of @arbiter/reports). This file only reads, calls the contract and writes.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { IntakeError, checkScenario } from '@arbiter/intake';
import { MapRenderCrashError, MapSizeError, mapPngPool, renderMapPngIsolated } from '@arbiter/reports';
import type { Command, Io } from './types.ts';
import { processIo } from './types.ts';

const usage = `Usage: arbiter map <scenario.json> [--nation ID ...] [--out DIR]

Draws a scenario's map before any game exists, so a game master can check it (an import, docs/import.md)
by eye: DIR/map.svg and DIR/map.png, the whole map with every population centre and unit; with
--nation ID (repeatable, or --nation all), DIR/<ID>.svg and DIR/<ID>.png, the map of that nation's
first report (the area its units and population centres see).

  --nation ID   also draw this nation's report area; "all" for every nation
  --out DIR     the folder to write to (default: maps; made when missing)

Exit status: 0 when the maps were written, 2 when the scenario cannot be read or is not valid (each
problem is named), or a nation is not one of the scenario's.`;

export async function mapCommandRun(argv: string[], io: Io): Promise<number> {
  const fail = (message: string): number => {
    io.err(`arbiter map: ${message}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { nation: { type: 'string', multiple: true }, out: { type: 'string' } } });
  } catch (e) {
    return fail(`${(e as Error).message}\n\n${usage}`);
  }
  if (parsed.positionals.length !== 1) return fail(`give one scenario file\n\n${usage}`);
  const file = parsed.positionals[0] as string;
  let document: unknown;
  try {
    const text = await readFile(file, 'utf8');
    document = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return fail(code === 'ENOENT' ? `cannot read ${file}: no such file` : `${file} is not a JSON scenario: ${(e as Error).message}`);
  }
  let checked;
  try {
    checked = checkScenario(document);
  } catch (e) {
    if (!(e instanceof IntakeError)) throw e;
    for (const i of e.issues ?? []) io.err(`  ${i.path}: ${i.message}\n`);
    return fail(`${file} is not a valid scenario: ${e.message}`);
  }
  const { ruleset, scenario } = checked;
  const state = ruleset.scenario.initialState(scenario);
  const players = ruleset.scenario.players(state);
  const asked = parsed.values.nation ?? [];
  const wanted = asked.includes('all') ? players : players.filter((p) => asked.includes(p.id));
  const unknown = asked.filter((a) => a !== 'all' && !players.some((p) => p.id === a));
  if (unknown.length > 0) return fail(`${unknown.map((u) => `"${u}"`).join(', ')} is not a ${ruleset.words.player} of the scenario (${players.map((p) => p.id).join(', ')})`);
  const names: Record<string, string> = Object.fromEntries(players.map((p) => [p.id, p.name]));
  const ctx = (playerName: string, mapTitle: string) => ({ gameName: '', gameId: '', mapTitle, turn: ruleset.state.turnOf(state), nextDeadline: null, timeZone: 'UTC', playerName, playerNames: names });
  const out = parsed.values.out ?? 'maps';
  await mkdir(out, { recursive: true });
  const written: string[] = [];
  const draw = async (name: string, svg: string): Promise<void> => {
    await writeFile(join(out, `${name}.svg`), svg);
    await writeFile(join(out, `${name}.png`), await renderMapPngIsolated(svg));
    written.push(`${name}.svg`, `${name}.png`);
  };
  try {
    if (ruleset.report.boardView !== undefined) await draw('map', ruleset.report.svg(ruleset.report.boardView(state), ctx('the game master', `${file}: the whole map`)));
    else io.err(`arbiter map: the ${ruleset.id} ruleset draws no whole map; only the ${ruleset.words.players}' maps are drawn\n`);
    if (wanted.length > 0) {
      // A turn with no orders: nobody moves, and each view is the opening position.
      const { views } = ruleset.adjudicate(state, []);
      for (const p of wanted) {
        const view = views[p.id];
        if (view === undefined) throw new Error(`the ${ruleset.id} ruleset made no view for ${ruleset.words.player} "${p.id}"`);
        await draw(p.id, ruleset.report.svg(view, ctx(p.name, `${p.name}: the opening position`)));
      }
    }
  } catch (e) {
    if (e instanceof MapSizeError || e instanceof MapRenderCrashError) return fail(`the map cannot be drawn: ${e.message}`);
    throw e;
  } finally {
    await mapPngPool().close(); // the drawing processes would otherwise keep the command alive until idle
  }
  io.err(`arbiter map: wrote ${written.join(', ')} in ${out}\n`);
  return 0;
}

export const mapCommand: Command = {
  name: 'map',
  summary: "draw a scenario's whole map and its nations' report areas (SVG and PNG) for the game master",
  usage,
  run: (argv) => mapCommandRun(argv, processIo),
};
