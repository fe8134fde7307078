// Per-nation views: the only raw material of a nation's report (docs/rules.md "What a nation sees").
// A view holds the nation's own units' results, the foreign armies and navies its units and population
// centres saw (with a rough size, never troop numbers), the population centres it knows of, the map
// around its units, the events that concern it, and an order template.
import { DIRECTIONS } from './hex.ts';
import { featureList, terrainAtIndex } from './map.ts';
import type { GameMap } from './map.ts';
import type { Resolution } from './adjudicate.ts';
import type { MapWindowHex, MapWindowHexside, NationId, NationView, Terrain, UnitResult } from './types.ts';

export function buildViews(r: Resolution, units: UnitResult[], turn: number): Record<NationId, NationView> {
  const views: Record<NationId, NationView> = {};
  const byNation = new Map<NationId, UnitResult[]>();
  for (const n of r.nations.keys()) byNation.set(n, []);
  for (const u of units) byNation.get(u.nation)?.push(u);
  const eventsByNation = new Map<NationId, NationView['events']>();
  for (const n of r.nations.keys()) eventsByNation.set(n, []);
  for (const e of r.events) {
    // Steps are in the view's units[].steps already; the view's events are everything else.
    if (e.type === 'step') continue;
    for (const n of e.nations) eventsByNation.get(n)?.push({ message: e.message, pulse: e.pulse, type: e.type });
  }
  const ids = [...r.nations.keys()].sort();
  const unitsOf = new Map<NationId, typeof r.units>();
  for (const n of ids) unitsOf.set(n, []);
  for (const u of r.units) unitsOf.get(u.nation)?.push(u);
  const centresOf = new Map<NationId, number[]>();
  for (const [hex, pc] of r.world.pcByHex) {
    const list = centresOf.get(pc.nation);
    if (list === undefined) centresOf.set(pc.nation, [hex]);
    else list.push(hex);
  }
  for (const nation of ids) {
    const own = byNation.get(nation) ?? [];
    const ownUnits = unitsOf.get(nation) ?? [];
    // Hexes the nation's units stood on or passed through, and its population centres.
    const window = new Set<number>();
    const centres = new Set<number>(r.knownCentres.get(nation) ?? []);
    for (const hex of centresOf.get(nation) ?? []) {
      centres.add(hex);
      addRadius(r.map, window, hex, r.settings.viewRadius);
    }
    for (const u of ownUnits) {
      window.add(u.start);
      for (const h of u.visited) window.add(h);
      addRadius(r.map, window, u.hex, r.settings.viewRadius);
    }
    const hexList = [...window].sort((a, b) => a - b);
    const hexes: MapWindowHex[] = [];
    const hexsides: MapWindowHexside[] = [];
    for (const i of hexList) {
      const t = terrainAtIndex(r.map, i) as Terrain;
      hexes.push({ hex: r.hexId(i), terrain: t });
      // Canonical sides (e, se, sw) whose other hex is in the window too.
      for (let k = 0; k < 3; k++) {
        const bits = r.map.edges[i * 3 + k] as number;
        if (bits === 0) continue;
        const other = r.map.neighbours[i * 6 + k + 1] as number;
        if (other < 0 || !window.has(other)) continue;
        hexsides.push({ dir: DIRECTIONS[k + 1]!, features: featureList(bits), hex: r.hexId(i) });
      }
    }
    const populationCentres = [...centres]
      .sort((a, b) => a - b)
      .map((i) => r.world.pcByHex.get(i)!)
      .map((p) => ({ fortification: p.fortification, hex: p.hex, nation: p.nation, size: p.size }));
    const sightings = [...(r.sightings.get(nation) ?? [])].sort(
      (a, b) => a.pulse - b.pulse || cmp(a.hex, b.hex) || cmp(a.unit, b.unit) || cmp(a.what, b.what),
    );
    const orderTemplate = ownUnits
      .filter((u) => !u.destroyed)
      .map((u) => (u.kind === 'army' ? `${u.id}, 850, no, ` : u.kind === 'navy' ? `${u.id}, 830, no, ` : `${u.id}, 810, `));
    views[nation] = {
      events: eventsByNation.get(nation) ?? [],
      map: { hexes, hexsides },
      nation,
      orderTemplate,
      populationCentres,
      sightings,
      turn,
      units: own,
    };
  }
  return views;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function addRadius(map: GameMap, set: Set<number>, centre: number, radius: number): void {
  set.add(centre);
  let frontier = [centre];
  for (let k = 0; k < radius; k++) {
    const next: number[] = [];
    for (const h of frontier) {
      for (let d = 0; d < 6; d++) {
        const n = map.neighbours[h * 6 + d] as number;
        if (n >= 0 && !set.has(n)) {
          set.add(n);
          next.push(n);
        }
      }
    }
    frontier = next;
  }
}
