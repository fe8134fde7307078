// The engine's public data shapes. Everything here is plain JSON-serialisable data:
// games are stored in PostgreSQL as these shapes, and reports are rendered from them.
// Other packages (db, intake, turns, reports) depend on these names; extend them, but
// do not rename or remove fields without updating those packages.

import type { Direction, HexId, OrderError, RollRecord, SourcePosition } from '@arbiter/engine';

// The hex ids and directions are the kernel's pointy-top offset topology's; errors and rolls the contract's.
export type { Direction, HexId, OrderError, RollRecord, SourcePosition };
export type NationId = string;
export type UnitId = string;

/** One entry of a movement order: a direction, or `h` (home: rest a day, 1 MP). */
export type MoveStep = Direction | 'h';

export type Terrain =
  | 'shore'
  | 'plains'
  | 'hills'
  | 'forest'
  | 'desert'
  | 'swamp'
  | 'mountains'
  | 'coast'
  | 'sea';

export type HexsideFeature = 'road' | 'bridge' | 'ford' | 'minor-river' | 'major-river';

export type Relation = 'friendly' | 'tolerant' | 'neutral' | 'disliked' | 'hated';

export type TroopType =
  | 'heavyCavalry'
  | 'lightCavalry'
  | 'heavyInfantry'
  | 'lightInfantry'
  | 'archers'
  | 'menAtArms';

export type Troops = Partial<Record<TroopType, number>>;

export type PopulationCentreSize = 'camp' | 'village' | 'town' | 'major-town' | 'city';
export type Fortification = 'none' | 'tower' | 'fort' | 'castle' | 'keep' | 'citadel';

export interface OrderWarning extends SourcePosition {
  message: string;
  unit?: UnitId;
}

/**
 * Where a unit stopped and why. `reason` is a stable machine code (see the engine's StopReason union);
 * `message` is the same in words for reports.
 */
export interface Stop {
  reason: string;
  hex: HexId;
  message: string;
}

export interface Step {
  from: HexId;
  to: HexId;
  /** `h` for a day of rest (from === to). */
  dir: MoveStep;
  cost: number;
  mpLeft: number;
  /** Pulse (day, 1..14) at which the step completed. */
  pulse?: number;
}

/** What happened to one unit this turn. */
export interface UnitResult {
  id: UnitId;
  kind: 'army' | 'character' | 'navy';
  nation: NationId;
  startHex: HexId;
  finalHex: HexId;
  mpSpent: number;
  steps: Step[];
  stop: Stop | null;
  /** Destroyed this turn (overrun, lost at sea...). */
  destroyed?: boolean;
  morale?: { before: number; after: number };
  /** An army's food: eaten this turn, whether it was fed, food left, whether that feeds it next turn, and food drawn from its own population centre first. */
  food?: { eaten: number; fed: boolean; fedNextTurn: boolean; left: number; supplied?: number };
}

/** Who saw a foreign unit: one of the nation's units, or one of its population centres (id: its hex). */
export interface SightingObserver {
  id: string;
  kind: 'army' | 'navy' | 'character' | 'population-centre';
}

/**
 * Another nation's army or navy as a nation saw it (fog of war: only what its own units and population
 * centres could see). `by`, `distance`, `commander` and `aboard` are absent in views stored before rules
 * version 3.
 */
export interface Sighting {
  /** The navy an army seen was aboard. */
  aboard?: UnitId;
  /** Which of the nation's units or centres saw it. */
  by?: SightingObserver;
  /** Its commander's name, seen in its own hex only (where the scenario names one). */
  commander?: string;
  /** Hexes between it and the one that saw it (0: the same hex). */
  distance?: number;
  hex: HexId;
  pulse: number;
  nation: NationId;
  unit: UnitId;
  kind: 'army' | 'navy';
  /** Rough size as an observer would report it, never the exact troop list. */
  size: string;
  /** What happened: "met", "passed-through", "blocked-us", "we-blocked", "overran-us", "we-overran", "nearby"... */
  what: string;
}

export interface MapWindowHex {
  hex: HexId;
  terrain: Terrain;
}

export interface MapWindowHexside {
  hex: HexId;
  dir: Direction;
  features: HexsideFeature[];
}

/** An army's commander: a name where the scenario gives one, and the command rank (0..100). */
export interface CommanderView {
  command: number;
  name?: string;
}

/** What an own army and navy after the turn both have, as the state holds it. */
interface CommandedForce {
  /** Characters travelling with it. */
  characters: UnitId[];
  commander: CommanderView;
  food: number;
  hex: HexId;
  id: UnitId;
  morale: number;
}

/** An own army after the turn (objects built with keys in sorted order: views are hashed as JSON). */
export interface ArmyForce extends CommandedForce {
  /** The navy it is aboard, or null. */
  aboard: UnitId | null;
  troops: Troops;
}

/** An own navy after the turn: its ships and what it carries. */
export interface NavyForce extends CommandedForce {
  /** Armies aboard. */
  armies: UnitId[];
  ships: { transports: number; warships: number };
}

/** An own character after the turn: where it is and whom it travels with. */
export interface CharacterForce {
  hex: HexId;
  id: UnitId;
  name?: string;
  /** The army or navy it travels with, or null. */
  with: UnitId | null;
}

/** The nation's forces after the turn (what it can order next turn). */
export interface NationForces {
  armies: ArmyForce[];
  characters: CharacterForce[];
  navies: NavyForce[];
}

/**
 * A population centre as a view knows it (keys in sorted order). `capital`, `dock` and `loyalty` are
 * absent in views stored before rules version 3 (and `loyalty` in foreign centres' and where the scenario
 * gives none).
 */
export interface PopulationCentreView {
  /** The nation's capital (present only when true). */
  capital?: true;
  /** Its harbour or port (absent when it has none). */
  dock?: 'harbour' | 'port';
  fortification: Fortification;
  hex: HexId;
  /** Loyalty 0..100: its own nation's centres only. */
  loyalty?: number;
  /** Its name, where the scenario gives one. */
  name?: string;
  nation: NationId;
  size: PopulationCentreSize;
}

/** A ruin (a population centre no one holds any more) as a map shows it. */
export interface RuinView {
  hex: HexId;
  name?: string;
}

/** One nation's view of a turn: the only source of its report. Nothing outside fog of war may be in it. */
export interface NationView {
  nation: NationId;
  turn: number;
  /** Its own units' results, step by step. */
  units: UnitResult[];
  /** Foreign armies and navies it saw. */
  sightings: Sighting[];
  /** Population centres it knows of this turn (its own, and foreign ones that stopped or met its units). */
  populationCentres: PopulationCentreView[];
  /**
   * Its own armies, navies and characters after the turn. Absent only in views stored before reports
   * showed forces (their reports say so).
   */
  forces?: NationForces;
  /** The part of the map around its units, for the report's map picture. */
  map: { hexes: MapWindowHex[]; hexsides: MapWindowHexside[] };
  /** Ruined population centres inside the map window (absent when there are none, and in views before rules version 3). */
  ruins?: RuinView[];
  /** The turn's events that concern this nation, in order, in words and as data. */
  events: { pulse: number; type: string; message: string }[];
  /** Order template lines for the next turn, one per own unit (e.g. "aragorn, 850, no, "). */
  orderTemplate: string[];
}
