// JOverseer's `.startarmies` file: each game's starting armies and navies, one a line, `;`-separated
// (`#` lines are comments), as JOverseer's DetailArmyReader reads it:
//   <hex>;<commander>;<allegiance>;<nation>;<navy 0|1>;<size>;<troops>;<morale>;
//   then groups of five, <element>;<number>;<training>;<weapons>;<armor>, for the elements
//   HC LC HI LI AR MA (troops by type), WM (war machines), WA (warships), TR (transports).
// The commander is "Unknown (Map Icon)" in the real files: they do not say who leads which army.
import type { TroopType, Troops } from '../types.ts';
import { type FilePosition, type ImportNote, fieldAt, hexOfField, readRecords } from './records.ts';

export interface StartArmy {
  hex: string;
  nation: number;
  /** The file's navy flag: the force is a fleet carrying its troops. */
  navy: boolean;
  morale: number;
  troops: Troops;
  warships: number;
  transports: number;
  at: FilePosition;
}

const TROOPS: Readonly<Record<string, TroopType>> = Object.freeze({
  HC: 'heavyCavalry',
  LC: 'lightCavalry',
  HI: 'heavyInfantry',
  LI: 'lightInfantry',
  AR: 'archers',
  MA: 'menAtArms',
});

const count = (s: string | undefined): number | null => (s === undefined || s === '' ? 0 : /^\d{1,6}$/.test(s) ? Number(s) : null);

/** The forces of a `.startarmies` file, in file order; a line that cannot be read is an error note. */
export function readStartArmiesFile(text: string, file: string, notes: ImportNote[]): StartArmy[] {
  const out: StartArmy[] = [];
  for (const r of readRecords(text, file, notes, ';')) {
    const f = r.fields;
    const hex = hexOfField(f[0] ?? '');
    const nation = count(f[3]);
    const morale = count(f[7]);
    if (hex === null) {
      notes.push({ kind: 'error', message: `"${f[0] ?? ''}" is not a hex number (four digits, column then row)`, at: fieldAt(file, r, 0) });
      continue;
    }
    if (nation === null || nation < 1 || nation > 99) {
      notes.push({ kind: 'error', message: `"${f[3] ?? ''}" is not a nation number (1 to 99)`, at: fieldAt(file, r, 3) });
      continue;
    }
    if (morale === null || morale > 100) {
      notes.push({ kind: 'error', message: `"${f[7] ?? ''}" is not a morale (0 to 100)`, at: fieldAt(file, r, 7) });
      continue;
    }
    const army: StartArmy = { hex, nation, navy: f[4] === '1', morale, troops: {}, warships: 0, transports: 0, at: fieldAt(file, r, 0) };
    let ok = true;
    for (let k = 8; k < f.length && ok; k += 5) {
      const element = f[k] ?? '';
      if (element === '') continue;
      const n = count(f[k + 1]);
      if (n === null) {
        notes.push({ kind: 'error', message: `${element}: "${f[k + 1] ?? ''}" is not a number of troops or ships`, at: fieldAt(file, r, k + 1) });
        ok = false;
      } else if (n === 0) continue;
      else if (TROOPS[element] !== undefined) army.troops[TROOPS[element]] = n;
      else if (element === 'WA') army.warships = n;
      else if (element === 'TR') army.transports = n;
      else if (element === 'WM') notes.push({ kind: 'warning', message: `${n} war machines at ${hex}: Arbiter's armies have none; left out`, at: fieldAt(file, r, k) });
      else {
        notes.push({ kind: 'error', message: `"${element}" is not an army element (HC, LC, HI, LI, AR, MA, WM, WA, TR)`, at: fieldAt(file, r, k) });
        ok = false;
      }
    }
    if (ok) out.push(army);
  }
  return out;
}
