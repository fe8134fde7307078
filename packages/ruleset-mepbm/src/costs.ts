// The seed's two army movement cost tables, as data, row by row in the seed's own words.
//
// Source: seeds/003-army-character-navy-movement.txt, "Mixed Army Movement Costs" and "Cavalry Only Army
// Movement Costs": 22 rows x 4 columns each (Fed Normal, Unfed Normal, Fed Road, Unfed Road).
// The tables are the authority: they are not a formula (see docs/rules-mepbm.md, "Movement costs").
// The cavalry "Mountains, Unfed Normal" cell reads "Not alllowed" in the seed (a typo): not allowed.
//
// Reading a cell: the row is chosen by the terrain entered and the feature on the crossed side
// (crossingOf); the column by whether a road runs along that exact side and whether the army is fed.
// Coast and sea hexes use the Seas/Coast row; a side with a major river and no bridge or ford uses the
// Major River row; a side with a bridge or a ford uses the "with Bridge/Ford" row even if a river runs
// there too (that is how a major river is crossed).

import { FEATURE_BIT, FEATURE_SET_COUNT, TERRAINS, TERRAIN_CODE, TERRAIN_CODE_COUNT } from './map.ts';
import type { Terrain } from './types.ts';

export type CostTableName = 'mixed' | 'cavalry';
export type Crossing = 'none' | 'bridge-ford' | 'minor-river' | 'major-river';
export type Cell = number | 'not-allowed';

/** One row of a seed table: its words, which terrains and crossing it covers, and its four cells. */
export interface CostRow {
  /** The row's label as the seed writes it. */
  readonly label: string;
  readonly terrains: readonly Terrain[];
  /** The crossing the row is for; null for the Seas/Coast row, which applies whatever the crossing. */
  readonly crossing: Crossing | null;
  /** Fed Normal, Unfed Normal, Fed Road, Unfed Road. */
  readonly cells: readonly [Cell, Cell, Cell, Cell];
}

export const COST_COLUMNS: readonly string[] = Object.freeze(['Fed Normal Cost', 'Unfed Normal Cost', 'Fed Road Cost', 'Unfed Road Cost']);

const X = 'not-allowed' as const;

const row = (label: string, terrains: readonly Terrain[], crossing: Crossing | null, cells: [Cell, Cell, Cell, Cell]): CostRow =>
  Object.freeze({ label, terrains: Object.freeze(terrains), crossing, cells: Object.freeze(cells) as CostRow['cells'] });

const LAND: readonly Terrain[] = ['shore', 'plains', 'hills', 'forest', 'desert', 'swamp', 'mountains'];

export const COST_TABLES: Readonly<Record<CostTableName, readonly CostRow[]>> = Object.freeze({
  mixed: Object.freeze([
    row('Shore', ['shore'], 'none', [3, 4, 2, 3]),
    row('Plains', ['plains'], 'none', [3, 4, 2, 3]),
    row('Hills & Rough', ['hills'], 'none', [5, 7, 3, 4]),
    row('Mixed Forest', ['forest'], 'none', [5, 7, 3, 4]),
    row('Desert Wastes', ['desert'], 'none', [4, 6, 2, 3]),
    row('Fens & Swamp', ['swamp'], 'none', [6, 8, 3, 4]),
    row('Mountains', ['mountains'], 'none', [12, X, 6, 8]),
    row('Shore/Plains with Bridge/Ford', ['shore', 'plains'], 'bridge-ford', [4, 6, 3, 4]),
    row('Rough with Bridge/Ford', ['hills'], 'bridge-ford', [6, 8, 4, 6]),
    row('Forest with Bridge/Ford', ['forest'], 'bridge-ford', [6, 8, 4, 6]),
    row('Desert with Bridge/Ford', ['desert'], 'bridge-ford', [5, 7, 3, 4]),
    row('Swamp with Bridge/Ford', ['swamp'], 'bridge-ford', [7, 10, 4, 6]),
    row('Mountains with Bridge/Ford', ['mountains'], 'bridge-ford', [X, X, 7, 10]),
    row('Shore with Minor River', ['shore'], 'minor-river', [5, 7, 4, 6]),
    row('Plains with Minor River', ['plains'], 'minor-river', [5, 7, 4, 6]),
    row('Rough with Minor River', ['hills'], 'minor-river', [7, 10, 5, 7]),
    row('Forest with Minor River', ['forest'], 'minor-river', [7, 10, 5, 7]),
    row('Desert with Minor River', ['desert'], 'minor-river', [6, 8, 4, 6]),
    row('Swamp with Minor River', ['swamp'], 'minor-river', [8, 11, 5, 7]),
    row('Mountains with Minor River', ['mountains'], 'minor-river', [X, X, 8, 11]),
    row('Major River', LAND, 'major-river', [X, X, X, X]),
    row('Seas/Coast', ['coast', 'sea'], null, [X, X, X, X]),
  ]),
  cavalry: Object.freeze([
    row('Shore', ['shore'], 'none', [2, 3, 1, 2]),
    row('Plains', ['plains'], 'none', [2, 3, 1, 2]),
    row('Hills & Rough', ['hills'], 'none', [3, 4, 1, 2]),
    row('Mixed Forest', ['forest'], 'none', [5, 7, 2, 3]),
    row('Desert Wastes', ['desert'], 'none', [2, 3, 1, 2]),
    row('Fens & Swamp', ['swamp'], 'none', [5, 7, 2, 3]),
    row('Mountains', ['mountains'], 'none', [12, X, 3, 4]), // seed: "Not alllowed"
    row('Shore/Plains with Bridge/Ford', ['shore', 'plains'], 'bridge-ford', [3, 4, 2, 3]),
    row('Rough with Bridge/Ford', ['hills'], 'bridge-ford', [4, 6, 2, 3]),
    row('Forest with Bridge/Ford', ['forest'], 'bridge-ford', [7, 10, 3, 4]),
    row('Desert with Bridge/Ford', ['desert'], 'bridge-ford', [3, 4, 2, 3]),
    row('Swamp with Bridge/Ford', ['swamp'], 'bridge-ford', [6, 8, 3, 4]),
    row('Mountains with Bridge/Ford', ['mountains'], 'bridge-ford', [X, X, 4, 6]),
    row('Shore with Minor River', ['shore'], 'minor-river', [4, 6, 3, 4]),
    row('Plains with Minor River', ['plains'], 'minor-river', [4, 6, 3, 4]),
    row('Rough with Minor River', ['hills'], 'minor-river', [5, 7, 3, 4]),
    row('Forest with Minor River', ['forest'], 'minor-river', [7, 10, 5, 7]),
    row('Desert with Minor River', ['desert'], 'minor-river', [4, 6, 3, 4]),
    row('Swamp with Minor River', ['swamp'], 'minor-river', [7, 10, 5, 7]),
    row('Mountains with Minor River', ['mountains'], 'minor-river', [14, X, 5, 7]),
    row('Major River', LAND, 'major-river', [X, X, X, X]),
    row('Seas/Coast', ['coast', 'sea'], null, [X, X, X, X]),
  ]),
});

/** The crossing a side's features make: bridge or ford first (even over a river), then major, then minor river. */
export function crossingOf(featureBits: number): Crossing {
  if ((featureBits & (FEATURE_BIT.bridge | FEATURE_BIT.ford)) !== 0) return 'bridge-ford';
  if ((featureBits & FEATURE_BIT['major-river']) !== 0) return 'major-river';
  if ((featureBits & FEATURE_BIT['minor-river']) !== 0) return 'minor-river';
  return 'none';
}

/** True when a road runs along the side. */
export function isRoad(featureBits: number): boolean {
  return (featureBits & FEATURE_BIT.road) !== 0;
}

/** The row of `table` that applies to entering `terrain` across a side with `crossing`. */
export function costRow(table: CostTableName, terrain: Terrain, crossing: Crossing): CostRow {
  const rows = COST_TABLES[table];
  // Seas/Coast first: it applies whatever the side carries.
  for (const r of rows) {
    if (r.crossing === null && r.terrains.includes(terrain)) return r;
  }
  for (const r of rows) {
    if (r.crossing === crossing && r.terrains.includes(terrain)) return r;
  }
  // Unreachable for valid input: every land terrain has a row for every crossing.
  throw new RangeError(`no ${table} cost row for terrain ${JSON.stringify(terrain)} with crossing ${JSON.stringify(crossing)}`);
}

/** The cell of a seed table: the MP to enter `terrain` across a side with `crossing`. */
export function tableCost(table: CostTableName, terrain: Terrain, crossing: Crossing, road: boolean, fed: boolean): Cell {
  return costRow(table, terrain, crossing).cells[(road ? 2 : 0) + (fed ? 0 : 1)] as Cell;
}

// ---------------------------------------------------------------------------------------------------
// Integer fast path for the resolution's hot loop: one typed-array read per step, no allocation.

/** Value of `stepCost` for a cell that says "not allowed". */
export const COST_NOT_ALLOWED = -1;

export const COST_TABLE_CODE: Readonly<Record<CostTableName, number>> = Object.freeze({ mixed: 0, cavalry: 1 });

/** [table][terrain code][feature bits][unfed] → MP, or COST_NOT_ALLOWED. Built from COST_TABLES. */
const FAST = new Int8Array(2 * TERRAIN_CODE_COUNT * FEATURE_SET_COUNT * 2).fill(COST_NOT_ALLOWED);
for (const table of ['mixed', 'cavalry'] as const) {
  for (const terrain of TERRAINS) {
    for (let bits = 0; bits < FEATURE_SET_COUNT; bits++) {
      for (let unfed = 0; unfed < 2; unfed++) {
        const cell = tableCost(table, terrain, crossingOf(bits), isRoad(bits), unfed === 0);
        FAST[((COST_TABLE_CODE[table] * TERRAIN_CODE_COUNT + TERRAIN_CODE[terrain]) * FEATURE_SET_COUNT + bits) * 2 + unfed] =
          cell === 'not-allowed' ? COST_NOT_ALLOWED : cell;
      }
    }
  }
}

// Literal strides in the hot function: under loaders that compile modules to CommonJS (tsx's require
// hook, vitest), an imported constant is a getter call on every use, 100x slower than a literal.
if (TERRAIN_CODE_COUNT !== 10 || FEATURE_SET_COUNT !== 32) {
  throw new Error('costs.ts: stepCost strides are out of date with map.ts');
}

/**
 * The table cell as an integer, for index-based code: `tableCode` from COST_TABLE_CODE, `terrainCode`
 * from TERRAIN_CODE (0, no hex, is not allowed), `featureBits` of the crossed side, `fed`.
 * Returns the MP or COST_NOT_ALLOWED (-1). Same values as `tableCost`.
 */
export function stepCost(tableCode: number, terrainCode: number, featureBits: number, fed: boolean): number {
  return FAST[((tableCode * 10 + terrainCode) * 32 + (featureBits & 31)) * 2 + (fed ? 0 : 1)] as number;
}
