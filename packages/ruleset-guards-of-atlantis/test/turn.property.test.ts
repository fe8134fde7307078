// Property tests of adjudication: the same state and orders give the same bytes (and hash); the order in
// which the orders arrive does not matter; no movement is longer than it was allowed; no two units or
// tokens share a space and nobody ends on terrain (card text moving through obstacles, or moving another
// unit or a token, included); the other heroes' hands stay hidden.
import { describe, expect } from 'vitest';
import { test as fcTest, fc } from '@fast-check/vitest';
import { canonicalJson } from '@arbiter/engine';
import { boardOf, parseOrders } from '../src/index.ts';
import { adjudicateTurn } from './sealed.ts';
import type { GoaState, Team } from '../src/index.ts';
import { CARDS, stateOf } from './helpers.ts';

const SPACES = ['0202', '0303', '0204', '0305', '0405', '0206', '0504', '0505', '0603', '0605', '0803', '0805', '0302', '0406'];
const HERO_IDS = ['arien', 'xarg', 'brogan', 'tigerclaw'];
const TEAM_OF: Record<string, Team> = { arien: 'blue', xarg: 'red', brogan: 'blue', tigerclaw: 'red' };
const CARD_IDS = Object.keys(CARDS);

const positionArb = fc
  .record({
    n: fc.integer({ min: 1, max: 4 }),
    spaces: fc.shuffledSubarray(SPACES, { minLength: 7, maxLength: 7 }),
    cards: fc.shuffledSubarray(CARD_IDS, { minLength: 8, maxLength: 8 }),
    coin: fc.constantFrom<Team | 'random'>('red', 'blue', 'random'),
  })
  .map(({ n, spaces, cards, coin }): GoaState =>
    stateOf({
      coin,
      heroes: HERO_IDS.slice(0, n).map((id, i) => ({ id, team: TEAM_OF[id] as Team, at: spaces[i] as string, hand: cards.slice(i * 2, i * 2 + 2) })),
      minions: [{ id: 'm1', team: 'red', at: spaces[4] as string }],
      tokens: [{ id: 't1', kind: 'smoke', at: spaces[5] as string }, { id: 't2', kind: 'trap', at: spaces[6] as string }],
    }),
  );

const dir = fc.constantFrom('ne', 'e', 'se', 'sw', 'w', 'nw');
const movement = fc.oneof(
  fc.array(dir, { maxLength: 5 }).map((d) => ['move', ...d].join(', ')),
  fc.tuple(fc.array(dir, { maxLength: 3 }), fc.array(dir, { maxLength: 3 })).map(([t, d]) => ['primary', ...t.map((x) => `text ${x}`), ...d].join(', ')),
  // Card text moving another unit or a token (Tow, Beacon), or through obstacles (Phase Step).
  fc.tuple(fc.constantFrom('m1', 't1', 't2', 'arien', 'xarg'), fc.array(dir, { minLength: 1, maxLength: 2 })).map(([who, d]) => ['primary', ...d.map((x) => `text ${who} ${x}`)].join(', ')),
  fc.constantFrom(...SPACES).map((s) => `fast travel ${s}`),
  fc.constant('hold'),
);

/** Each hero's order: a card of its hand (with its printed initiative) and a movement. */
const turnArb = positionArb.chain((state) =>
  fc
    .tuple(...state.heroes.map((h) => fc.tuple(fc.constantFrom(...(state.hands[h.id] as string[])), movement, fc.boolean())))
    .map((picks) => ({
      state,
      lines: picks.flatMap(([card, move, plays], i) => {
        const h = state.heroes[i]!;
        return plays ? [`${h.id}, ${card}, ${state.cards[card]!.initiative}, ${move}`] : [];
      }),
    })),
);

function occupied(s: GoaState): string[] {
  return [...s.heroes.map((h) => h.at), ...s.minions.map((m) => m.at), ...s.tokens.map((t) => t.at)];
}

describe('adjudication properties', () => {
  fcTest.prop([turnArb], { numRuns: 150 })('the same state and orders give the same bytes and hash', ({ state, lines }) => {
    const parsed = parseOrders(lines.join('\n'));
    const a = adjudicateTurn(state, parsed.orders, { orderErrors: parsed.errors });
    const b = adjudicateTurn(structuredClone(state), parseOrders(lines.join('\n')).orders, { orderErrors: parsed.errors });
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(a.hash).toBe(b.hash);
  });

  fcTest.prop([turnArb, fc.integer()], { numRuns: 150 })('the order in which the orders arrive does not matter', ({ state, lines }, seed) => {
    const shuffled = [...lines].sort((x, y) => ((x.length * 31 + seed) % 7) - ((y.length * 31 + seed) % 7));
    const a = adjudicateTurn(state, parseOrders(lines.join('\n')).orders);
    const reordered = parseOrders(shuffled.join('\n')).orders.map((o) => ({ ...o, line: lines.findIndex((l) => l.startsWith(`${o.hero},`)) + 1 }));
    const b = adjudicateTurn(state, reordered.reverse());
    expect(b.nextState).toEqual(a.nextState);
    expect(b.events).toEqual(a.events);
  });

  fcTest.prop([turnArb], { numRuns: 150 })('no movement goes further than allowed; Fast Travel only to the same or an adjacent zone', ({ state, lines }) => {
    const r = adjudicateTurn(state, parseOrders(lines.join('\n')).orders);
    const board = boardOf(state);
    for (const e of r.events) {
      if (e.type === 'movement-ended') expect(e.spaces).toBeLessThanOrEqual(e.allowed);
      if (e.type === 'fast-travelled') expect(e.fromZone === e.toZone || board.adjacentZones(e.fromZone).includes(e.toZone)).toBe(true);
    }
    for (const u of r.units) {
      const card = u.card === null ? undefined : state.cards[u.card];
      const steps = r.events.filter((e) => e.type === 'moved' && e.hero === u.hero).length;
      if (card !== undefined) {
        const textMoves = card.effects.reduce((s, e) => s + (e.kind === 'move' || e.kind === 'movement-action' ? e.spaces : 0), 0);
        expect(steps).toBeLessThanOrEqual(Math.max(card.movement, card.primary.value) + textMoves);
      } else expect(steps).toBe(0);
    }
  });

  fcTest.prop([turnArb], { numRuns: 150 })('no two obstacles share a space, nobody stands on terrain, every card played left the hand', ({ state, lines }) => {
    const r = adjudicateTurn(state, parseOrders(lines.join('\n')).orders);
    const at = occupied(r.nextState);
    expect(new Set(at).size).toBe(at.length);
    const board = boardOf(state);
    for (const h of r.nextState.heroes) expect(board.isTerrain(h.at)).toBe(false);
    for (const u of r.units) if (u.card !== null) expect(r.nextState.hands[u.hero]).not.toContain(u.card);
  });

  fcTest.prop([turnArb], { numRuns: 100 })("a player's view shows its own hand and only the size of the others'", ({ state, lines }) => {
    const r = adjudicateTurn(state, parseOrders(lines.join('\n')).orders);
    for (const p of r.nextState.players) {
      const view = r.views[p.id]!;
      const mine = r.nextState.heroes.find((h) => h.player === p.id)!;
      expect(view.hand.map((c) => c.id)).toEqual(r.nextState.hands[mine.id]);
      const json = JSON.stringify(view);
      for (const other of r.nextState.heroes) {
        if (other.id === mine.id) continue;
        for (const c of r.nextState.hands[other.id] ?? []) expect(json.includes(`"${c}"`), `${p.id}'s view names ${other.id}'s card ${c}`).toBe(false);
      }
    }
  });
});
