// The game map: terrain per hex and features per hexside, in typed arrays for allocation-free lookups.
//
// Layout. The map covers the bounding box of its hexes (columns minCol..minCol+width-1, rows
// minRow..minRow+height-1); a hex's index is (row - minRow) * width + (col - minCol). Holes in the box
// (no hex listed there) have terrain code 0 and index lookups answer -1 for them.
//
// Hexsides. Each side between two hexes is stored once, as a bit set of features, in the slot of its
// canonical owner: a hex owns its e, se and sw sides; its ne, w and nw sides are the sw, e and se sides of
// the neighbour in that direction. Input may name a side from either hex; both land in the same slot.
// Features listed from both hexes are unioned (a road named from one side only is still a road); the
// only contradiction is two different river kinds (minor-river and major-river) on one side.

import { HEX_SIDES, sideSlot } from '@arbiter/engine';
import {
  DIRECTIONS,
  DIRECTION_INDEX,
  DROW,
  EVEN_ROW_DCOL,
  ODD_ROW_DCOL,
  formatHexId,
  hexIdProblem,
  isDirection,
  parseHexId,
  parseHexIdPacked,
  type Coord,
} from '@arbiter/engine';
import { each } from './each.ts';
import type { Direction, HexId, HexsideFeature, MapWindowHex, MapWindowHexside, Terrain } from './types.ts';

/** Terrains in code order; a terrain's code is its index + 1 (0 means "no hex"). */
export const TERRAINS: readonly Terrain[] = Object.freeze([
  'shore',
  'plains',
  'hills',
  'forest',
  'desert',
  'swamp',
  'mountains',
  'coast',
  'sea',
] as const);

export const TERRAIN_CODE: Readonly<Record<Terrain, number>> = Object.freeze({
  shore: 1,
  plains: 2,
  hills: 3,
  forest: 4,
  desert: 5,
  swamp: 6,
  mountains: 7,
  coast: 8,
  sea: 9,
});

/** Number of terrain codes including 0 (no hex): the size of per-terrain lookup tables. */
export const TERRAIN_CODE_COUNT = 10;

/** Hexside features in bit order. */
export const FEATURES: readonly HexsideFeature[] = Object.freeze(['road', 'bridge', 'ford', 'minor-river', 'major-river'] as const);

export const FEATURE_BIT: Readonly<Record<HexsideFeature, number>> = Object.freeze({
  road: 1,
  bridge: 2,
  ford: 4,
  'minor-river': 8,
  'major-river': 16,
});

/** Number of distinct feature bit sets (5 bits): the size of per-feature-set lookup tables. */
export const FEATURE_SET_COUNT = 32;

export function isTerrain(s: string): s is Terrain {
  return Object.hasOwn(TERRAIN_CODE, s);
}

export function isHexsideFeature(s: string): s is HexsideFeature {
  return Object.hasOwn(FEATURE_BIT, s);
}

export function hasFeature(bits: number, f: HexsideFeature): boolean {
  return (bits & FEATURE_BIT[f]) !== 0;
}

/** The feature names in a bit set, in FEATURES order. */
export function featureList(bits: number): HexsideFeature[] {
  const out: HexsideFeature[] = [];
  for (const f of FEATURES) if ((bits & FEATURE_BIT[f]) !== 0) out.push(f);
  return out;
}

export interface GameMap {
  /** Column and row of the bounding box's first hex. */
  readonly minCol: number;
  readonly minRow: number;
  /** Bounding box size in columns and rows. */
  readonly width: number;
  readonly height: number;
  /** Number of hexes on the map (the box minus holes). */
  readonly hexCount: number;
  /** Terrain code by index (TERRAIN_CODE; 0 = no hex). */
  readonly terrain: Uint8Array;
  /** Canonical hexsides: features of hex index i's e, se, sw sides at 3*i, 3*i+1, 3*i+2. */
  readonly edges: Uint8Array;
  /** Neighbour index by 6*i + direction code (DIRECTIONS order), -1 when there is no hex there. */
  readonly neighbours: Int32Array;
}

/** Input form of a map, as in the scenario file. Values are checked, so plain strings are accepted. */
export interface MapInput {
  hexes: readonly { hex: string; terrain: string }[];
  hexsides: readonly { hex: string; dir: string; features: readonly string[] }[];
}

export interface MapIssue {
  path: string;
  message: string;
}

export interface BuildMapOptions {
  /** JSON path of the map in the caller's document, used in issue paths. Default "map". */
  path?: string;
}

const TERRAIN_WORDS = TERRAINS.join(', ');
const FEATURE_WORDS = FEATURES.join(', ');
const DIRECTION_WORDS = 'ne, e, se, sw, w or nw';

/** Builds the compact map from its input form; every problem is reported with its JSON path. */
export function buildMap(input: MapInput, options: BuildMapOptions = {}): { map: GameMap; errors: MapIssue[] } {
  const base = options.path ?? 'map';
  const errors: MapIssue[] = [];
  const hexes = Array.isArray(input.hexes) ? input.hexes : [];
  const hexsides = Array.isArray(input.hexsides) ? input.hexsides : [];

  // Pass 1: valid hexes and the bounding box. Coordinates are kept packed (col * 1000 + row, -1 for none):
  // no object per hex.
  const b: Building = { base, errors, hexes, packed: new Int32Array(hexes.length), minCol: Infinity, minRow: Infinity, maxCol: -Infinity, maxRow: -Infinity };
  each(b, hexes, readHex);
  const { packed, minCol, minRow, maxCol, maxRow } = b;

  const empty = minCol === Infinity;
  if (hexes.length === 0) errors.push({ path: `${base}.hexes`, message: 'a map needs at least one hex' });
  const width = empty ? 0 : maxCol - minCol + 1;
  const height = empty ? 0 : maxRow - minRow + 1;
  const boxSize = width * height;
  const placing: Placing = {
    b,
    width,
    minCol,
    minRow,
    terrain: new Uint8Array(boxSize),
    firstListed: new Int32Array(boxSize).fill(-1),
    // The listed ids are the hexes' one spelling (parseHexId accepts no other): kept as the ids by index.
    ids: new Array<HexId | undefined>(boxSize),
    hexCount: 0,
  };
  each(placing, packed, placeHex);
  const { terrain, ids, hexCount } = placing;

  // Neighbour table.
  const neighbours = new Int32Array(boxSize * HEX_SIDES).fill(-1);
  for (let r = 0; r < height; r++) neighbourRow(terrain, neighbours, width, height, r, minRow + r);

  const map: GameMap = { minCol: empty ? 0 : minCol, minRow: empty ? 0 : minRow, width, height, hexCount, terrain, edges: new Uint8Array(boxSize * 3), neighbours };
  hexIdTables.set(map, ids);

  // Pass 2: hexsides, each into its canonical slot. `riverSource` remembers, per slot, which entry first put
  // a river there, to name both hexes in a contradiction.
  const riverSource = new Map<number, number>();
  for (let i = 0; i < hexsides.length; i++) addHexside(map, hexsides, i, base, errors, riverSource);

  return { map, errors };
}

/** Pass 1 of buildMap: packed coordinates (col * 1000 + row, -1 for none) and the bounding box. */
interface Building {
  base: string;
  errors: MapIssue[];
  hexes: MapInput['hexes'];
  packed: Int32Array;
  minCol: number;
  minRow: number;
  maxCol: number;
  maxRow: number;
}

/** Packs hexes[i]'s coordinates (-1 with its problems reported) and widens the bounding box. */
function readHex(b: Building, h: MapInput['hexes'][number] | undefined, i: number): void {
  const { base, errors } = b;
  const id = typeof h?.hex === 'string' ? h.hex : undefined;
  let p = id === undefined ? -1 : parseHexIdPacked(id);
  if (p < 0) {
    errors.push({ path: `${base}.hexes[${i}].hex`, message: id === undefined ? 'a hex id (a string such as "2915") is required' : (hexIdProblem(id) as string) });
  }
  const t = h?.terrain;
  if (typeof t !== 'string' || !isTerrain(t)) {
    errors.push({ path: `${base}.hexes[${i}].terrain`, message: `${JSON.stringify(t)} is not a terrain; use ${TERRAIN_WORDS}` });
    p = -1;
  }
  b.packed[i] = p;
  if (p < 0) return;
  const col = (p / 1000) | 0;
  const row = p - col * 1000;
  if (col < b.minCol) b.minCol = col;
  if (row < b.minRow) b.minRow = row;
  if (col > b.maxCol) b.maxCol = col;
  if (row > b.maxRow) b.maxRow = row;
}

/** Pass 1b of buildMap: each valid hex into its box slot. */
interface Placing {
  b: Building;
  width: number;
  minCol: number;
  minRow: number;
  terrain: Uint8Array;
  firstListed: Int32Array;
  ids: (HexId | undefined)[];
  hexCount: number;
}

function placeHex(c: Placing, p: number, i: number): void {
  if (p < 0) return;
  const col = (p / 1000) | 0;
  const row = p - col * 1000;
  const idx = (row - c.minRow) * c.width + (col - c.minCol);
  const prev = c.firstListed[idx] as number;
  const { base, errors, hexes } = c.b;
  if (prev >= 0) {
    errors.push({ path: `${base}.hexes[${i}].hex`, message: `hex ${formatHexId({ col, row })} is listed twice (first at ${base}.hexes[${prev}])` });
    return;
  }
  c.firstListed[idx] = i;
  const h = hexes[i] as { hex: HexId; terrain: Terrain };
  c.terrain[idx] = TERRAIN_CODE[h.terrain];
  c.ids[idx] = h.hex;
  c.hexCount++;
}

function neighbourRow(terrain: Uint8Array, neighbours: Int32Array, width: number, height: number, r: number, row: number): void {
  const dcols = (row & 1) === 1 ? ODD_ROW_DCOL : EVEN_ROW_DCOL;
  for (let q = 0; q < width; q++) {
    const idx = r * width + q;
    if (terrain[idx] === 0) continue;
    for (let d = 0; d < HEX_SIDES; d++) {
      const nq = q + (dcols[d] as number);
      const nr = r + (DROW[d] as number);
      if (nq < 0 || nr < 0 || nq >= width || nr >= height) continue;
      const n = nr * width + nq;
      if (terrain[n] !== 0) neighbours[sideSlot(idx, d)] = n;
    }
  }
}

const RIVERS = FEATURE_BIT['minor-river'] | FEATURE_BIT['major-river'];

function riverKind(bits: number): HexsideFeature {
  return (bits & FEATURE_BIT['major-river']) !== 0 ? 'major-river' : 'minor-river';
}

/** Feature bits of a hexside entry's list, or -1 with its problems reported. */
function featureBitsOf(s: MapInput['hexsides'][number] | undefined, at: string, errors: MapIssue[]): number {
  if (!Array.isArray(s?.features)) {
    errors.push({ path: `${at}.features`, message: `a list of features is required (${FEATURE_WORDS})` });
    return -1;
  }
  const features = s.features as readonly unknown[];
  let bits = 0;
  let ok = true;
  for (let j = 0; j < features.length; j++) {
    const f = features[j];
    if (typeof f === 'string' && isHexsideFeature(f)) bits |= FEATURE_BIT[f];
    else {
      errors.push({ path: `${at}.features[${j}]`, message: `${JSON.stringify(f)} is not a hexside feature; use ${FEATURE_WORDS}` });
      ok = false;
    }
  }
  return ok ? bits : -1;
}

/** Hexside entry i into its canonical slot (ids for messages are only written when there is a problem). */
function addHexside(map: GameMap, hexsides: MapInput['hexsides'], i: number, base: string, errors: MapIssue[], riverSource: Map<number, number>): void {
  const s = hexsides[i];
  const at = `${base}.hexsides[${i}]`;
  const id = typeof s?.hex === 'string' ? s.hex : undefined;
  const p = id === undefined ? -1 : parseHexIdPacked(id);
  let ok = true;
  if (p < 0) {
    errors.push({ path: `${at}.hex`, message: id === undefined ? 'a hex id (a string such as "2915") is required' : (hexIdProblem(id) as string) });
    ok = false;
  }
  const dir = s?.dir;
  if (typeof dir !== 'string' || !isDirection(dir)) {
    errors.push({ path: `${at}.dir`, message: `${JSON.stringify(dir)} is not a direction; use ${DIRECTION_WORDS}` });
    ok = false;
  }
  const bits = featureBitsOf(s, at, errors);
  if (!ok || bits < 0) return;
  const c: Coord = { col: (p / 1000) | 0, row: p % 1000 };
  const d = DIRECTION_INDEX[dir as Direction];
  const idx = hexIndex(map, c);
  if (idx < 0) {
    errors.push({ path: `${at}.hex`, message: `hex ${formatHexId(c)} is not on the map (it is not in ${base}.hexes)` });
    return;
  }
  const other = map.neighbours[sideSlot(idx, d)] as number;
  if (other < 0) {
    errors.push({
      path: `${at}.dir`,
      message: `the ${dir} side of ${formatHexId(c)} leads off the map (there is no hex ${describeNeighbour(c, dir as Direction)}), so it cannot carry features`,
    });
    return;
  }
  if ((bits & RIVERS) === RIVERS) {
    errors.push({
      path: `${at}.features`,
      message: `the side between ${formatHexId(c)} and ${hexIdOfIndex(map, other)} cannot be both a minor-river and a major-river`,
    });
    return;
  }
  const slot = edgeSlot(map, idx, d);
  const existing = map.edges[slot] as number;
  const river = bits & RIVERS;
  if (river !== 0 && (existing & RIVERS) !== 0 && (existing & RIVERS) !== river) {
    const first = riverSource.get(slot);
    const hexId = formatHexId(c);
    const firstWords =
      first === undefined
        ? 'another entry'
        : `${base}.hexsides[${first}] (from hex ${hexsides[first]!.hex}) says ${riverKind(featureBitsOf(hexsides[first], '', []))}`;
    errors.push({
      path: `${at}.features`,
      message: `contradictory hexside between ${hexId} and ${hexIdOfIndex(map, other)}: ${firstWords}, this entry (from hex ${hexId}) says ${riverKind(river)}; a side has at most one river kind`,
    });
    return;
  }
  if (river !== 0 && !riverSource.has(slot)) riverSource.set(slot, i);
  map.edges[slot] = existing | bits;
}

function describeNeighbour(c: Coord, d: Direction): string {
  const i = DIRECTION_INDEX[d];
  const col = c.col + ((c.row & 1) === 1 ? (ODD_ROW_DCOL[i] as number) : (EVEN_ROW_DCOL[i] as number));
  const row = c.row + (DROW[i] as number);
  if (col < 0 || row < 0 || col > 999 || row > 999) return `at column ${col}, row ${row}`;
  return formatHexId({ col, row });
}

/** Slot in `edges` of the side of hex `index` in direction code `d`; -1 if that side has no hex beyond it. */
export function edgeSlot(map: GameMap, index: number, d: number): number {
  // e, se, sw (codes 1..3) are owned by this hex; ne, w, nw by the neighbour (its sw, e, se).
  if (d >= 1 && d <= 3) return index * 3 + d - 1;
  const n = map.neighbours[sideSlot(index, d)] as number;
  if (n < 0) return -1;
  return n * 3 + (d === 0 ? 2 : d === 4 ? 0 : 1);
}

/** Index of the hex at `c`, or -1 when there is no hex there. */
export function hexIndex(map: GameMap, c: Coord): number {
  const q = c.col - map.minCol;
  const r = c.row - map.minRow;
  if (q < 0 || r < 0 || q >= map.width || r >= map.height) return -1;
  const idx = r * map.width + q;
  return map.terrain[idx] === 0 ? -1 : idx;
}

/** Index of the hex with id `id`, or -1 when the id is not valid or the hex is not on the map. */
export function hexIndexOf(map: GameMap, id: string): number {
  const c = parseHexId(id);
  return c === null ? -1 : hexIndex(map, c);
}

/** Coordinates of hex index `index` (any index of the bounding box). */
export function coordOfIndex(map: GameMap, index: number): Coord {
  const r = Math.floor(index / map.width);
  return { col: map.minCol + (index - r * map.width), row: map.minRow + r };
}

export function hexIdOfIndex(map: GameMap, index: number): HexId {
  return formatHexId(coordOfIndex(map, index));
}

const hexIdTables = new WeakMap<GameMap, (HexId | undefined)[]>();

/**
 * Hex ids by index for a map: those buildMap read, the rest (holes) missing. Callers may fill missing
 * entries with hexIdOfIndex (the same strings); the table is shared by everyone using the map.
 */
export function hexIdTable(map: GameMap): (HexId | undefined)[] {
  let t = hexIdTables.get(map);
  if (t === undefined) {
    t = new Array(map.terrain.length);
    hexIdTables.set(map, t);
  }
  return t;
}

/** Index of the neighbour of hex `index` in direction code `d` (DIRECTIONS order), -1 if none. */
export function neighbourIndex(map: GameMap, index: number, d: number): number {
  return map.neighbours[sideSlot(index, d)] as number;
}

/** Terrain code (TERRAIN_CODE) of hex `index`; 0 when there is no hex. */
export function terrainCodeAtIndex(map: GameMap, index: number): number {
  return map.terrain[index] ?? 0;
}

export function terrainAtIndex(map: GameMap, index: number): Terrain | undefined {
  const t = map.terrain[index] ?? 0;
  return t === 0 ? undefined : TERRAINS[t - 1];
}

/** Feature bits of the side of hex `index` in direction code `d`; 0 when there is no hex beyond. */
export function featuresAtIndex(map: GameMap, index: number, d: number): number {
  if (d >= 1 && d <= 3) return map.edges[index * 3 + d - 1] as number;
  const n = map.neighbours[sideSlot(index, d)] as number;
  if (n < 0) return 0;
  return map.edges[n * 3 + (d === 0 ? 2 : d === 4 ? 0 : 1)] as number;
}

export function terrainAt(map: GameMap, c: Coord): Terrain | undefined {
  const idx = hexIndex(map, c);
  return idx < 0 ? undefined : TERRAINS[(map.terrain[idx] as number) - 1];
}

/** Feature bits of the side of `c` in direction `d` (0 when the hex is not on the map). */
export function featuresAt(map: GameMap, c: Coord, d: Direction): number {
  const idx = hexIndex(map, c);
  return idx < 0 ? 0 : featuresAtIndex(map, idx, DIRECTION_INDEX[d]);
}

/** The map's hexes in the input form, row by row. */
export function* mapHexes(map: GameMap): Generator<MapWindowHex> {
  for (let i = 0; i < map.terrain.length; i++) {
    const t = map.terrain[i] as number;
    if (t !== 0) yield { hex: hexIdOfIndex(map, i), terrain: TERRAINS[t - 1] as Terrain };
  }
}

/** The map's hexsides with features, each side once, named from its canonical owner (e, se or sw). */
export function* mapHexsides(map: GameMap): Generator<MapWindowHexside> {
  for (let i = 0; i < map.terrain.length; i++) {
    if (map.terrain[i] === 0) continue;
    for (let k = 0; k < 3; k++) {
      const bits = map.edges[i * 3 + k] as number;
      if (bits !== 0) yield { hex: hexIdOfIndex(map, i), dir: DIRECTIONS[k + 1] as Direction, features: featureList(bits) };
    }
  }
}
