// JOverseer's character files, `;`-separated (`#` lines are comments):
// - `<game>.chars.csv`, each game's starting characters as JOverseer's CharacterReader reads it:
//   `<nation>;<name>;<command>;<agent>;<emissary>;<mage>;<stealth>;<challenge>[;...]`; no hex.
// - `<game>.startchars`, where starting characters stand (1650 and others; not 2950), as its
//   StartingCharacterReader reads it: `<hex>;<name>;<allegiance>;<nation>`.
// A character's JOverseer id is the first five characters of its name, lower case (both readers).
import { type FilePosition, type ImportNote, fieldAt, hexOfField, readRecords } from './records.ts';

export interface StartCharacter {
  nation: number;
  name: string;
  /** The command rank (an army commander's skill); 0 when the file gives none. */
  command: number;
  /** Where it stands, when a `.startchars` file says. */
  hex?: string;
  at: FilePosition;
}

const rank = (s: string | undefined): number | null => (s === undefined || s === '' ? 0 : /^\d{1,3}$/.test(s) && Number(s) <= 100 ? Number(s) : null);

/** JOverseer's id of a character: the first five characters of its name, lower case. */
export function joverseerIdOf(name: string): string {
  return name.toLowerCase().slice(0, 5);
}

/** The characters of a `.chars.csv` file, in file order. */
export function readCharactersFile(text: string, file: string, notes: ImportNote[]): StartCharacter[] {
  const out: StartCharacter[] = [];
  for (const r of readRecords(text, file, notes, ';')) {
    const nation = rank(r.fields[0]);
    const name = (r.fields[1] ?? '').trim();
    const command = rank(r.fields[2]);
    if (nation === null || nation < 1) notes.push({ kind: 'error', message: `"${r.fields[0] ?? ''}" is not a nation number`, at: fieldAt(file, r, 0) });
    else if (name === '') notes.push({ kind: 'error', message: 'the character has no name', at: fieldAt(file, r, 1) });
    else if (command === null) notes.push({ kind: 'error', message: `${name}: "${r.fields[2] ?? ''}" is not a command rank (0 to 100)`, at: fieldAt(file, r, 2) });
    else out.push({ nation, name, command, at: fieldAt(file, r, 1) });
  }
  return out;
}

/** The characters of a `.startchars` file, with their hexes, in file order. */
export function readStartCharactersFile(text: string, file: string, notes: ImportNote[]): StartCharacter[] {
  const out: StartCharacter[] = [];
  for (const r of readRecords(text, file, notes, ';')) {
    const hex = hexOfField(r.fields[0] ?? '');
    const name = (r.fields[1] ?? '').trim();
    const nation = rank(r.fields[3]);
    if (hex === null) notes.push({ kind: 'error', message: `"${r.fields[0] ?? ''}" is not a hex number (four digits, column then row)`, at: fieldAt(file, r, 0) });
    else if (name === '') notes.push({ kind: 'error', message: 'the character has no name', at: fieldAt(file, r, 1) });
    else if (nation === null || nation < 1) notes.push({ kind: 'error', message: `"${r.fields[3] ?? ''}" is not a nation number`, at: fieldAt(file, r, 3) });
    else out.push({ nation, name, command: 0, hex, at: fieldAt(file, r, 1) });
  }
  return out;
}
