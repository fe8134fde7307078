// Runs the Mage Knight case catalogue (test/cases/*.ts): each case is a small map, orders as players
// write them, and the expected outcome. docs/rules-mage-knight.md lists every case id beside its rule.
import { expect } from 'vitest';
import { catalogueSuite, expectErrorContaining, expectEvents, expectReceipt, expectRolls } from '@arbiter/engine/testing';
import { checkOrders, explorableFrom, parseOrders } from '../src/index.ts';
import type { MkEvent } from '../src/index.ts';
import { run, stateOf } from './helpers.ts';
import { catalogue } from './cases/index.ts';
import type { Case, Expectation } from './cases/types.ts';

function checkCase(c: Case): void {
  const { state, parsed, result } = run(c.position, c.orders);
  const events: MkEvent[] = result.events;
  const all = JSON.stringify(events);
  for (const e of c.expect as Expectation[]) {
    if ('hero' in e) {
      const label = `${c.id} ${e.hero}`;
      const next = result.nextState.heroes.find((h) => h.id === e.hero);
      expect(next, `${label} in the next state`).toBeDefined();
      const ended = events.find((x): x is Extract<MkEvent, { type: 'movement-ended' }> => x.type === 'movement-ended' && x.hero === e.hero);
      const needsEnd = e.spent !== undefined || e.played !== undefined || e.lost !== undefined || e.stop !== undefined || e.notDone !== undefined;
      if (needsEnd) expect(ended, `${label}: a movement-ended event; events ${all}`).toBeDefined();
      if (e.final !== undefined) expect(next!.space, `${label} final space; events ${all}`).toBe(e.final);
      if (e.costs !== undefined) {
        const costs = events.filter((x) => x.type === 'moved' && x.hero === e.hero).map((x) => (x as { cost: number }).cost);
        expect(costs, `${label} step costs`).toEqual(e.costs);
      }
      if (e.spent !== undefined) expect(ended!.mpSpent, `${label} MP spent`).toBe(e.spent);
      if (e.played !== undefined) expect(ended!.mpPlayed, `${label} MP played`).toBe(e.played);
      if (e.lost !== undefined) expect(ended!.mpLost, `${label} MP lost`).toBe(e.lost);
      if (e.stop !== undefined) expect(ended!.stop, `${label} stop; events ${all}`).toBe(e.stop);
      if (e.notDone !== undefined) expect(ended!.entriesNotDone, `${label} entries not done`).toBe(e.notDone);
      if (e.wounds !== undefined) expect(next!.wounds, `${label} wounds`).toBe(e.wounds);
      if (e.fame !== undefined) expect(next!.fame, `${label} fame`).toBe(e.fame);
      if (e.level !== undefined) expect(next!.level, `${label} level`).toBe(e.level);
    } else if ('error' in e) {
      expectErrorContaining(c.id, [...parsed.errors, ...result.errors], e.error);
    } else if ('noErrors' in e) {
      expect(result.errors, `${c.id}: no errors`).toEqual([]);
    } else if ('event' in e) {
      expectEvents(c.id, events, e);
    } else if ('revealed' in e) {
      const t = result.nextState.tiles.find((x) => x.position === e.revealed);
      expect(t, `${c.id}: a tile on ${e.revealed}; events ${all}`).toBeDefined();
      if (e.tile !== undefined) expect(t!.tile, `${c.id}: the tile on ${e.revealed}`).toBe(e.tile);
    } else if ('notRevealed' in e) {
      expect(result.nextState.tiles.some((x) => x.position === e.notRevealed), `${c.id}: no tile on ${e.notRevealed}`).toBe(false);
    } else if ('explorableFrom' in e) {
      expect(explorableFrom(state, e.explorableFrom), `${c.id}: spaces exploring ${e.explorableFrom}`).toEqual(e.spaces);
    } else if ('sees' in e) {
      expect(result.views[e.sees]!.enemies.some((x) => x.space === e.enemy), `${c.id}: ${e.sees} sees an enemy on ${e.enemy}`).toBe(true);
    } else if ('roll' in e) {
      expectRolls(c.id, result.rolls, e);
    } else if ('space' in e) {
      expect(result.nextState.spaces.find((s) => s.id === e.space)?.terrain, `${c.id}: terrain of ${e.space}`).toBe(e.terrain);
    } else if ('before' in e) {
      const a = events.findIndex((x) => x.type === e.before);
      const b = events.findIndex((x) => x.type === e.then);
      expect(a >= 0 && b >= 0 && a < b, `${c.id}: ${e.before} before ${e.then}; events ${all}`).toBe(true);
    } else if ('receipt' in e) {
      const checks = checkOrders(stateOf(c.position), e.receipt, parseOrders(c.orders.join('\n')).orders);
      expectReceipt(c.id, checks, e);
    } else {
      const never: never = e;
      throw new Error(`unknown expectation ${JSON.stringify(never)}`);
    }
  }
}

catalogueSuite('Mage Knight case catalogue', catalogue, new URL('../../../docs/rules-mage-knight.md', import.meta.url), checkCase);
