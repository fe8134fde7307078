// Runs the Expeditions case catalogue (test/cases/*.ts): each case is a position on the test map,
// orders as players write them, and the expected outcome. docs/rules-expeditions.md lists every case id
// beside its rule.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkOrders, destinations, parseOrders } from '../src/index.ts';
import { run, stateOf } from './helpers.ts';
import { catalogue } from './cases/index.ts';
import type { Case, Expectation } from './cases/types.ts';

function fieldsMatch(x: object, where: Record<string, unknown> | undefined): boolean {
  return Object.entries(where ?? {}).every(([k, v]) => JSON.stringify((x as Record<string, unknown>)[k]) === JSON.stringify(v));
}

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
      const errors = [...parsed.errors, ...result.errors];
      expect(errors.some((x) => x.message.includes(e.error)), `${c.id}: an error containing "${e.error}"; errors ${JSON.stringify(errors)}`).toBe(true);
    } else if ('noErrors' in e) {
      expect([...parsed.errors, ...result.errors], `${c.id}: no errors`).toEqual([]);
    } else if ('event' in e) {
      const found = events.filter((x) => x.type === e.event && fieldsMatch(x, e.where));
      if (e.count !== undefined) expect(found.length, `${c.id}: number of ${e.event} events ${JSON.stringify(e.where ?? {})}; events ${all}`).toBe(e.count);
      else expect(found.length, `${c.id}: a ${e.event} event ${JSON.stringify(e.where ?? {})}; events ${all}`).toBeGreaterThan(0);
    } else if ('location' in e && !('sees' in e)) {
      const l = result.nextState.locations.find((x) => x.id === e.location);
      expect(l, `${c.id}: location ${e.location}`).toBeDefined();
      if (e.faceUp !== undefined) expect(l!.faceUp, `${c.id}: ${e.location} face up`).toBe(e.faceUp);
      if (e.corruption !== undefined) expect(l!.corruption.map((t) => t.value), `${c.id}: corruption on ${e.location}`).toEqual(e.corruption);
      if (e.mapToken !== undefined) expect(l!.mapToken, `${c.id}: map token on ${e.location}`).toBe(e.mapToken);
    } else if ('roll' in e) {
      const rolls = result.rolls.filter((r) => r.purpose === e.roll);
      expect(rolls.length, `${c.id}: ${e.roll} draws ${JSON.stringify(result.rolls)}`).toBe(e.count);
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
      const k = checks[(e.order ?? 1) - 1];
      expect(k, `${c.id}: receipt check ${e.order ?? 1}`).toBeDefined();
      const shown = JSON.stringify(k);
      expect(k!.status, `${c.id}: receipt status ${shown}`).toBe(e.status);
      if (e.reason !== undefined) expect(k!.reason ?? '', `${c.id}: receipt reason`).toContain(e.reason);
      if (e.warning !== undefined) expect(k!.warnings.some((w) => w.includes(e.warning!)), `${c.id}: a receipt warning "${e.warning}"; ${shown}`).toBe(true);
      if (e.preview !== undefined) expect(k!.preview ?? '', `${c.id}: receipt preview`).toContain(e.preview);
    } else {
      const never: never = e;
      throw new Error(`unknown expectation ${JSON.stringify(never)}`);
    }
  }
}

describe('Expeditions case catalogue', () => {
  const ids = catalogue.map((c) => c.id);
  it('has unique case ids', () => {
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('lists every case id in docs/rules-expeditions.md', () => {
    const doc = readFileSync(new URL('../../../docs/rules-expeditions.md', import.meta.url), 'utf8');
    expect(ids.filter((id) => !new RegExp(`\\b${id}\\b`).test(doc))).toEqual([]);
  });
  for (const c of catalogue) it(`${c.id}: ${c.rule}`, () => checkCase(c));
});
