// The intake's receipt check: ownership, unit kinds, and the unopposed path preview in words.
import { describe, expect, it } from 'vitest';
import { checkOrders, createGame, parseOrders, parseScenario, unitsById, type ArmyState } from '../src/index.ts';
import { army, character, navy, scenario } from './resolution-helpers.ts';

function stateOf(input: Record<string, unknown>) {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return createGame(r.scenario);
}

describe('checkOrders', () => {
  const state = stateOf(
    scenario({
      hexes: { '0705': 'mountains', '0101': 'coast', '0102': 'coast', '0202': 'coast' },
      sides: ['0605 se major-river'],
      units: [army('aragorn', 'north', '0505'), character('frodo', 'north', '0505'), army('orcs', 'south', '0909'), navy('swan', 'north', '0101')],
    }),
  );

  it('accepts own orders and previews the path: where it would stop and why, MP used', () => {
    const [c] = checkOrders(state, 'north', parseOrders('aragorn, 850, no, e, e, e').orders);
    expect(c!.status).toBe('accepted');
    expect(c!.preview).toContain('would stop at 0605 before entry 2 (e)');
    expect(c!.preview).toContain('not enough movement points');
    expect(c!.preview).toContain('3 of 12 MP used');
    expect(c!.warnings.join(' ')).toContain('will not be used');
  });

  it('checks many submissions against one state without rebuilding it, and sees a replaced unit list', () => {
    const orders = parseOrders('aragorn, 850, no, w\nrohan, 850, no, w').orders;
    const first = checkOrders(state, 'north', orders).map((c) => c.status);
    expect(checkOrders(state, 'north', orders).map((c) => c.status)).toEqual(first);
    expect(first).toEqual(['accepted', 'rejected']);
    expect(unitsById(state).get('aragorn')?.nation).toBe('north');
    // The same state object given a new unit list is read afresh, not from what was shared.
    const later = { ...state };
    expect(checkOrders(later, 'north', orders).map((c) => c.status)).toEqual(['accepted', 'rejected']);
    (later as { units: unknown[] }).units = [...state.units, { ...(state.units[0] as ArmyState), id: 'rohan' }];
    expect(checkOrders(later, 'north', orders).map((c) => c.status)).toEqual(['accepted', 'accepted']);
    expect(checkOrders(state, 'north', orders).map((c) => c.status)).toEqual(['accepted', 'rejected']);
  });

  it('warns an army that will move unfed with its food and what its troops eat, and previews the unfed costs', () => {
    const hungry = stateOf(scenario({ units: [army('rohan', 'north', '0505', { lightCavalry: 100 }, { food: 150 })] }));
    const [c] = checkOrders(hungry, 'north', parseOrders('rohan, 850, no, e').orders);
    expect(c!.warnings).toContain('the army carries 150 food and its troops eat 200 this turn, so it moves unfed: each hex costs a third more (rounded up) and it loses 1-5 morale');
    expect(c!.preview).toContain('0505 -> 0605 (3)');
    const fed = stateOf(scenario({ units: [army('rohan', 'north', '0505', { lightCavalry: 100 }, { food: 201 })] }));
    const [d] = checkOrders(fed, 'north', parseOrders('rohan, 850, no, e').orders);
    expect(d!.warnings.join(' ')).not.toContain('unfed');
    expect(d!.preview).toContain('0505 -> 0605 (2)');
  });

  it('an army at its own centre is checked with the food it draws there (supply): no unfed warning, fed costs', () => {
    const home = stateOf(scenario({ centres: [{ hex: '0505', nation: 'north', size: 'town' }], units: [army('rohan', 'north', '0505', { lightCavalry: 100 }, { food: 0 })] }));
    const [c] = checkOrders(home, 'north', parseOrders('rohan, 850, no, e').orders);
    expect(c!.warnings.join(' ')).not.toContain('unfed');
    expect(c!.preview).toContain('0505 -> 0605 (2)');
  });

  it('a complete path is previewed with its end hex', () => {
    const [c] = checkOrders(state, 'north', parseOrders('aragorn, 860, no, w, w').orders);
    expect(c!.preview).toBe('unopposed, it would end at 0305 after 2 entries: 0505 -> 0405 (3) -> 0305 (3); 6 of 14 MP used');
  });

  it('names the river when a major river blocks the path', () => {
    const [c] = checkOrders(state, 'north', parseOrders('aragorn, 850, no, e, se').orders);
    expect(c!.preview).toContain('major river');
  });

  it('rejects other nations\' units exactly as missing ones (no probing)', () => {
    const checks = checkOrders(state, 'north', parseOrders('orcs, 850, no, w\nghost, 850, no, w').orders);
    expect(checks.map((c) => c.status)).toEqual(['rejected', 'rejected']);
    expect(checks[0]!.reason).toBe('you have no unit "orcs"; a nation may only order its own units');
    expect(checks[1]!.reason).toBe('you have no unit "ghost"; a nation may only order its own units');
  });

  it('rejects the wrong kind of unit and warns about evasive and unfed moves', () => {
    const checks = checkOrders(state, 'north', parseOrders('frodo, 850, no, e\naragorn, 850, ev, w').orders);
    const byUnit = new Map(checks.map((c) => [c.order.unit, c]));
    expect(byUnit.get('frodo')!.reason).toContain('is a character; order 850 is for armies');
    expect(byUnit.get('aragorn')!.warnings.join(' ')).toContain('doubles the cost');
  });

  it('previews navies too', () => {
    const [c] = checkOrders(state, 'north', parseOrders('swan, 830, no, se, e').orders);
    expect(c!.status).toBe('accepted');
    expect(c!.preview).toContain('14 MP');
  });
});
