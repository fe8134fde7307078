// Orders: one line per figure, comma separated, as in the other rulesets (docs/orders-descent.md).
//
//   grisban, 1, run, n, ne, open d1, e, e          place 1 in the heroes' order; run; steps; a door
//   jain, advance, fatigue 2, e, attack skel-1, w  fatigue for MP; an attack during the movement
//   skel-1, move, s, s, attack grisban            a monster: moves by its speed
//
// Case and spaces do not matter; `#` or `;` starts a comment; blank lines are ignored. The parser never
// throws: every mistake comes back with its line and column (1-based), and a line with a mistake gives
// no order.
import { assertNever, readUnitId, SQUARE_DIRECTIONS, orderLines, parseSquare, quoteEntry as show, type OrderEntry as Piece, type OrderError, type SquareDirection } from '@arbiter/engine';
import type { HeroAction, ReadyOrder } from './types.ts';

export type Entry =
  | { kind: 'step'; direction: SquareDirection }
  | { kind: 'fatigue'; points: number }
  | { kind: 'attack'; target: string }
  | { kind: 'open'; door: string }
  | { kind: 'close'; door: string }
  | { kind: 'chest'; token: string }
  | { kind: 'pickup' }
  | { kind: 'drop'; item: string }
  | { kind: 'drink' }
  | { kind: 'reequip' }
  | { kind: 'give'; hero: string; item: string }
  | { kind: 'glyph'; square: string | null }
  | { kind: 'stairs'; square: string }
  | { kind: 'jump'; direction: SquareDirection }
  | { kind: 'climb'; direction: SquareDirection };

export type Action = HeroAction | 'move';
export interface DsOrder {
  /** The figure's id, lower-case. */
  figure: string;
  /** A hero's place in the heroes' order this turn (1 first), or null. */
  place: number | null;
  action: Action;
  ready: ReadyOrder | null;
  entries: Entry[];
  line: number;
  column: number;
}

export const MAX_ENTRIES = 40;
const ID = /^[a-z][a-z0-9-]*$/;
const DIRS = new Set<string>(SQUARE_DIRECTIONS.map((d) => d.name));
export const DIRECTION_WORDS: Record<SquareDirection, string> = {
  n: 'north',
  ne: 'north-east',
  e: 'east',
  se: 'south-east',
  s: 'south',
  sw: 'south-west',
  w: 'west',
  nw: 'north-west',
};
const LONG = new Map<string, SquareDirection>(
  (Object.entries(DIRECTION_WORDS) as [SquareDirection, string][]).flatMap(([d, w]) => [
    [w, d],
    [w.replace('-', ''), d],
  ]),
);
const isDirection = (t: string): t is SquareDirection => DIRS.has(t);


function directionMistake(text: string): string {
  const hint = LONG.get(text.toLowerCase().replace(/\s+/g, ''));
  return `${show(text)} is not a direction; use n, ne, e, se, s, sw, w or nw${hint === undefined ? '' : ` (write ${hint})`}`;
}

const ENTRY_WORDS = 'a direction, fatigue <n>, attack <figure>, open <door>, close <door>, chest <token>, pickup, drop <item>, drink, reequip, give <hero> <item>, glyph [<square>], stairs <square>, jump <direction>, climb <direction>';

class LineReader {
  readonly errors: OrderError[] = [];
  constructor(
    private readonly line: number,
    private readonly parts: Piece[],
  ) {}

  private fail(p: Piece, message: string): null {
    this.errors.push({ line: this.line, column: p.column, message });
    return null;
  }

  read(): DsOrder | null {
    const [figurePiece, ...restAll] = this.parts;
    let rest = restAll;
    let place: number | null = null;
    if (rest[0] !== undefined && /^\d+$/.test(rest[0].text)) {
      place = Number(rest[0].text);
      if (place < 1 || place > 4) this.fail(rest[0], `place ${place} in the heroes' order must be 1 to 4`);
      rest = rest.slice(1);
    }
    const [verbPiece, ...entryPieces] = rest;
    if (figurePiece === undefined || verbPiece === undefined || verbPiece.text === '') {
      return this.fail(verbPiece ?? figurePiece ?? { text: '', column: 1 }, 'an order needs the figure and its action: "grisban, run, n, ne" or "skel-1, move, s"');
    }
    const figure = figurePiece.text.toLowerCase();
    if (!ID.test(figure)) this.fail(figurePiece, `${show(figurePiece.text)} is not a figure id (letters, digits and -, starting with a letter)`);
    const [verb, arg, extra] = verbPiece.text.toLowerCase().split(/\s+/);
    let action: Action | null = null;
    let ready: ReadyOrder | null = null;
    if (verb === 'run' || verb === 'advance' || verb === 'battle' || verb === 'move') {
      action = verb;
      if (arg !== undefined) this.fail(verbPiece, `${verb} takes nothing after it`);
    } else if (verb === 'ready') {
      action = 'ready';
      if (arg === undefined || extra !== undefined || !['guard', 'dodge', 'aim', 'rest'].includes(arg)) {
        this.fail(verbPiece, 'ready needs its order: "ready guard", "ready dodge", "ready aim" or "ready rest"');
      } else ready = arg as ReadyOrder;
    } else this.fail(verbPiece, `${show(verbPiece.text)} is not an action; heroes run, advance, ready <order> or battle; monsters move`);
    if (entryPieces.length > MAX_ENTRIES) this.fail(entryPieces[MAX_ENTRIES]!, `too many entries (${entryPieces.length}; at most ${MAX_ENTRIES})`);
    const entries: Entry[] = [];
    for (const p of entryPieces) {
      const e = this.entry(p);
      if (e !== null) entries.push(e);
    }
    if (this.errors.length > 0 || action === null) return null;
    return { figure, place, action, ready, entries, line: this.line, column: figurePiece.column };
  }

  private entry(p: Piece): Entry | null {
    const t = p.text.toLowerCase();
    if (t === '') return this.fail(p, 'an empty entry (two commas in a row)');
    if (isDirection(t)) return { kind: 'step', direction: t };
    const [word, a, b, c] = t.split(/\s+/) as [string, string?, string?, string?];
    const id = (x: string | undefined, what: string): string | null => {
      if (x === undefined) return this.fail(p, `${word} needs the ${what}: "${word} <${what}>"`);
      if (!ID.test(x)) return this.fail(p, `${show(x)} is not a ${what} id`);
      return x;
    };
    const none = (e: Entry): Entry | null => (a === undefined ? e : this.fail(p, `${word} takes nothing after it`));
    const sq = (x: string | undefined): string | null => {
      if (x === undefined) return this.fail(p, `${word} needs a square: "${word} C7"`);
      const up = x.toUpperCase();
      return parseSquare(up) === null ? this.fail(p, `${show(x)} is not a square (column letters and row, e.g. C7)`) : up;
    };
    const dir = (x: string | undefined): SquareDirection | null => {
      if (x === undefined) return this.fail(p, `${word} needs a direction: "${word} n"`);
      return isDirection(x) ? x : this.fail(p, `${word}: ${directionMistake(x)}`);
    };
    if (b !== undefined && word !== 'give') return this.fail(p, `${show(p.text)}: too many words for ${word}`);
    switch (word) {
      case 'fatigue': {
        if (a === undefined || !/^\d+$/.test(a) || Number(a) < 1 || Number(a) > 10) return this.fail(p, 'fatigue: write the fatigue spent for movement points, 1 to 10: "fatigue 2"');
        return { kind: 'fatigue', points: Number(a) };
      }
      case 'attack': {
        const target = id(a, 'figure');
        return target === null ? null : { kind: 'attack', target };
      }
      case 'open':
      case 'close': {
        const door = id(a, 'door');
        return door === null ? null : { kind: word, door };
      }
      case 'chest': {
        const token = id(a, 'token');
        return token === null ? null : { kind: 'chest', token };
      }
      case 'pickup':
        return none({ kind: 'pickup' });
      case 'drink':
        return none({ kind: 'drink' });
      case 'reequip':
        return none({ kind: 'reequip' });
      case 'drop': {
        const item = id(a, 'item');
        return item === null ? null : { kind: 'drop', item };
      }
      case 'give': {
        if (c !== undefined) return this.fail(p, 'give takes the hero and the item: "give jain healing-potion"');
        const hero = id(a, 'hero');
        const item = hero === null ? null : id(b, 'item');
        return hero === null || item === null ? null : { kind: 'give', hero, item };
      }
      case 'glyph': {
        if (a === undefined) return { kind: 'glyph', square: null };
        const s = sq(a);
        return s === null ? null : { kind: 'glyph', square: s };
      }
      case 'stairs': {
        const s = sq(a);
        return s === null ? null : { kind: 'stairs', square: s };
      }
      case 'jump':
      case 'climb': {
        const d = dir(a);
        return d === null ? null : { kind: word, direction: d };
      }
      default:
        if (['run', 'advance', 'ready', 'battle', 'move'].includes(word)) return this.fail(p, `${word} belongs at the start of the order, right after the figure`);
        return this.fail(p, `${directionMistake(p.text)}, or ${ENTRY_WORDS.replace('a direction, ', '')}`);
    }
  }
}

/** A figure id as a player wrote it (a cancel line's first entry). */
export function readFigure(raw: string): { ok: true; unit: string } | { ok: false; message: string } {
  return readUnitId(raw, 'figure');
}

/** Reads an order text: the orders of the lines without mistakes, and every mistake with its position. */
export function parseOrders(text: string): { orders: DsOrder[]; errors: OrderError[] } {
  const orders: DsOrder[] = [];
  const errors: OrderError[] = [];
  if (typeof text !== 'string') return { orders, errors: [{ line: 1, column: 1, message: 'the orders must be text' }] };
  for (const { line, entries } of orderLines(text)) {
    const reader = new LineReader(line, entries);
    const order = reader.read();
    if (order !== null) orders.push(order);
    errors.push(...reader.errors.sort((x, y) => x.column - y.column));
  }
  return { orders, errors };
}

export function printEntry(e: Entry): string {
  switch (e.kind) {
    case 'step':
      return e.direction;
    case 'fatigue':
      return `fatigue ${e.points}`;
    case 'attack':
      return `attack ${e.target}`;
    case 'open':
    case 'close':
      return `${e.kind} ${e.door}`;
    case 'chest':
      return `chest ${e.token}`;
    case 'pickup':
    case 'drink':
    case 'reequip':
      return e.kind;
    case 'drop':
      return `drop ${e.item}`;
    case 'give':
      return `give ${e.hero} ${e.item}`;
    case 'glyph':
      return e.square === null ? 'glyph' : `glyph ${e.square}`;
    case 'stairs':
      return `stairs ${e.square}`;
    case 'jump':
    case 'climb':
      return `${e.kind} ${e.direction}`;
    default:
      return assertNever(e);
  }
}

const actionWord = (o: DsOrder) => (o.action === 'ready' ? `ready ${o.ready}` : o.action);

/** The canonical line of an order; parsing it gives the same order back. */
export function printOrder(o: DsOrder): string {
  return [o.figure, ...(o.place === null ? [] : [String(o.place)]), actionWord(o), ...o.entries.map(printEntry)].join(', ');
}

export function describeEntry(e: Entry): string {
  switch (e.kind) {
    case 'step':
      return DIRECTION_WORDS[e.direction];
    case 'fatigue':
      return `spends ${e.points} fatigue for ${e.points} MP`;
    case 'attack':
      return `attacks ${e.target}`;
    case 'open':
      return `opens door ${e.door}`;
    case 'close':
      return `closes door ${e.door}`;
    case 'chest':
      return `opens chest ${e.token}`;
    case 'pickup':
      return 'picks up the token in its space';
    case 'drop':
      return `drops ${e.item}`;
    case 'drink':
      return 'drinks a potion';
    case 'reequip':
      return 're-equips';
    case 'give':
      return `gives ${e.item} to ${e.hero}`;
    case 'glyph':
      return e.square === null ? 'goes from the glyph to town' : `goes from town to the glyph at ${e.square}`;
    case 'stairs':
      return `takes the staircase to ${e.square}`;
    case 'jump':
      return `jumps the pit to the ${DIRECTION_WORDS[e.direction]}`;
    case 'climb':
      return `climbs out of the pit to the ${DIRECTION_WORDS[e.direction]}`;
    default:
      return assertNever(e);
  }
}

const ACTION_WORDS: Record<Action, string> = { run: 'runs', advance: 'advances', ready: 'readies', battle: 'battles', move: 'moves' };

/** The order in words, for receipts and reports. */
export function describeOrder(o: DsOrder): string {
  const place = o.place === null ? '' : ` (hero ${o.place} of the turn)`;
  const head = `${o.figure}${place} ${ACTION_WORDS[o.action]}${o.action === 'ready' ? ` (${o.ready})` : ''}`;
  return o.entries.length === 0 ? `${head} and does nothing more` : `${head}: ${o.entries.map(describeEntry).join(', ')}`;
}
