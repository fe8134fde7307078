// JOverseer's `.traffic` file: one line per feature on one side of a hex, `"<hex>",0,<side>,<element>`.
// Sides (HexReader): 1 ne, 2 e, 3 se, 4 sw, 5 w, 6 nw. Elements (HexSideElementEnum): 1 ford, 2 bridge,
// 3 major river, 4 minor river, 5 road.
import type { Direction, HexsideFeature } from '../types.ts';
import { type FilePosition, type ImportNote, fieldAt, hexOfField, readRecords } from './records.ts';

export const SIDE_CODES: Readonly<Record<string, Direction>> = Object.freeze({ '1': 'ne', '2': 'e', '3': 'se', '4': 'sw', '5': 'w', '6': 'nw' });

export const ELEMENT_CODES: Readonly<Record<string, HexsideFeature>> = Object.freeze({
  '1': 'ford',
  '2': 'bridge',
  '3': 'major-river',
  '4': 'minor-river',
  '5': 'road',
});

export interface TrafficEntry {
  hex: string;
  dir: Direction;
  feature: HexsideFeature;
  at: FilePosition;
}

/** The side features of a `.traffic` file, in file order; a bad line is an error note and is left out. */
export function readTrafficFile(text: string, file: string, notes: ImportNote[]): TrafficEntry[] {
  const out: TrafficEntry[] = [];
  for (const r of readRecords(text, file, notes)) {
    const hex = hexOfField(r.fields[0] ?? '');
    const dir = SIDE_CODES[r.fields[2] ?? ''];
    const feature = ELEMENT_CODES[r.fields[3] ?? ''];
    if (hex === null) notes.push({ kind: 'error', message: `"${r.fields[0] ?? ''}" is not a hex number (four digits, such as "2915")`, at: fieldAt(file, r, 0) });
    else if (dir === undefined) notes.push({ kind: 'error', message: `hex ${hex}: side "${r.fields[2] ?? ''}" is not one of 1 to 6 (ne e se sw w nw)`, at: fieldAt(file, r, 2) });
    else if (feature === undefined) {
      notes.push({ kind: 'error', message: `hex ${hex}: element "${r.fields[3] ?? ''}" is not one of 1 ford, 2 bridge, 3 major river, 4 minor river, 5 road`, at: fieldAt(file, r, 3) });
    } else out.push({ hex, dir, feature, at: fieldAt(file, r, 0) });
  }
  return out;
}
