// Per-nation views: the only raw material of a nation's report (docs/rules.md "What a nation sees").
// A view holds the nation's own units' results, the foreign armies and navies its units and population
// centres saw (with a rough size, never troop numbers), the population centres it knows of, the map
// around its units, the events that concern it, and an order template.
import { DIRECTIONS } from './hex.ts';
import { featureList, terrainAtIndex } from './map.ts';
import type { GameMap } from './map.ts';
import type { Resolution } from './adjudicate.ts';
import type { MapWindowHex, MapWindowHexside, NationId, NationView, Terrain, UnitResult } from './types.ts';

/**
 * The JSON of parts of the views, built from fragments written once (a hex, a hexside, an event seen by
 * many nations): the same bytes as JSON.stringify of the view's part, used by the turn hash.
 */
export interface ViewJson {
  /** JSON.stringify(view.map) per nation. */
  map: Map<NationId, string>;
  /** JSON.stringify(view.events) per nation. */
  events: Map<NationId, string>;
}

/**
 * Map window pieces, one object (and its JSON) per hex and per canonical hexside of a map, shared by every
 * nation's view and every turn on that map: 40 nations' windows over a 200x200 map would otherwise be
 * hundreds of thousands of identical small objects per turn.
 */
interface WindowPieces {
  hex: (MapWindowHex | undefined)[];
  hexJson: (string | undefined)[];
  side: (MapWindowHexside | undefined)[];
  sideJson: (string | undefined)[];
}
const piecesCache = new WeakMap<GameMap, WindowPieces>();
function piecesOf(map: GameMap): WindowPieces {
  let w = piecesCache.get(map);
  if (w === undefined) {
    const n = map.terrain.length;
    w = { hex: new Array(n), hexJson: new Array(n), side: new Array(n * 3), sideJson: new Array(n * 3) };
    piecesCache.set(map, w);
  }
  return w;
}

export function buildViews(r: Resolution, units: UnitResult[], turn: number): Record<NationId, NationView> {
  return buildViewsWithJson(r, units, turn).views;
}

export function buildViewsWithJson(r: Resolution, units: UnitResult[], turn: number): { views: Record<NationId, NationView>; json: ViewJson } {
  const views: Record<NationId, NationView> = {};
  const json: ViewJson = { map: new Map(), events: new Map() };
  const byNation = new Map<NationId, UnitResult[]>();
  for (const n of r.nations.keys()) byNation.set(n, []);
  for (const u of units) byNation.get(u.nation)?.push(u);
  // One view event (and its JSON) per event, shared by the views of every nation that sees it.
  const eventsByNation = new Map<NationId, NationView['events']>();
  const eventJsonByNation = new Map<NationId, string[]>();
  for (const n of r.nations.keys()) {
    eventsByNation.set(n, []);
    eventJsonByNation.set(n, []);
  }
  for (const e of r.events) {
    // Steps are in the view's units[].steps already; the view's events are everything else.
    if (e.type === 'step' || e.nations.length === 0) continue;
    const ve = { message: e.message, pulse: e.pulse, type: e.type };
    const vj = JSON.stringify(ve);
    for (const n of e.nations) {
      const list = eventsByNation.get(n);
      if (list === undefined) continue;
      list.push(ve);
      eventJsonByNation.get(n)!.push(vj);
    }
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
  const pieces = piecesOf(r.map);
  const { edges, neighbours } = r.map;
  // The window as a mark per hex (the turn number of the nation being built), not a Set.
  const mark = new Int32Array(r.map.terrain.length);
  let stamp = 0;
  for (const nation of ids) {
    stamp++;
    const own = byNation.get(nation) ?? [];
    const ownUnits = unitsOf.get(nation) ?? [];
    // Hexes the nation's units stood on or passed through, and its population centres.
    const hexList: number[] = [];
    const add = (h: number) => {
      if (mark[h] !== stamp) {
        mark[h] = stamp;
        hexList.push(h);
      }
    };
    const centres = new Set<number>(r.knownCentres.get(nation) ?? []);
    for (const hex of centresOf.get(nation) ?? []) {
      centres.add(hex);
      addRadius(r.map, add, mark, stamp, hex, r.settings.viewRadius);
    }
    for (const u of ownUnits) {
      add(u.start);
      for (const h of u.visited) add(h);
      addRadius(r.map, add, mark, stamp, u.hex, r.settings.viewRadius);
    }
    hexList.sort((a, b) => a - b);
    const hexes: MapWindowHex[] = new Array(hexList.length);
    const hexesJson: string[] = new Array(hexList.length);
    const hexsides: MapWindowHexside[] = [];
    const sidesJson: string[] = [];
    for (let j = 0; j < hexList.length; j++) {
      const i = hexList[j]!;
      let h = pieces.hex[i];
      if (h === undefined) {
        h = { hex: r.hexId(i), terrain: terrainAtIndex(r.map, i) as Terrain };
        pieces.hex[i] = h;
        pieces.hexJson[i] = JSON.stringify(h);
      }
      hexes[j] = h;
      hexesJson[j] = pieces.hexJson[i]!;
      // Canonical sides (e, se, sw) whose other hex is in the window too.
      for (let k = 0; k < 3; k++) {
        const bits = edges[i * 3 + k] as number;
        if (bits === 0) continue;
        const other = neighbours[i * 6 + k + 1] as number;
        if (other < 0 || mark[other] !== stamp) continue;
        const key = i * 3 + k;
        let side = pieces.side[key];
        if (side === undefined) {
          side = { dir: DIRECTIONS[k + 1]!, features: featureList(bits), hex: r.hexId(i) };
          pieces.side[key] = side;
          pieces.sideJson[key] = JSON.stringify(side);
        }
        hexsides.push(side);
        sidesJson.push(pieces.sideJson[key]!);
      }
    }
    json.map.set(nation, `{"hexes":[${hexesJson.join(',')}],"hexsides":[${sidesJson.join(',')}]}`);
    json.events.set(nation, `[${eventJsonByNation.get(nation)!.join(',')}]`);
    const populationCentres = [...centres]
      .sort((a, b) => a - b)
      .map((i) => r.world.pcByHex.get(i)!)
      .map((p) => ({ fortification: p.fortification, hex: p.hex, nation: p.nation, size: p.size }));
    const sightings = [...(r.sightings.get(nation) ?? [])].sort(
      (a, b) => a.pulse - b.pulse || cmp(a.hex, b.hex) || cmp(a.unit, b.unit) || cmp(a.what, b.what),
    );
    const orderTemplate: string[] = [];
    for (const u of ownUnits) {
      if (u.destroyed) continue;
      orderTemplate.push(u.kind === 'army' ? `${u.id}, 850, no, ` : u.kind === 'navy' ? `${u.id}, 830, no, ` : `${u.id}, 810, `);
    }
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
  return { views, json };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function addRadius(map: GameMap, add: (h: number) => void, mark: Int32Array, stamp: number, centre: number, radius: number): void {
  add(centre);
  if (radius === 0) return;
  let frontier = [centre];
  for (let k = 0; k < radius; k++) {
    const next: number[] = [];
    for (const h of frontier) {
      for (let d = 0; d < 6; d++) {
        const n = map.neighbours[h * 6 + d] as number;
        if (n >= 0 && mark[n] !== stamp) {
          add(n);
          next.push(n);
        }
      }
    }
    frontier = next;
  }
}
