// src/food.ts: what troops eat, fed this turn, food after the turn; and a game state stored before the
// foodPerSoldier setting existed still adjudicates with the default figures.
import { describe, expect, it } from 'vitest';
import { createGame, parseOrders, parseScenario } from '../src/index.ts';
import { adjudicate } from './sealed.ts';
import { DEFAULT_SETTINGS } from '../src/settings.ts';
import { armyFood, foodAfterTurn, foodEaten, isFed } from '../src/food.ts';
import { army, scenario } from './resolution-helpers.ts';

describe('food', () => {
  const s = DEFAULT_SETTINGS;

  it('each soldier eats its type\'s figure: horsemen 2, foot 1', () => {
    expect(foodEaten({ heavyCavalry: 10, lightCavalry: 5 }, s)).toBe(30);
    expect(foodEaten({ heavyInfantry: 10, lightInfantry: 5, archers: 3, menAtArms: 2 }, s)).toBe(20);
    expect(foodEaten({}, s)).toBe(0);
  });

  it('fed means food is left after eating; food never goes below 0', () => {
    expect(isFed(21, { heavyInfantry: 20 }, s)).toBe(true);
    expect(isFed(20, { heavyInfantry: 20 }, s)).toBe(false);
    expect(isFed(1, {}, s)).toBe(true);
    expect(isFed(0, {}, s)).toBe(false);
    expect(foodAfterTurn(5, { heavyInfantry: 20 }, s)).toBe(0);
    expect(armyFood({ food: 45, troops: { heavyInfantry: 20 } }, s)).toEqual({ eaten: 20, fed: true, fedNextTurn: true, left: 25 });
    expect(armyFood({ food: 30, troops: { heavyInfantry: 20 } }, s)).toEqual({ eaten: 20, fed: true, fedNextTurn: false, left: 10 });
    expect(armyFood({ food: 5, troops: { heavyInfantry: 20 } }, s)).toEqual({ eaten: 5, fed: false, fedNextTurn: false, left: 0 });
  });

  it('a stored game state without foodPerSoldier in its settings is fed by the default figures', () => {
    const parsed = parseScenario(scenario({ units: [army('a', 'north', '0505', { heavyCavalry: 10 }, { food: 25 })] }, ['a, 850, no, e']));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const state = createGame(parsed.scenario);
    const { foodPerSoldier: _dropped, ...older } = state.settings;
    const stored = { ...state, settings: older as typeof state.settings };
    const r = adjudicate(stored, parseOrders('a, 850, no, e').orders);
    expect(r.units[0]!.food).toEqual({ eaten: 20, fed: true, fedNextTurn: false, left: 5 });
    expect(r.nextState.units[0]).toMatchObject({ id: 'a', food: 5 });
    expect(r.units[0]!.steps.map((x) => x.cost)).toEqual([2]);
  });

  it('a stored game state from before rules version 3 (no foodSupply, foodSupplyTurns, sightingRange, navyDocking) adjudicates as with the defaults', () => {
    const input = scenario(
      { centres: [{ hex: '0505', nation: 'north', size: 'town' }], units: [army('a', 'north', '0505', { heavyInfantry: 100 }, { food: 0 }), army('b', 'south', '0606')] },
      ['a, 850, no, e'],
    );
    const parsed = parseScenario(input);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const state = createGame(parsed.scenario);
    const { foodSupply: _a, foodSupplyTurns: _b, sightingRange: _c, navyDocking: _d, ...older } = state.settings;
    const stored = { ...state, settings: older as typeof state.settings };
    const orders = parseOrders('a, 850, no, e').orders;
    const now = adjudicate(state, orders);
    const then = adjudicate(stored, orders);
    expect(then.units[0]!.food).toEqual(now.units[0]!.food);
    expect(then.units[0]!.food?.supplied).toBe(201);
    expect(then.views['north']!.sightings).toEqual(now.views['north']!.sightings);
    expect(then.views['north']!.sightings.map((x) => x.what)).toEqual(['nearby']);
  });
});
