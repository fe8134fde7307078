// The test map and a builder for positions on it (a scenario document, validated by the real scenario
// parser). The map, with Basecamp touching 1, 2 and 3 and card gaps c1..c5:
//
//        10 - 11 - 12 - 20          c4 touches 10, c5 touches 12
//         |    |    |
//         7 -  8 -  9
//         |    |    |               c1 touches 1 and 9 (a shortcut no mech may take)
//         4 -  5 -  6               c2 touches 4, c3 touches 6
//         |    |    |
//         1 -  2 -  3
//          \   |   /
//           Basecamp
//
// 1-6 are South (face up by default), 7-12 Central and 20 North (face down, with a map token).
import { initialState, parseOrders, parseScenario } from '../src/index.ts';
import { adjudicateTurn } from './sealed.ts';
import type { Corruption, ExState, ExTurnResult } from '../src/index.ts';

const GRID = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
  ['10', '11', '12'],
];
const CARDS: Record<string, { card: string; neighbours: string[]; at: [number, number] }> = {
  c1: { card: 'Wolf Pack', neighbours: ['1', '9'], at: [-60, 180] },
  c2: { card: 'Iron Harvest', neighbours: ['4'], at: [-60, 300] },
  c3: { card: 'Tunguska Relic', neighbours: ['6'], at: [300, 300] },
  c4: { card: 'Old Mill', neighbours: ['10'], at: [-60, 60] },
  c5: { card: 'Meteor Shard', neighbours: ['12'], at: [240, 0] },
};

/** Corruption tokens from values (orange, unless written as "3t" for teal). */
export function tokens(...values: (number | string)[]): Corruption[] {
  return values.map((v) => (typeof v === 'number' ? { value: v, colour: 'orange' } : { value: Number(v.replace('t', '')), colour: v.endsWith('t') ? 'teal' : 'orange' }));
}

export interface PositionInput {
  /** Mech id -> where it stands, in seat order; the player of mech `red` is `red-player`. */
  mechs: Record<string, string>;
  /** Locations face up (default 1-6). */
  faceUp?: string[];
  /** Corruption levels (default 3). */
  levels?: Record<string, number>;
  /** Face-down locations with no map token (default: every face-down location has one). */
  noToken?: string[];
  bag?: Corruption[];
  range?: Record<string, number>;
  turn?: number;
  seed?: number;
}

export const playerOf = (mech: string) => `${mech}-player`;

export function scenarioOf(p: PositionInput): unknown {
  const faceUp = new Set(p.faceUp ?? ['1', '2', '3', '4', '5', '6']);
  const locations: unknown[] = [];
  const neighbours = new Map<string, string[]>();
  const add = (a: string, b: string) => {
    (neighbours.get(a) ?? neighbours.set(a, []).get(a)!).push(b);
    (neighbours.get(b) ?? neighbours.set(b, []).get(b)!).push(a);
  };
  GRID.forEach((row, r) =>
    row.forEach((id, c) => {
      if (c > 0) add(row[c - 1]!, id);
      if (r > 0) add(GRID[r - 1]![c]!, id);
    }),
  );
  add('12', '20');
  for (const [id, c] of Object.entries(CARDS)) for (const n of c.neighbours) add(id, n);
  const at = (id: string): [number, number] => {
    if (id === '20') return [300, 60];
    const r = GRID.findIndex((row) => row.includes(id));
    return [GRID[r]!.indexOf(id) * 100 + 20, (3 - r) * 80 + 60];
  };
  for (const id of [...GRID.flat(), '20']) {
    const up = faceUp.has(id);
    locations.push({
      id,
      region: Number(id) <= 6 ? 'south' : id === '20' ? 'north' : 'central',
      neighbours: neighbours.get(id)!.filter((n) => !n.startsWith('c')).concat(neighbours.get(id)!.filter((n) => n.startsWith('c'))),
      at: at(id),
      faceUp: up,
      corruptionLevel: p.levels?.[id] ?? 3,
      mapToken: !up && !(p.noToken ?? []).includes(id),
    });
  }
  return {
    ruleset: 'expeditions',
    seed: p.seed ?? 7,
    turn: p.turn ?? 1,
    basecamp: { neighbours: ['1', '2', '3'], at: [120, 400] },
    locations,
    cards: Object.entries(CARDS).map(([id, c]) => ({ id, card: c.card, neighbours: c.neighbours, at: c.at })),
    bag: p.bag ?? tokens(1, 2, 3, 4, '1t', '2t', '3t'),
    players: Object.entries(p.mechs).map(([mech, where]) => ({ id: playerOf(mech), name: mech[0]!.toUpperCase() + mech.slice(1), mech: { id: mech, at: where, range: p.range?.[mech] ?? 3 } })),
  };
}

export function stateOf(p: PositionInput): ExState {
  const parsed = parseScenario(scenarioOf(p));
  if (!parsed.ok) throw new Error(`test position is not a valid scenario: ${JSON.stringify(parsed.issues)}`);
  return initialState(parsed.scenario);
}

export function run(p: PositionInput, orders: readonly string[]): { state: ExState; parsed: ReturnType<typeof parseOrders>; result: ExTurnResult } {
  const state = stateOf(p);
  const parsed = parseOrders(orders.join('\n'));
  return { state, parsed, result: adjudicateTurn(state, parsed.orders, { orderErrors: parsed.errors }) };
}
