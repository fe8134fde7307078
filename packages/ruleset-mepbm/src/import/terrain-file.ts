// JOverseer's `.terrain` file: one line per hex, `"<hex>",<terrain code>`. The codes are JOverseer's
// (HexTerrainEnum): 1 plains, 2 shore, 3 forest, 4 swamp, 5 hills and rough, 6 mountains, 7 desert,
// 8 "sea" (coastal water: Arbiter's coast), 9 "ocean" (open sea: Arbiter's sea).
import type { Terrain } from '../types.ts';
import { type ImportNote, fieldAt, hexOfField, readRecords } from './records.ts';

export const TERRAIN_CODES: Readonly<Record<string, Terrain>> = Object.freeze({
  '1': 'plains',
  '2': 'shore',
  '3': 'forest',
  '4': 'swamp',
  '5': 'hills',
  '6': 'mountains',
  '7': 'desert',
  '8': 'coast',
  '9': 'sea',
});

export interface TerrainHex {
  hex: string;
  terrain: Terrain;
}

/** The hexes of a `.terrain` file, in file order; a bad line is an error note and is left out. */
export function readTerrainFile(text: string, file: string, notes: ImportNote[]): TerrainHex[] {
  const out: TerrainHex[] = [];
  const seen = new Map<string, number>();
  for (const r of readRecords(text, file, notes)) {
    const hex = hexOfField(r.fields[0] ?? '');
    if (hex === null) {
      notes.push({ kind: 'error', message: `"${r.fields[0] ?? ''}" is not a hex number (four digits, column then row, such as "2915")`, at: fieldAt(file, r, 0) });
      continue;
    }
    const terrain = TERRAIN_CODES[r.fields[1] ?? ''];
    if (terrain === undefined) {
      notes.push({ kind: 'error', message: `hex ${hex}: terrain code "${r.fields[1] ?? ''}" is not one of 1 to 9`, at: fieldAt(file, r, 1) });
      continue;
    }
    const prev = seen.get(hex);
    if (prev !== undefined) {
      notes.push({ kind: 'error', message: `hex ${hex} is listed twice (first on line ${prev})`, at: fieldAt(file, r, 0) });
      continue;
    }
    seen.set(hex, r.line);
    out.push({ hex, terrain });
  }
  return out;
}
