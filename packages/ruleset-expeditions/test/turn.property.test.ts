// Property tests of adjudication: the same state and orders give the same bytes (the corruption draws
// replay byte for byte); the order in which the orders arrive does not matter; a move never spends more
// than the mech's range nor ends on another mech, a card, Basecamp or its start; the round is the
// seat-order fold of single turns; face-down contents stay hidden; corruption is neither made nor lost.
import { describe, expect } from 'vitest';
import { test as fcTest, fc } from '@fast-check/vitest';
import { canonicalJson } from '@arbiter/engine';
import { parseOrders, mayMove } from '../src/index.ts';
import { adjudicateTurn, moveOne } from './sealed.ts';
import type { ExOrder, ExState } from '../src/index.ts';
import { stateOf, tokens } from './helpers.ts';

/** The first player who may move now, or null (the kernel's turn order asked). */
const toMove = (s: Parameters<typeof mayMove>[0]): string | null => mayMove(s)[0] ?? null;

const MECHS = ['red', 'blue', 'green', 'yellow'];
const STARTS = ['basecamp', '1', '2', '3', '4', '5', '6'];
const ALL = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '20'];

const stateArb = fc
  .record({
    n: fc.integer({ min: 1, max: 4 }),
    starts: fc.uniqueArray(fc.constantFrom(...STARTS.slice(1)), { minLength: 4, maxLength: 4 }),
    atBasecamp: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    ranges: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
    levels: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: ALL.length, maxLength: ALL.length }),
    bag: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 12 }),
    seed: fc.integer({ min: 0, max: 2 ** 31 }),
  })
  .map(({ n, starts, atBasecamp, ranges, levels, bag, seed }): ExState => {
    const mechs = Object.fromEntries(MECHS.slice(0, n).map((m, i) => [m, atBasecamp[i] ? 'basecamp' : starts[i]!]));
    const range = Object.fromEntries(MECHS.map((m, i) => [m, ranges[i]!]));
    return stateOf({ mechs, range, seed, levels: Object.fromEntries(ALL.map((l, i) => [l, l === '20' ? 20 : levels[i]!])), bag: tokens(...bag) });
  });

const lineArb = fc
  .record({
    mech: fc.constantFrom(...MECHS),
    kind: fc.constantFrom('move', 'move', 'move', 'play', 'gather'),
    to: fc.constantFrom(...ALL),
    via: fc.array(fc.constantFrom(...ALL), { maxLength: 3 }),
  })
  .map(({ mech, kind, to, via }) => (kind !== 'move' ? `${mech}, ${kind}` : via.length === 0 ? `${mech}, move, ${to}` : `${mech}, move, ${to}, via ${via.join(', ')}`));

const ordersArb = fc.array(lineArb, { maxLength: 8 });

const sum = (xs: readonly { value: number }[]) => xs.reduce((a, t) => a + t.value, 0);
const corruptionIn = (s: ExState) => sum(s.bag) + (s.aside?.value ?? 0) + s.locations.reduce((a, l) => a + sum(l.corruption), 0);

function adjudicate(state: ExState, lines: readonly string[]) {
  const parsed = parseOrders(lines.join('\n'));
  return adjudicateTurn(state, parsed.orders, { orderErrors: parsed.errors });
}

describe('Expeditions adjudication properties', () => {
  fcTest.prop([stateArb, ordersArb])('the same state and orders give the same bytes, draws included', (state, lines) => {
    const a = adjudicate(state, lines);
    const b = adjudicate(structuredClone(state), lines);
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    expect(b.hash).toBe(a.hash);
    expect(a.rolls.every((r) => r.purpose === 'corruption' && r.value >= 0 && r.value < r.sides)).toBe(true);
  });

  fcTest.prop([stateArb, ordersArb, fc.integer()])('the arrival order of the lines does not matter (each line keeps its number)', (state, lines, salt) => {
    const parsed = parseOrders(lines.join('\n'));
    const shuffled: ExOrder[] = [...parsed.orders].sort((x, y) => ((x.line * 7919 + salt) % 13) - ((y.line * 7919 + salt) % 13));
    const a = adjudicateTurn(state, parsed.orders, { orderErrors: parsed.errors });
    const b = adjudicateTurn(state, shuffled, { orderErrors: parsed.errors });
    expect(b.hash).toBe(a.hash);
  });

  fcTest.prop([stateArb, ordersArb])('a move never overspends the range nor ends where a mech may not stand', (state, lines) => {
    const r = adjudicate(state, lines);
    for (const e of r.events) {
      if (e.type !== 'moved') continue;
      const mech = state.mechs.find((m) => m.id === e.mech)!;
      expect(e.path.length - 1).toBeGreaterThanOrEqual(1);
      expect(e.path.length - 1).toBeLessThanOrEqual(mech.range);
      expect(e.path.slice(1).some((s) => s === 'basecamp' || s.startsWith('c'))).toBe(false);
      expect(e.to).not.toBe(e.from);
    }
    const at = r.nextState.mechs.map((m) => m.at).filter((a) => a !== 'basecamp');
    expect(new Set(at).size).toBe(at.length);
    for (const a of at) expect(r.nextState.locations.find((l) => l.id === a)!.faceUp).toBe(true);
    expect(corruptionIn(r.nextState)).toBe(corruptionIn(state));
  });

  fcTest.prop([stateArb, ordersArb])('the round is the seat-order fold of single turns', (state, lines) => {
    const parsed = parseOrders(lines.join('\n'));
    const whole = adjudicateTurn(state, parsed.orders);
    let s = state;
    for (let p = toMove(s); p !== null && s.turn === state.turn; p = toMove(s)) {
      const mech = s.mechs.find((m) => m.player === p)!.id;
      s = moveOne(s, p, parsed.orders.filter((o) => o.mech === mech)).nextState;
    }
    expect(canonicalJson(s)).toBe(canonicalJson(whole.nextState));
  });

  fcTest.prop([stateArb, ordersArb])('no view tells what a face-down location holds, nor what is in the bag', (state, lines) => {
    const r = adjudicate(state, lines);
    for (const v of Object.values(r.views)) {
      for (const l of v.locations) if (!l.faceUp) expect(Object.keys(l).sort()).toEqual(['at', 'faceUp', 'id', 'neighbours', 'region']);
      expect(typeof v.bag).toBe('number');
    }
  });
});
