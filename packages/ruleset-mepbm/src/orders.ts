// Orders: the player-facing one-line syntax, its parser and printer.
//
//   <unit>, <order number>, <parameters...>
//   aragorn, 850, no, nw, nw, h        army move (850) or force march (860): no|ev, then 1..14 of ne e se sw w nw h
//   swan, 830, no, w, w                navy move: no|ev, then 1..14 directions
//   aragorn, 840, ne                   stand and defend one side (and the two next to it)
//   frodo, 810, 2915                   character move to a hex
//   gandalf, 825, 304, 2920            movement spell (302..314); 308 Capital Return takes no hex
//   frodo, 870, aragorn                character moves to and joins an army
//   eowyn, 870, 2521, theoden          the same, naming the hex where the army will be (JOverseer's form)
//
// Case and spaces do not matter; `#` or `;` starts a comment to the end of the line; blank lines are
// ignored (the kernel's order-line reader, `eachOrderLine`, finds the lines and their entries). The
// parser never throws: every mistake comes back as an OrderError with its line and column
// (1-based; the column counts characters from the start of the line), never only the first one. A line
// with any error yields no order. docs/orders-mepbm.md is the players' version of this.

import { assertNever, eachOrderLine, quoteEntry, textLines } from '@arbiter/engine';
import { adjacentDirections, formatHexId, hexIdProblem, isDirection, parseHexId } from '@arbiter/engine';
import type { OrderEntry } from '@arbiter/engine';
import type { Direction, HexId, MoveStep, OrderError, UnitId } from './types.ts';
import { readOrderFile } from './order-file.ts';

export interface OrderBase {
  /** The unit's name, lower-cased, inner spaces collapsed to one. */
  unit: UnitId;
  /** Position of the line's first token (the unit name), 1-based. */
  line: number;
  column: number;
  /** Set when the order came in a JOverseer order file: its header's game and nation numbers (order-file.ts). */
  file?: { game: number; nation: number };
}

export type SpellCode = 302 | 304 | 306 | 308 | 310 | 312 | 314;

export type ArmyMoveOrder = OrderBase & { kind: 'army-move'; code: 850 | 860; evasive: boolean; steps: MoveStep[] };
export type NavyMoveOrder = OrderBase & { kind: 'navy-move'; code: 830; evasive: boolean; steps: MoveStep[] };
export type StandAndDefendOrder = OrderBase & { kind: 'stand-and-defend'; code: 840; dir: Direction };
export type CharacterMoveOrder = OrderBase & { kind: 'character-move'; code: 810; to: HexId };
export type MovementSpellOrder = OrderBase & { kind: 'movement-spell'; code: 825; spell: SpellCode; to: HexId | null };
/** `to`: the hex where the character expects to meet the army (MEPBM's and JOverseer's form); absent in the short form. */
export type MoveAndJoinOrder = OrderBase & { kind: 'move-and-join'; code: 870; army: UnitId; to?: HexId };

export type Order = ArmyMoveOrder | NavyMoveOrder | StandAndDefendOrder | CharacterMoveOrder | MovementSpellOrder | MoveAndJoinOrder;
export type OrderKind = Order['kind'];
export type OrderCode = Order['code'];

/** The order numbers the parser knows, with their names in words. */
export const ORDER_NAMES: Readonly<Record<OrderCode, string>> = Object.freeze({
  810: 'character move',
  825: 'movement spell',
  830: 'navy move',
  840: 'stand and defend',
  850: 'army move',
  860: 'army force march',
  870: 'move and join an army',
});

export const ORDER_CODES: readonly OrderCode[] = Object.freeze([810, 825, 830, 840, 850, 860, 870] as const);

/** The movement spells cast with order 825: name, range in hexes (null: the destination rule decides). */
export const MOVEMENT_SPELLS: Readonly<Record<SpellCode, { name: string; range: number | null; takesHex: boolean }>> = Object.freeze({
  302: { name: 'Long Stride', range: 14, takesHex: true },
  304: { name: 'Fast Stride', range: 16, takesHex: true },
  306: { name: 'Path Mastery', range: 19, takesHex: true },
  308: { name: 'Capital Return', range: null, takesHex: false },
  310: { name: 'Major Return', range: null, takesHex: true },
  312: { name: 'Return True', range: null, takesHex: true },
  314: { name: 'Teleport', range: null, takesHex: true },
});

export const SPELL_CODES: readonly SpellCode[] = Object.freeze([302, 304, 306, 308, 310, 312, 314] as const);

/** Most step entries a movement order (830, 850, 860) may have. */
export const MAX_STEPS = 14;

/** Longest unit name, in characters. */
export const MAX_UNIT_NAME = 64;

/** A direction or `h` (home: rest a day). */
export function isMoveStep(s: string): s is MoveStep {
  return s === 'h' || isDirection(s);
}

/** The full `line 3, col 18: ...` form of an error, as players see it (the kernel's wording). */
export { formatOrderError } from '@arbiter/engine';

// ---------------------------------------------------------------------------------------------------
// Unit names

const NAME_CHAR = /[\p{L}\p{M}\p{N}'_-]/u;
const NAME_CHARS = /^[\p{L}\p{M}\p{N}'_ -]+$/u;
const ASCII_NAME = /^[a-z0-9'_-]+(?: [a-z0-9'_-]+)*$/;
const HAS_LETTER = /\p{L}/u;
const ASCII_LETTER = /[a-z]/;

/**
 * The canonical form of a unit name: lower case, typographic apostrophes as `'`, runs of spaces inside
 * collapsed to one, outer spaces trimmed. Null when it is not a valid name (see unitNameProblem).
 */
export function normaliseUnitName(raw: string): UnitId | null {
  return unitName(raw).name;
}

/** Why `raw` is not a unit name, in words; null when it is one. */
export function unitNameProblem(raw: string): string | null {
  return unitName(raw).problem;
}

function unitName(raw: string): { name: UnitId | null; problem: string | null } {
  const lower = raw.toLowerCase();
  // Fast path: the usual plain ASCII name, already trimmed, single spaces.
  if (lower.length <= MAX_UNIT_NAME && ASCII_NAME.test(lower) && ASCII_LETTER.test(lower)) return { name: lower, problem: null };
  const name = lower.replace(/[\u2018\u2019\u02bc`]/g, "'").trim().replace(/\s+/g, ' ');
  if (name === '') return { name: null, problem: 'the unit name is missing' };
  if (!NAME_CHARS.test(name)) for (const ch of name) {
    if (ch !== ' ' && !NAME_CHAR.test(ch)) {
      return {
        name: null,
        problem: `${quoteEntry(raw.trim())} is not a unit name: ${quoteEntry(ch)} is not allowed (use letters, digits, -, _, ' and spaces)`,
      };
    }
  }
  if (!HAS_LETTER.test(name)) {
    return { name: null, problem: `${quoteEntry(raw.trim())} is not a unit name: a name needs at least one letter` };
  }
  if (name.length > MAX_UNIT_NAME && [...name].length > MAX_UNIT_NAME) {
    return { name: null, problem: `the unit name is too long (${[...name].length} characters; at most ${MAX_UNIT_NAME})` };
  }
  return { name, problem: null };
}

// ---------------------------------------------------------------------------------------------------
// Parser

const DIRECTION_WORDS = 'ne, e, se, sw, w or nw';
const KNOWN_ORDERS = ORDER_CODES.map((c) => `${c} (${ORDER_NAMES[c]})`).join(', ');
const KNOWN_SPELLS = SPELL_CODES.map((c) => `${c} (${MOVEMENT_SPELLS[c].name})`).join(', ');

const LONG_DIRECTIONS: Readonly<Record<string, string>> = {
  northeast: 'ne',
  'north-east': 'ne',
  east: 'e',
  southeast: 'se',
  'south-east': 'se',
  southwest: 'sw',
  'south-west': 'sw',
  west: 'w',
  northwest: 'nw',
  'north-west': 'nw',
  home: 'h',
  rest: 'h',
};

function directionProblem(text: string, allowHome: boolean): string {
  const lower = text.toLowerCase();
  let msg = `${quoteEntry(text)} is not a direction; use ${DIRECTION_WORDS}`;
  if (allowHome) msg += ', or h to rest a day';
  const hint = LONG_DIRECTIONS[lower.replace(/\s+/g, '')];
  if (hint !== undefined && (allowHome || hint !== 'h')) msg += ` (write ${quoteEntry(hint)})`;
  else if (lower === 'n' || lower === 's' || lower === 'north' || lower === 'south') msg += ' (hexes have no north or south side)';
  else if (lower === 'h' && !allowHome) msg += ' (h, rest a day, is only for movement orders)';
  return msg;
}

class LineParser {
  readonly errors: OrderError[] = [];
  unit: UnitId | undefined;

  constructor(
    readonly line: number,
    readonly tokens: OrderEntry[],
    readonly endColumn: number,
  ) {}

  error(column: number, message: string): void {
    const e: OrderError = { line: this.line, column, message };
    if (this.unit !== undefined) e.unit = this.unit;
    this.errors.push(e);
  }

  /** Column just after the last token, where a missing parameter would go. */
  get missingColumn(): number {
    return this.endColumn;
  }

  /** Errors for the parameters from index `from` on (0 = the first after the order number). */
  extra(from: number, what: string, code: number): void {
    for (let i = from + 2; i < this.tokens.length; i++) {
      const t = this.tokens[i] as OrderEntry;
      this.error(t.column, `order ${code} takes ${what}; ${quoteEntry(t.text)} is one parameter too many`);
    }
  }

  parse(): Order | null {
    const tokens = this.tokens;
    const first = tokens[0] as OrderEntry;
    const base = { line: this.line, column: first.column };

    if (tokens.length === 1) {
      // No comma on the line at all.
      const words = first.text.split(/\s+/);
      const name = normaliseUnitName(words[0] ?? '');
      if (name !== null) this.unit = name;
      if (words.length > 1) {
        this.error(first.column, `separate the unit, the order number and each parameter with commas, e.g. aragorn, 850, no, nw, nw`);
      } else {
        this.error(this.missingColumn, `an order number is missing after the unit name; known orders: ${KNOWN_ORDERS}`);
      }
      return null;
    }

    // Unit name.
    if (first.text === '') {
      this.error(first.column, 'the unit name is missing: start the line with it, e.g. aragorn, 850, no, nw');
    } else if (/^\d+$/.test(first.text)) {
      this.error(first.column, `the line starts with ${quoteEntry(first.text)}: write the unit's name first, e.g. aragorn, 850, no, nw`);
    } else {
      const u = unitName(first.text);
      if (u.name === null) this.error(first.column, u.problem as string);
      else this.unit = u.name;
    }

    // Order number.
    const codeTok = tokens[1] as OrderEntry;
    let code: number | null = null;
    if (codeTok.text === '') {
      this.error(codeTok.column, `the order number is missing; known orders: ${KNOWN_ORDERS}`);
    } else if (!/^\d+$/.test(codeTok.text)) {
      this.error(codeTok.column, `${quoteEntry(codeTok.text)} is not an order number; known orders: ${KNOWN_ORDERS}`);
    } else {
      const n = Number(codeTok.text);
      if ((ORDER_CODES as readonly number[]).includes(n)) code = n;
      else this.error(codeTok.column, `order ${quoteEntry(codeTok.text)} is not known; known orders: ${KNOWN_ORDERS}`);
    }
    if (code === null) return null;

    const params = tokens.slice(2);
    let order: Order | null = null;
    switch (code as OrderCode) {
      case 850:
      case 860:
      case 830:
        order = this.movement(code as 830 | 850 | 860, params, base);
        break;
      case 840:
        order = this.standAndDefend(params, base);
        break;
      case 810:
        order = this.characterMove(params, base);
        break;
      case 825:
        order = this.spell(params, base);
        break;
      case 870:
        order = this.moveAndJoin(params, base);
        break;
    }
    return this.errors.length === 0 ? order : null;
  }

  private baseOf(b: { line: number; column: number }): OrderBase {
    return { unit: this.unit ?? '', line: b.line, column: b.column };
  }

  private movement(code: 830 | 850 | 860, params: OrderEntry[], b: { line: number; column: number }): Order | null {
    const example = code === 830 ? 'swan, 830, no, w, w' : `aragorn, ${code}, no, nw, nw, h`;
    let evasive = false;
    let stepTokens = params;
    const mode = params[0];
    if (mode === undefined) {
      this.error(this.missingColumn, `order ${code} needs "no" (normal) or "ev" (evasive), then the directions, e.g. ${example}`);
      return null;
    }
    const m = mode.text.toLowerCase();
    if (m === 'no' || m === 'ev') {
      evasive = m === 'ev';
      stepTokens = params.slice(1);
    } else if (isDirection(m) || m === 'h') {
      this.error(mode.column, `order ${code} needs "no" (normal) or "ev" (evasive) before the directions, e.g. ${example}`);
    } else if (m === '') {
      this.error(mode.column, `"no" (normal) or "ev" (evasive) is missing here, e.g. ${example}`);
      stepTokens = params.slice(1);
    } else {
      this.error(mode.column, `${quoteEntry(mode.text)} is not a movement mode; write "no" (normal) or "ev" (evasive), e.g. ${example}`);
      stepTokens = params.slice(1);
    }
    if (stepTokens.length === 0) {
      this.error(this.missingColumn, `order ${code} needs at least one direction (${DIRECTION_WORDS}, or h to rest a day)`);
      return null;
    }
    const steps: MoveStep[] = [];
    stepTokens.forEach((t, i) => {
      if (i === MAX_STEPS) {
        this.error(t.column, `order ${code} takes at most ${MAX_STEPS} directions, this line has ${stepTokens.length}: remove the entries from here on`);
      }
      const s = t.text.toLowerCase();
      if (s === '') this.error(t.column, 'an empty entry between two commas; remove the extra comma or write a direction');
      else if (s === 'h' || isDirection(s)) steps.push(s);
      else this.error(t.column, directionProblem(t.text, true));
    });
    if (code === 830) return { ...this.baseOf(b), kind: 'navy-move', code, evasive, steps };
    return { ...this.baseOf(b), kind: 'army-move', code, evasive, steps };
  }

  private standAndDefend(params: OrderEntry[], b: { line: number; column: number }): Order | null {
    const t = params[0];
    if (t === undefined || t.text === '') {
      this.error(t?.column ?? this.missingColumn, `order 840 needs the direction of the side to defend (${DIRECTION_WORDS}), e.g. aragorn, 840, ne`);
      this.extra(1, 'one direction', 840);
      return null;
    }
    const d = t.text.toLowerCase();
    this.extra(1, 'one direction', 840);
    if (!isDirection(d)) {
      this.error(t.column, directionProblem(t.text, false));
      return null;
    }
    return { ...this.baseOf(b), kind: 'stand-and-defend', code: 840, dir: d };
  }

  private hex(t: OrderEntry | undefined, code: number, example: string): HexId | null {
    if (t === undefined || t.text === '') {
      this.error(t?.column ?? this.missingColumn, `order ${code} needs a destination hex, e.g. ${example}`);
      return null;
    }
    const c = parseHexId(t.text);
    if (c === null) {
      this.error(t.column, hexIdProblem(t.text) as string);
      return null;
    }
    return formatHexId(c);
  }

  private characterMove(params: OrderEntry[], b: { line: number; column: number }): Order | null {
    const to = this.hex(params[0], 810, 'frodo, 810, 2915');
    this.extra(1, 'one hex', 810);
    return to === null ? null : { ...this.baseOf(b), kind: 'character-move', code: 810, to };
  }

  private spell(params: OrderEntry[], b: { line: number; column: number }): Order | null {
    const t = params[0];
    if (t === undefined || t.text === '') {
      this.error(t?.column ?? this.missingColumn, `order 825 needs the spell number, then the hex, e.g. gandalf, 825, 304, 2920; movement spells: ${KNOWN_SPELLS}`);
      this.extra(2, 'a spell number and a hex', 825);
      return null;
    }
    const n = /^\d+$/.test(t.text) ? Number(t.text) : NaN;
    if (!(SPELL_CODES as readonly number[]).includes(n)) {
      this.error(t.column, `${quoteEntry(t.text)} is not a movement spell; use ${KNOWN_SPELLS}`);
      this.extra(2, 'a spell number and a hex', 825);
      return null;
    }
    const spell = n as SpellCode;
    const info = MOVEMENT_SPELLS[spell];
    if (!info.takesHex) {
      this.extra(1, `only the spell number for ${spell} (${info.name}: the character goes to the nation's capital)`, 825);
      return { ...this.baseOf(b), kind: 'movement-spell', code: 825, spell, to: null };
    }
    const to = this.hex(params[1], 825, `gandalf, 825, ${spell}, 2920`);
    this.extra(2, 'a spell number and a hex', 825);
    return to === null ? null : { ...this.baseOf(b), kind: 'movement-spell', code: 825, spell, to };
  }

  private moveAndJoin(params: OrderEntry[], b: { line: number; column: number }): Order | null {
    // Two forms: `870, <army>` and MEPBM's (JOverseer's) `870, <hex>, <army>`. A unit name is never all
    // digits, so a first parameter of digits is the hex.
    const first = params[0];
    const withHex = first !== undefined && /^\d+$/.test(first.text);
    const t = withHex ? params[1] : first;
    this.extra(withHex ? 2 : 1, withHex ? 'a hex and one army' : 'one army', 870);
    const to = withHex ? this.hex(first, 870, 'eowyn, 870, 2521, theoden') : null;
    if (t === undefined || t.text === '') {
      this.error(t?.column ?? this.missingColumn, withHex ? 'order 870 needs the army to join after the hex, e.g. eowyn, 870, 2521, theoden' : 'order 870 needs the army to join, e.g. frodo, 870, aragorn');
      return null;
    }
    const u = unitName(t.text);
    if (u.name === null) {
      this.error(t.column, (u.problem as string).replace('is not a unit name', 'is not an army name'));
      return null;
    }
    if (withHex && to === null) return null;
    const order: MoveAndJoinOrder = { ...this.baseOf(b), kind: 'move-and-join', code: 870, army: u.name };
    if (to !== null) order.to = to;
    return order;
  }
}

/**
 * Reads an order text. Never throws; returns the orders of the lines without mistakes, in text order,
 * and every mistake with its line and column.
 */
export function parseOrders(text: string): { orders: Order[]; errors: OrderError[] } {
  if (typeof text !== 'string') return { orders: [], errors: [{ line: 1, column: 1, message: 'the orders must be text' }] };
  const file = readOrderFile(text);
  if (file === null) return parseLines(text);
  // A JOverseer order file: its order lines, marked with the header's numbers (checked against the game
  // in check.ts); without a readable header no order of it stands.
  const parsed = parseLines(file.text);
  const origin = file.origin;
  const orders = origin === null ? [] : parsed.orders.map((o): Order => ({ ...o, file: { game: origin.game, nation: origin.nation } }));
  const errors = [...file.errors, ...parsed.errors].sort((a, b) => a.line - b.line || a.column - b.column);
  return { orders, errors };
}

function parseLines(text: string): { orders: Order[]; errors: OrderError[] } {
  const orders: Order[] = [];
  const errors: OrderError[] = [];
  eachOrderLine(text, (line, entries) => {
    const last = entries[entries.length - 1] as OrderEntry;
    const endColumn = last.column + last.text.length;
    const p = new LineParser(line, entries, endColumn);
    const order = p.parse();
    if (order !== null) orders.push(order);
    // Within a line, report mistakes left to right.
    // (pushed one by one: spreading a line's errors as arguments overflows the stack past ~100,000)
    for (const e of p.errors.sort((a, b) => a.column - b.column)) errors.push(e);
  });
  return { orders, errors };
}

/** Reads one order line; the position fields of the result are for line 1. */
export function parseOrder(line: string): { order: Order | null; errors: OrderError[] } {
  const firstLine = textLines(line)[0] ?? '';
  const { orders, errors } = parseOrders(firstLine);
  return { order: orders[0] ?? null, errors };
}

// ---------------------------------------------------------------------------------------------------
// Printer and words

/** The canonical one-line form of an order; parsing it gives the same order back. */
export function printOrder(o: Order): string {
  switch (o.kind) {
    case 'army-move':
    case 'navy-move':
      return [o.unit, String(o.code), o.evasive ? 'ev' : 'no', ...o.steps].join(', ');
    case 'stand-and-defend':
      return `${o.unit}, 840, ${o.dir}`;
    case 'character-move':
      return `${o.unit}, 810, ${o.to}`;
    case 'movement-spell':
      return o.to === null ? `${o.unit}, 825, ${o.spell}` : `${o.unit}, 825, ${o.spell}, ${o.to}`;
    case 'move-and-join':
      return o.to === undefined ? `${o.unit}, 870, ${o.army}` : `${o.unit}, 870, ${o.to}, ${o.army}`;
    default:
      return assertNever(o);
  }
}

export const DIRECTION_NAMES: Readonly<Record<MoveStep, string>> = Object.freeze({
  ne: 'north-east',
  e: 'east',
  se: 'south-east',
  sw: 'south-west',
  w: 'west',
  nw: 'north-west',
  h: 'rest a day',
});

/** The order in words, for receipts and reports. */
export function describeOrder(o: Order): string {
  switch (o.kind) {
    case 'army-move': {
      const verb = o.code === 850 ? 'moves' : 'force-marches';
      return `${o.unit} ${verb} (${o.code}, ${o.evasive ? 'evasively' : 'normal movement'}, ${o.code === 850 ? 12 : 14} MP): ${o.steps.map((s) => DIRECTION_NAMES[s]).join(', ')}`;
    }
    case 'navy-move':
      return `${o.unit} sails (830, ${o.evasive ? 'evasively' : 'normal movement'}, 14 MP): ${o.steps.map((s) => DIRECTION_NAMES[s]).join(', ')}`;
    case 'stand-and-defend': {
      const [left, right] = adjacentDirections(o.dir);
      return `${o.unit} stands and defends (840) its ${DIRECTION_NAMES[o.dir]} side and the two next to it (${DIRECTION_NAMES[left]}, ${DIRECTION_NAMES[right]})`;
    }
    case 'character-move':
      return `${o.unit} moves (810) to hex ${o.to}`;
    case 'movement-spell': {
      const s = MOVEMENT_SPELLS[o.spell];
      const where = o.to === null ? "the nation's capital" : `hex ${o.to}`;
      return `${o.unit} casts ${s.name} (825, spell ${o.spell}) to ${where}`;
    }
    case 'move-and-join':
      return o.to === undefined ? `${o.unit} moves to and joins (870) army ${o.army}` : `${o.unit} moves to hex ${o.to} and joins (870) army ${o.army} there`;
    default:
      return assertNever(o);
  }
}
