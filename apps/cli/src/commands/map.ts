// `arbiter map <scenario.json>`: the game master's preview of a scenario before any game exists: the
// whole map (the ruleset's report.boardView drawn by its report.svg) and, per nation asked for, the map
// of its opening report (its view of a turn with no orders), each as SVG and PNG (the shared SVG -> PNG
// of @arbiter/reports). The maps are the turn service's scenarioMaps (as the API's POST /v1/scenarios/maps);
// this file only reads, calls it and writes.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { IntakeError } from '@arbiter/intake';
import { MapRenderCrashError, MapSizeError, mapPngPool, renderMapPngIsolated } from '@arbiter/reports';
import { scenarioMaps } from '@arbiter/turns';
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
  const asked = parsed.values.nation ?? [];
  const out = parsed.values.out ?? 'maps';
  let maps;
  try {
    maps = scenarioMaps(document, { board: { title: `${file}: the whole map` }, players: asked.includes('all') ? 'all' : asked });
  } catch (e) {
    if (!(e instanceof IntakeError)) throw e;
    if (e.code !== 'invalid-scenario') return fail(e.message);
    for (const i of e.issues ?? []) io.err(`  ${i.path}: ${i.message}\n`);
    return fail(`${file} is not a valid scenario: ${e.message}`);
  }
  await mkdir(out, { recursive: true });
  const written: string[] = [];
  const draw = async (name: string, svg: string): Promise<void> => {
    await writeFile(join(out, `${name}.svg`), svg);
    await writeFile(join(out, `${name}.png`), await renderMapPngIsolated(svg));
    written.push(`${name}.svg`, `${name}.png`);
  };
  try {
    if (typeof maps.board === 'string') await draw('map', maps.board);
    else io.err(`arbiter map: the ${maps.ruleset.id} ruleset draws no whole map; only the ${maps.ruleset.words.players}' maps are drawn\n`);
    for (const n of maps.nations) await draw(n.nationId, n.svg);
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
