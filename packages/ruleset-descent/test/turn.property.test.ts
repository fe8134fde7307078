// Property tests of adjudication: the same state and orders give the same bytes; the order in which the
// orders arrive does not matter; movement points are never overspent and no two figures end on one
// square; without place numbers the whole turn is the fold of the single moves (hero players in seat
// order, then the overlord).
import { describe, expect } from 'vitest';
import { test as fcTest, fc } from '@fast-check/vitest';
import { canonicalJson } from '@arbiter/engine';
import { parseOrders, mayMove } from '../src/index.ts';
import { adjudicateTurn, moveOne } from './sealed.ts';
import type { DsOrder, DsState } from '../src/index.ts';
import { footprint } from '../src/index.ts';
import { stateOf } from './helpers.ts';

/** The first player who may move now, or null (the kernel's turn order asked). */
const toMove = (s: Parameters<typeof mayMove>[0]): string | null => mayMove(s)[0] ?? null;

const state: DsState = stateOf({
  heroes: ['grisban B2 speed 4 fatigue 3', 'jain B6 speed 5 fatigue 2 items healing-potion', 'tomble F2 speed 4 fatigue 4'],
  monsters: ['skel-1 G7 speed 4', 'fire-1 E5 speed 3 aura', 'zombie-1 H1 speed 3 grapple', 'ogre-1 A7 speed 3 size 2x2'],
  more: {
    areas: [{ id: 'vault', squares: ['I1:L8'], monsters: [{ id: 'spider-1', name: 'Spider', square: 'K4', speed: 5 }], tokens: [{ id: 'c9', kind: 'chest', square: 'J2' }] }],
    walls: [['H1', 'I1'], ['H2', 'I2'], ['H3', 'I3'], ['H5', 'I5'], ['H6', 'I6'], ['H7', 'I7'], ['H8', 'I8'], ['C3', 'C4'], ['D3', 'D4']],
    doors: [{ id: 'd1', between: ['H4', 'I4'] }, { id: 'd2', between: ['E3', 'E4'], open: true }],
    pits: ['D6', 'E7'],
    obstacles: [{ square: 'C5', kind: 'boulder', blocking: true }],
    tokens: [{ id: 'c1', kind: 'chest', square: 'F3' }, { id: 'p1', kind: 'potion', square: 'B3', item: 'power-potion' }],
    treasureDeck: ['gold-50', 'flail', 'shield', 'axe'],
  },
});

const step = fc.constantFrom('n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw');
const heroEntry = fc.oneof({ weight: 6, arbitrary: step }, fc.constantFrom('open d1', 'close d2', 'chest c1', 'chest c9', 'pickup', 'drink', 'fatigue 1', 'attack skel-1', 'attack fire-1', 'jump s', 'climb n', 'reequip'));
const monsterEntry = fc.oneof({ weight: 6, arbitrary: step }, fc.constantFrom('attack grisban', 'attack jain', 'open d1', 'close d2'));
const heroOrder = (id: string) => fc.tuple(fc.constantFrom('run', 'advance', 'battle', 'ready guard'), fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }), fc.array(heroEntry, { maxLength: 10 })).map(([a, p, es]) => [id, ...(p === null ? [] : [String(p)]), a, ...es].join(', '));
const monsterOrder = (id: string) => fc.array(monsterEntry, { maxLength: 8 }).map((es) => [id, 'move', ...es].join(', '));
const orderTexts = fc.tuple(heroOrder('grisban'), heroOrder('jain'), heroOrder('tomble'), monsterOrder('skel-1'), monsterOrder('fire-1'), monsterOrder('ogre-1'), monsterOrder('spider-1'));

/** Each player's orders as a separate text (its own line numbers), as they arrive by mail. */
function ordersOf(lines: readonly string[]): DsOrder[] {
  const heroes = lines.slice(0, 3).flatMap((l) => parseOrders(l).orders);
  const overlord = parseOrders(lines.slice(3).join('\n')).orders;
  return [...heroes, ...overlord];
}

describe('adjudication properties', () => {
  fcTest.prop([orderTexts])('the same state and orders give the same bytes and hash', (lines) => {
    const orders = ordersOf(lines);
    const a = adjudicateTurn(state, orders);
    const b = adjudicateTurn(structuredClone(state), structuredClone(orders));
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    expect(b.hash).toBe(a.hash);
  });

  fcTest.prop([orderTexts, fc.integer()])('the order in which players\' orders arrive does not change the result', (lines, seed) => {
    const orders = ordersOf(lines);
    const shuffled = [...orders].sort((x, y) => ((x.figure.length * 31 + seed) % 7) - ((y.figure.length * 31 + seed) % 7) || (seed % 2 === 0 ? 1 : -1));
    expect(adjudicateTurn(state, shuffled).hash).toBe(adjudicateTurn(state, orders).hash);
  });

  fcTest.prop([orderTexts])('movement points are never overspent, and figures end on empty squares of the revealed board', (lines) => {
    const r = adjudicateTurn(state, ordersOf(lines));
    for (const e of r.events) {
      if ('mpLeft' in e) expect(e.mpLeft).toBeGreaterThanOrEqual(0);
      if (e.type === 'activation-ended') expect(e.spent).toBeLessThanOrEqual(e.mp);
    }
    const s = r.nextState;
    const shown = new Set(s.areas.filter((a) => a.revealed).flatMap((a) => a.squares));
    const taken = s.figures.flatMap((f) => (f.square === null ? [] : footprint(f.square, f.size)));
    expect(new Set(taken).size).toBe(taken.length);
    for (const q of taken) expect(shown.has(q)).toBe(true);
    for (const f of s.figures) expect(f.fatigue).toBeGreaterThanOrEqual(0);
  });

  fcTest.prop([orderTexts])('without place numbers, the whole turn is the fold of each player\'s move in seat order', (lines) => {
    // Place numbers order the heroes at the deadline only; moves adjudicated as they arrive go in seat order.
    const orders = ordersOf(lines).map((o) => ({ ...o, place: null }));
    const whole = adjudicateTurn(state, orders);
    let s = state;
    const events = [];
    for (let p = toMove(s); p !== null && s.turn === state.turn; p = toMove(s)) {
      const r = moveOne(s, p, orders);
      events.push(...r.events);
      s = r.nextState;
    }
    expect(canonicalJson(s)).toBe(canonicalJson(whole.nextState));
    expect(events).toEqual(whole.events);
  });
});
