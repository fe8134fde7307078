// The hex-tiles topology: a board built of tiles of 7 hexes (a centre and its ring), placed on a tile
// grid (Mage Knight's map). Geometry only, no game rules: which tile positions exist, the hexes of each,
// neighbours, distance, and the tile (region) a space belongs to.
//
// Hexes are pointy-top, in axial coordinates (q, r) inside; directions ne e se sw w nw. A tile position
// has lattice coordinates (a, b): its centre hex is a*(2, 1) + b*(-1, 3), the two shortest vectors of the
// 7-hex tiling, so tiles on the grid never overlap and leave no gaps. The six tile-grid neighbours of
// (a, b) are (a+1, b), (a, b+1), (a-1, b+1), (a-1, b), (a, b-1), (a+1, b-1).
//
// Space ids, one spelling: `<position>.<hex>`, position ids are lower-case (`s`, `t1`, `north2`), the hex
// one of c (centre) ne e se sw w nw: `t1.nw` is the north-west hex of the tile at position t1.
import { assertBoardSize, tileCoordinateProblem } from '../board-limits.ts';
import type { Edge, Topology } from '../ruleset.ts';

export const HEX_DIRECTIONS = ['ne', 'e', 'se', 'sw', 'w', 'nw'] as const;
export type HexDirection = (typeof HEX_DIRECTIONS)[number];
/** The seven hexes of a tile, centre first, then the ring clockwise from north-east. */
export const TILE_HEXES = ['c', ...HEX_DIRECTIONS] as const;
export type TileHex = (typeof TILE_HEXES)[number];

const COMPASS: Readonly<Record<string, string>> = { n: 'north', s: 'south', e: 'east', w: 'west' };

/** Each direction in words: ne "north-east", e "east"... */
export const HEX_DIRECTION_WORDS: Readonly<Record<HexDirection, string>> = Object.freeze(
  Object.fromEntries(HEX_DIRECTIONS.map((d) => [d, [...d].map((c) => COMPASS[c]).join('-')])) as Record<HexDirection, string>,
);

export interface Axial {
  q: number;
  r: number;
}

const DIRECTION_VECTORS: Readonly<Record<HexDirection, Axial>> = {
  ne: { q: 1, r: -1 },
  e: { q: 1, r: 0 },
  se: { q: 0, r: 1 },
  sw: { q: -1, r: 1 },
  w: { q: -1, r: 0 },
  nw: { q: 0, r: -1 },
};

/** A place on the tile grid where a tile may lie. */
export interface TilePosition {
  id: string;
  /** Lattice coordinates (a, b). */
  at: readonly [number, number];
}

const POSITION_ID = /^[a-z][a-z0-9]*$/;

export function isHexDirection(s: string): s is HexDirection {
  return (HEX_DIRECTIONS as readonly string[]).includes(s);
}

export function axialDistance(a: Axial, b: Axial): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function axialStep(a: Axial, d: HexDirection): Axial {
  const v = DIRECTION_VECTORS[d];
  return { q: a.q + v.q, r: a.r + v.r };
}

/** The centre hex of the tile at lattice (a, b). */
export function tileCentre(at: readonly [number, number]): Axial {
  return { q: 2 * at[0] - at[1], r: at[0] + 3 * at[1] };
}

/** The hex of a tile at `at` named by `hex` (c or a direction from the centre). */
export function tileHexAxial(at: readonly [number, number], hex: TileHex): Axial {
  const c = tileCentre(at);
  return hex === 'c' ? c : axialStep(c, hex);
}

/** The lattice neighbours of a tile position, in direction order ne-ish first (see the header). */
export function latticeNeighbours(at: readonly [number, number]): [number, number][] {
  const [a, b] = at;
  return [
    [a + 1, b],
    [a, b + 1],
    [a - 1, b + 1],
    [a - 1, b],
    [a, b - 1],
    [a + 1, b - 1],
  ];
}

/** What is wrong with a list of tile positions, in words; null when it is a valid layout. */
export function tileLayoutProblem(positions: readonly TilePosition[]): string | null {
  const ids = new Set<string>();
  const places = new Map<string, string>();
  for (const p of positions) {
    if (!POSITION_ID.test(p.id)) return `tile position id ${JSON.stringify(p.id)} must be lower-case letters and digits, starting with a letter`;
    if (ids.has(p.id)) return `tile position ${p.id} is listed twice`;
    ids.add(p.id);
    if (!Number.isSafeInteger(p.at[0]) || !Number.isSafeInteger(p.at[1])) return `tile position ${p.id} needs integer lattice coordinates`;
    const far = tileCoordinateProblem(p.at[0]) ?? tileCoordinateProblem(p.at[1]);
    if (far !== null) return `tile position ${p.id}: ${far}`;
    const key = `${p.at[0]},${p.at[1]}`;
    const other = places.get(key);
    if (other !== undefined) return `tile positions ${other} and ${p.id} are both at lattice (${key})`;
    places.set(key, p.id);
  }
  return null;
}

export interface HexTiles extends Topology<string> {
  positions(): readonly TilePosition[];
  position(id: string): TilePosition | undefined;
  /** The seven space ids of a tile position, in TILE_HEXES order. */
  spacesOf(position: string): string[];
  /** The space next to `space` in direction `d`, or null when no tile position lies there. */
  neighbour(space: string, d: HexDirection): string | null;
  /** The tile position of a space (regionOf, never null for a space of the layout). */
  positionOf(space: string): string;
  /** Where the hex of a space lies, for drawing and distance. */
  axial(space: string): Axial;
  /** The other tile positions touching `space`, each with the directions from `space` that lead into it. */
  positionsTouching(space: string): { position: string; directions: HexDirection[] }[];
}

/** Builds the topology of a tile layout; throws a RangeError naming the problem of a bad layout. */
export function hexTiles(positions: readonly TilePosition[]): HexTiles {
  const problem = tileLayoutProblem(positions);
  if (problem !== null) throw new RangeError(problem);
  assertBoardSize(positions.length * TILE_HEXES.length, 'hex tiles');
  const byId = new Map(positions.map((p) => [p.id, p]));
  const spaceAt = new Map<string, string>(); // "q,r" -> space id
  const axialOf = new Map<string, Axial>();
  for (const p of positions) {
    for (const h of TILE_HEXES) {
      const a = tileHexAxial(p.at, h);
      const id = `${p.id}.${h}`;
      spaceAt.set(`${a.q},${a.r}`, id);
      axialOf.set(id, a);
    }
  }
  const axial = (space: string): Axial => {
    const a = axialOf.get(space);
    if (a === undefined) throw new RangeError(`${JSON.stringify(space)} is not a space of this board`);
    return a;
  };
  const neighbour = (space: string, d: HexDirection): string | null => {
    const n = axialStep(axial(space), d);
    return spaceAt.get(`${n.q},${n.r}`) ?? null;
  };
  const positionOf = (space: string): string => {
    axial(space);
    return space.slice(0, space.indexOf('.'));
  };
  return {
    positions: () => positions,
    position: (id) => byId.get(id),
    spacesOf(position) {
      if (!byId.has(position)) throw new RangeError(`${JSON.stringify(position)} is not a tile position of this board`);
      return TILE_HEXES.map((h) => `${position}.${h}`);
    },
    parseSpace(text) {
      const s = text.trim().toLowerCase();
      return axialOf.has(s) ? s : null;
    },
    formatSpace: (space) => space,
    has: (space) => axialOf.has(space),
    neighbours(space) {
      const out: Edge<string>[] = [];
      for (const d of HEX_DIRECTIONS) {
        const to = neighbour(space, d);
        if (to !== null) out.push({ to, direction: d });
      }
      return out;
    },
    distance: (a, b) => axialDistance(axial(a), axial(b)),
    regionOf: (space) => (axialOf.has(space) ? positionOf(space) : null),
    neighbour,
    positionOf,
    axial,
    positionsTouching(space) {
      const own = positionOf(space);
      const found = new Map<string, HexDirection[]>();
      for (const d of HEX_DIRECTIONS) {
        const to = neighbour(space, d);
        if (to === null) continue;
        const p = positionOf(to);
        if (p === own) continue;
        const list = found.get(p);
        if (list === undefined) found.set(p, [d]);
        else list.push(d);
      }
      return [...found].map(([position, directions]) => ({ position, directions }));
    },
  };
}
