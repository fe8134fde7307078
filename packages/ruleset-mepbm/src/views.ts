// Per-nation views: the only raw material of a nation's report (docs/rules-mepbm.md "What a nation sees").
// A view holds the nation's own units' results, its forces after the turn (forces.ts), the foreign armies and navies its units and population
// centres saw (with a rough size, never troop numbers), the population centres it knows of (with their
// names), the map
// around its units, the events that concern it, and an order template.
import { HEX_SIDES, sideSlot } from '@arbiter/engine';
import { DIRECTIONS } from '@arbiter/engine';
import { TERRAINS, featureList, hexIndexOf, terrainAtIndex } from './map.ts';
import type { GameMap } from './map.ts';
import { hexIdOf } from './resolve/model.ts';
import { each } from './each.ts';
import { forcesByNation } from './forces.ts';
import type { PopulationCentreState, UnitState } from './state.ts';
import type { RUnit, Resolution } from './resolve/model.ts';
import type { TurnEvent } from './resolve/events.ts';
import type { MapWindowHex, MapWindowHexside, NationForces, NationId, NationView, PopulationCentreView, RuinView, Terrain, UnitResult } from './types.ts';

/**
 * What the turn hash needs to write a view's map and units from fragments written once (a hex, a hexside,
 * a unit's result) rather than by stringifying them again: the same bytes as JSON.stringify of the view's
 * part. Only indexes are kept here (no long-lived JSON strings during the turn).
 */
export interface ViewJson {
  /** Per nation, the hex indexes of view.map.hexes, in order (their JSON: hexJson). */
  hexes: Map<NationId, ArrayLike<number>>;
  /** Per nation, the side slots (3 * hex index + k) of view.map.hexsides, in order (their JSON: sideJson). */
  sides: Map<NationId, number[]>;
  /** Per nation, the indexes (in the turn's units) of view.units, in order. */
  units: Map<NationId, number[]>;
  /** JSON of the map window hex object of each hex index (shared by every view). */
  hexJson: readonly (string | undefined)[];
  /** JSON of the map window hexside object of each side slot (shared by every view). */
  sideJson: readonly (string | undefined)[];
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

/** A unit's line of the order template: its id and the usual order for its kind, to be completed. */
export function templateLine(kind: 'army' | 'navy' | 'character', id: string): string {
  return kind === 'army' ? `${id}, 850, no, ` : kind === 'navy' ? `${id}, 830, no, ` : `${id}, 810, `;
}

/**
 * Each nation's view, built when asked (issue 30: views are built where they are rendered, not in the
 * turn). The first view gathers what every view is built from in one pass over units, events and
 * centres; each view after that is its nation's alone. `next` is the next state's units (each nation's
 * forces after the turn). `json` fills in as views are built: what the seal needs to write each one.
 */
export interface ViewSource {
  nations: readonly NationId[];
  view(nation: NationId): NationView;
  json: ViewJson;
}

export function viewSource(r: Resolution, units: UnitResult[], turn: number, next: readonly UnitState[]): ViewSource {
  const pieces = piecesOf(r.map);
  const json: ViewJson = { hexes: new Map(), sides: new Map(), units: new Map(), hexJson: pieces.hexJson, sideJson: pieces.sideJson };
  const nations = [...r.nations.keys()].sort();
  let gathered: { parts: Map<NationId, NationParts>; win: MapWindow; forces: Map<NationId, NationForces> } | null = null;
  const view = (nation: NationId): NationView => {
    gathered ??= gather(r, pieces, units, next, nations);
    const p = gathered.parts.get(nation);
    if (p === undefined) throw new TypeError(`mepbm views: ${nation} is not a nation of this turn`);
    return buildView(r, gathered.win, nation, p, turn, json, gathered.forces.get(nation)!);
  };
  return { nations, view, json };
}

function gather(r: Resolution, pieces: WindowPieces, units: UnitResult[], next: readonly UnitState[], ids: readonly NationId[]) {
  const parts = new Map<NationId, NationParts>();
  for (const n of r.nations.keys()) parts.set(n, { own: [], ownIndex: [], units: [], centres: [], events: [] });
  each(parts, units, addOwnResult);
  // One view event per event, shared by the views of every nation that sees it.
  each(parts, r.events, addViewEvent);
  each(parts, r.bySlot, addOwnUnit);
  for (const [hex, pc] of r.world.pcByHex) parts.get(pc.nation)?.centres.push(hex);
  // The window as a mark per hex (the stamp of the nation being built), not a Set.
  const win: MapWindow = { r, pieces, mark: new Int32Array(r.map.terrain.length), stamp: 0, hexes: [] };
  return { parts, win, forces: forcesByNation(next, ids) };
}

/** What a nation's view is built from, gathered in one pass over units, events and centres. */
interface NationParts {
  /** The nation's unit results, and their indexes in the turn's units. */
  own: UnitResult[];
  ownIndex: number[];
  units: RUnit[];
  /** Hex indexes of the nation's population centres. */
  centres: number[];
  events: NationView['events'];
}

function addOwnResult(parts: Map<NationId, NationParts>, u: UnitResult, i: number): void {
  const p = parts.get(u.nation);
  if (p === undefined) return;
  p.own.push(u);
  p.ownIndex.push(i);
}

function addOwnUnit(parts: Map<NationId, NationParts>, u: RUnit): void {
  parts.get(u.nation)?.units.push(u);
}

function addViewEvent(parts: Map<NationId, NationParts>, e: TurnEvent): void {
  // Steps are in the view's units[].steps already; the view's events are everything else.
  if (e.type === 'step' || e.nations.length === 0) return;
  const ve = { message: e.message, pulse: e.pulse, type: e.type };
  for (const n of e.nations) parts.get(n)?.events.push(ve);
}

/** A nation's map window being built: hexes marked with the nation's stamp, in the order first added. */
interface MapWindow {
  r: Resolution;
  pieces: WindowPieces;
  mark: Int32Array;
  stamp: number;
  hexes: number[];
}

function addHex(w: MapWindow, h: number): void {
  if (w.mark[h] !== w.stamp) {
    w.mark[h] = w.stamp;
    w.hexes.push(h);
  }
}

function buildView(r: Resolution, w: MapWindow, nation: NationId, p: NationParts, turn: number, json: ViewJson, forces: NationForces): NationView {
  w.stamp++;
  w.hexes = [];
  const radius = r.settings.viewRadius;
  // Hexes the nation's units stood on or passed through, and its population centres.
  const centres = new Set<number>(r.knownCentres.get(nation) ?? []);
  for (const hex of p.centres) {
    centres.add(hex);
    addRadius(w, hex, radius);
  }
  for (const u of p.units) {
    addHex(w, u.start);
    for (const h of u.visited) addHex(w, h);
    addRadius(w, u.hex, radius);
  }
  // A typed array sorts numbers natively (no comparator calls).
  const hexList = Int32Array.from(w.hexes).sort();
  const hexes: MapWindowHex[] = new Array(hexList.length);
  const hexsides: MapWindowHexside[] = [];
  const sideSlots: number[] = [];
  for (let j = 0; j < hexList.length; j++) {
    const i = hexList[j]!;
    hexes[j] = windowHex(w, i);
    windowSides(w, i, hexsides, sideSlots);
  }
  // Every population centre inside the window is on the nation's map, as the game's maps show them.
  for (let j = 0; j < hexList.length; j++) if (r.world.pcByHex.has(hexList[j]!)) centres.add(hexList[j]!);
  json.hexes.set(nation, hexList);
  json.sides.set(nation, sideSlots);
  json.units.set(nation, p.ownIndex);
  // A hidden population centre is shown to its own nation only (docs/scenario-format-mepbm.md).
  const populationCentres = [...centres]
    .sort((a, b) => a - b)
    .map((i) => r.world.pcByHex.get(i)!)
    .filter((c) => c.hidden !== true || c.nation === nation)
    .map((c) => centreView(c, nation));
  const sightings = [...(r.sightings.get(nation) ?? [])].sort(
    (a, b) => a.pulse - b.pulse || cmp(a.hex, b.hex) || cmp(a.unit, b.unit) || cmp(a.what, b.what),
  );
  const orderTemplate: string[] = [];
  for (const u of p.units) {
    if (u.destroyed) continue;
    orderTemplate.push(templateLine(u.kind, u.id));
  }
  const view: NationView = {
    events: p.events,
    forces,
    map: { hexes, hexsides },
    nation,
    orderTemplate,
    populationCentres,
  } as NationView;
  const ruins = ruinsInWindow(w);
  if (ruins.length > 0) view.ruins = ruins;
  view.sightings = sightings;
  view.turn = turn;
  view.units = p.own;
  return view;
}

/**
 * What a nation knows of a population centre (docs/rules-mepbm.md "Population centres"): of any, what is seen
 * from outside (name, size, fortification, owner, capital, harbour or port); of its own, its loyalty too.
 */
export function centreView(c: PopulationCentreState, nation: NationId): PopulationCentreView {
  const pc = {} as PopulationCentreView;
  if (c.capital) pc.capital = true;
  if (c.dock !== 'none') pc.dock = c.dock;
  pc.fortification = c.fortification;
  pc.hex = c.hex;
  if (c.loyalty !== undefined && c.nation === nation) pc.loyalty = c.loyalty;
  if (c.name !== undefined) pc.name = c.name;
  pc.nation = c.nation;
  pc.size = c.size;
  return pc;
}

/** The map's ruins inside the window being built, in the map's order. */
function ruinsInWindow(w: MapWindow): RuinView[] {
  const out: RuinView[] = [];
  for (const ruin of w.r.world.state.map.ruins ?? []) {
    const i = hexIndexOf(w.r.map, ruin.hex);
    if (i >= 0 && w.mark[i] === w.stamp) out.push(ruin.name === undefined ? { hex: ruin.hex } : { hex: ruin.hex, name: ruin.name });
  }
  return out;
}

/** The shared window object of hex `i` (made, with its JSON, the first time any view needs it). */
function windowHex(w: MapWindow, i: number): MapWindowHex {
  let h = w.pieces.hex[i];
  if (h === undefined) {
    h = { hex: hexIdOf(w.r, i), terrain: terrainAtIndex(w.r.map, i) as Terrain };
    w.pieces.hex[i] = h;
    // JSON.stringify(h), written directly: hex ids are digits and terrains plain words (nothing to escape).
    w.pieces.hexJson[i] = '{"hex":"' + h.hex + TERRAIN_JSON_TAIL[w.r.map.terrain[i]!];
  }
  return h;
}

/** Hex `i`'s canonical sides (e, se, sw) with features whose other hex is in the window too. */
function windowSides(w: MapWindow, i: number, out: MapWindowHexside[], slots: number[]): void {
  const { edges, neighbours } = w.r.map;
  for (let k = 0; k < 3; k++) {
    const bits = edges[i * 3 + k] as number;
    if (bits === 0) continue;
    const other = neighbours[sideSlot(i, k + 1)] as number;
    if (other < 0 || w.mark[other] !== w.stamp) continue;
    const key = i * 3 + k;
    let side = w.pieces.side[key];
    if (side === undefined) {
      side = { dir: DIRECTIONS[k + 1]!, features: featureList(bits), hex: hexIdOf(w.r, i) };
      w.pieces.side[key] = side;
      w.pieces.sideJson[key] = JSON.stringify(side);
    }
    out.push(side);
    slots.push(key);
  }
}

/** The end of a window hex's JSON by terrain code: `","terrain":"<terrain>"}` (code 0, no hex: no terrain). */
const TERRAIN_JSON_TAIL: readonly string[] = ['"}', ...TERRAINS.map((t) => `","terrain":${JSON.stringify(t)}}`)];

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function addRadius(w: MapWindow, centre: number, radius: number): void {
  addHex(w, centre);
  if (radius === 0) return;
  const { neighbours } = w.r.map;
  if (radius === 1) {
    // The usual radius, without frontier arrays.
    for (let d = 0; d < HEX_SIDES; d++) {
      const n = neighbours[sideSlot(centre, d)] as number;
      if (n >= 0) addHex(w, n);
    }
    return;
  }
  let frontier = [centre];
  for (let k = 0; k < radius; k++) {
    const next: number[] = [];
    for (const h of frontier) {
      for (let d = 0; d < HEX_SIDES; d++) {
        const n = neighbours[sideSlot(h, d)] as number;
        if (n >= 0 && w.mark[n] !== w.stamp) {
          addHex(w, n);
          next.push(n);
        }
      }
    }
    frontier = next;
  }
}
