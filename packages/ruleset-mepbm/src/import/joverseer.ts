// A scenario from JOverseer's data files (docs/import.md): the `.terrain` file's hexes, the `.traffic`
// file's hexsides, the `.pcs` file's population centres, ruins, nations and allegiances, and the starting
// forces of the `.startarmies`, `.chars.csv` and `.startchars` files (forces.ts). Pure: texts in,
// the scenario document and every note (errors, warnings, decisions) out. The document is checked by
// parseScenario like any other; the import only writes one.
import { formatOrderError } from '@arbiter/engine';
import type { Allegiance } from '../state.ts';
import type { Terrain } from '../types.ts';
import { type ImportedHexside, type RiverPreference, assembleHexsides } from './hexsides.ts';
import { nationIdOf, nationName, NATION_NAMES } from './nations.ts';
import { type PcsCentre, type PcsRuin, readPcsFile } from './pcs-file.ts';
import type { ImportNote } from './records.ts';
import { type TerrainHex, readTerrainFile } from './terrain-file.ts';
import { readTrafficFile } from './traffic-file.ts';
import { readCharactersFile, readStartCharactersFile, type StartCharacter } from './characters-file.ts';
import { DEFAULT_FOOD_TURNS, type ImportedUnit, startingForces } from './forces.ts';
import { readStartArmiesFile } from './start-armies-file.ts';

export interface NamedText {
  /** The file's name, for notes. */
  name: string;
  text: string;
}

export interface JoverseerFiles {
  terrain: NamedText;
  traffic?: NamedText;
  pcs?: NamedText;
  /** `<game>.startarmies`: the starting armies and navies. */
  startArmies?: NamedText;
  /** `<game>.chars.csv`: the starting characters and their command ranks. */
  characters?: NamedText;
  /** `<game>.startchars`: where starting characters stand. */
  startCharacters?: NamedText;
}

export interface ImportOptions {
  /** The game (map) the files are for: "2950" and "1650" have nation names and the 2950 harbour rule. */
  game: string;
  seed: number;
  prefer: RiverPreference;
  /** The running game's number in JOverseer's order files (the scenario's joverseer.game). */
  gameNumber?: number;
  /** Turns of eating each army's starting food lasts (default 4). */
  foodTurns?: number;
}

export interface ImportedScenario {
  ruleset: 'mepbm';
  seed: number;
  joverseer?: { game: number };
  map: { hexes: TerrainHex[]; hexsides: ImportedHexside[]; ruins?: { hex: string; name: string }[] };
  nations: { id: string; name: string; allegiance?: Allegiance; relations: Record<string, never>; joverseer: { nation: number; characters: Record<string, string> } }[];
  populationCentres: {
    hex: string;
    nation: string;
    name: string;
    size: string;
    fortification: string;
    capital: boolean;
    dock: string;
    hidden?: true;
  }[];
  units: ImportedUnit[];
}

export const DEFAULT_PREFERENCE: RiverPreference = Object.freeze({ default: 'major-river', sides: Object.freeze({}) });

export function importJoverseer(files: JoverseerFiles, options: ImportOptions): { scenario: ImportedScenario | null; notes: ImportNote[] } {
  const notes: ImportNote[] = [];
  notes.push({ kind: 'decision', message: 'terrain 8 ("sea", coastal water) is coast and 9 ("ocean", open sea) is sea; 5 ("hills and rough") is hills' });
  const hexes = readTerrainFile(files.terrain.text, files.terrain.name, notes);
  const land = new Set(hexes.map((h) => h.hex));
  const terrainOf = new Map(hexes.map((h) => [h.hex, h.terrain]));
  const hexsides = files.traffic === undefined ? [] : assembleHexsides(readTrafficFile(files.traffic.text, files.traffic.name, notes), land, options.prefer, notes);
  if (files.traffic === undefined) notes.push({ kind: 'warning', message: 'no .traffic file: the map has no roads, rivers, fords or bridges' });

  const swapped = options.game === '2950';
  if (swapped) notes.push({ kind: 'decision', message: 'game 2950: harbour codes read swapped (1 harbour, 2 port), as JOverseer reads the 2950 files' });
  const entries = files.pcs === undefined ? [] : readPcsFile(files.pcs.text, files.pcs.name, swapped, notes);
  if (files.pcs === undefined) notes.push({ kind: 'warning', message: 'no .pcs file: the scenario has no population centres and no nations from it' });

  const known = NATION_NAMES[options.game];
  const numbers = new Set<number>(known === undefined ? [] : known.map((_, i) => i + 1));
  const { centres, ruins, allegiances } = placesOf(entries, terrainOf, numbers, notes);
  const { nations, idOf } = nationsOf(options.game, numbers, allegiances, notes);
  if (known === undefined) notes.push({ kind: 'decision', message: `game ${options.game} is not 2950 or 1650: nations are named "Nation <number>"` });
  notes.push({ kind: 'decision', message: 'allegiances come from the population centres (1 Free Peoples, 2 Dark Servants, 3 neutral); relations follow from them (docs/scenario-format.md)' });

  const populationCentres = centres.map((c) => ({
    hex: c.hex,
    nation: idOf.get(c.nation) as string,
    name: c.name,
    size: c.size,
    fortification: c.fortification,
    capital: c.capital,
    dock: c.dock,
    ...(c.hidden ? { hidden: true as const } : {}),
  }));
  const forces = importForces(files, options, { nationIds: idOf, centres: populationCentres, terrain: terrainOf, hexsides }, notes);
  for (const n of nations) n.joverseer.characters = forces.characters.get(n.id) ?? {};

  if (notes.some((n) => n.kind === 'error')) return { scenario: null, notes };
  const scenario: ImportedScenario = {
    ruleset: 'mepbm',
    seed: options.seed,
    ...(options.gameNumber === undefined ? {} : { joverseer: { game: options.gameNumber } }),
    map: { hexes, hexsides, ...(ruins.length === 0 ? {} : { ruins: ruins.map((r) => ({ hex: r.hex, name: r.name })) }) },
    nations,
    populationCentres,
    units: forces.units,
  };
  return { scenario, notes };
}

/**
 * The .pcs file's entries that stand on land hexes of the map, one a hex: population centres of a nation
 * (adding their nation numbers to `numbers`, and each nation's allegiance from its first centre) and ruins.
 */
function placesOf(
  entries: readonly (PcsCentre | PcsRuin)[],
  terrainOf: ReadonlyMap<string, Terrain>,
  numbers: Set<number>,
  notes: ImportNote[],
): { centres: PcsCentre[]; ruins: PcsRuin[]; allegiances: Map<number, Allegiance> } {
  const allegiances = new Map<number, Allegiance>();
  const centres: PcsCentre[] = [];
  const ruins: PcsRuin[] = [];
  const taken = new Map<string, string>();
  for (const e of entries) {
    const terrain = terrainOf.get(e.hex);
    const what = e.kind === 'ruins' ? `the ruins of ${e.name}` : e.name;
    if (terrain === undefined) notes.push({ kind: 'warning', message: `${what} (${e.hex}): the hex is not in the terrain file; left out`, at: e.at });
    else if (terrain === 'sea' || terrain === 'coast') notes.push({ kind: 'warning', message: `${what} (${e.hex}): the hex is water (${terrain}); left out`, at: e.at });
    else if (taken.has(e.hex)) notes.push({ kind: 'warning', message: `${what} (${e.hex}): the hex already has ${taken.get(e.hex)}; left out`, at: e.at });
    else if (e.kind === 'ruins') {
      taken.set(e.hex, what);
      ruins.push(e);
    } else if (e.nation === 0) notes.push({ kind: 'warning', message: `${what} (${e.hex}) belongs to no nation (0); left out`, at: e.at });
    else {
      taken.set(e.hex, what);
      centres.push(e);
      numbers.add(e.nation);
      const had = allegiances.get(e.nation);
      if (e.allegiance !== null && had === undefined) allegiances.set(e.nation, e.allegiance);
      else if (e.allegiance !== null && had !== e.allegiance) {
        notes.push({ kind: 'warning', message: `${what} (${e.hex}) gives nation ${e.nation} the allegiance ${e.allegiance}; kept ${had} from its first population centre`, at: e.at });
      }
    }
  }
  if (ruins.length > 0) notes.push({ kind: 'decision', message: `${ruins.length} population centres of size 0 or 6 are ruins: on the map, no one's, stopping no one` });
  const hidden = centres.filter((c) => c.hidden).length;
  if (hidden > 0) notes.push({ kind: 'decision', message: `${hidden} population centres are hidden: only their own nation is shown them` });
  return { centres, ruins, allegiances };
}

/** The scenario's nations by number, named as the game names them, with their allegiances; and each number's nation id. */
function nationsOf(
  game: string,
  numbers: ReadonlySet<number>,
  allegiances: ReadonlyMap<number, Allegiance>,
  notes: ImportNote[],
): { nations: ImportedScenario['nations']; idOf: Map<number, string> } {
  const idOf = new Map<number, string>();
  const nations: ImportedScenario['nations'] = [];
  for (const n of [...numbers].sort((a, b) => a - b)) {
    const name = nationName(game, n);
    const id = nationIdOf(name);
    idOf.set(n, id);
    const a = allegiances.get(n);
    nations.push({ id, name, ...(a === undefined ? {} : { allegiance: a }), relations: {}, joverseer: { nation: n, characters: {} } });
    if (a === undefined) notes.push({ kind: 'warning', message: `nation ${n} (${name}) has no population centre giving its allegiance; it has none (neutral to all)` });
  }
  return { nations, idOf };
}

/** The starting forces of the files that give them (forces.ts), with the decisions they take. */
function importForces(
  files: JoverseerFiles,
  options: ImportOptions,
  world: { nationIds: ReadonlyMap<number, string>; centres: ImportedScenario['populationCentres']; terrain: ReadonlyMap<string, Terrain>; hexsides: ImportedHexside[] },
  notes: ImportNote[],
): { units: ImportedUnit[]; characters: Map<string, Record<string, string>> } {
  const armies = files.startArmies === undefined ? [] : readStartArmiesFile(files.startArmies.text, files.startArmies.name, notes);
  const ranked = files.characters === undefined ? [] : readCharactersFile(files.characters.text, files.characters.name, notes);
  const placed = files.startCharacters === undefined ? [] : readStartCharactersFile(files.startCharacters.text, files.startCharacters.name, notes);
  const characters = placedCharacters(ranked, placed);
  // Without them the scenario has no units (the command's summary says so); the GM adds them by hand.
  if (armies.length === 0 && characters.length === 0) return { units: [], characters: new Map() };
  const homes = new Map<string, string>();
  for (const c of world.centres) if (c.capital || !homes.has(c.nation)) homes.set(c.nation, c.hex);
  const foodTurns = options.foodTurns ?? DEFAULT_FOOD_TURNS;
  notes.push(
    { kind: 'decision', message: "the files do not say who leads which army: each army, in the file's order, is led by its nation's character of the highest command rank not yet leading one (the first in the file on a tie; in the army's hex when the files place characters); that character is the army (its JOverseer id maps to it) and no separate unit; an army without one is \"<nation> army <hex>\" with command 0" },
    { kind: 'decision', message: 'a force with ships on water, or marked a navy, is a navy led by its commander, its troops an army aboard it; an army with ships in port keeps them as a navy beside it' },
    { kind: 'decision', message: `each army carries food for ${foodTurns} turns of its troops eating (the files give none; --food-turns); navies carry none` },
  );
  if (placed.length === 0 && ranked.length > 0) notes.push({ kind: 'decision', message: "characters that lead no army stand at their nation's capital (or its first population centre): the files give them no hex" });
  const docks = new Set(world.centres.filter((c) => c.dock !== 'none').map((c) => c.hex));
  return startingForces({ armies, characters, nationIds: world.nationIds, homes, terrain: world.terrain, docks, hexsides: world.hexsides, foodTurns }, notes);
}

/**
 * The starting characters: those a `.startchars` file places when there is one (JOverseer's "start
 * dummies": for 1650 they stand for the nation's characters, whose names the game has not told yet), each
 * with the command rank `.chars.csv` gives the same name; otherwise `.chars.csv`'s, unplaced.
 */
function placedCharacters(ranked: StartCharacter[], placed: StartCharacter[]): StartCharacter[] {
  if (placed.length === 0) return ranked;
  const rank = new Map(ranked.map((r) => [`${r.nation}/${r.name}`, r.command]));
  return placed.map((p) => ({ ...p, command: rank.get(`${p.nation}/${p.name}`) ?? p.command }));
}

/** A note as one line: `2950.pcs line 3, col 1: ...` or `decision: ...`. */
export function formatNote(n: ImportNote): string {
  return `${n.kind}: ${n.at === undefined ? n.message : `${n.at.file} ${formatOrderError({ ...n.at, message: n.message })}`}`;
}
