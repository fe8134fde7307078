// The Expeditions state (stored as JSON): the location map with Basecamp and the five card gaps, each
// location face up or face down with its map token and corruption, the corruption bag and the 20-value
// token kept aside, the players in seat order with their mechs, and the seeded generator.
import type { RngState } from '@arbiter/engine';

export type CorruptionColour = 'orange' | 'teal';
/** A corruption token: its value and colour (orange is vanquished with power, teal with guile). */
export interface Corruption {
  value: number;
  colour: CorruptionColour;
}

/** Where a space is drawn on the map picture (SVG user units). */
export type MapPoint = [number, number];

export interface LocationState {
  /** The location's number as printed ("1".."20"), its one spelling. */
  id: string;
  region: string;
  neighbours: string[];
  at: MapPoint;
  faceUp: boolean;
  /** The small number beside the square: the sum of corruption the location needs when revealed. */
  corruptionLevel: number;
  /** The map token still lying on the location (gained by the first mech to reveal it). */
  mapToken: boolean;
  /** Corruption stacked on the location, the first drawn first. */
  corruption: Corruption[];
}

/** A card dealt face up into one of the five gaps of the map: no mech moves through or onto it. */
export interface CardGap {
  id: string;
  card: string;
  neighbours: string[];
  at: MapPoint;
}

export interface Mech {
  id: string;
  player: string;
  /** "basecamp" before its first move, then always a location. */
  at: string;
  /** Locations a Move may cross (1-3 by default; a mech mat can change it). */
  range: number;
  /** Map tokens gained. */
  maps: number;
}

export interface Settings {
  /** Actions a player takes each turn (two of Move, Play, Gather), and on the first turn (all three). */
  actionsPerTurn: number;
  actionsFirstTurn: number;
}

export interface ExState {
  ruleset: 'expeditions';
  turn: number;
  settings: Settings;
  basecamp: { neighbours: string[]; at: MapPoint };
  locations: LocationState[];
  cards: CardGap[];
  /** The corruption bag's contents (drawn at random through the seeded generator). */
  bag: Corruption[];
  /** The 20-value token kept aside for location 20, or null once it is placed. */
  aside: Corruption | null;
  players: { id: string; name: string }[];
  mechs: Mech[];
  /** Players who have taken their turn in the open round, in the order they did. */
  moved: string[];
  rng: RngState;
}

export const BASECAMP = 'basecamp';
/** The location that takes the 20-value corruption kept aside instead of drawing from the bag. */
export const LOCATION_20 = '20';
