// `arbiter import joverseer <dir-or-files>`: reads JOverseer's map files (.terrain, .traffic, .pcs) and
// starting forces (.startarmies, .chars.csv, .startchars),
// turns them into a mepbm scenario with the ruleset's import (docs/import.md), checks it as any scenario
// is checked, and writes it with every decision and warning listed. This file only reads and writes.
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_PREFERENCE, formatNote, importJoverseer } from '@arbiter/ruleset-mepbm';
import type { JoverseerFiles, RiverKind, RiverPreference } from '@arbiter/ruleset-mepbm';
import { rulesetFor } from '@arbiter/rulesets';
import type { Command, Io } from './types.ts';
import { processIo } from './types.ts';

const usage = `Usage: arbiter import joverseer <dir-or-files...> [--game 2950] [--out scenario.json]
         [--prefer major|minor] [--prefer AAAA/BBBB=major|minor ...] [--seed N] [--game-number N]
         [--food-turns N]

Reads JOverseer's files of one game: <game>.terrain (required), <game>.traffic and <game>.pcs (the
map), <game>.startarmies, <game>.chars.csv and <game>.startchars (the starting armies, navies and
characters), given as a folder holding them or as the files themselves, and writes a mepbm scenario
(docs/scenario-format-mepbm.md) with the map, ruins, nations, allegiances, population centres and units, each
character's JOverseer id mapped to its unit. Every decision and warning of the import is printed on
stderr (docs/import.md says what each means).

  --game N          the game the files are for (2950, 1650, ...; default: the files' name); 2950 and
                    1650 give the nations their names, and 2950's harbour codes are read swapped
  --out FILE        write the scenario to FILE instead of stdout
  --prefer RULE     a side whose two hexes name different river kinds keeps the major river
                    (--prefer major, the default) or the minor one (--prefer minor); AAAA/BBBB=minor
                    chooses for one side (repeatable)
  --seed N          the scenario's seed (default 1)
  --game-number N   the running game's number in JOverseer's order files (joverseer.game)
  --food-turns N    each starting army carries food for N turns of eating (default 4)

Exit status: 0 when the scenario was written, 2 when a file is missing or unreadable, a line of a file
cannot be read, or the scenario is not valid (each problem is named).`;

const EXTENSIONS = ['.terrain', '.traffic', '.pcs', '.startarmies', '.chars.csv', '.startchars'] as const;
type Ext = (typeof EXTENSIONS)[number];

/** The prefer option's values as the import's preference, or the first one that is not one. */
export function readPreference(values: readonly string[]): { ok: true; prefer: RiverPreference } | { ok: false; message: string } {
  const kind = (w: string): RiverKind | null => (w === 'major' ? 'major-river' : w === 'minor' ? 'minor-river' : null);
  let dflt: RiverKind = DEFAULT_PREFERENCE.default;
  const sides: Record<string, RiverKind> = {};
  for (const v of values) {
    const m = /^(\d{4})\/(\d{4})=(\w+)$/.exec(v.trim());
    const k = kind(m === null ? v.trim() : (m[3] as string));
    if (k === null) return { ok: false, message: `--prefer ${v}: write major, minor or AAAA/BBBB=major|minor (a side between two hexes)` };
    if (m === null) dflt = k;
    else sides[`${m[1]}/${m[2]}`] = k;
  }
  return { ok: true, prefer: { default: dflt, sides } };
}

const extensionOf = (p: string): Ext | undefined => EXTENSIONS.find((e) => basename(p).endsWith(e) && basename(p).length > e.length);

async function filesOf(paths: readonly string[], game: string | undefined): Promise<{ ok: true; files: Map<Ext, string>; game: string } | { ok: false; message: string }> {
  const found = new Map<string, Map<Ext, string>>();
  const add = (p: string): void => {
    const ext = extensionOf(p);
    if (ext === undefined) return;
    const stem = basename(p, ext);
    let m = found.get(stem);
    if (m === undefined) found.set(stem, (m = new Map()));
    m.set(ext, p);
  };
  for (const p of paths) {
    let isDir: boolean;
    try {
      isDir = (await stat(p)).isDirectory();
    } catch {
      return { ok: false, message: `${p}: no such file or folder` };
    }
    if (isDir) for (const name of (await readdir(p)).sort()) add(join(p, name));
    else if (extensionOf(p) !== undefined) add(p);
    else return { ok: false, message: `${p}: not a ${EXTENSIONS.join(', ')} file` };
  }
  const stems = [...found.keys()].sort();
  const stem = game ?? (stems.length === 1 ? stems[0] : undefined);
  if (stem === undefined) {
    return { ok: false, message: stems.length === 0 ? `no ${EXTENSIONS.join(', ')} file given` : `files of several games (${stems.join(', ')}): choose one with --game` };
  }
  const files = found.get(stem);
  if (files === undefined || !files.has('.terrain')) return { ok: false, message: `no ${stem}.terrain file given: the map's hexes come from it` };
  return { ok: true, files, game: stem };
}

/** A JSON value on one line, spaced as people write it: `{ "id": "theoden", "troops": { "lightCavalry": 200 } }`. */
function oneLine(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(oneLine).join(', ')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, x]) => `${JSON.stringify(k)}: ${oneLine(x)}`).join(', ')} }`;
  }
  return JSON.stringify(v);
}

/**
 * The scenario as JSON for people: indented, but each hex, hexside, ruin, population centre and unit on
 * one line (a real map is 1,716 hexes: about 110 KB this way, twice that with every field on its own line).
 */
export function scenarioJson(scenario: unknown): string {
  const { units, ...rest } = scenario as { units?: unknown[] };
  const body = JSON.stringify({ ...rest, units: [] }, null, 2)
    .replace(/\[\n\s*("[^"\n]*"(?:,\n\s*"[^"\n]*")*)\n\s*\]/g, (_, list: string) => `[${list.replace(/,\n\s*/g, ', ')}]`)
    .replace(/\{\n\s*("hex": [^{}]*?)\n\s*\}/g, (_, body: string) => `{ ${body.replace(/,\n\s*/g, ', ')} }`);
  const list = units === undefined || units.length === 0 ? '[]' : `[\n${units.map((u) => `    ${oneLine(u)}`).join(',\n')}\n  ]`;
  return `${body.replace(/"units": \[\]\n\}$/, `"units": ${list}\n}`)}\n`;
}

export async function importCommandRun(argv: string[], io: Io): Promise<number> {
  const fail = (message: string): number => {
    io.err(`arbiter import: ${message}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        game: { type: 'string' },
        out: { type: 'string' },
        prefer: { type: 'string', multiple: true },
        seed: { type: 'string' },
        'game-number': { type: 'string' },
        'food-turns': { type: 'string' },
      },
    });
  } catch (e) {
    return fail(`${(e as Error).message}\n\n${usage}`);
  }
  const [format, ...paths] = parsed.positionals;
  if (format !== 'joverseer') return fail(`${format === undefined ? 'say what to import' : `"${format}" is not a format Arbiter imports`}: arbiter import joverseer <dir-or-files>\n\n${usage}`);
  const v = parsed.values;
  const prefer = readPreference(v.prefer ?? []);
  if (!prefer.ok) return fail(prefer.message);
  const seed = v.seed === undefined ? 1 : Number(v.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) return fail(`--seed ${v.seed}: write a whole number 0 or more`);
  const gameNumber = v['game-number'] === undefined ? undefined : Number(v['game-number']);
  if (gameNumber !== undefined && (!Number.isSafeInteger(gameNumber) || gameNumber < 1)) return fail(`--game-number ${v['game-number']}: write a whole number 1 or more`);
  const foodTurns = v['food-turns'] === undefined ? undefined : Number(v['food-turns']);
  if (foodTurns !== undefined && (!Number.isSafeInteger(foodTurns) || foodTurns < 0 || foodTurns > 100)) return fail(`--food-turns ${v['food-turns']}: write a whole number from 0 to 100`);
  const found = await filesOf(paths, v.game);
  if (!found.ok) return fail(found.message);
  const read = async (ext: Ext) => {
    const p = found.files.get(ext);
    return p === undefined ? undefined : { name: basename(p), text: await readFile(p, 'utf8') };
  };
  const [terrain, traffic, pcs, startArmies, characters, startCharacters] = await Promise.all(EXTENSIONS.map(read));
  const optional = { traffic, pcs, startArmies, characters, startCharacters };
  const files = { terrain: terrain!, ...Object.fromEntries(Object.entries(optional).filter(([, f]) => f !== undefined)) } as JoverseerFiles;
  const result = importJoverseer(files, {
    game: found.game,
    seed,
    prefer: prefer.prefer,
    ...(gameNumber === undefined ? {} : { gameNumber }),
    ...(foodTurns === undefined ? {} : { foodTurns }),
  });
  for (const n of result.notes) io.err(`${formatNote(n)}\n`);
  if (result.scenario === null) return fail(`the files could not be read (errors above); no scenario written`);
  const checked = rulesetFor('mepbm').scenario.parse(result.scenario);
  if (!checked.ok) {
    for (const i of checked.issues) io.err(`  ${i.path}: ${i.message}\n`);
    return fail(`the imported scenario is not valid (${checked.issues.length} problems above); no scenario written`);
  }
  const json = scenarioJson(result.scenario);
  if (v.out === undefined) io.out(json);
  else await writeFile(v.out, json);
  const s = result.scenario;
  io.err(
    `imported game ${found.game}: ${s.map.hexes.length} hexes, ${s.map.hexsides.length} hexsides, ${s.populationCentres.length} population centres, ${s.map.ruins?.length ?? 0} ruins, ${s.nations.length} nations, ${unitCounts(s.units)}; ` +
      `${result.notes.filter((n) => n.kind === 'decision').length} decisions, ${result.notes.filter((n) => n.kind === 'warning').length} warnings${v.out === undefined ? '' : `; written to ${v.out}`}\n`,
  );
  return 0;
}

/** `64 armies, 12 navies, 135 characters`, or `no units (add them by hand)`. */
function unitCounts(units: readonly { kind: string }[]): string {
  if (units.length === 0) return 'no units (add them by hand)';
  const n = (kind: string) => units.filter((u) => u.kind === kind).length;
  return `${n('army')} armies, ${n('navy')} navies, ${n('character')} characters`;
}

export const importCommand: Command = {
  name: 'import',
  summary: "import JOverseer's map and starting-force files as a mepbm scenario",
  usage,
  run: (argv) => importCommandRun(argv, processIo),
};
