// Orders: one line per hero, comma separated, as in the other rulesets (docs/orders-guards-of-atlantis.md).
// The order of the entries is the card, its initiative, then the movement:
//
//   arien, blue-3, 8, move, ne, e, e              the secondary Movement action: up to the card's value
//   arien, tide-call, 9, primary, text e, ne      the primary Movement action with the card text applied
//   arien, blue-3, 8, fast travel 0405            Fast Travel instead of the whole Movement action
//   arien, blue-3, 8, hold                         the card is played, the hero does not move
//
// `text <direction>` is a step of movement in the card text; `text <unit or token> <direction>` a step of
// another unit or a token the card text moves; `text fast travel <hex>` a Fast Travel the card text allows
// ("perform a movement action"). Case and spaces do not matter; `#` or `;` starts a comment;
// blank lines are ignored. The parser never throws: every mistake comes back with its line and column
// (1-based), and a line with a mistake gives no order.
import { assertNever, DIRECTIONS, isDirection, orderLines, quoteEntry as show, type Direction, type HexId, type OrderEntry as Piece, type OrderError } from '@arbiter/engine';

/** A step of the card text's movement: the hero's, or (`target`) another unit's or a token's. */
export type TextEntry = { kind: 'step'; direction: Direction; target?: string } | { kind: 'fast-travel'; to: HexId };
export type Action =
  | { kind: 'move'; steps: Direction[] }
  | { kind: 'primary'; steps: Direction[]; text: TextEntry[] }
  | { kind: 'fast-travel'; to: HexId }
  | { kind: 'hold' };

export interface GoaOrder {
  hero: string;
  card: string;
  initiative: number;
  action: Action;
  line: number;
  column: number;
}

/** Most steps one order may list. */
export const MAX_STEPS = 20;
const ID = /^[a-z][a-z0-9-]*$/;
const DIRECTION_WORDS: Readonly<Record<Direction, string>> = { ne: 'north-east', e: 'east', se: 'south-east', sw: 'south-west', w: 'west', nw: 'north-west' };

/** The entries of an order line, in lower case with runs of spaces as one. */
const pieces = (entries: readonly Piece[]): Piece[] => entries.map((p) => ({ text: p.text.toLowerCase().replace(/\s+/g, ' '), column: p.column }));

function direction(p: Piece): Direction | string {
  if (isDirection(p.text)) return p.text;
  const long = (Object.entries(DIRECTION_WORDS) as [Direction, string][]).find(([, w]) => w === p.text || w.replace('-', '') === p.text.replace(/[ -]/g, ''));
  if (long !== undefined) return `${show(p.text)} is not a direction; use ne, e, se, sw, w or nw (write ${long[0]})`;
  return `${show(p.text)} is not a direction; use ne, e, se, sw, w or nw${p.text === 'n' || p.text === 's' ? ' (hexes have no north or south side)' : ''}`;
}

function hexOf(text: string): HexId | string {
  return /^\d{4}$/.test(text) ? text : `${show(text)} is not a space: write its four-digit hex id, column then row ("0305")`;
}

/** A hero's name as a player writes it (a cancel line's first entry): its one spelling, or why not. */
export function readHero(raw: string): { ok: true; unit: string } | { ok: false; message: string } {
  const t = raw.trim().toLowerCase();
  return ID.test(t) ? { ok: true, unit: t } : { ok: false, message: `${show(raw.trim())} is not a hero's name (letters, digits and -, starting with a letter)` };
}

function parseLine(entries: readonly Piece[], line: number, errors: OrderError[]): GoaOrder | null {
  const ps = pieces(entries);
  const before = errors.length;
  const err = (p: Piece, message: string): void => void errors.push({ line, column: p.column, message, ...(hero === null ? {} : { unit: hero }) });
  const [heroP, cardP, initP, actionP, ...rest] = ps as [Piece, Piece | undefined, Piece | undefined, Piece | undefined, ...Piece[]];
  const h = readHero(heroP.text);
  const hero = h.ok ? h.unit : null;
  if (!h.ok) err(heroP, h.message);
  if (cardP === undefined || initP === undefined || actionP === undefined) {
    const at = ps[ps.length - 1] as Piece;
    err({ text: '', column: at.column + at.text.length }, 'an order is <hero>, <card>, <initiative>, <movement>: e.g. "arien, blue-3, 8, move, ne, e"');
    return null;
  }
  if (!ID.test(cardP.text)) err(cardP, `${show(cardP.text)} is not a card id (letters, digits and -, starting with a letter)`);
  const initiative = /^\d{1,2}$/.test(initP.text) ? Number(initP.text) : null;
  if (initiative === null) err(initP, `${show(initP.text)} is not an initiative: write the number printed on the card (0-99)`);
  const steps: Direction[] = [];
  const text: TextEntry[] = [];
  let action: Action | null = null;
  const ft = /^fast ?travel(?: (.*))?$/.exec(actionP.text);
  if (ft !== null) {
    if (ft[1] === undefined) err(actionP, 'fast travel needs its destination: "fast travel 0405"');
    else {
      const to = hexOf(ft[1]);
      if (to.length !== 4) err(actionP, to);
      else action = { kind: 'fast-travel', to };
    }
    if (rest.length > 0) err(rest[0] as Piece, 'Fast Travel replaces the whole movement action: nothing may follow it');
  } else if (actionP.text === 'hold') {
    action = { kind: 'hold' };
    if (rest.length > 0) err(rest[0] as Piece, 'hold: the hero does not move, so nothing may follow it');
  } else if (actionP.text === 'move' || actionP.text === 'primary') {
    for (const p of rest) {
      const t = /^text (.*)$/.exec(p.text);
      if (t !== null) {
        if (actionP.text === 'move') { err(p, 'card text is applied only with the primary action: write "primary" instead of "move"'); continue; }
        const tft = /^fast ?travel(?: (.*))?$/.exec(t[1] as string);
        if (tft !== null) {
          const to = tft[1] === undefined ? 'text fast travel needs its destination: "text fast travel 0405"' : hexOf(tft[1]);
          if (to.length !== 4) err(p, to);
          else text.push({ kind: 'fast-travel', to });
        } else {
          const [first, second, ...more] = (t[1] as string).split(' ');
          const target = second === undefined ? undefined : first;
          if (more.length > 0 || (target !== undefined && !ID.test(target))) {
            err(p, 'a card-text step is "text <direction>" (the hero) or "text <unit or token> <direction>" (another unit or a token)');
            continue;
          }
          const at = p.column + 5 + (target === undefined ? 0 : target.length + 1);
          const d = direction({ text: (second ?? first) as string, column: at });
          if (d.length > 2) err({ text: '', column: at }, d);
          else text.push(target === undefined ? { kind: 'step', direction: d as Direction } : { kind: 'step', direction: d as Direction, target });
        }
        continue;
      }
      if (/^fast ?travel/.test(p.text)) { err(p, 'Fast Travel replaces the whole movement action: write it instead of "move" ("arien, blue-3, 8, fast travel 0405")'); continue; }
      const d = direction(p);
      if (d.length > 2) err(p, d);
      else steps.push(d as Direction);
    }
    if (steps.length + text.length > MAX_STEPS) err(actionP, `at most ${MAX_STEPS} steps in one order`);
    action = actionP.text === 'move' ? { kind: 'move', steps } : { kind: 'primary', steps, text };
  } else {
    err(actionP, `${show(actionP.text)} is not a movement: use move, primary, fast travel <hex> or hold`);
  }
  if (errors.length > before || hero === null || initiative === null || action === null) return null;
  return { hero, card: cardP.text, initiative, action, line, column: heroP.column };
}

export function parseOrders(text: string): { orders: GoaOrder[]; errors: OrderError[] } {
  const orders: GoaOrder[] = [];
  const errors: OrderError[] = [];
  const seen = new Map<string, number>();
  for (const { line, entries } of orderLines(text)) {
    const o = parseLine(entries, line, errors);
    if (o === null) continue;
    const first = seen.get(o.hero);
    if (first !== undefined) {
      errors.push({ line, column: o.column, unit: o.hero, message: `${o.hero} already has an order on line ${first}: a hero plays one card a turn` });
      continue;
    }
    seen.set(o.hero, line);
    orders.push(o);
  }
  return { orders, errors };
}

function printText(e: TextEntry): string {
  if (e.kind === 'fast-travel') return `text fast travel ${e.to}`;
  return e.target === undefined ? `text ${e.direction}` : `text ${e.target} ${e.direction}`;
}

export function printOrder(o: GoaOrder): string {
  const head = `${o.hero}, ${o.card}, ${o.initiative}`;
  switch (o.action.kind) {
    case 'move': return [head, 'move', ...o.action.steps].join(', ');
    case 'primary': return [head, 'primary', ...o.action.text.map(printText), ...o.action.steps].join(', ');
    case 'fast-travel': return `${head}, fast travel ${o.action.to}`;
    case 'hold': return `${head}, hold`;
    default: return assertNever(o.action);
  }
}

const stepWords = (steps: readonly Direction[]): string =>
  steps.length === 0 ? 'no steps' : `${steps.length} ${steps.length === 1 ? 'step' : 'steps'} (${steps.map((d) => DIRECTION_WORDS[d]).join(', ')})`;

export function describeOrder(o: GoaOrder): string {
  const head = `${o.hero} plays ${o.card} (initiative ${o.initiative})`;
  switch (o.action.kind) {
    case 'move': return `${head} for its secondary Movement action: ${stepWords(o.action.steps)}`;
    case 'primary': {
      const t = o.action.text;
      const stepWord = (e: Extract<TextEntry, { kind: 'step' }>) => (e.target === undefined ? DIRECTION_WORDS[e.direction] : `${e.target} ${DIRECTION_WORDS[e.direction]}`);
      const textWords = t.length === 0 ? '' : `, the card text's movement ${t.map((e) => (e.kind === 'step' ? stepWord(e) : `Fast Travel to ${e.to}`)).join(', ')}`;
      return `${head} for its primary Movement action with the card text applied: ${stepWords(o.action.steps)}${textWords}`;
    }
    case 'fast-travel': return `${head} to Fast Travel to ${o.action.to} instead of its Movement action`;
    case 'hold': return `${head} and does not move`;
    default: return assertNever(o.action);
  }
}

export { DIRECTIONS, DIRECTION_WORDS };
