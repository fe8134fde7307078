// The lines of a JOverseer data file as records: a byte-order mark at the start is dropped, blank lines
// are skipped, fields are split at commas and a field's surrounding double quotes removed. The files
// (.terrain, .traffic, .pcs) quote names but never put a comma or a quote inside one, so this is the
// whole of the format (docs/import.md); a quote left open is a problem named with its line and column.
import { parseHexId } from '@arbiter/engine';

/** Where something was read: the file's name as the caller gave it, line and column 1-based. */
export interface FilePosition {
  file: string;
  line: number;
  column: number;
}

/** One problem or choice of the import, with where it comes from when it comes from one place. */
export interface ImportNote {
  kind: 'error' | 'warning' | 'decision';
  message: string;
  at?: FilePosition;
}

export interface DataRecord {
  line: number;
  /** Field values, quotes removed. */
  fields: string[];
  /** 1-based column where each field starts. */
  columns: number[];
}

/**
 * `separator`: `,` (.terrain, .traffic, .pcs) or `;` (.startarmies, .startchars, .chars.csv, whose lines
 * starting with `#` are comments, as JOverseer's CommentedBufferedReader skips them).
 */
export function readRecords(text: string, file: string, notes: ImportNote[], separator: ',' | ';' = ','): DataRecord[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const offset = body.length === text.length ? 0 : 1;
  const out: DataRecord[] = [];
  const lines = body.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    if (raw.trim() === '' || (separator === ';' && raw.startsWith('#'))) continue;
    const fields: string[] = [];
    const columns: number[] = [];
    let start = 0;
    let ok = true;
    while (start <= raw.length) {
      const end = raw.indexOf(separator, start);
      const cell = raw.slice(start, end < 0 ? raw.length : end).trim();
      const column = start + 1 + (i === 0 ? offset : 0);
      if (cell.startsWith('"') !== (cell.endsWith('"') && cell.length > 1)) {
        notes.push({ kind: 'error', message: `a quote is opened and not closed (or closed and not opened): ${cell}`, at: { file, line: i + 1, column } });
        ok = false;
        break;
      }
      fields.push(cell.startsWith('"') ? cell.slice(1, -1) : cell);
      columns.push(column);
      if (end < 0) break;
      start = end + 1;
    }
    if (ok) out.push({ line: i + 1, fields, columns });
  }
  return out;
}

/** Position of field `k` of a record (its last field's column when there are fewer fields). */
export function fieldAt(file: string, r: DataRecord, k: number): FilePosition {
  return { file, line: r.line, column: r.columns[Math.min(k, r.columns.length - 1)] ?? 1 };
}

/** A JOverseer hex number ("0101", quoted in the files) as Arbiter's hex id, or null. */
export function hexOfField(s: string): string | null {
  return /^\d{4}$/.test(s) && parseHexId(s) !== null ? s : null;
}
