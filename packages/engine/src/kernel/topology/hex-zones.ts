// A hex board divided into zones (Guards of Atlantis): the pointy-top offset board (hex-offset.ts) whose
// hexes each belong to a zone, some of them terrain. Terrain hexes are spaces (distance counts them, as
// "nearest" and "within N" do) that the ruleset's step rules treat as obstacles; a terrain hex may belong
// to no zone. Two zones are adjacent when at least two non-terrain hexes of one touch the other: with
// `open-to-open` (the default, the rulebook's glossary) they must touch a non-terrain hex of it, so two
// zones whose only contact runs through terrain are not adjacent; with `open-to-any` any hex of it counts
// (the reference note's "at least two non-terrain spaces of one are adjacent to spaces of the other").
import type { Topology } from '../ruleset.ts';
import { type Direction, type HexId, hexOffsetTopology } from './hex-offset.ts';

export interface ZonedHex {
  hex: HexId;
  /** The zone's name, or null for a terrain hex outside every zone (the water around the board). */
  zone: string | null;
  terrain?: boolean;
}

export interface HexZonesTopology extends Topology<HexId> {
  directionOf(a: HexId, b: HexId): Direction | null;
  regionOf(space: HexId): string | null;
  isTerrain(space: HexId): boolean;
  /** The zones adjacent to `zone` (not `zone` itself), sorted by name. */
  adjacentZones(zone: string): readonly string[];
  /** The hexes of a zone, in id order. */
  hexesOf(zone: string): readonly HexId[];
}

/** Which contacts make two zones adjacent (see the header); each needs at least two hexes of one zone. */
export type ZoneAdjacency = 'open-to-open' | 'open-to-any';

export function hexZonesTopology(hexes: readonly ZonedHex[], options: { adjacency?: ZoneAdjacency } = {}): HexZonesTopology {
  const adjacency = options.adjacency ?? 'open-to-open';
  const zoneOf = new Map<HexId, string | null>();
  const terrain = new Set<HexId>();
  for (const h of hexes) {
    if (zoneOf.has(h.hex)) throw new RangeError(`hex zone board: hex ${h.hex} is listed twice`);
    if (h.zone === null && h.terrain !== true) throw new RangeError(`hex zone board: hex ${h.hex} is in no zone but is not terrain`);
    zoneOf.set(h.hex, h.zone);
    if (h.terrain === true) terrain.add(h.hex);
  }
  const grid = hexOffsetTopology(zoneOf.keys());
  const members = new Map<string, HexId[]>();
  for (const [hex, zone] of zoneOf) {
    if (zone === null) continue;
    const list = members.get(zone);
    if (list === undefined) members.set(zone, [hex]);
    else list.push(hex);
  }
  for (const list of members.values()) list.sort();
  // touching.get(A).get(B): how many non-terrain hexes of A have a neighbour in B (a non-terrain one with open-to-open).
  const touching = new Map<string, Map<string, number>>();
  for (const [hex, zone] of zoneOf) {
    if (zone === null || terrain.has(hex)) continue;
    const seen = new Set<string>();
    for (const e of grid.neighbours(hex)) {
      const other = zoneOf.get(e.to) ?? null;
      if (adjacency === 'open-to-open' && terrain.has(e.to)) continue;
      if (other !== null && other !== zone) seen.add(other);
    }
    const row = touching.get(zone) ?? new Map<string, number>();
    for (const other of seen) row.set(other, (row.get(other) ?? 0) + 1);
    touching.set(zone, row);
  }
  // From the touching pairs only (linear in the board, not in zones squared).
  const adjacentSets = new Map<string, Set<string>>([...members.keys()].map((z) => [z, new Set<string>()]));
  for (const [a, row] of touching) {
    for (const [b, count] of row) {
      if (count < 2) continue;
      adjacentSets.get(a)?.add(b);
      adjacentSets.get(b)?.add(a);
    }
  }
  const adjacent = new Map<string, string[]>([...adjacentSets].map(([z, set]) => [z, [...set].sort()]));
  const knownZone = (zone: string): void => {
    if (!members.has(zone)) throw new RangeError(`hex zone board: there is no zone ${JSON.stringify(zone)} (zones: ${[...members.keys()].sort().join(', ')})`);
  };
  return {
    ...grid,
    regionOf: (hex) => zoneOf.get(hex) ?? null,
    isTerrain: (hex) => terrain.has(hex),
    adjacentZones: (zone) => {
      knownZone(zone);
      return adjacent.get(zone) as string[];
    },
    hexesOf: (zone) => {
      knownZone(zone);
      return members.get(zone) as HexId[];
    },
  };
}
