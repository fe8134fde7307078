// Every cell of the seed's two movement cost tables is a case here, transcribed again by hand from
// seeds/003-army-character-navy-movement.txt in the seed's own row and column words (deliberately not
// derived from src/costs.ts). Case ids: CT-M-001..088 (mixed), CT-C-001..088 (cavalry only), numbered
// row by row, four columns per row: Fed Normal, Unfed Normal, Fed Road, Unfed Road.
import { describe, expect, it } from 'vitest';
import {
  COST_NOT_ALLOWED,
  COST_TABLES,
  COST_TABLE_CODE,
  costRow,
  crossingOf,
  isRoad,
  stepCost,
  tableCost,
  type CostTableName,
  type Crossing,
} from '../src/costs.ts';
import { FEATURE_BIT, TERRAIN_CODE, buildMap, featuresAt } from '../src/map.ts';
import { parseHexId } from '@arbiter/engine';
import type { HexsideFeature, Terrain } from '../src/types.ts';

const MIXED_SEED = `
Shore | 3 | 4 | 2 | 3
Plains | 3 | 4 | 2 | 3
Hills & Rough | 5 | 7 | 3 | 4
Mixed Forest | 5 | 7 | 3 | 4
Desert Wastes | 4 | 6 | 2 | 3
Fens & Swamp | 6 | 8 | 3 | 4
Mountains | 12 | Not allowed | 6 | 8
Shore/Plains with Bridge/Ford | 4 | 6 | 3 | 4
Rough with Bridge/Ford | 6 | 8 | 4 | 6
Forest with Bridge/Ford | 6 | 8 | 4 | 6
Desert with Bridge/Ford | 5 | 7 | 3 | 4
Swamp with Bridge/Ford | 7 | 10 | 4 | 6
Mountains with Bridge/Ford | Not allowed | Not allowed | 7 | 10
Shore with Minor River | 5 | 7 | 4 | 6
Plains with Minor River | 5 | 7 | 4 | 6
Rough with Minor River | 7 | 10 | 5 | 7
Forest with Minor River | 7 | 10 | 5 | 7
Desert with Minor River | 6 | 8 | 4 | 6
Swamp with Minor River | 8 | 11 | 5 | 7
Mountains with Minor River | Not allowed | Not allowed | 8 | 11
Major River | Not allowed | Not allowed | Not allowed | Not allowed
Seas/Coast | Not allowed | Not allowed | Not allowed | Not allowed
`;

const CAVALRY_SEED = `
Shore | 2 | 3 | 1 | 2
Plains | 2 | 3 | 1 | 2
Hills & Rough | 3 | 4 | 1 | 2
Mixed Forest | 5 | 7 | 2 | 3
Desert Wastes | 2 | 3 | 1 | 2
Fens & Swamp | 5 | 7 | 2 | 3
Mountains | 12 | Not alllowed | 3 | 4
Shore/Plains with Bridge/Ford | 3 | 4 | 2 | 3
Rough with Bridge/Ford | 4 | 6 | 2 | 3
Forest with Bridge/Ford | 7 | 10 | 3 | 4
Desert with Bridge/Ford | 3 | 4 | 2 | 3
Swamp with Bridge/Ford | 6 | 8 | 3 | 4
Mountains with Bridge/Ford | Not allowed | Not allowed | 4 | 6
Shore with Minor River | 4 | 6 | 3 | 4
Plains with Minor River | 4 | 6 | 3 | 4
Rough with Minor River | 5 | 7 | 3 | 4
Forest with Minor River | 7 | 10 | 5 | 7
Desert with Minor River | 4 | 6 | 3 | 4
Swamp with Minor River | 7 | 10 | 5 | 7
Mountains with Minor River | 14 | Not allowed | 5 | 7
Major River | Not allowed | Not allowed | Not allowed | Not allowed
Seas/Coast | Not allowed | Not allowed | Not allowed | Not allowed
`;

const COLUMNS = ['Fed Normal', 'Unfed Normal', 'Fed Road', 'Unfed Road'] as const;

// The seed's terrain words → our terrain names.
const TERRAIN_WORDS: Record<string, Terrain[]> = {
  Shore: ['shore'],
  Plains: ['plains'],
  'Shore/Plains': ['shore', 'plains'],
  'Hills & Rough': ['hills'],
  Rough: ['hills'],
  'Mixed Forest': ['forest'],
  Forest: ['forest'],
  'Desert Wastes': ['desert'],
  Desert: ['desert'],
  'Fens & Swamp': ['swamp'],
  Swamp: ['swamp'],
  Mountains: ['mountains'],
};
const LAND: Terrain[] = ['shore', 'plains', 'hills', 'forest', 'desert', 'swamp', 'mountains'];

// Ways to build each crossing from the features on a side (all must read the same row).
const FEATURE_SETS: Record<Crossing, HexsideFeature[][]> = {
  none: [[]],
  'bridge-ford': [['bridge'], ['ford'], ['bridge', 'major-river'], ['ford', 'major-river'], ['bridge', 'minor-river'], ['ford', 'minor-river']],
  'minor-river': [['minor-river']],
  'major-river': [['major-river']],
};

interface SeedRow {
  words: string;
  terrains: Terrain[];
  crossings: Crossing[];
  cells: string[];
}

function readSeed(text: string): SeedRow[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [words, ...cells] = line.split('|').map((s) => s.trim()) as [string, ...string[]];
      if (words === 'Major River') return { words, terrains: LAND, crossings: ['major-river'], cells };
      if (words === 'Seas/Coast') {
        return { words, terrains: ['coast', 'sea'], crossings: ['none', 'bridge-ford', 'minor-river', 'major-river'], cells };
      }
      const m = /^(.*?)(?: with (Bridge\/Ford|Minor River))?$/.exec(words) as RegExpExecArray;
      const terrains = TERRAIN_WORDS[m[1] as string];
      if (terrains === undefined) throw new Error(`test transcription: unknown row ${words}`);
      const crossing: Crossing = m[2] === 'Bridge/Ford' ? 'bridge-ford' : m[2] === 'Minor River' ? 'minor-river' : 'none';
      return { words, terrains, crossings: [crossing], cells };
    });
}

/** "Not allowed" (and the seed's "Not alllowed") → 'not-allowed'; digits → number. */
function expected(cell: string): number | 'not-allowed' {
  if (/^not al+owed$/i.test(cell)) return 'not-allowed';
  if (!/^\d+$/.test(cell)) throw new Error(`test transcription: bad cell ${cell}`);
  return Number(cell);
}

function bitsOf(features: HexsideFeature[]): number {
  return features.reduce((b, f) => b | FEATURE_BIT[f], 0);
}

for (const [table, seed, prefix] of [
  ['mixed', MIXED_SEED, 'CT-M'],
  ['cavalry', CAVALRY_SEED, 'CT-C'],
] as const) {
  describe(`${table} table: every cell of the seed`, () => {
    const rows = readSeed(seed);
    it(`${prefix} has 22 rows x 4 columns`, () => {
      expect(rows).toHaveLength(22);
      for (const r of rows) expect(r.cells).toHaveLength(4);
      expect(COST_TABLES[table]).toHaveLength(22);
    });
    rows.forEach((r, ri) => {
      r.cells.forEach((cell, ci) => {
        const id = `${prefix}-${String(ri * 4 + ci + 1).padStart(3, '0')}`;
        const column = COLUMNS[ci] as (typeof COLUMNS)[number];
        it(`${id} ${table}: ${r.words}, ${column} = ${cell}`, () => {
          const want = expected(cell);
          const road = column.endsWith('Road');
          const fed = column.startsWith('Fed');
          for (const terrain of r.terrains) {
            for (const crossing of r.crossings) {
              expect(tableCost(table, terrain, crossing, road, fed), `${terrain} ${crossing}`).toBe(want);
              for (const features of FEATURE_SETS[crossing]) {
                const bits = bitsOf(road ? [...features, 'road'] : features);
                expect(crossingOf(bits)).toBe(crossing);
                expect(stepCost(COST_TABLE_CODE[table], TERRAIN_CODE[terrain], bits, fed), `${terrain} ${features.join('+')}`).toBe(
                  want === 'not-allowed' ? COST_NOT_ALLOWED : want,
                );
              }
            }
          }
          const row = costRow(table, r.terrains[0] as Terrain, r.crossings[0] as Crossing);
          expect(row.label).toBe(r.words);
        });
      });
    });
  });
}

describe('table quirks: the table wins over any formula (rules reference)', () => {
  const cost = (t: CostTableName, terrain: Terrain, c: Crossing, road: boolean, fed: boolean) => tableCost(t, terrain, c, road, fed);
  it('CT-Q-001 cavalry forest with bridge/ford costs 7 fed (a +1 formula would give 6)', () => {
    expect(cost('cavalry', 'forest', 'bridge-ford', false, true)).toBe(7);
  });
  it('CT-Q-002 cavalry forest or swamp with minor river on a road costs 5 fed (a +2 formula would give 4)', () => {
    expect(cost('cavalry', 'forest', 'minor-river', true, true)).toBe(5);
    expect(cost('cavalry', 'swamp', 'minor-river', true, true)).toBe(5);
  });
  it('CT-Q-003 mountain rows with river features are not allowed in the normal columns, allowed on a road', () => {
    for (const t of ['mixed', 'cavalry'] as const) {
      expect(cost(t, 'mountains', 'bridge-ford', false, true)).toBe('not-allowed');
      expect(cost(t, 'mountains', 'bridge-ford', false, false)).toBe('not-allowed');
      expect(cost(t, 'mountains', 'minor-river', false, false)).toBe('not-allowed');
      expect(cost(t, 'mountains', 'bridge-ford', true, true)).toEqual(expect.any(Number));
    }
    expect(cost('mixed', 'mountains', 'minor-river', false, true)).toBe('not-allowed');
    // ...except the cavalry Mountains with Minor River fed normal cell, which the seed gives as 14.
    expect(cost('cavalry', 'mountains', 'minor-river', false, true)).toBe(14);
  });
  it('CT-Q-004 the cavalry "Mountains, Unfed Normal" cell ("Not alllowed" in the seed) is not allowed', () => {
    expect(cost('cavalry', 'mountains', 'none', false, false)).toBe('not-allowed');
  });
  it('CT-Q-005 the unfed columns are the fed cost raised by a third, rounded up (4 → 6, 7 → 10, 1 → 2)', () => {
    expect(cost('mixed', 'desert', 'none', false, false)).toBe(6); // ceil(4/3 x 4) = 6
    expect(cost('mixed', 'swamp', 'bridge-ford', false, false)).toBe(10); // ceil(4/3 x 7) = 10
    expect(cost('cavalry', 'plains', 'none', true, false)).toBe(2); // ceil(4/3 x 1) = 2
    expect(cost('mixed', 'hills', 'none', true, false)).toBe(4); // ceil(4/3 x 3) = 4
    expect(cost('cavalry', 'swamp', 'bridge-ford', false, false)).toBe(8); // ceil(4/3 x 6) = 8
  });
  it('CT-Q-006 a bridge or ford over a major river is crossed at the Bridge/Ford rate; without one the side is closed', () => {
    const bridgeOverMajor = FEATURE_BIT.bridge | FEATURE_BIT['major-river'];
    expect(crossingOf(bridgeOverMajor)).toBe('bridge-ford');
    expect(stepCost(COST_TABLE_CODE.mixed, TERRAIN_CODE.plains, bridgeOverMajor, true)).toBe(4);
    const roadOverMajor = FEATURE_BIT.road | FEATURE_BIT['major-river'];
    expect(isRoad(roadOverMajor)).toBe(true);
    expect(stepCost(COST_TABLE_CODE.mixed, TERRAIN_CODE.plains, roadOverMajor, true)).toBe(COST_NOT_ALLOWED);
    expect(stepCost(COST_TABLE_CODE.cavalry, TERRAIN_CODE.plains, roadOverMajor, true)).toBe(COST_NOT_ALLOWED);
  });
  it('CT-Q-007 coast and sea are closed whatever the side carries; no hex (code 0) is closed', () => {
    for (let bits = 0; bits < 32; bits++) {
      for (const t of [0, 1] as const) {
        expect(stepCost(t, TERRAIN_CODE.coast, bits, true)).toBe(COST_NOT_ALLOWED);
        expect(stepCost(t, TERRAIN_CODE.sea, bits, false)).toBe(COST_NOT_ALLOWED);
        expect(stepCost(t, 0, bits, true)).toBe(COST_NOT_ALLOWED);
      }
    }
  });
  it('CT-Q-008 stepCost agrees with tableCost for every terrain, feature set and fed state', () => {
    for (const t of ['mixed', 'cavalry'] as const) {
      for (const terrain of Object.keys(TERRAIN_CODE) as Terrain[]) {
        for (let bits = 0; bits < 32; bits++) {
          for (const fed of [true, false]) {
            const cell = tableCost(t, terrain, crossingOf(bits), isRoad(bits), fed);
            expect(stepCost(COST_TABLE_CODE[t], TERRAIN_CODE[terrain], bits, fed)).toBe(cell === 'not-allowed' ? COST_NOT_ALLOWED : cell);
          }
        }
      }
    }
  });
});

describe('test vectors of the public order checker (rules reference)', () => {
  // Forest hex 2915 to the plains hex 3015, moving east, across the side 2915 e.
  function eastCost(features: HexsideFeature[], namedFrom: 'forest' | 'plains'): { mixed: number; cavalry: number } {
    const { map, errors } = buildMap({
      hexes: [
        { hex: '2915', terrain: 'forest' },
        { hex: '3015', terrain: 'plains' },
      ],
      hexsides: features.length === 0 ? [] : [namedFrom === 'forest' ? { hex: '2915', dir: 'e', features } : { hex: '3015', dir: 'w', features }],
    });
    expect(errors).toEqual([]);
    const bits = featuresAt(map, parseHexId('2915') as { col: number; row: number }, 'e');
    return {
      mixed: stepCost(COST_TABLE_CODE.mixed, TERRAIN_CODE.plains, bits, true),
      cavalry: stepCost(COST_TABLE_CODE.cavalry, TERRAIN_CODE.plains, bits, true),
    };
  }
  for (const from of ['forest', 'plains'] as const) {
    it(`TV-001 forest to plains east: mixed 3, cavalry 2 (side named from the ${from} hex)`, () => {
      expect(eastCost([], from)).toEqual({ mixed: 3, cavalry: 2 });
    });
    it(`TV-002 with a road on that side: mixed 2, cavalry 1 (side named from the ${from} hex)`, () => {
      expect(eastCost(['road'], from)).toEqual({ mixed: 2, cavalry: 1 });
    });
    it(`TV-003 with a road and a ford on that side: mixed 3, cavalry 2 (side named from the ${from} hex)`, () => {
      expect(eastCost(['road', 'ford'], from)).toEqual({ mixed: 3, cavalry: 2 });
    });
  }
});
