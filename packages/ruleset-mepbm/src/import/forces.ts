// The starting forces of an imported game (docs/import.md, "Starting forces"): the `.startarmies` file's
// armies and navies and the `.chars.csv` / `.startchars` files' characters as scenario units, and each
// character's JOverseer id mapped to its unit (the nation's `joverseer.characters`), so that the players'
// order files name them. Pure: the files' records and the map in, the units, the mapping and the notes out.
import { formatHexId, neighbour, parseHexId } from '@arbiter/engine';
import { foodEaten } from '../food.ts';
import { normaliseUnitName } from '../orders.ts';
import { joverseerKey } from '../scenario.ts';
import { DEFAULT_SETTINGS } from '../settings.ts';
import type { Terrain, Troops } from '../types.ts';
import { type StartCharacter, joverseerIdOf } from './characters-file.ts';
import type { ImportedHexside } from './hexsides.ts';
import type { ImportNote } from './records.ts';
import type { StartArmy } from './start-armies-file.ts';

/** Turns of eating an army's starting food lasts when the files give none. */
export const DEFAULT_FOOD_TURNS = 4;

export type ImportedUnit =
  | { id: string; kind: 'army'; nation: string; hex: string; commander: { name?: string; command: number }; troops: Troops; food: number; morale: number; aboard?: string }
  | { id: string; kind: 'navy'; nation: string; hex: string; commander: { name?: string; command: number }; ships: { warships: number; transports: number }; food: number; morale: number }
  | { id: string; kind: 'character'; nation: string; hex: string; name: string; spells: never[] };

export interface ForcesInput {
  armies: readonly StartArmy[];
  characters: readonly StartCharacter[];
  /** JOverseer nation number to the scenario's nation id. */
  nationIds: ReadonlyMap<number, string>;
  /** Where a nation's characters stand when the files give no hex: its capital, or its first population centre. */
  homes: ReadonlyMap<string, string>;
  terrain: ReadonlyMap<string, Terrain>;
  /** Hexes with a harbour or port. */
  docks: ReadonlySet<string>;
  hexsides: readonly ImportedHexside[];
  foodTurns: number;
}

export interface Forces {
  units: ImportedUnit[];
  /** Per nation id: JOverseer character id to unit id. */
  characters: Map<string, Record<string, string>>;
}

const isWater = (t: Terrain | undefined) => t === 'coast' || t === 'sea';

/** Hexes on a side with a major river (navies may be there: docs/scenario-format-mepbm.md). */
function majorRiverHexes(hexsides: readonly ImportedHexside[]): Set<string> {
  const out = new Set<string>();
  for (const s of hexsides) {
    if (!s.features.includes('major-river')) continue;
    out.add(s.hex);
    out.add(formatHexId(neighbour(parseHexId(s.hex)!, s.dir)));
  }
  return out;
}

class UnitIds {
  private readonly taken = new Set<string>();
  /** A unit id from a name (`Ren the Unclean` -> `ren the unclean`; characters ids may not hold become nothing), unique. */
  of(name: string, fallback: string): string {
    const base = normaliseUnitName(name.replace(/[^\p{L}\p{M}\p{N}'_ -]/gu, '')) ?? fallback;
    let id = base;
    for (let n = 2; this.taken.has(id); n++) id = `${base} ${n}`;
    this.taken.add(id);
    return id;
  }
}

export function startingForces(input: ForcesInput, notes: ImportNote[]): Forces {
  const ids = new UnitIds();
  const units: ImportedUnit[] = [];
  const characters = new Map<string, Record<string, string>>();
  const rivers = majorRiverHexes(input.hexsides);
  const navyMayBe = (hex: string) => isWater(input.terrain.get(hex)) || input.terrain.get(hex) === 'shore' || input.docks.has(hex) || rivers.has(hex);
  const map = (nation: string, c: StartCharacter, unit: string) => {
    const key = joverseerIdOf(c.name);
    const mapped = characters.get(nation) ?? {};
    characters.set(nation, mapped);
    if (joverseerKey(key) === null) notes.push({ kind: 'warning', message: `${c.name}: JOverseer's id "${key}" cannot be read in an order line; not mapped`, at: c.at });
    else if (Object.keys(mapped).some((k) => joverseerKey(k) === joverseerKey(key))) notes.push({ kind: 'warning', message: `${c.name}: JOverseer's id "${key}" is already another character's of ${nation}; not mapped`, at: c.at });
    else mapped[key] = unit;
  };

  // Army commanders: the nation's best command rank not yet leading (in the army's hex when the files place characters).
  const leading = new Set<StartCharacter>();
  const commanderFor = (a: StartArmy): StartCharacter | undefined => {
    const pool = input.characters.filter((c) => c.nation === a.nation && !leading.has(c) && c.command > 0 && (c.hex === undefined || c.hex === a.hex));
    const best = pool.reduce<StartCharacter | undefined>((b, c) => (b === undefined || c.command > b.command ? c : b), undefined);
    if (best !== undefined) leading.add(best);
    return best;
  };

  for (const a of input.armies) {
    const nation = input.nationIds.get(a.nation);
    if (nation === undefined) {
      notes.push({ kind: 'warning', message: `the force at ${a.hex} is nation ${a.nation}'s, a nation no population centre names; left out`, at: a.at });
      continue;
    }
    const terrain = input.terrain.get(a.hex);
    const ships = a.warships + a.transports > 0;
    const soldiers = Object.values(a.troops).reduce((s, n) => s + (n ?? 0), 0);
    if (terrain === undefined || (isWater(terrain) && !ships) || (ships && !navyMayBe(a.hex) && a.navy)) {
      const why = terrain === undefined ? 'is not on the map' : isWater(terrain) ? 'is water and the force has no ships' : 'is land a navy may not be on (no dock, shore or major river)';
      notes.push({ kind: 'warning', message: `${nation}'s force at ${a.hex}: the hex ${why}; left out`, at: a.at });
      continue;
    }
    const leader = commanderFor(a);
    const commander = leader === undefined ? { command: 0 } : { name: leader.name, command: leader.command };
    const lead = leader === undefined ? null : ids.of(leader.name, `${nation} force ${a.hex}`);
    const fleet = ships && navyMayBe(a.hex);
    if (ships && !fleet) notes.push({ kind: 'warning', message: `${nation}'s army at ${a.hex} has ${a.warships} warships and ${a.transports} transports on land a navy may not be on (no dock, shore or major river); the ships are left out`, at: a.at });
    // A fleet (the file's navy flag, or a force on water) is the commander's unit, carrying its troops;
    // an army with ships in port is the commander's unit, its ships a navy beside it.
    const navyLeads = fleet && (a.navy || isWater(terrain) || soldiers === 0);
    const navyId = fleet ? (navyLeads && lead !== null ? lead : ids.of(lead === null ? `${nation} navy ${a.hex}` : `${lead}'s fleet`, `${nation} navy ${a.hex}`)) : null;
    const armyId = soldiers === 0 ? null : !navyLeads && lead !== null ? lead : ids.of(lead === null ? `${nation} army ${a.hex}` : `${lead}'s army`, `${nation} army ${a.hex}`);
    if (navyId !== null) {
      units.push({ id: navyId, kind: 'navy', nation, hex: a.hex, commander, ships: { warships: a.warships, transports: a.transports }, food: 0, morale: a.morale });
    }
    if (armyId !== null) {
      const food = foodEaten(a.troops, DEFAULT_SETTINGS) * input.foodTurns;
      units.push({ id: armyId, kind: 'army', nation, hex: a.hex, commander, troops: a.troops, food, morale: a.morale, ...(navyLeads && navyId !== null ? { aboard: navyId } : {}) });
    }
    if (navyId === null && armyId === null) notes.push({ kind: 'warning', message: `${nation}'s force at ${a.hex} has no troops and no ships left; left out`, at: a.at });
    if (leader !== undefined && lead !== null && (lead === navyId || lead === armyId)) map(nation, leader, lead);
    else if (leader !== undefined) leading.delete(leader);
  }

  for (const c of input.characters) {
    if (leading.has(c)) continue;
    const nation = input.nationIds.get(c.nation);
    const hex = c.hex ?? (nation === undefined ? undefined : input.homes.get(nation));
    if (nation === undefined || hex === undefined || input.terrain.get(hex) === undefined || isWater(input.terrain.get(hex))) {
      notes.push({ kind: 'warning', message: `${c.name} (nation ${c.nation}): ${nation === undefined ? 'a nation no population centre names' : 'no land hex to stand on'}; left out`, at: c.at });
      continue;
    }
    const id = ids.of(c.name, `${nation} character ${units.length + 1}`);
    units.push({ id, kind: 'character', nation, hex, name: c.name, spells: [] });
    map(nation, c, id);
  }
  return { units, characters };
}
