// Determinism and replay: the same state, orders and seed give byte-identical results and event logs,
// whatever order the orders arrive in; the hash is the SHA-256 of the canonical JSON of the rest.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { adjudicate } from './sealed.ts';
import { canonicalJson, createGame, parseOrders, parseScenario, sha256Hex } from '../src/index.ts';
import type { GameState, Order, OrderError, TurnResult } from '../src/index.ts';
import { randomTurn } from './random-turn.ts';

function prepare(seed: number): { state: GameState; orders: Order[]; errors: OrderError[] } {
  const parsed = parseScenario(randomTurn(seed));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues.slice(0, 3)));
  const { orders, errors } = parseOrders(parsed.scenario.orders.join('\n'));
  return { state: createGame(parsed.scenario), orders, errors };
}

/** The units in an order given by the keys (a permutation of the list). */
function permuted<T>(xs: readonly T[], keys: readonly number[]): T[] {
  return xs
    .map((x, i) => ({ x, k: keys[i % keys.length]! * 1000 + ((i * 7919) % 997) }))
    .sort((p, q) => p.k - q.k)
    .map((p) => p.x);
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A result with every list that follows the game state's unit list (unit results, next-state units, each
 * view's units and order template) sorted; events, rolls, sightings and everything else as they are.
 */
function canonicalOrdering(r: TurnResult): Omit<TurnResult, 'hash'> {
  const { hash: _hash, ...rest } = r;
  const views: TurnResult['views'] = {};
  for (const [n, v] of Object.entries(r.views)) views[n] = { ...v, units: [...v.units].sort(byId), orderTemplate: [...v.orderTemplate].sort() };
  return { ...rest, units: [...r.units].sort(byId), nextState: { ...r.nextState, units: [...r.nextState.units].sort(byId) }, views };
}

describe('resolution properties', () => {
  test.prop([fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.array(fc.nat(), { minLength: 40, maxLength: 40 })], { numRuns: 40 })(
    'shuffling the orders changes nothing: byte-identical result and hash',
    (seed, keys) => {
      const { state, orders, errors } = prepare(seed);
      const a = adjudicate(state, orders, { orderErrors: errors });
      const shuffled = orders
        .map((o, i) => ({ o, k: keys[i % keys.length]! * 1000 + ((i * 7919) % 997) }))
        .sort((x, y) => x.k - y.k)
        .map((x) => x.o);
      const b = adjudicate(state, shuffled, { orderErrors: [...errors].reverse() });
      expect(canonicalJson(b)).toBe(canonicalJson(a));
      expect(b.hash).toBe(a.hash);
    },
  );

  test.prop([fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.array(fc.nat(), { minLength: 40, maxLength: 40 })], { numRuns: 40 })(
    "permuting the game state's unit list never changes an outcome: the same result hash after canonical ordering",
    (seed, keys) => {
      const { state, orders, errors } = prepare(seed);
      const a = adjudicate(state, orders, { orderErrors: errors });
      const b = adjudicate({ ...state, units: permuted(state.units, keys) }, orders, { orderErrors: errors });
      expect(canonicalJson(canonicalOrdering(b))).toBe(canonicalJson(canonicalOrdering(a)));
      expect(sha256Hex(canonicalJson(canonicalOrdering(b)))).toBe(sha256Hex(canonicalJson(canonicalOrdering(a))));
    },
  );

  it('the permutation property is exercised by ties: departure and blocking draws happen in these turns, and reversing the unit list changes nothing', () => {
    let departureDraws = 0;
    let blockDraws = 0;
    for (let seed = 0; seed < 60; seed++) {
      const { state, orders, errors } = prepare(seed);
      const a = adjudicate(state, orders, { orderErrors: errors });
      const b = adjudicate({ ...state, units: [...state.units].reverse() }, orders, { orderErrors: errors });
      expect(canonicalJson(canonicalOrdering(b)), `seed ${seed}`).toBe(canonicalJson(canonicalOrdering(a)));
      departureDraws += a.events.filter((e) => e.type === 'departure-order').length;
      blockDraws += a.events.filter((e) => e.type === 'block-order').length;
    }
    expect(departureDraws).toBeGreaterThan(0);
    expect(blockDraws).toBeGreaterThan(0);
  });

  test.prop([fc.integer({ min: 0, max: 2 ** 31 - 1 })], { numRuns: 25 })('the hash is the SHA-256 of the canonical JSON of everything else', (seed) => {
    const { state, orders, errors } = prepare(seed);
    const r = adjudicate(state, orders, { orderErrors: errors });
    const { hash, ...rest } = r;
    expect(hash).toBe(sha256Hex(canonicalJson(rest)));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test.prop([fc.integer({ min: 0, max: 2 ** 31 - 1 })], { numRuns: 20 })('replaying from a JSON round trip of the state gives the same bytes', (seed) => {
    const { state, orders, errors } = prepare(seed);
    const a = adjudicate(state, orders, { orderErrors: errors });
    const stored = JSON.parse(JSON.stringify(state)) as GameState;
    const b = adjudicate(stored, JSON.parse(JSON.stringify(orders)) as Order[], { orderErrors: errors });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  test.prop([fc.integer({ min: 0, max: 2 ** 31 - 1 })], { numRuns: 15 })(
    'the hash does not depend on the key order of the stored map (sorted or not, plain JSON or canonical copy)',
    (seed) => {
      const { state, orders, errors } = prepare(seed);
      const a = adjudicate(state, orders, { orderErrors: errors });
      const m = state.map;
      const shuffled: GameState = {
        ...state,
        map: {
          hexsides: m.hexsides.map((h) => ({ hex: h.hex, features: [...h.features], dir: h.dir })),
          hexes: m.hexes.map((h) => ({ terrain: h.terrain, hex: h.hex })),
        } as GameState['map'],
      };
      const sorted: GameState = {
        ...state,
        map: {
          hexes: m.hexes.map((h) => ({ hex: h.hex, terrain: h.terrain })),
          hexsides: m.hexsides.map((h) => ({ dir: h.dir, features: [...h.features], hex: h.hex })),
        },
      };
      for (const s of [shuffled, sorted]) {
        const b = adjudicate(s, orders, { orderErrors: errors });
        expect(b.hash).toBe(a.hash);
        const { hash, ...rest } = b;
        expect(hash).toBe(sha256Hex(canonicalJson(rest)));
      }
    },
  );

  test.prop([fc.integer({ min: 0, max: 2 ** 31 - 1 })], { numRuns: 20 })('adjudicate does not modify its input state', (seed) => {
    const { state, orders, errors } = prepare(seed);
    const before = canonicalJson(state);
    adjudicate(state, orders, { orderErrors: errors });
    expect(canonicalJson(state)).toBe(before);
  });

  test.prop([fc.integer({ min: 0, max: 2 ** 31 - 1 })], { numRuns: 20 })('the next state is a valid game state: units on the map, turn + 1, carriers exist', (seed) => {
    const { state, orders, errors } = prepare(seed);
    const r = adjudicate(state, orders, { orderErrors: errors });
    const next = r.nextState;
    expect(next.turn).toBe(state.turn + 1);
    const hexes = new Set(next.map.hexes.map((h) => h.hex));
    const ids = new Map(next.units.map((u) => [u.id, u]));
    for (const u of next.units) {
      expect(hexes.has(u.hex)).toBe(true);
      const carrier = u.kind === 'army' ? u.aboard : u.kind === 'character' ? u.with : null;
      if (carrier !== null) {
        expect(ids.get(carrier)?.hex, `${u.id} is where ${carrier} is`).toBe(u.hex);
      }
    }
    // The next turn adjudicates too (the state carries the advanced random source).
    const r2 = adjudicate(next, []);
    expect(r2.nextState.turn).toBe(state.turn + 2);
    expect(next.rng).not.toEqual(state.rng);
  });

  it('units never spend more MP than their budget and steps are adjacent and costed', () => {
    let passengers = 0;
    for (let seed = 0; seed < 30; seed++) {
      const { state, orders, errors } = prepare(seed);
      const r = adjudicate(state, orders, { orderErrors: errors });
      const aboard = new Map(state.units.map((u) => [u.id, u.kind === 'army' ? u.aboard : null]));
      for (const u of r.units) {
        expect(u.mpSpent).toBeLessThanOrEqual(14);
        let at = u.startHex;
        let spent = 0;
        for (const s of u.steps) {
          if (u.kind !== 'character') expect(s.from).toBe(at);
          at = s.to;
          spent += s.cost;
          expect(s.cost).toBeGreaterThan(0);
        }
        if (u.kind !== 'character' && !u.destroyed) expect(u.finalHex).toBe(at);
        if (u.kind === 'army' || u.kind === 'navy') {
          const carrier = aboard.get(u.id) ?? null;
          if (carrier === null) {
            // A unit that moves itself spends exactly the MP its steps cost.
            expect(u.mpSpent, `${u.id}: MP spent = the sum of its steps' costs`).toBe(spent);
          } else {
            // An army aboard a navy (with no orders of its own in these turns) spends nothing and makes
            // exactly its navy's steps.
            passengers++;
            expect(u.mpSpent, `${u.id} aboard ${carrier} spends no MP`).toBe(0);
            expect(u.steps, `${u.id} moves with ${carrier}`).toEqual(r.units.find((c) => c.id === carrier)?.steps);
          }
        }
      }
    }
    expect(passengers).toBeGreaterThan(10);
  });
});
