// JOverseer's order file (docs/orders-mepbm.md, "Order files"): the text between a `BEGINMEAUTOINPUT` line and
// an `ENDMEAUTOINPUT` line. Its first line is the header, `<game>,<nation>,<account>,<secret>,<player>,
// <due date>,<YES|NO>,<order count>`; every other line is one order, `<character id padded to 5>,<order
// number>,<p1>,...,<p15>`, empty parameters written `--` (for 830/850/860 the travel mode is p1 and the
// directions follow); an unused order slot is a line with order number `-1` (JOverseer's
// OrderFileGenerator writes one for every slot a character leaves empty), read as nothing. This file
// turns such a text into ordinary order lines in place: the header, the empty slots and every line
// outside the block are blanked and each order line is cut before its trailing `--`, so line and column
// numbers stay those of the file.
import { textLines } from '@arbiter/engine';
import type { OrderError } from './types.ts';

/** The game and nation numbers of the header the orders came with. */
export interface OrderFileOrigin {
  game: number;
  nation: number;
  /** The header's line, 1-based. */
  line: number;
}

export interface OrderFileText {
  /** The order lines in their places, everything else blank. */
  text: string;
  origin: OrderFileOrigin | null;
  errors: OrderError[];
}

const BEGIN = 'BEGINMEAUTOINPUT';
const END = 'ENDMEAUTOINPUT';

const firstWord = (line: string): string => line.trim().toUpperCase();

/** Whether a text holds a JOverseer order file (a line `BEGINMEAUTOINPUT`). */
export function hasOrderFile(text: string): boolean {
  // One scan without a copy: parseOrders asks this of every text, a turn's standing orders too.
  return BEGIN_ANYWHERE.test(text);
}

const BEGIN_ANYWHERE = /BEGINMEAUTOINPUT/i;
const BEGIN_LINE = /^[\uFEFF \t]*BEGINMEAUTOINPUT[ \t]*\r?$/im;

/** Whether a text is a JOverseer order file, whatever its name: one of its lines is `BEGINMEAUTOINPUT` (the ruleset's `orders.recognises`). */
export function isOrderFile(text: string): boolean {
  return BEGIN_LINE.test(text);
}

/** The order lines of a JOverseer order file in place, or null when the text holds none. */
export function readOrderFile(text: string): OrderFileText | null {
  if (!hasOrderFile(text)) return null;
  // The kernel's lines (its order-line reader counts them the same way: line i + 1 is lines[i]).
  const lines = textLines(text);
  const begin = lines.findIndex((l) => firstWord(l) === BEGIN);
  if (begin < 0) return null;
  const errors: OrderError[] = [];
  const out = lines.map(() => '');
  let origin: OrderFileOrigin | null = null;
  let ended = false;
  let headerSeen = false;
  for (let i = begin + 1; i < lines.length; i++) {
    const raw = lines[i] as string;
    if (firstWord(raw) === END) {
      ended = true;
      break;
    }
    if (raw.trim() === '') continue;
    if (!headerSeen) {
      headerSeen = true;
      origin = readHeader(raw, i + 1, errors);
      continue;
    }
    out[i] = orderLine(raw, i + 1, errors);
  }
  if (!headerSeen) errors.push({ line: begin + 1, column: 1, message: `the order file has no header line after ${BEGIN} (game number, nation number, ...)` });
  if (!ended) errors.push({ line: lines.length, column: 1, message: `the order file has no ${END} line: it may have been cut short; the orders above were read` });
  return { text: out.join('\n'), origin, errors };
}

function readHeader(raw: string, line: number, errors: OrderError[]): OrderFileOrigin | null {
  const fields = raw.split(',');
  const game = (fields[0] ?? '').trim();
  const nation = (fields[1] ?? '').trim();
  const nationColumn = (fields[0] ?? '').length + 2;
  if (!/^\d{1,9}$/.test(game)) {
    errors.push({ line, column: 1, message: `the order file's header starts with the game number; "${game}" is not a number` });
    return null;
  }
  if (!/^\d{1,2}$/.test(nation)) {
    errors.push({ line, column: nationColumn, message: `the order file's header gives the nation number second; "${nation}" is not a nation number` });
    return null;
  }
  return { game: Number(game), nation: Number(nation), line };
}

/** An empty order slot as JOverseer writes it: `<id>,-1,--,...`. */
const EMPTY_SLOT = /^[^,]*,\s*-1\s*(,|$)/;

/** An order line cut before its trailing `--` parameters; a `--` before a given parameter is an error. */
function orderLine(raw: string, line: number, errors: OrderError[]): string {
  if (EMPTY_SLOT.test(raw)) return '';
  let gap = -1;
  let start = 0;
  let index = 0;
  let lastGiven = 0;
  for (;;) {
    const comma = raw.indexOf(',', start);
    const stop = comma < 0 ? raw.length : comma;
    const cell = raw.slice(start, stop).trim();
    if (index >= 2 && cell === '--') {
      if (gap < 0) gap = start;
    } else if (cell !== '') {
      if (gap >= 0 && index >= 2) {
        errors.push({ line, column: gap + 1, message: 'an empty parameter (--) comes before a given one; JOverseer writes -- only after the last parameter' });
        return '';
      }
      lastGiven = stop;
    }
    if (comma < 0) break;
    start = comma + 1;
    index++;
  }
  return raw.slice(0, lastGiven);
}
