// Property tests of adjudication: the same state and orders give the same bytes; the order in which
// the orders arrive does not matter; Move points are never overspent (nor a reduced cost below 0); the whole turn is the seat-order
// fold of single moves; no hero ends on another or on the portal; the tile deck stays hidden.
import { describe, expect } from 'vitest';
import { test as fcTest, fc } from '@fast-check/vitest';
import { canonicalJson } from '@arbiter/engine';
import { parseOrders, mayMove } from '../src/index.ts';
import { adjudicateTurn, moveOne } from './sealed.ts';
import type { MkOrder, MkState } from '../src/index.ts';
import { stateOf, tile } from './helpers.ts';

/** The first player who may move now, or null (the kernel's turn order asked). */
const toMove = (s: Parameters<typeof mayMove>[0]): string | null => mayMove(s)[0] ?? null;

const HEROES = ['tovak', 'arythea', 'goldyx', 'norowas'];
const START_SPACES = ['s.ne', 's.e', 's.se', 's.sw', 's.w', 'a.nw', 'a.ne', 'a.e', 'a.sw', 'a.c'];
const deck = [
  tile('hidden-t1', 'countryside', { c: 'forest', ne: 'hills orc-marauders', w: 'swamp' }),
  tile('hidden-t2', 'countryside', { c: 'lake', e: 'desert', sw: 'wasteland keep' }),
  tile('hidden-t3', 'countryside', { nw: 'mountain', se: 'plains village' }),
  tile('hidden-c1', 'core', { c: 'hills city', ne: 'swamp' }),
];
const map = {
  s: tile('A', 'starting', { c: 'plains portal', ne: 'forest', nw: 'lake', w: 'hills', se: 'desert' }),
  a: tile('T1', 'countryside', { c: 'plains village', w: 'plains orc-marauders', se: 'swamp', e: 'wasteland mage-tower' }),
};

const stateArb = fc
  .record({
    n: fc.integer({ min: 1, max: 4 }),
    spaces: fc.array(fc.option(fc.constantFrom(...START_SPACES), { nil: null }), { minLength: 4, maxLength: 4 }),
    seed: fc.integer({ min: 0, max: 2 ** 31 }),
    night: fc.boolean(),
    pvp: fc.boolean(),
  })
  .map(({ n, spaces, seed, night, pvp }): MkState => {
    const heroes = Object.fromEntries(HEROES.slice(0, n).map((h, i) => [h, spaces[i] ?? null]));
    return stateOf({ seed, time: night ? 'night' : 'day', settings: { tileOrder: 'shuffled', famePerTile: 1, playerVsPlayer: pvp }, map, deck, heroes });
  });

const entryText = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('ne', 'e', 'se', 'sw', 'w', 'nw') },
  { weight: 1, arbitrary: fc.constantFrom('explore', 'explore ne', 'explore e', 'explore se', 'explore sw', 'explore w', 'explore nw') },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }).map((n) => `play ${n}`) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((n) => `power ${n}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('forest', 'hills', 'swamp', 'plains', 'all'), fc.integer({ min: 1, max: 6 })).map(([t, n]) => `reduce ${t} ${n}`) },
  { weight: 1, arbitrary: fc.constantFrom('interact', 'challenge') },
);
const heroOrder = (hero: string) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.tuple(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 3 }), fc.array(entryText, { maxLength: 10 })).map(([c, e]) => [`${hero}, move ${c.join('+')}`, ...e].join(', ')) },
    { weight: 1, arbitrary: fc.constant(`${hero}, rest`) },
  );
const turnArb = stateArb.chain((state) =>
  fc.tuple(fc.constant(state), fc.tuple(...state.heroes.map((h) => heroOrder(h.id))).map((lines) => parseOrders(lines.join('\n')).orders)),
);

describe('Mage Knight adjudication properties', () => {
  fcTest.prop([turnArb])('TP-1: the same state and orders give the same bytes and hash', ([state, orders]) => {
    const a = adjudicateTurn(state, orders);
    const b = adjudicateTurn(structuredClone(state), structuredClone(orders));
    expect(b.hash).toBe(a.hash);
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  fcTest.prop([turnArb.chain(([s, o]) => fc.tuple(fc.constant(s), fc.constant(o), fc.shuffledSubarray(o, { minLength: o.length, maxLength: o.length })))])(
    'TP-2: the same result whatever order the orders arrive in',
    (args) => {
      const [state, orders, shuffled] = args as [MkState, MkOrder[], MkOrder[]];
      expect(adjudicateTurn(state, shuffled).hash).toBe(adjudicateTurn(state, orders).hash);
    },
  );

  fcTest.prop([turnArb])('TP-3: Move points are never overspent', ([state, orders]) => {
    const r = adjudicateTurn(state, orders);
    const spentBy = new Map<string, number>();
    for (const e of r.events) {
      if (e.type === 'moved' || e.type === 'explored') {
        expect(e.mpLeft).toBeGreaterThanOrEqual(0);
        expect(e.cost, 'a reduced cost never drops below 0').toBeGreaterThanOrEqual(0);
        spentBy.set(e.hero, (spentBy.get(e.hero) ?? 0) + e.cost);
      }
      if (e.type === 'movement-ended') {
        expect(e.mpSpent).toBeLessThanOrEqual(e.mpPlayed);
        expect(e.mpSpent + e.mpLost).toBe(e.mpPlayed);
        expect(spentBy.get(e.hero) ?? 0).toBe(e.mpSpent);
      }
    }
  });

  fcTest.prop([turnArb])('TP-4: the whole turn is the fold of single moves in seat order', ([state, orders]) => {
    let s = state;
    for (let p = toMove(s); p !== null && s.turn === state.turn; p = toMove(s)) s = moveOne(s, p, orders.filter((o) => s.heroes.find((h) => h.player === p)!.id === o.hero)).nextState;
    expect(canonicalJson(s)).toBe(canonicalJson(adjudicateTurn(state, orders).nextState));
    expect(s.turn).toBe(state.turn + 1);
  });

  fcTest.prop([turnArb])('TP-5: at the end of the turn no hero is on the portal, and without PvP none shares a space', ([state, orders]) => {
    const r = adjudicateTurn(state, orders);
    const next = r.nextState;
    const portal = next.spaces.find((x) => x.site === 'portal')!.id;
    const onMap = next.heroes.filter((h) => h.space !== null);
    expect(onMap.some((h) => h.space === portal)).toBe(false);
    if (!next.settings.playerVsPlayer) {
      const shared = onMap.filter((h) => onMap.some((o) => o !== h && o.space === h.space && state.heroes.find((x) => x.id === h.id)!.space !== h.space));
      const safe = (sp: string) => next.spaces.find((x) => x.id === sp)!.site === 'city' && next.spaces.find((x) => x.id === sp)!.conquered;
      expect(shared.filter((h) => !safe(h.space!))).toEqual([]);
    }
  });

  fcTest.prop([turnArb])('TP-6: fog of war: no view holds a tile still in the deck', ([state, orders]) => {
    const r = adjudicateTurn(state, orders);
    const hidden = [...r.nextState.deck.countryside, ...r.nextState.deck.core].map((t) => t.id);
    for (const v of Object.values(r.views)) {
      const json = JSON.stringify(v);
      for (const id of hidden) expect(json.includes(id), `${id} in ${v.player.id}'s view`).toBe(false);
    }
  });
});
