// The game state: everything a turn needs, as plain JSON. Stored per turn by the storage layer;
// `adjudicate` reads one and returns the next.
import type {
  Direction,
  Fortification,
  HexId,
  HexsideFeature,
  NationId,
  PopulationCentreSize,
  Relation,
  Terrain,
  Troops,
  UnitId,
} from './types.ts';
import type { RngState } from '@arbiter/engine';
import { assertNever, rngFromSeed } from '@arbiter/engine';
import type { RuleSettings } from './settings.ts';
import type { Scenario } from './scenario.ts';
import { joverseerKey } from './scenario.ts';

export interface MapData {
  hexes: { hex: HexId; terrain: Terrain }[];
  hexsides: { hex: HexId; dir: Direction; features: HexsideFeature[] }[];
  /** Ruined population centres: no one's, they stop no one (present only when the scenario has some). */
  ruins?: { hex: HexId; name?: string }[];
}

export type Allegiance = 'free-peoples' | 'dark-servants' | 'neutral';

/** The numbers JOverseer's order files use for this nation (docs/import.md). */
export interface JoverseerNumbers {
  /** The game number (the scenario's joverseer.game), when the scenario gives one. */
  game?: number;
  nation: number;
  /** Character id (as in the order file, lower case) -> unit id. */
  characters: Record<string, UnitId>;
}

export interface NationState {
  allegiance?: Allegiance;
  id: NationId;
  joverseer?: JoverseerNumbers;
  name?: string;
  /**
   * How this nation regards others; a nation missing here is regarded as neutral. The allegiances'
   * relations are written out here when the game is created (allegianceRelation), so the turn reads one table.
   */
  relations: Record<NationId, Relation>;
}

export type Dock = 'none' | 'harbour' | 'port';

export interface PopulationCentreState {
  hex: HexId;
  nation: NationId;
  name?: string;
  size: PopulationCentreSize;
  fortification: Fortification;
  capital: boolean;
  dock: Dock;
  /** Hidden: other nations are not shown it (present only when true). */
  hidden?: true;
  /** Loyalty of its people, 0..100, where the scenario gives it (its own nation's report shows it). */
  loyalty?: number;
}

export interface Commander {
  name?: string;
  /** Command skill, 0..100. */
  command: number;
}

export interface ArmyState {
  id: UnitId;
  kind: 'army';
  nation: NationId;
  hex: HexId;
  commander: Commander;
  troops: Troops;
  food: number;
  morale: number;
  /** The navy this army is aboard (it moves with it), or null. */
  aboard: UnitId | null;
}

export interface NavyState {
  id: UnitId;
  kind: 'navy';
  nation: NationId;
  hex: HexId;
  commander: Commander;
  ships: { warships: number; transports: number };
  food: number;
  morale: number;
}

export interface CharacterState {
  id: UnitId;
  kind: 'character';
  nation: NationId;
  hex: HexId;
  name?: string;
  /** The army or navy the character travels with, or null. */
  with: UnitId | null;
  /** Movement spells the character knows (302..314). */
  spells: number[];
}

export type UnitState = ArmyState | NavyState | CharacterState;

export interface GameState {
  ruleset: 'mepbm';
  /** The turn this state is the start of (the next turn to adjudicate). */
  turn: number;
  seed: number;
  map: MapData;
  nations: NationState[];
  populationCentres: PopulationCentreState[];
  units: UnitState[];
  settings: RuleSettings;
  rng: RngState;
}

/** A fresh game from a validated scenario (see parseScenario). */
export function createGame(scenario: Scenario): GameState {
  const allegiances = new Map(scenario.nations.map((n) => [n.id, n.allegiance]));
  const state: GameState = {
    ruleset: 'mepbm',
    turn: scenario.turn,
    seed: scenario.seed,
    map: initialMap(scenario.map),
    nations: scenario.nations.map((n) => initialNation(scenario, n, allegiances)),
    populationCentres: scenario.populationCentres.map(initialCentre),
    units: scenario.units.map(initialUnit),
    settings: structuredClone(scenario.settings),
    rng: rngFromSeed(scenario.seed),
  };
  return state;
}

function initialMap(map: Scenario['map']): GameState['map'] {
  return {
    hexes: map.hexes.map((h) => ({ hex: h.hex, terrain: h.terrain })),
    // Keys in sorted order throughout: hashing a result that carries the state then copies nothing.
    hexsides: map.hexsides.map((s) => ({ dir: s.dir, features: [...s.features], hex: s.hex })),
    ...(map.ruins === undefined || map.ruins.length === 0 ? {} : { ruins: map.ruins.map((r) => (r.name === undefined ? { hex: r.hex } : { hex: r.hex, name: r.name })) }),
  };
}

/** A nation with its relations to every other (stated, or from the allegiances), keys in sorted order. */
function initialNation(scenario: Scenario, n: Scenario['nations'][number], allegiances: ReadonlyMap<string, Scenario['nations'][number]['allegiance']>): NationState {
  const relations: Record<string, Relation> = {};
  const derived = n.allegiance === undefined ? [] : scenario.nations.map((o) => o.id).filter((o) => o !== n.id);
  for (const k of [...new Set([...Object.keys(n.relations), ...derived])].sort()) {
    const r = n.relations[k] ?? allegianceRelation(n.allegiance, allegiances.get(k));
    if (r !== null) relations[k] = r;
  }
  const out = {} as NationState;
  if (n.allegiance !== undefined) out.allegiance = n.allegiance;
  out.id = n.id;
  if (n.joverseer !== undefined) {
    const characters: Record<string, string> = {};
    // Keyed as an order line's unit reads (`tonn ` as `tonn`), so a file's id finds its unit.
    for (const k of Object.keys(n.joverseer.characters).sort()) characters[joverseerKey(k) ?? k] = n.joverseer.characters[k]!;
    out.joverseer = { characters, ...(scenario.joverseer === undefined ? {} : { game: scenario.joverseer.game }), nation: n.joverseer.nation };
  }
  if (n.name !== undefined) out.name = n.name;
  out.relations = relations;
  return out;
}

/** A population centre, keys in sorted order. */
function initialCentre(p: Scenario['populationCentres'][number]): PopulationCentreState {
  const out = { capital: p.capital, dock: p.dock, fortification: p.fortification, hex: p.hex } as PopulationCentreState;
  if (p.hidden === true) out.hidden = true;
  if (p.loyalty !== undefined) out.loyalty = p.loyalty;
  if (p.name !== undefined) out.name = p.name;
  out.nation = p.nation;
  out.size = p.size;
  return out;
}

function initialUnit(u: Scenario['units'][number]): UnitState {
  switch (u.kind) {
    case 'army':
      return {
        id: u.id,
        kind: 'army',
        nation: u.nation,
        hex: u.hex,
        commander: copyCommander(u.commander),
        troops: copyTroops(u.troops),
        food: u.food,
        morale: u.morale,
        aboard: u.aboard ?? null,
      };
    case 'navy':
      return {
        id: u.id,
        kind: 'navy',
        nation: u.nation,
        hex: u.hex,
        commander: copyCommander(u.commander),
        ships: { warships: u.ships.warships, transports: u.ships.transports },
        food: u.food,
        morale: u.morale,
      };
    case 'character': {
      const c: CharacterState = {
        id: u.id,
        kind: 'character',
        nation: u.nation,
        hex: u.hex,
        with: u.with ?? null,
        spells: [...u.spells],
      };
      if (u.name !== undefined) c.name = u.name;
      return c;
    }
    default:
      return assertNever(u);
  }
}

function copyTroops(t: Partial<Record<keyof Troops, number | undefined>>): Troops {
  const out: Troops = {};
  for (const [k, v] of Object.entries(t)) if (v !== undefined) out[k as keyof Troops] = v;
  return out;
}

function copyCommander(c: { name?: string | undefined; command: number }): Commander {
  const out: Commander = { command: c.command };
  if (c.name !== undefined) out.name = c.name;
  return out;
}

/**
 * How a nation of allegiance `from` regards one of allegiance `to` when no relation is written
 * (docs/scenario-format-mepbm.md): friendly within the Free Peoples and within the Dark Servants, hated between
 * them; null (neutral, written as nothing) when either is neutral or has no allegiance.
 */
export function allegianceRelation(from: Allegiance | undefined, to: Allegiance | undefined): Relation | null {
  if (from === undefined || to === undefined || from === 'neutral' || to === 'neutral') return null;
  return from === to ? 'friendly' : 'hated';
}

/** Relation of nation `from` towards nation `to` (a nation is friendly to itself). */
export function relationOf(nations: ReadonlyMap<NationId, NationState>, from: NationId, to: NationId): Relation {
  if (from === to) return 'friendly';
  return nations.get(from)?.relations[to] ?? 'neutral';
}

export function isFriendlyOrTolerant(r: Relation): boolean {
  return r === 'friendly' || r === 'tolerant';
}

/** Hostile (the seed): one of the two nations is neither friendly nor tolerant to the other. */
export function nationsHostileIn(nations: ReadonlyMap<NationId, NationState>, a: NationId, b: NationId): boolean {
  return !(isFriendlyOrTolerant(relationOf(nations, a, b)) && isFriendlyOrTolerant(relationOf(nations, b, a)));
}
