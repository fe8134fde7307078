// Orders: one runner a line, comma separated, read through the kernel's order lines.
//
//   scout, move, e, se        Walk up to `speed` steps, one direction each (n, ne, e, se, s, sw, w, nw)
//   scout, hold               Stay put and look out: the crew sees one square further around the runner
//
// Case and spaces do not matter; `#` and `;` start a comment. The parser never throws: every mistake
// comes back with its line and column, and a line with a mistake gives no order.
import {
  assertNever,
  directionLine,
  orderLines,
  quoteEntry,
  readUnitId,
  SQUARE_DIRECTIONS,
  type MapLine,
  type MapUnit,
  type OrderCheck,
  type OrderEntry,
  type OrderError,
  type SquareDirection,
} from '@arbiter/engine';
import { topologyOf } from './board.ts';
import type { LrOrder, LrState } from './types.ts';

const DIRECTIONS = new Map(SQUARE_DIRECTIONS.map((d) => [d.name as string, d.name]));
const DIRECTION_LIST = SQUARE_DIRECTIONS.map((d) => d.name).join(', ');
/** The most directions a move line may hold (a scenario's speed is at most this). */
export const MAX_STEPS = 4;

function readLine(line: number, entries: OrderEntry[], errors: OrderError[]): LrOrder | null {
  const fail = (e: OrderEntry, message: string): null => {
    errors.push({ line, column: e.column, message });
    return null;
  };
  const [who, verb, ...rest] = entries as [OrderEntry, ...OrderEntry[]];
  if (verb === undefined || verb.text === '') return fail(verb ?? who, 'an order needs the runner and what it does: "scout, move, e, se" or "scout, hold"');
  const runner = readUnitId(who.text, 'runner');
  if (!runner.ok) fail(who, runner.message);
  const base = { runner: runner.ok ? runner.unit : '', line, column: who.column };
  switch (verb.text.toLowerCase()) {
    case 'hold':
      if (rest.length > 0) fail(rest[0]!, 'hold takes nothing after it');
      return errors.length === 0 ? { ...base, kind: 'hold' } : null;
    case 'move': {
      if (rest.length === 0) return fail(verb, `write the steps after move, one direction each: ${DIRECTION_LIST}`);
      const steps: SquareDirection[] = [];
      for (const e of rest) {
        const d = DIRECTIONS.get(e.text.toLowerCase());
        if (d === undefined) fail(e, e.text === '' ? 'an empty step (two commas in a row)' : `${quoteEntry(e.text)} is not a direction; use ${DIRECTION_LIST}`);
        else steps.push(d);
      }
      if (rest.length > MAX_STEPS) fail(rest[MAX_STEPS]!, `too many steps (${rest.length}; a runner takes at most ${MAX_STEPS})`);
      return errors.length === 0 ? { ...base, kind: 'move', steps } : null;
    }
    default:
      return fail(verb, `${quoteEntry(verb.text)} is not an order; write move or hold`);
  }
}

export function parseOrders(text: string): { orders: LrOrder[]; errors: OrderError[] } {
  const orders: LrOrder[] = [];
  const errors: OrderError[] = [];
  for (const { line, entries } of orderLines(text)) {
    const mine: OrderError[] = [];
    const order = readLine(line, entries, mine);
    if (order !== null) orders.push(order);
    errors.push(...mine.sort((a, b) => a.column - b.column));
  }
  return { orders, errors };
}

export function printOrder(o: LrOrder): string {
  switch (o.kind) {
    case 'move':
      return [o.runner, 'move', ...o.steps].join(', ');
    case 'hold':
      return `${o.runner}, hold`;
    default:
      return assertNever(o);
  }
}

const WORDS: Readonly<Record<SquareDirection, string>> = { n: 'north', ne: 'north-east', e: 'east', se: 'south-east', s: 'south', sw: 'south-west', w: 'west', nw: 'north-west' };

export function describeOrder(o: LrOrder): string {
  switch (o.kind) {
    case 'move':
      return `${o.runner} runs ${o.steps.map((d) => WORDS[d]).join(', then ')}`;
    case 'hold':
      return `${o.runner} holds and looks out`;
    default:
      return assertNever(o);
  }
}

/** The squares a runner walks from `from` (the start first), and the first step a wall or the edge refuses. */
export function walk(state: LrState, from: string, steps: readonly SquareDirection[]): { path: string[]; blocked: SquareDirection | null } {
  const board = topologyOf(state.board);
  const path = [from];
  for (const d of steps) {
    const here = path[path.length - 1]!;
    const edge = board.neighbours(here).find((e) => e.direction === d);
    if (edge === undefined) return { path, blocked: d };
    path.push(edge.to);
    if (edge.to === state.lantern) break; // the lantern ends a run
  }
  return { path, blocked: null };
}

/**
 * One check per order, in order: the runner is the crew's, the race is not over, the runner has no
 * accepted order above, the steps fit the speed and the board.
 */
export function checkOrders(state: LrState, crew: string, orders: readonly LrOrder[]): OrderCheck<LrOrder>[] {
  const ordered = new Map<string, number>();
  return orders.map((order): OrderCheck<LrOrder> => {
    const reject = (reason: string): OrderCheck<LrOrder> => ({ order, status: 'rejected', reason, warnings: [] });
    const runner = state.runners.find((r) => r.id === order.runner);
    if (runner === undefined || runner.crew !== crew) return reject(`your crew has no runner "${order.runner}"`);
    if (state.winner !== null) return reject(`the race is over: ${state.winner.runner} of ${state.winner.crew} reached the lantern on turn ${state.winner.turn}`);
    const before = ordered.get(order.runner);
    if (before !== undefined) return reject(`${order.runner} already has an order on line ${before}`);
    const accept = (c: Omit<OrderCheck<LrOrder>, 'order' | 'status'>): OrderCheck<LrOrder> => {
      ordered.set(order.runner, order.line);
      return { order, status: 'accepted', ...c };
    };
    if (order.kind === 'hold') return accept({ warnings: [] });
    if (order.steps.length > state.settings.speed) return reject(`a runner takes at most ${state.settings.speed} steps a turn; this move has ${order.steps.length}`);
    const { path, blocked } = walk(state, runner.at, order.steps);
    if (blocked !== null) return reject(`from ${path[path.length - 1]} there is no step ${blocked} (a wall or the edge of the board)`);
    const warnings = path.length - 1 < order.steps.length ? [`the run ends at the lantern on ${state.lantern}; the steps after it are not taken`] : [];
    return accept({ warnings, preview: `from ${path.join(' to ')}`, previewPath: path.slice(1) });
  });
}

export function orderTemplate(state: LrState, crew: string): string[] {
  return state.runners.filter((r) => r.crew === crew).map((r) => `${r.id}, hold   # on ${r.at}; or: ${r.id}, move, <direction>, ...`);
}

export const mapUnits = (state: LrState, crew: string): MapUnit[] => state.runners.filter((r) => r.crew === crew).map((r) => ({ unit: r.id, space: r.at }));

export function mapLine(state: LrState, crew: string, unit: string, path: readonly string[]): MapLine {
  const runner = state.runners.find((r) => r.id === unit && r.crew === crew);
  if (runner === undefined) return { ok: false, message: `your crew has no runner "${unit}"` };
  return directionLine(topologyOf(state.board), runner.at, path, `${runner.id}, move`);
}
