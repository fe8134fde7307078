// Orders: one action a line, comma separated, as in the other rulesets (docs/orders-expeditions.md).
//
//   blue, move, 12                 Move to location 12 (the shortest way, through face-up locations)
//   blue, move, 12, via 7, 9       ... along this path: 7, then 9, then 12
//   blue, play, Wolf Pack          Play a card (recorded, not adjudicated)
//   blue, gather                   Gather (recorded, not adjudicated)
//
// Case and spaces do not matter; `#` starts a comment; blank lines are ignored. The parser never throws:
// every mistake comes back with its line and column (1-based), and a line with a mistake gives no order.
import { assertNever, readUnitId, orderLines, quoteEntry as show, type OrderEntry as Piece, type OrderError } from '@arbiter/engine';

interface OrderBase {
  /** The mech's id, lower-case. */
  mech: string;
  line: number;
  column: number;
}
export type MoveOrder = OrderBase & { kind: 'move'; to: string; via: string[] };
export type PlayOrder = OrderBase & { kind: 'play'; detail: string | null };
export type GatherOrder = OrderBase & { kind: 'gather'; detail: string | null };
export type ExOrder = MoveOrder | PlayOrder | GatherOrder;
export type Action = ExOrder['kind'];

export const ACTIONS: readonly Action[] = ['move', 'play', 'gather'];
/** Most locations a written path may list. */
export const MAX_VIA = 12;

const MECH = /^[a-z][a-z0-9-]*$/;
const LOCATION = /^[1-9][0-9]?$/;

/** A mech id as a player wrote it (a cancel line's first entry): lower-case, or why it is not a mech id. */
export function readMech(raw: string): { ok: true; unit: string } | { ok: false; message: string } {
  return readUnitId(raw, 'mech');
}

function locationMistake(text: string): string | null {
  if (LOCATION.test(text)) return null;
  if (text.toLowerCase() === 'basecamp') return 'a mech may not move back to Basecamp (it is not a location)';
  return `${show(text)} is not a location number (1 to 99)`;
}

function readLine(line: number, parts: Piece[], errors: OrderError[]): ExOrder | null {
  const fail = (p: Piece, message: string): null => {
    errors.push({ line, column: p.column, message });
    return null;
  };
  const [mechPiece, verbPiece, ...rest] = parts;
  if (mechPiece === undefined || verbPiece === undefined || verbPiece.text === '') {
    return fail(verbPiece ?? mechPiece ?? { text: '', column: 1 }, 'an order needs the mech and its action: "blue, move, 12", "blue, play" or "blue, gather"');
  }
  const who = readMech(mechPiece.text);
  if (!who.ok) fail(mechPiece, who.message);
  const base = { mech: who.ok ? who.unit : '', line, column: mechPiece.column };
  const words = verbPiece.text.toLowerCase().split(/\s+/);
  const verb = words[0]!;
  if (verb === 'play' || verb === 'gather') {
    const inline = words.slice(1).join(' ');
    if (rest.length > 1) fail(rest[1]!, `${verb} takes at most one note after it (what is played or gathered)`);
    const detail = inline !== '' ? verbPiece.text.slice(verb.length).trim() : rest[0]?.text || null;
    return errors.length === 0 ? { ...base, kind: verb, detail } : null;
  }
  if (verb !== 'move') return fail(verbPiece, `${show(verbPiece.text)} is not an action; write move, play or gather`);
  // "move, 12" or "move 12"
  const destination: Piece | undefined = words.length > 1 ? { text: words.slice(1).join(' '), column: verbPiece.column + 5 } : rest.shift();
  if (destination === undefined || destination.text === '') return fail(destination ?? verbPiece, 'write the destination: "blue, move, 12"');
  const bad = locationMistake(destination.text);
  if (bad !== null) fail(destination, `destination: ${bad}`);
  const via: string[] = [];
  rest.forEach((p, i) => {
    let text = p.text.toLowerCase();
    let column = p.column;
    if (i === 0) {
      if (!/^via(\s|$)/.test(text)) return fail(p, `${show(p.text)}: the path comes after "via": "blue, move, 12, via 7, 9"`);
      const after = text.slice(3).trimStart();
      column += text.length - after.length;
      text = after;
    }
    if (text === '') return fail(p, i === 0 ? 'via: name the locations passed on the way' : 'an empty entry (two commas in a row)');
    const m = locationMistake(text);
    if (m !== null) return fail({ text, column }, `via: ${m}`);
    via.push(String(Number(text)));
    return undefined;
  });
  if (via.length > MAX_VIA) fail(rest[MAX_VIA]!, `too many locations on the path (${via.length}; at most ${MAX_VIA})`);
  return errors.length === 0 ? { ...base, kind: 'move', to: String(Number(destination.text)), via } : null;
}

/** Reads an order text: the orders of the lines without mistakes, and every mistake with its position. */
export function parseOrders(text: string): { orders: ExOrder[]; errors: OrderError[] } {
  const orders: ExOrder[] = [];
  const errors: OrderError[] = [];
  if (typeof text !== 'string') return { orders, errors: [{ line: 1, column: 1, message: 'the orders must be text' }] };
  // Only `#` starts a comment here: a card's name may hold a `;`.
  for (const { line, entries } of orderLines(text, { comment: ['#'] })) {
    const mine: OrderError[] = [];
    const order = readLine(line, entries, mine);
    if (order !== null) orders.push(order);
    errors.push(...mine.sort((a, b) => a.column - b.column));
  }
  return { orders, errors };
}

/** The canonical line of an order; parsing it gives the same order back. */
export function printOrder(o: ExOrder): string {
  switch (o.kind) {
    case 'move':
      return [o.mech, 'move', o.to, ...o.via.map((v, i) => (i === 0 ? `via ${v}` : v))].join(', ');
    case 'play':
    case 'gather':
      return o.detail === null ? `${o.mech}, ${o.kind}` : `${o.mech}, ${o.kind}, ${o.detail}`;
    default:
      return assertNever(o);
  }
}

/** The order in words, for receipts and reports. */
export function describeOrder(o: ExOrder): string {
  switch (o.kind) {
    case 'move':
      return o.via.length === 0 ? `${o.mech} moves to location ${o.to}` : `${o.mech} moves to location ${o.to} by way of ${o.via.join(', ')}`;
    case 'play':
      return `${o.mech} takes the Play action${o.detail === null ? '' : ` (${o.detail})`}`;
    case 'gather':
      return `${o.mech} takes the Gather action${o.detail === null ? '' : ` (${o.detail})`}`;
    default:
      return assertNever(o);
  }
}
