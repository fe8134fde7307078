// Orders: one line per hero, comma separated, as in the mepbm ruleset (docs/orders-mage-knight.md).
//
//   tovak, move 2+2+2, w, explore nw, play 2, nw    Move cards worth 2, 2 and 2; steps; an explore; more cards
//   tovak, move 4, e, e, power 2, se                power: an already played card made stronger (mana)
//   tovak, move 4, reduce forest 1, ne, interact    a card making forest 1 cheaper; a step; the turn's action
//   tovak, rest                                     a resting turn: no movement at all
//
// Case and spaces do not matter; `#` or `;` starts a comment; blank lines are ignored. The parser never
// throws: every mistake comes back with its line and column (1-based), and a line with a mistake gives
// no order.
import { TERRAINS, type Terrain } from './terrain.ts';
import { assertNever, readUnitId, HEX_DIRECTION_WORDS, isHexDirection, orderLines, quoteEntry as show, type HexDirection, type OrderEntry as Piece, type OrderError } from '@arbiter/engine';

export type Entry =
  | { kind: 'step'; direction: HexDirection }
  | { kind: 'explore'; direction: HexDirection | null }
  | { kind: 'play'; cards: number[] }
  | { kind: 'power'; points: number }
  /** A card or skill making entering a terrain (or every space: `all`) cheaper from here on; never below 0. */
  | { kind: 'reduce'; terrain: Terrain | 'all'; points: number }
  /** The turn's action: all movement comes before it, so nothing may follow it. */
  | { kind: 'action'; action: TurnAction };

/** The actions a turn may end with (the rulebook's interaction and the ways into combat). */
export const TURN_ACTIONS = ['interact', 'challenge', 'enter-site', 'burn'] as const;
export type TurnAction = (typeof TURN_ACTIONS)[number];

export const ACTION_WORDS: Readonly<Record<TurnAction, string>> = {
  interact: 'interacts with the locals',
  challenge: 'challenges the rampaging enemies next to it',
  'enter-site': 'enters the adventure site',
  burn: 'burns the monastery',
};

const isTurnAction = (t: string): t is TurnAction => (TURN_ACTIONS as readonly string[]).includes(t);
const isTerrain = (t: string): t is Terrain => (TERRAINS as readonly string[]).includes(t);

interface OrderBase {
  /** The hero's id, lower-case. */
  hero: string;
  line: number;
  column: number;
}
export type MoveOrder = OrderBase & { kind: 'move'; cards: number[]; entries: Entry[] };
export type RestOrder = OrderBase & { kind: 'rest' };
export type MkOrder = MoveOrder | RestOrder;

/** Most entries (steps, explores, plays, powers) one move order may have. */
export const MAX_ENTRIES = 40;
/** Largest Move value one card (or one power) may give. */
export const MAX_CARD_POINTS = 20;

/** Each direction in words (the kernel topology's names). */
export const DIRECTION_WORDS = HEX_DIRECTION_WORDS;

/** Directions written out (north-east, northeast, east...): the hint names the short form. */
const LONG_NAMES: ReadonlyMap<string, HexDirection> = new Map(
  (Object.entries(DIRECTION_WORDS) as [HexDirection, string][]).flatMap(([d, word]) => [
    [word, d],
    [word.replace('-', ''), d],
  ]),
);

const HERO = /^[a-z][a-z0-9-]*$/;

function directionMistake(text: string): string {
  const lower = text.toLowerCase();
  let msg = `${show(text)} is not a direction; use ne, e, se, sw, w or nw`;
  const hint = LONG_NAMES.get(lower.replace(/\s+/g, ''));
  if (hint !== undefined) msg += ` (write ${hint})`;
  else if (lower === 'n' || lower === 's' || lower === 'north' || lower === 'south') msg += ' (hexes have no north or south side)';
  return msg;
}

/** Card values `2+2+1` (or one number): every value 0..MAX_CARD_POINTS. */
function cardValues(text: string): number[] | string {
  if (!/^\d+(\s*\+\s*\d+)*$/.test(text)) return `${show(text)} is not a number of Move points (write 4, or each card's points: 2+2)`;
  const values = text.split('+').map((t) => Number(t.trim()));
  const big = values.find((v) => v > MAX_CARD_POINTS);
  if (big !== undefined) return `${big} Move points from one card is more than any card gives (at most ${MAX_CARD_POINTS})`;
  return values;
}

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

  read(): MkOrder | null {
    const [heroPiece, verbPiece, ...rest] = this.parts;
    if (heroPiece === undefined || verbPiece === undefined) {
      return this.fail(heroPiece ?? { text: '', column: 1 }, 'an order needs the hero and what it does: "tovak, move 4, e, ne" or "tovak, rest"');
    }
    const hero = heroPiece.text.toLowerCase();
    if (hero === '') this.fail(heroPiece, 'the hero name is missing');
    else if (!HERO.test(hero)) this.fail(heroPiece, `${show(heroPiece.text)} is not a hero id (letters, digits and -, starting with a letter)`);
    const verb = verbPiece.text.toLowerCase().replace(/\s+/g, ' ');
    const base = { hero, line: this.line, column: heroPiece.column };
    if (verb === 'rest') {
      if (rest.length > 0) this.fail(rest[0]!, 'a resting hero does not move: "rest" takes nothing after it');
      return this.errors.length === 0 ? { ...base, kind: 'rest' } : null;
    }
    const m = /^move(?:\s+(.*))?$/.exec(verb);
    if (m === null) return this.fail(verbPiece, `${show(verbPiece.text)} is not an order; write "move <points>, <steps...>" or "rest"`);
    if (m[1] === undefined) return this.fail(verbPiece, 'write the Move points of the cards played: "move 4" or "move 2+2"');
    const cards = cardValues(m[1]);
    if (typeof cards === 'string') this.fail(verbPiece, cards);
    if (rest.length > MAX_ENTRIES) this.fail(rest[MAX_ENTRIES]!, `too many entries (${rest.length}; at most ${MAX_ENTRIES})`);
    const entries: Entry[] = [];
    for (const p of rest) {
      const e = this.entry(p);
      if (e !== null) entries.push(e);
    }
    return this.errors.length === 0 && typeof cards !== 'string' ? { ...base, kind: 'move', cards, entries } : null;
  }

  private entry(p: Piece): Entry | null {
    const t = p.text.toLowerCase().replace(/\s+/g, ' ');
    if (t === '') return this.fail(p, 'an empty entry (two commas in a row)');
    if (isHexDirection(t)) return { kind: 'step', direction: t };
    const [word, arg, extra] = t.split(' ');
    if (word === 'explore') {
      if (extra !== undefined) return this.fail(p, 'explore takes at most one direction: "explore" or "explore ne"');
      if (arg === undefined) return { kind: 'explore', direction: null };
      if (!isHexDirection(arg)) return this.fail(p, `explore: ${directionMistake(arg)}`);
      return { kind: 'explore', direction: arg };
    }
    if (word === 'play') {
      const v = cardValues(t.slice(5).trim());
      if (arg === undefined) return this.fail(p, 'play: write the Move points of the cards played: "play 2"');
      return typeof v === 'string' ? this.fail(p, `play: ${v}`) : { kind: 'play', cards: v };
    }
    if (word === 'power') {
      if (arg === undefined || extra !== undefined || !/^\d+$/.test(arg)) return this.fail(p, 'power: write the Move points the powered card adds: "power 2"');
      const n = Number(arg);
      if (n < 1 || n > MAX_CARD_POINTS) return this.fail(p, `power: ${n} is not between 1 and ${MAX_CARD_POINTS}`);
      return { kind: 'power', points: n };
    }
    if (isTurnAction(t)) return { kind: 'action', action: t };
    if (word === 'reduce') return this.reduce(p, arg, extra, t.split(' ').length > 3);
    if (word === 'move' || word === 'rest') return this.fail(p, `${word} belongs at the start of the order, right after the hero`);
    return this.fail(p, `${directionMistake(p.text)}, or explore, play <points>, power <points>, reduce <terrain> <points>, or the turn's action (${TURN_ACTIONS.join(', ')})`);
  }

  private reduce(p: Piece, terrain: string | undefined, points: string | undefined, more: boolean): Entry | null {
    const usage = 'reduce: write the terrain and by how much its Move cost drops: "reduce forest 1" (or "reduce all 1")';
    if (terrain === undefined || points === undefined || more || !/^\d+$/.test(points)) return this.fail(p, usage);
    if (terrain !== 'all' && !isTerrain(terrain)) return this.fail(p, `reduce: ${show(terrain)} is not a terrain (${TERRAINS.join(', ')}, or all)`);
    const n = Number(points);
    if (n < 1 || n > MAX_CARD_POINTS) return this.fail(p, `reduce: ${n} is not between 1 and ${MAX_CARD_POINTS}`);
    return { kind: 'reduce', terrain, points: n };
  }
}

/** A hero id as a player wrote it (a cancel line's first entry): lower-case, or why it is not a hero id. */
export function readHero(raw: string): { ok: true; unit: string } | { ok: false; message: string } {
  return readUnitId(raw, 'hero');
}

/** Reads an order text: the orders of the lines without mistakes, and every mistake with its position. */
export function parseOrders(text: string): { orders: MkOrder[]; errors: OrderError[] } {
  const orders: MkOrder[] = [];
  const errors: OrderError[] = [];
  if (typeof text !== 'string') return { orders, errors: [{ line: 1, column: 1, message: 'the orders must be text' }] };
  for (const { line, entries } of orderLines(text)) {
    const reader = new LineReader(line, entries);
    const order = reader.read();
    if (order !== null) orders.push(order);
    errors.push(...reader.errors.sort((a, b) => a.column - b.column));
  }
  return { orders, errors };
}

function printEntry(e: Entry): string {
  switch (e.kind) {
    case 'step':
      return e.direction;
    case 'explore':
      return e.direction === null ? 'explore' : `explore ${e.direction}`;
    case 'play':
      return `play ${e.cards.join('+')}`;
    case 'power':
      return `power ${e.points}`;
    case 'reduce':
      return `reduce ${e.terrain} ${e.points}`;
    case 'action':
      return e.action;
    default:
      return assertNever(e);
  }
}

/** The canonical line of an order; parsing it gives the same order back. */
export function printOrder(o: MkOrder): string {
  switch (o.kind) {
    case 'rest':
      return `${o.hero}, rest`;
    case 'move':
      return [o.hero, `move ${o.cards.join('+')}`, ...o.entries.map(printEntry)].join(', ');
    default:
      return assertNever(o);
  }
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function points(cards: readonly number[]): string {
  const total = sum(cards);
  const word = total === 1 ? 'Move point' : 'Move points';
  return cards.length > 1 ? `${total} ${word} (cards ${cards.join(' + ')})` : `${total} ${word}`;
}

export function describeEntry(e: Entry): string {
  switch (e.kind) {
    case 'step':
      return DIRECTION_WORDS[e.direction];
    case 'explore':
      return e.direction === null ? 'explores a new tile' : `explores the new tile to the ${DIRECTION_WORDS[e.direction]}`;
    case 'play':
      return `plays ${points(e.cards)} more`;
    case 'power':
      return `powers a card already played for ${e.points} more Move points`;
    case 'reduce':
      return `makes ${e.terrain === 'all' ? 'every space' : e.terrain} ${e.points} Move point${e.points === 1 ? '' : 's'} cheaper from here on`;
    case 'action':
      return `then ${ACTION_WORDS[e.action]} (the turn's action)`;
    default:
      return assertNever(e);
  }
}

/** The order in words, for receipts and reports. */
export function describeOrder(o: MkOrder): string {
  switch (o.kind) {
    case 'rest':
      return `${o.hero} rests this turn (no movement)`;
    case 'move': {
      const what = o.entries.length === 0 ? 'and stays' : `and moves: ${o.entries.map(describeEntry).join(', ')}`;
      return `${o.hero} plays ${points(o.cards)} ${what}`;
    }
    default:
      return assertNever(o);
  }
}
