import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  FEATURE_BIT,
  TERRAIN_CODE,
  buildMap,
  coordOfIndex,
  featureList,
  featuresAt,
  featuresAtIndex,
  hasFeature,
  hexIdOfIndex,
  hexIndex,
  hexIndexOf,
  mapHexes,
  mapHexsides,
  neighbourIndex,
  terrainAt,
  terrainAtIndex,
  terrainCodeAtIndex,
  type MapInput,
} from '../src/map.ts';
import { DIRECTIONS, DIRECTION_INDEX, formatHexId, neighbour, opposite, parseHexId, type Coord } from '@arbiter/engine';
import type { Direction, HexsideFeature, Terrain } from '../src/types.ts';

const at = (id: string): Coord => parseHexId(id) as Coord;

/** A rectangular map of plains, columns c0..c1 and rows r0..r1. */
function rect(c0: number, c1: number, r0: number, r1: number, terrain: Terrain = 'plains'): MapInput['hexes'] {
  const out: { hex: string; terrain: string }[] = [];
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) out.push({ hex: formatHexId({ col: c, row: r }), terrain });
  return out;
}

describe('building a map', () => {
  it('MP-001 terrain by hex, any bounding box', () => {
    const { map, errors } = buildMap({
      hexes: [
        { hex: '2915', terrain: 'forest' },
        { hex: '3015', terrain: 'plains' },
        { hex: '2916', terrain: 'mountains' },
      ],
      hexsides: [],
    });
    expect(errors).toEqual([]);
    expect(map.hexCount).toBe(3);
    expect(terrainAt(map, at('2915'))).toBe('forest');
    expect(terrainAt(map, at('3015'))).toBe('plains');
    expect(terrainAt(map, at('2916'))).toBe('mountains');
    expect(terrainAt(map, at('3016'))).toBeUndefined(); // a hole in the box
    expect(terrainAt(map, at('0101'))).toBeUndefined(); // outside the box
    expect(hexIndex(map, at('3016'))).toBe(-1);
    expect(hexIndexOf(map, 'zz')).toBe(-1);
  });

  it('MP-002 maps above 99 columns or rows use six-digit ids', () => {
    const { map, errors } = buildMap({ hexes: rect(99, 101, 99, 100), hexsides: [{ hex: '9999', dir: 'e', features: ['road'] }] });
    expect(errors).toEqual([]);
    expect(map.hexCount).toBe(6);
    expect([...mapHexes(map)].map((h) => h.hex)).toEqual(['9999', '100099', '101099', '099100', '100100', '101100']);
    expect(featuresAt(map, at('100099'), 'w')).toBe(FEATURE_BIT.road);
    expect(hexIdOfIndex(map, hexIndexOf(map, '101100'))).toBe('101100');
  });

  it('MP-003 a 200x200 map builds and answers by index', () => {
    const { map, errors } = buildMap({ hexes: rect(1, 200, 1, 200), hexsides: [] });
    expect(errors).toEqual([]);
    expect(map.hexCount).toBe(40000);
    const i = hexIndex(map, { col: 200, row: 200 });
    expect(coordOfIndex(map, i)).toEqual({ col: 200, row: 200 });
    expect(neighbourIndex(map, i, DIRECTION_INDEX.e)).toBe(-1);
    expect(hexIdOfIndex(map, neighbourIndex(map, i, DIRECTION_INDEX.nw))).toBe('200199');
  });

  it('MP-004 index helpers agree with the coordinate functions on every hex and direction', () => {
    const { map } = buildMap({
      hexes: [...rect(3, 9, 4, 10, 'hills'), { hex: '1111', terrain: 'sea' }],
      hexsides: [
        { hex: '0505', dir: 'ne', features: ['road', 'ford', 'major-river'] },
        { hex: '0606', dir: 'w', features: ['minor-river'] },
        { hex: '0707', dir: 'sw', features: ['bridge'] },
      ],
    });
    for (const h of mapHexes(map)) {
      const c = at(h.hex);
      const i = hexIndex(map, c);
      expect(terrainAtIndex(map, i)).toBe(h.terrain);
      expect(terrainCodeAtIndex(map, i)).toBe(TERRAIN_CODE[h.terrain]);
      for (const d of DIRECTIONS) {
        const n = neighbour(c, d);
        const ni = neighbourIndex(map, i, DIRECTION_INDEX[d]);
        expect(ni).toBe(hexIndex(map, n));
        expect(featuresAtIndex(map, i, DIRECTION_INDEX[d])).toBe(featuresAt(map, c, d));
      }
    }
  });
});

describe('hexsides: one record per side, whichever hex names it', () => {
  const pair = (hexsides: MapInput['hexsides']) =>
    buildMap({
      hexes: [
        { hex: '2915', terrain: 'forest' },
        { hex: '3015', terrain: 'plains' },
        { hex: '2914', terrain: 'plains' },
        { hex: '2916', terrain: 'plains' },
      ],
      hexsides,
    });

  it('MP-010 a feature named from one hex is seen from both, in both directions', () => {
    for (const [hex, dir] of [
      ['2915', 'e'],
      ['3015', 'w'],
    ] as const) {
      const { map, errors } = pair([{ hex, dir, features: ['major-river', 'bridge'] }]);
      expect(errors).toEqual([]);
      expect(featureList(featuresAt(map, at('2915'), 'e'))).toEqual(['bridge', 'major-river']);
      expect(featureList(featuresAt(map, at('3015'), 'w'))).toEqual(['bridge', 'major-river']);
      expect(featuresAt(map, at('2915'), 'w')).toBe(0);
      expect([...mapHexsides(map)]).toEqual([{ hex: '2915', dir: 'e', features: ['bridge', 'major-river'] }]);
    }
  });

  it('MP-011 every direction lands on the one canonical side (e, se, sw of the owner)', () => {
    for (const d of DIRECTIONS) {
      const { map, errors } = buildMap({ hexes: rect(1, 5, 1, 5), hexsides: [{ hex: '0303', dir: d, features: ['road'] }] });
      expect(errors).toEqual([]);
      const other = neighbour(at('0303'), d);
      expect(hasFeature(featuresAt(map, at('0303'), d), 'road')).toBe(true);
      expect(hasFeature(featuresAt(map, other, opposite(d)), 'road')).toBe(true);
      const sides = [...mapHexsides(map)];
      expect(sides).toHaveLength(1);
      const s = sides[0] as { hex: string; dir: Direction };
      expect(['e', 'se', 'sw']).toContain(s.dir);
      // The canonical record names the same side.
      const fromOwner = formatHexId(neighbour(at(s.hex), s.dir));
      expect([s.hex, fromOwner].sort()).toEqual(['0303', formatHexId(other)].sort());
    }
  });

  it('MP-012 features listed from both hexes are unioned: a road named from one side only is not a contradiction', () => {
    const { map, errors } = pair([
      { hex: '2915', dir: 'e', features: ['road', 'minor-river'] },
      { hex: '3015', dir: 'w', features: ['minor-river', 'ford'] },
      { hex: '3015', dir: 'w', features: ['minor-river'] },
    ]);
    expect(errors).toEqual([]);
    expect(featureList(featuresAt(map, at('3015'), 'w'))).toEqual(['road', 'ford', 'minor-river']);
  });

  it('MP-013 two river kinds on one side from the two hexes is an error naming both hexes', () => {
    const { errors } = pair([
      { hex: '2915', dir: 'e', features: ['major-river'] },
      { hex: '3015', dir: 'w', features: ['minor-river'] },
    ]);
    expect(errors).toEqual([
      {
        path: 'map.hexsides[1].features',
        message:
          'contradictory hexside between 3015 and 2915: map.hexsides[0] (from hex 2915) says major-river, this entry (from hex 3015) says minor-river; a side has at most one river kind',
      },
    ]);
  });

  it('MP-014 two river kinds in one entry is an error naming both hexes', () => {
    const { errors } = pair([{ hex: '2915', dir: 'se', features: ['minor-river', 'major-river'] }]);
    expect(errors).toEqual([
      { path: 'map.hexsides[0].features', message: 'the side between 2915 and 2916 cannot be both a minor-river and a major-river' },
    ]);
  });

  it('MP-015 a side leading off the map cannot carry features', () => {
    const { errors } = pair([{ hex: '2914', dir: 'ne', features: ['road'] }]);
    expect(errors).toEqual([
      { path: 'map.hexsides[0].dir', message: 'the ne side of 2914 leads off the map (there is no hex 3013), so it cannot carry features' },
    ]);
  });
});

describe('bad map input: every problem, with its JSON path', () => {
  it('MP-020 unknown hex ids, terrains, directions and features; duplicates; sides on missing hexes', () => {
    const { errors } = buildMap(
      {
        hexes: [
          { hex: '2915', terrain: 'forest' },
          { hex: '29155', terrain: 'plains' },
          { hex: '3015', terrain: 'mountain' },
          { hex: '2915', terrain: 'plains' },
          { hex: '3115', terrain: 'plains' },
        ],
        hexsides: [
          { hex: '4040', dir: 'e', features: ['road'] },
          { hex: '2915', dir: 'n', features: ['road'] },
          { hex: '2915', dir: 'e', features: ['river', 'road'] },
          { hex: 'x', dir: 'e', features: [] },
        ],
      },
      { path: 'scenario.map' },
    );
    expect(errors).toEqual([
      { path: 'scenario.map.hexes[1].hex', message: expect.stringContaining('"29155" is not a hex number') },
      { path: 'scenario.map.hexes[2].terrain', message: '"mountain" is not a terrain; use shore, plains, hills, forest, desert, swamp, mountains, coast, sea' },
      { path: 'scenario.map.hexes[3].hex', message: 'hex 2915 is listed twice (first at scenario.map.hexes[0])' },
      { path: 'scenario.map.hexsides[0].hex', message: 'hex 4040 is not on the map (it is not in scenario.map.hexes)' },
      { path: 'scenario.map.hexsides[1].dir', message: '"n" is not a direction; use ne, e, se, sw, w or nw' },
      { path: 'scenario.map.hexsides[2].features[0]', message: '"river" is not a hexside feature; use road, bridge, ford, minor-river, major-river' },
      { path: 'scenario.map.hexsides[3].hex', message: expect.stringContaining('"x" is not a hex number') },
    ]);
  });

  it('MP-021 an empty map and missing fields are errors, never exceptions', () => {
    expect(buildMap({ hexes: [], hexsides: [] }).errors).toEqual([{ path: 'map.hexes', message: 'a map needs at least one hex' }]);
    const bad = buildMap({ hexes: [{} as never, null as never], hexsides: [{ hex: '0101' } as never] });
    expect(bad.errors.map((e) => e.path)).toEqual([
      'map.hexes[0].hex',
      'map.hexes[0].terrain',
      'map.hexes[1].hex',
      'map.hexes[1].terrain',
      'map.hexsides[0].dir',
      'map.hexsides[0].features',
    ]);
  });
});

describe('round trip through the input form', () => {
  const FEATURES: HexsideFeature[] = ['road', 'bridge', 'ford', 'minor-river', 'major-river'];
  const sideArb = fc.record({
    col: fc.integer({ min: 1, max: 6 }),
    row: fc.integer({ min: 1, max: 6 }),
    dir: fc.constantFrom(...DIRECTIONS),
    features: fc.subarray(FEATURES, { minLength: 1 }).filter((f) => !(f.includes('minor-river') && f.includes('major-river'))),
  });
  test.prop([fc.array(sideArb, { maxLength: 12 })], { numRuns: 150 })(
    'MP-030 rebuilding a map from mapHexes/mapHexsides gives the same features on every side',
    (sides) => {
      const hexsides = sides
        .filter((s) => {
          const n = neighbour({ col: s.col, row: s.row }, s.dir);
          return n.col >= 1 && n.col <= 6 && n.row >= 1 && n.row <= 6;
        })
        .map((s) => ({ hex: formatHexId({ col: s.col, row: s.row }), dir: s.dir, features: s.features }));
      const first = buildMap({ hexes: rect(1, 6, 1, 6), hexsides });
      // Inputs with contradictory rivers across entries are rejected; keep only clean ones.
      fc.pre(first.errors.length === 0);
      const again = buildMap({ hexes: [...mapHexes(first.map)], hexsides: [...mapHexsides(first.map)] });
      expect(again.errors).toEqual([]);
      expect(again.map.edges).toEqual(first.map.edges);
      expect(again.map.terrain).toEqual(first.map.terrain);
    },
  );
});
