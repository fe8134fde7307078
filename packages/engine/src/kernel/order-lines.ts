// The order text every ruleset reads: one order a line, its entries separated by commas, a comment from
// `#` (or `;`) to the end of the line. This file reads that shape once: which lines carry an order, and
// each entry's text with the column where it starts, so that a ruleset's mistakes point at the right
// place. What the entries mean is the ruleset's.

/** One comma-separated entry of an order line: trimmed, with the 1-based column of its first character. */
export interface OrderEntry {
  text: string;
  column: number;
}

/** A line that carries an order: its 1-based number and its entries (at least one). */
export interface OrderLine {
  line: number;
  entries: OrderEntry[];
}

export interface OrderLineOptions {
  /** The characters that start a comment (default `#` and `;`). */
  comment?: readonly string[];
}

// Written as loops over character codes rather than split and trim (the same entries and columns): a
// turn's orders are read line by line, 13,000 of them in mepbm's benchmark turn.

const SPACE = /\s/;

/** Whether the character at `i` is white space as String.prototype.trim sees it (the same set as /\s/). */
function isSpace(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c === 32 || c === 9) return true;
  if (c < 128) return c >= 10 && c <= 13;
  return SPACE.test(s[i]!);
}

/** The entries of a line's body (comment already cut), each trimmed, with its column (an empty entry's is its comma's or the line end's). */
export function orderEntries(body: string): OrderEntry[] {
  const out: OrderEntry[] = [];
  let start = 0;
  for (let i = 0; i <= body.length; i++) {
    if (i === body.length || body.charCodeAt(i) === 44 /* , */) {
      let a = start;
      while (a < i && isSpace(body, a)) a++;
      let b = i;
      while (b > a && isSpace(body, b - 1)) b--;
      out.push({ text: body.slice(a, b), column: a < i ? a + 1 : i + 1 });
      start = i + 1;
    }
  }
  return out;
}

/** Where the line's comment starts (its length when it has none). */
function commentStart(line: string, marks: readonly string[] | null): number {
  if (marks === null) {
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c === 35 /* # */ || c === 59 /* ; */) return i;
    }
    return line.length;
  }
  let cut = line.length;
  for (const m of marks) {
    const at = line.indexOf(m);
    if (at >= 0 && at < cut) cut = at;
  }
  return cut;
}

function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isSpace(s, i)) return false;
  return true;
}

/**
 * The lines of a text, as every order reader counts them: lines end at CRLF, LF or a lone CR, and a
 * byte-order mark at the start is not part of the first line. Line i + 1 is `textLines(text)[i]`.
 */
export function textLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[0]!.charCodeAt(0) === 0xfeff) lines[0] = lines[0]!.slice(1);
  return lines;
}

/**
 * The lines of an order text that carry an order. Lines end at CRLF, LF or a lone CR; a byte-order mark
 * at the start is not part of the first line; a comment runs to the end of its line; a line that is
 * blank once its comment is cut carries no order. A trailing comma is allowed: empty entries at the end
 * of a line are dropped (down to two, so that "unit," still shows an empty second entry).
 */
export function orderLines(text: string, options: OrderLineOptions = {}): OrderLine[] {
  const out: OrderLine[] = [];
  eachOrderLine(text, (line, entries) => out.push({ line, entries }), options);
  return out;
}

/**
 * orderLines one line at a time: `visit` gets each line that carries an order (its number and entries), in
 * text order, and nothing of it is kept, so a long text's entries need not all live at once (mepbm reads 13,000 orders a turn).
 */
export function eachOrderLine(text: string, visit: (line: number, entries: OrderEntry[]) => void, options: OrderLineOptions = {}): void {
  // The default marks (`#` and `;`) are looked for in one pass.
  const marks = options.comment ?? null;
  const lines = textLines(text);
  for (let i = 0; i < lines.length; i++) {
    const src = lines[i]!;
    const cut = commentStart(src, marks);
    const body = cut === src.length ? src : src.slice(0, cut);
    if (isBlank(body)) continue;
    const entries = orderEntries(body);
    while (entries.length > 2 && entries[entries.length - 1]!.text === '') entries.pop();
    visit(i + 1, entries);
  }
}

/**
 * An entry quoted in a mistake's message: JSON-quoted, and cut at 24 characters (code points, so that an
 * emoji or other character outside the Basic Multilingual Plane is never split into a lone surrogate).
 */
export function quoteEntry(s: string): string {
  const chars = [...s];
  return JSON.stringify(chars.length > 24 ? `${chars.slice(0, 24).join('')}…` : s);
}

/** A player's mistake as every receipt, report and summary words it: `line 3, col 7: <message>`. */
export function formatOrderError(e: { line: number; column: number; message: string }): string {
  return `line ${e.line}, col ${e.column}: ${e.message}`;
}

/**
 * A unit's id as a player wrote it (a cancel line's first entry): lower-case letters, digits and `-`,
 * starting with a letter; or why not, in the game's word for the unit ("hero", "figure", "mech").
 */
export function readUnitId(raw: string, unitWord: string): { ok: true; unit: string } | { ok: false; message: string } {
  const id = raw.trim().toLowerCase();
  if (id === '') return { ok: false, message: `the ${unitWord} name is missing` };
  if (!/^[a-z][a-z0-9-]*$/.test(id)) return { ok: false, message: `${quoteEntry(raw.trim())} is not a ${unitWord} id (letters, digits and -, starting with a letter)` };
  return { ok: true, unit: id };
}
