// Runs the numbered case catalogue (test/cases/*.ts): every case is a position, orders as players
// write them, and the expected outcome. docs/rules-mepbm.md lists each case id beside its rule.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scenario, run } from './resolution-helpers.ts';
import { catalogue } from './cases/index.ts';
import type { Case, Expectation } from './cases/types.ts';

function check(c: Case): void {
  const r = run(scenario(c.position, c.orders));
  const next = new Map(r.result.nextState.units.map((u) => [u.id, u]));
  for (const e of c.expect) {
    if ('unit' in e && !('sees' in e) && !('notSees' in e)) {
      const u = r.unit(e.unit);
      const label = `${c.id} ${e.unit}`;
      if (e.final !== undefined) expect(u.finalHex, `${label} final hex`).toBe(e.final);
      if (e.mp !== undefined) expect(u.mpSpent, `${label} MP spent`).toBe(e.mp);
      if (e.stop !== undefined) expect(u.stop?.reason ?? null, `${label} stop reason`).toBe(e.stop);
      if (e.destroyed !== undefined) expect(u.destroyed ?? false, `${label} destroyed`).toBe(e.destroyed);
      if (e.costs !== undefined) expect(u.steps.map((s) => s.cost), `${label} step costs`).toEqual(e.costs);
      if (e.pulses !== undefined) expect(u.steps.map((s) => s.pulse), `${label} step pulses`).toEqual(e.pulses);
      const n = next.get(e.unit);
      if (e.gone !== undefined) expect(n === undefined, `${label} gone from the next state`).toBe(e.gone);
      if (e.with !== undefined) {
        expect(n, `${label} in the next state`).toBeDefined();
        const w = n!.kind === 'character' ? n!.with : n!.kind === 'army' ? n!.aboard : null;
        expect(w, `${label} travels with`).toBe(e.with);
      }
      if (e.eaten !== undefined) expect(u.food?.eaten, `${label} food eaten`).toBe(e.eaten);
      if (e.fed !== undefined) expect(u.food?.fed, `${label} fed this turn`).toBe(e.fed);
      if (e.supplied !== undefined) expect(u.food?.supplied ?? 0, `${label} food supplied`).toBe(e.supplied);
      if (e.fedNextTurn !== undefined) expect(u.food?.fedNextTurn, `${label} fed next turn`).toBe(e.fedNextTurn);
      if (e.foodLeft !== undefined) {
        expect(u.food?.left, `${label} food left`).toBe(e.foodLeft);
        expect(n && n.kind === 'army' ? n.food : undefined, `${label} food in the next state`).toBe(e.foodLeft);
      }
      if (e.morale !== undefined) {
        expect(n && n.kind !== 'character' ? n.morale : undefined, `${label} morale`).toBe(e.morale);
      }
    } else if ('error' in e) {
      const found = r.result.errors.filter(
        (x) => x.message.includes(e.error) && (e.line === undefined || x.line === e.line) && (e.column === undefined || x.column === e.column),
      );
      const where = `${e.line === undefined ? '' : ` on line ${e.line}`}${e.column === undefined ? '' : ` at column ${e.column}`}`;
      expect(found.length, `${c.id}: an error containing "${e.error}"${where}; errors: ${JSON.stringify(r.result.errors)}`).toBeGreaterThan(0);
    } else if ('noErrors' in e) {
      expect(r.result.errors, `${c.id}: no errors`).toEqual([]);
    } else if ('event' in e) {
      const found = r.result.events.filter(
        (x) => x.type === e.event && Object.entries(e.where ?? {}).every(([k, v]) => JSON.stringify((x as unknown as Record<string, unknown>)[k]) === JSON.stringify(v)),
      );
      if (e.count !== undefined) expect(found.length, `${c.id}: number of ${e.event} events ${JSON.stringify(e.where ?? {})}`).toBe(e.count);
      else expect(found.length, `${c.id}: a ${e.event} event ${JSON.stringify(e.where ?? {})}`).toBeGreaterThan(0);
    } else if ('sees' in e) {
      const view = r.result.views[e.sees]!;
      const found = view.sightings.filter(
        (s) =>
          s.unit === e.unit &&
          (e.what === undefined || s.what === e.what) &&
          (e.by === undefined || s.by?.id === e.by) &&
          (e.distance === undefined || s.distance === e.distance) &&
          (e.aboard === undefined || s.aboard === e.aboard) &&
          (e.commander === undefined || (s.commander ?? null) === e.commander),
      );
      expect(found.length, `${c.id}: ${e.sees} sees ${JSON.stringify(e)}; sightings ${JSON.stringify(view.sightings)}`).toBeGreaterThan(0);
    } else if ('notSees' in e) {
      const view = r.result.views[e.notSees]!;
      expect(view.sightings.filter((s) => s.unit === e.unit), `${c.id}: ${e.notSees} does not see ${e.unit}`).toEqual([]);
    } else if ('knows' in e) {
      const pc = r.result.views[e.knows]!.populationCentres.find((p) => p.hex === e.centre);
      expect(pc, `${c.id}: ${e.knows} knows the centre at ${e.centre}`).toBeDefined();
      if (e.capital !== undefined) expect(pc!.capital === true, `${c.id}: capital`).toBe(e.capital);
      if (e.dock !== undefined) expect(pc!.dock ?? null, `${c.id}: dock`).toBe(e.dock);
      if (e.loyalty !== undefined) expect(pc!.loyalty ?? null, `${c.id}: loyalty`).toBe(e.loyalty);
    } else if ('knowsNot' in e) {
      const pc = r.result.views[e.knowsNot]!.populationCentres.find((p) => p.hex === e.centre);
      expect(pc, `${c.id}: ${e.knowsNot} does not know the centre at ${e.centre}`).toBeUndefined();
    } else {
      const never: never = e;
      throw new Error(`unknown expectation ${JSON.stringify(never as Expectation)}`);
    }
  }
}

describe('case catalogue', () => {
  const ids = catalogue.map((c) => c.id);
  it('has unique case ids', () => {
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('lists every case id in docs/rules-mepbm.md', () => {
    const doc = readFileSync(new URL('../../../docs/rules-mepbm.md', import.meta.url), 'utf8');
    const missing = ids.filter((id) => !new RegExp(`\\b${id}\\b`).test(doc));
    expect(missing).toEqual([]);
  });
  for (const c of catalogue) {
    it(`${c.id}: ${c.rule}`, () => check(c));
  }
});
