// Orders by the map (issue #25) for all five rulesets, over the real PostgreSQL: the nation's units on
// its planning map, the next spaces by the ruleset's own check (with mepbm's step costs), and the line
// written for a path, which the dry-run check then accepts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rulesetFor } from '@arbiter/rulesets';
import { mapStepSchema, mapUnitsSchema } from '../src/routes/map-orders.ts';
import { checkSchema } from '../src/routes/check.ts';
import { bearer, exampleScenario, gm, newGame, type Harness, useHarness } from './helpers/setup.ts';

let h: Harness;
useHarness((made) => (h = made));

const scenarioOf = (file: string) => JSON.parse(readFileSync(new URL(`../../../examples/scenarios/${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;

async function gameOf(scenario: Record<string, unknown>) {
  const r = rulesetFor(String(scenario.ruleset ?? 'mepbm'));
  const parsed = r.scenario.parse(scenario);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const ids = r.scenario.players(r.scenario.initialState(parsed.scenario)).map((p) => p.id);
  return { ids, g: await newGame(h.app, { scenario, nations: ids.map((id) => ({ nationId: id, email: `${id}@players.test` })) }) };
}

const CASES: [string, Record<string, unknown>, RegExp][] = [
  ['mepbm', exampleScenario(), /^aragorn, 850, no, \w+$/],
  ['mage-knight', scenarioOf('mage-knight/first-reconnaissance.json'), /^tovak, move \d+, \w+$/],
  ['guards-of-atlantis', scenarioOf('guards-of-atlantis/two-lanes.json'), /^\w+, [\w-]+, \d+, move, \w+$/],
  ['descent', scenarioOf('descent/gate-of-bones.json'), /^grisban, advance, \w+$/],
  ['expeditions', scenarioOf('expeditions/off-basecamp.json'), /^red, move, \w+$/],
];

describe('orders by the map', () => {
  it.each(CASES)('%s: units on the map, reachable next spaces, and a line the check accepts', async (_id, scenario, shape) => {
    const { ids, g } = await gameOf(scenario);
    const player = ids[0]!;
    const headers = bearer(g.secret(player));
    const units = mapUnitsSchema.parse((await h.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}/orders/map`, headers })).json());
    expect(units.byMap).toBe(true);
    expect(units.map?.opening).toBe(true);
    const unit = units.units[0]!;
    expect(unit.x).not.toBeNull(); // placed on the opening map

    const first = await h.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders/map`, headers, payload: { unit: unit.unit, path: [] } });
    expect(first.statusCode, first.body).toBe(200);
    const step0 = mapStepSchema.parse(first.json());
    expect(step0.line).toBeNull();
    expect(step0.path.map((p) => p.space)).toEqual([unit.space]);
    expect(step0.next.length).toBeGreaterThan(0);

    const to = step0.next[0]!;
    const step1 = mapStepSchema.parse((await h.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders/map`, headers, payload: { unit: unit.unit, path: [to.space] } })).json());
    expect(step1.line).toMatch(shape);
    const check = checkSchema.parse((await h.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders/check`, headers: { ...headers, 'content-type': 'text/plain' }, payload: step1.line! })).json());
    expect(check.errors).toEqual([]);
    expect(check.orders[0]).toMatchObject({ status: 'accepted' });
    expect(check.orders[0]?.previewPath?.at(-1)).toBe(to.space);
  });

  it("mepbm says what each next step costs, by its own movement table; a stranger's unit and the GM are refused", async () => {
    const g = await newGame(h.app);
    const headers = bearer(g.secret('north'));
    const step = mapStepSchema.parse((await h.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders/map`, headers, payload: { unit: 'aragorn', path: ['0403'] } })).json());
    expect(step.line).toBe('aragorn, 850, no, e');
    expect(step.next.length).toBeGreaterThan(0);
    for (const n of step.next) expect(n.cost).toMatch(/^\d+ MP$/);
    // With the editor's text: the line replaces the one the map wrote before, and the new text is checked.
    const withText = mapStepSchema.parse(
      (await h.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders/map`, headers, payload: { unit: 'aragorn', path: ['0403', '0503'], text: 'swan, 830, no, sw\naragorn, 850, no, e', previous: 'aragorn, 850, no, e' } })).json(),
    );
    expect(withText.text).toBe('swan, 830, no, sw\naragorn, 850, no, e, e');
    expect(withText.check?.orders.map((o) => [o.unit, o.status])).toEqual([
      ['swan', 'accepted'],
      ['aragorn', 'accepted'],
    ]);
    const east = step.next.find((n) => n.space === '0503');
    expect(east?.cost).toBe('3 MP'); // 0303 -> 0403 (2) -> 0503 (3), as the check's preview says
    const stranger = mapStepSchema.parse((await h.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders/map`, headers, payload: { unit: 'grond', path: [] } })).json());
    expect(stranger.problem).toMatch(/grond is not yours/);
    expect((await h.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}/orders/map`, headers: gm })).statusCode).toBe(403);
  });

  it("draws mepbm's 810 and 825 destinations: the path is the one step to the order's hex", async () => {
    const g = await newGame(h.app);
    const res = await h.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders/check`, headers: { ...bearer(g.secret('north')), 'content-type': 'text/plain' }, payload: 'frodo, 810, 0405\ngandalf, 825, 302, 0505' });
    const body = checkSchema.parse(res.json());
    expect(body.orders.map((o) => [o.unit, o.status, o.previewPath])).toEqual([
      ['frodo', 'accepted', ['0303', '0405']],
      ['gandalf', 'accepted', ['0203', '0505']],
    ]);
    expect(body.map?.paths.map((p) => [p.unit, p.points.length])).toEqual([
      ['frodo', 2],
      ['gandalf', 2],
    ]);
  });
});
