// mepbm through the kernel's Ruleset contract: what the services call gives what mepbm's own functions give.
import { readFileSync } from 'node:fs';
import { StateDecodeError, sealTurn } from '@arbiter/engine';
import { describe, expect, it } from 'vitest';
import { mepbm, renderHtmlReport, renderMapSvg, renderTextReport } from '../src/index.ts';

const example: unknown = JSON.parse(readFileSync(new URL('../../../examples/scenarios/first-turn.json', import.meta.url), 'utf8'));

function exampleGame() {
  const parsed = mepbm.scenario.parse(example);
  if (!parsed.ok) throw new Error(`the example scenario does not parse: ${JSON.stringify(parsed.issues)}`);
  return { scenario: parsed.scenario, state: mepbm.scenario.initialState(parsed.scenario) };
}

describe('the mepbm ruleset value', () => {
  it('adjudicates the example scenario through the contract with its known hash', () => {
    const { scenario, state } = exampleGame();
    const { orders, errors } = mepbm.orders.parse(mepbm.scenario.orderText(scenario));
    const result = sealTurn(mepbm.adjudicate(state, orders, { orderErrors: errors }));
    // Rules version 3 (issue 26): riders, stopped at 0705 next to esgaroth at 0704, now see it there after
    // movement ("nearby"), and every sighting names who saw it; the outcomes are those of version 2.
    expect(result.hash).toBe('7557d9228df521aedca7bba42228923464855d63c7dd81f40a9f063ae9894996');
    expect(mepbm.report.summary(result)).toContain(`hash ${result.hash}`);
  });

  it('decodes only mepbm states, naming what is wrong', () => {
    const { state } = exampleGame();
    expect(mepbm.state.decode(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(() => mepbm.state.decode(null)).toThrow('the stored state is not a JSON object');
    expect(() => mepbm.state.decode({ ...state, ruleset: 'descent' })).toThrow('the stored state is not a mepbm state (its ruleset is "descent")');
    expect(() => mepbm.state.decode({ ...state, units: {} })).toThrow('the stored mepbm state has no units list');
    expect(mepbm.state.turnOf(state)).toBe(state.turn);
  });

  it("refuses a bad stored state with the kernel's StateDecodeError, the one error type for it in every ruleset", () => {
    const { state } = exampleGame();
    for (const bad of [null, { ...state, ruleset: 'descent' }, { ...state, nations: 'x' }, { ...state, turn: 1.5 }]) {
      expect(() => mepbm.state.decode(bad)).toThrow(StateDecodeError);
    }
  });

  it("knows each unit's owner, its players and their order templates", () => {
    const { state } = exampleGame();
    const unit = state.units[0]!;
    expect(mepbm.state.ownerOf(state, unit.id)).toBe(unit.nation);
    expect(mepbm.state.ownerOf(state, 'nobody-at-all')).toBeNull();
    expect(mepbm.scenario.players(state).map((p) => p.id)).toEqual(state.nations.map((n) => n.id));
    const template = mepbm.orders.template(state, unit.nation);
    // The welcome mail's template: a word on JOverseer's order files, then one line per unit.
    expect(template[0]).toBe('# Or send the order file JOverseer saves, as it is: in the mail body, attached (any name) or over REST.');
    expect(template).toHaveLength(1 + state.units.filter((u) => u.nation === unit.nation).length);
    expect(template[1]).toMatch(new RegExp(`^${unit.id}, (850|830|810), `));
  });

  it('reads a unit name in its one spelling, or says why not', () => {
    expect(mepbm.orders.readUnit('  Aragorn ')).toEqual({ ok: true, unit: 'aragorn' });
    const bad = mepbm.orders.readUnit('   ');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).not.toBe('');
  });

  it("renders a report through the contract as mepbm's renderers do", () => {
    const { scenario, state } = exampleGame();
    const { orders } = mepbm.orders.parse(mepbm.scenario.orderText(scenario));
    const result = sealTurn(mepbm.adjudicate(state, orders));
    const [nation, view] = Object.entries(result.views)[0]!;
    const ctx = { gameName: 'G', gameId: 'g-1', turn: result.turn, nextDeadline: null, timeZone: 'Europe/London', playerName: 'The North', playerNames: { [nation]: 'The North' } };
    const nationCtx = { gameName: 'G', gameId: 'g-1', turn: result.turn, nextDeadline: null, timeZone: 'Europe/London', nationName: 'The North', nationNames: { [nation]: 'The North' } };
    const rendered = mepbm.report.render(view, ctx);
    expect(rendered.text).toBe(renderTextReport(view, nationCtx));
    expect(rendered.html).toBe(renderHtmlReport(view, nationCtx));
    expect(rendered.svg).toBe(renderMapSvg(view, { nationName: 'The North', nationNames: { [nation]: 'The North' } }));
    expect(rendered.svg).toMatch(/^<svg /);
    expect(mepbm.report.text(view, ctx)).toBe(rendered.text);
    expect(mepbm.report.html(view, ctx)).toBe(rendered.html);
    expect(mepbm.report.svg(view, ctx)).toBe(rendered.svg);
  });
});
