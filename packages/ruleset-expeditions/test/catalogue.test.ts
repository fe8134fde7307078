// Runs the Expeditions case catalogue (test/cases/*.ts): each case is a position on the test map,
// orders as players write them, and the expected outcome. docs/rules-expeditions.md lists every case id
// beside its rule.
import { expect } from 'vitest';
import { catalogueSuite, expectErrorContaining, expectEvents, expectReceipt, expectRolls } from '@arbiter/engine/testing';
import { checkOrders, destinations, parseOrders } from '../src/index.ts';
import { run, stateOf } from './helpers.ts';
import { catalogue } from './cases/index.ts';
import type { Case, Expectation } from './cases/types.ts';

function checkCase(c: Case): void {
  const { state, parsed, result } = run(c.position, c.orders);
  const events = result.events;
  const all = JSON.stringify(events);
  for (const e of c.expect as Expectation[]) {
    if ('mech' in e) {
      const m = result.nextState.mechs.find((x) => x.id === e.mech);
      expect(m, `${c.id} ${e.mech} in the next state`).toBeDefined();
      if (e.at !== undefined) expect(m!.at, `${c.id} ${e.mech} stands on; events ${all}`).toBe(e.at);
      if (e.maps !== undefined) expect(m!.maps, `${c.id} ${e.mech} maps`).toBe(e.maps);
    } else if ('error' in e) {
      expectErrorContaining(c.id, [...parsed.errors, ...result.errors], e.error);
    } else if ('noErrors' in e) {
      expect([...parsed.errors, ...result.errors], `${c.id}: no errors`).toEqual([]);
    } else if ('event' in e) {
      expectEvents(c.id, events, e);
    } else if ('location' in e && !('sees' in e)) {
      const l = result.nextState.locations.find((x) => x.id === e.location);
      expect(l, `${c.id}: location ${e.location}`).toBeDefined();
      if (e.faceUp !== undefined) expect(l!.faceUp, `${c.id}: ${e.location} face up`).toBe(e.faceUp);
      if (e.corruption !== undefined) expect(l!.corruption.map((t) => t.value), `${c.id}: corruption on ${e.location}`).toEqual(e.corruption);
      if (e.mapToken !== undefined) expect(l!.mapToken, `${c.id}: map token on ${e.location}`).toBe(e.mapToken);
    } else if ('roll' in e) {
      expectRolls(c.id, result.rolls, e);
    } else if ('bag' in e) {
      expect(result.nextState.bag.length, `${c.id}: tokens left in the bag`).toBe(e.bag);
    } else if ('destinations' in e) {
      const m = state.mechs.find((x) => x.id === e.destinations)!;
      expect([...destinations(state, m).keys()], `${c.id}: destinations of ${e.destinations}`).toEqual(e.are);
    } else if ('sees' in e) {
      const v = result.views[e.sees]!.locations.find((x) => x.id === e.location)!;
      expect(v.faceUp, `${c.id}: ${e.sees} sees ${e.location} face up`).toBe(e.faceUp);
      if (!v.faceUp) expect(Object.keys(v).sort(), `${c.id}: a face-down location shows nothing of its contents`).toEqual(['at', 'faceUp', 'id', 'neighbours', 'region']);
      if (e.corruptionLevel !== undefined && v.faceUp) expect(v.corruptionLevel).toBe(e.corruptionLevel);
    } else if ('receipt' in e) {
      const checks = checkOrders(stateOf(c.position), e.receipt, parseOrders(c.orders.join('\n')).orders);
      expectReceipt(c.id, checks, e);
    } else {
      const never: never = e;
      throw new Error(`unknown expectation ${JSON.stringify(never)}`);
    }
  }
}

catalogueSuite('Expeditions case catalogue', catalogue, new URL('../../../docs/rules-expeditions.md', import.meta.url), checkCase);
