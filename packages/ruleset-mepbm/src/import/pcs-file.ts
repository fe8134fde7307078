// JOverseer's `.pcs` file: one population centre per line (PopulationCenterReader):
//   "<hex>",0,<size>,<fortification>,<nation>,<allegiance>,<harbour>,"<name>",<loyalty>,<capital>,_,_,<hidden>
// Sizes 1 camp .. 5 city, anything else (0, 6) ruins; fortifications 0 none .. 5 citadel; nation 0 is
// no one; allegiance 1 Free Peoples, 2 Dark Servants, 3 neutral; capital and hidden are True/False.
// Harbour codes: 1 port and 2 harbour, except in the 2950 files, which swap them (1 harbour, 2 port),
// as JOverseer's own reader says.
import type { Fortification, PopulationCentreSize } from '../types.ts';
import type { Allegiance, Dock } from '../state.ts';
import { type FilePosition, type ImportNote, fieldAt, hexOfField, readRecords } from './records.ts';

const SIZES: Readonly<Record<string, PopulationCentreSize>> = Object.freeze({ '1': 'camp', '2': 'village', '3': 'town', '4': 'major-town', '5': 'city' });
const FORTIFICATIONS: Readonly<Record<string, Fortification>> = Object.freeze({ '0': 'none', '1': 'tower', '2': 'fort', '3': 'castle', '4': 'keep', '5': 'citadel' });
const ALLEGIANCE_CODES: Readonly<Record<string, Allegiance>> = Object.freeze({ '1': 'free-peoples', '2': 'dark-servants', '3': 'neutral' });
const DOCKS: Readonly<Record<string, Dock>> = Object.freeze({ '0': 'none', '1': 'port', '2': 'harbour' });
const DOCKS_SWAPPED: Readonly<Record<string, Dock>> = Object.freeze({ '0': 'none', '1': 'harbour', '2': 'port' });

export interface PcsCentre {
  kind: 'centre';
  hex: string;
  name: string;
  size: PopulationCentreSize;
  fortification: Fortification;
  /** JOverseer's nation number, 1.. */
  nation: number;
  allegiance: Allegiance | null;
  dock: Dock;
  capital: boolean;
  hidden: boolean;
  at: FilePosition;
}

export interface PcsRuin {
  kind: 'ruins';
  hex: string;
  name: string;
  at: FilePosition;
}

export type PcsEntry = PcsCentre | PcsRuin;

/** The population centres and ruins of a `.pcs` file; `swappedHarbours` for the 2950 files. */
export function readPcsFile(text: string, file: string, swappedHarbours: boolean, notes: ImportNote[]): PcsEntry[] {
  const out: PcsEntry[] = [];
  const docks = swappedHarbours ? DOCKS_SWAPPED : DOCKS;
  for (const r of readRecords(text, file, notes)) {
    const f = r.fields;
    const hex = hexOfField(f[0] ?? '');
    const problem = (k: number, message: string): void => {
      notes.push({ kind: 'error', message, at: fieldAt(file, r, k) });
    };
    if (f.length < 13) {
      problem(f.length - 1, `a population centre line has 13 fields; this one has ${f.length}`);
      continue;
    }
    if (hex === null) {
      problem(0, `"${f[0]}" is not a hex number (four digits, such as "2915")`);
      continue;
    }
    const name = (f[7] as string).trim() === '' ? `Population centre ${hex}` : (f[7] as string).trim();
    const at = fieldAt(file, r, 0);
    const size = SIZES[f[2] as string];
    if (size === undefined) {
      out.push({ kind: 'ruins', hex, name, at });
      continue;
    }
    const fortification = FORTIFICATIONS[f[3] as string];
    const nation = /^\d{1,2}$/.test(f[4] as string) ? Number(f[4]) : -1;
    const dock = docks[f[6] as string];
    if (fortification === undefined) problem(3, `${name} (${hex}): fortification "${f[3]}" is not one of 0 to 5`);
    else if (nation < 0) problem(4, `${name} (${hex}): nation "${f[4]}" is not a nation number`);
    else if (dock === undefined) problem(6, `${name} (${hex}): harbour "${f[6]}" is not one of 0, 1, 2`);
    else {
      out.push({
        kind: 'centre',
        hex,
        name,
        size,
        fortification,
        nation,
        allegiance: ALLEGIANCE_CODES[f[5] as string] ?? null,
        dock,
        capital: f[9] === 'True',
        hidden: f[12] === 'True',
        at,
      });
    }
  }
  return out;
}
