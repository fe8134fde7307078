// The sequential turn: one player's move at a time (the contract's `sequential` member), and the whole
// turn from wherever the turn stands.
import { describe, expect, it } from 'vitest';
import { parseOrders, renderHtmlReport, renderMapSvg, mayMove } from '../src/index.ts';
import { adjudicateTurn, moveOne } from './sealed.ts';
import { stateOf, tile } from './helpers.ts';

/** The first player who may move now, or null (the kernel's turn order asked). */
const toMove = (s: Parameters<typeof mayMove>[0]): string | null => mayMove(s)[0] ?? null;

const position = { map: { s: tile('A', 'starting', { nw: 'plains portal' }), a: tile('T1', 'countryside', {}) }, heroes: { tovak: 's.w', arythea: 's.e' } };
const orders = parseOrders('tovak, move 2, e\narythea, move 2, e').orders;

describe('Mage Knight sequential turn', () => {
  it('TT-1: whose move it is goes in seat order; after the last move the next turn opens with the first seat', () => {
    const s0 = stateOf(position);
    expect(toMove(s0)).toBe('p-tovak');
    const r1 = moveOne(s0, 'p-tovak', orders.filter((o) => o.hero === 'tovak'));
    expect(r1.nextState.moved).toEqual(['p-tovak']);
    expect(toMove(r1.nextState)).toBe('p-arythea');
    const r2 = moveOne(r1.nextState, 'p-arythea', orders.filter((o) => o.hero === 'arythea'));
    expect(r2.nextState.turn).toBe(2);
    expect(r2.nextState.moved).toEqual([]);
    expect(toMove(r2.nextState)).toBe('p-tovak');
    expect(r2.turn).toBe(1);
  });

  it('TT-2: a move out of turn is a bug in the caller (an exception); orders for another hero are errors', () => {
    const s0 = stateOf(position);
    expect(() => moveOne(s0, 'p-arythea', [])).toThrow("it is p-tovak's move, not p-arythea's");
    const r = moveOne(s0, 'p-tovak', orders);
    expect(r.errors.map((e) => e.message)).toEqual(["arythea is not p-tovak's hero (tovak is)"]);
    expect(r.nextState.heroes.find((h) => h.id === 'arythea')!.space).toBe('s.e');
  });

  it('TT-3: adjudicating the rest of a turn: the players who moved are skipped, their orders are errors', () => {
    const s1 = moveOne(stateOf(position), 'p-tovak', orders.filter((o) => o.hero === 'tovak')).nextState;
    const r = adjudicateTurn(s1, orders);
    expect(r.errors.map((e) => e.message)).toEqual(['tovak has already moved this turn']);
    expect(r.nextState.heroes.map((h) => h.space)).toEqual(['s.c', 'a.nw']);
    expect(r.nextState.turn).toBe(2);
  });

  it('TT-4: a view has only its own player\'s mistakes; names are escaped in HTML and SVG', () => {
    const s0 = stateOf(position);
    s0.players[0]!.name = '<Anna & co>';
    const r = adjudicateTurn(s0, parseOrders('tovak, move 2, e, w, w, w\narythea, move 1, e').orders);
    expect(r.views['p-tovak']!.errors).toEqual([]);
    const html = renderHtmlReport(r.views['p-tovak']!);
    expect(html).toContain('&lt;Anna &amp; co&gt;');
    expect(html).not.toContain('<Anna');
    expect(renderMapSvg(r.views['p-tovak']!)).toContain('as &lt;Anna &amp; co&gt; sees it');
    const dup = adjudicateTurn(s0, parseOrders('tovak, move 2, e\ntovak, move 2, e').orders);
    expect(dup.views['p-tovak']!.errors.map((e) => e.line)).toEqual([2]);
    expect(dup.views['p-arythea']!.errors).toEqual([]);
  });
});
