// Stored standing orders -> engine orders: what is used, and what is reported instead of used.
import { describe, expect, it } from 'vitest';
import { mepbm } from '@arbiter/ruleset-mepbm';
import { parseStandingOrders } from '../src/index.ts';
import { buildScenario } from '../src/testing.ts';

const { state } = buildScenario({ nations: 2, unitsPerNation: 5 });

describe('parseStandingOrders', () => {
  it('keeps every readable order of a unit its nation owns, in stored order', () => {
    const { orders, inputErrors } = parseStandingOrders(mepbm, state, [
      { nationId: 'n1', unitId: 'n1-a0', orders: ['n1-a0, 850, no, e, e', 'n1-a0, 840, ne'] },
      { nationId: 'n1', unitId: 'n1-a1', orders: [] },
      { nationId: 'n2', unitId: 'n2-c4', orders: ['n2-c4, 810, 0903'] },
    ]);
    expect(inputErrors).toEqual([]);
    expect(orders.map((o) => [o.unit, o.code])).toEqual([['n1-a0', 850], ['n1-a0', 840], ['n2-c4', 810]]);
  });

  it('reports unreadable lines, foreign units, misfiled orders and malformed rows instead of using them', () => {
    const { orders, inputErrors } = parseStandingOrders(mepbm, state, [
      { nationId: 'n1', unitId: 'n1-a0', orders: ['n1-a0, 850, no, e', 'n1-a0, 999, x'] },
      { nationId: 'n1', unitId: 'n2-a1', orders: ['n2-a1, 850, no, w'] },
      { nationId: 'n1', unitId: 'n1-a2', orders: ['n1-a3, 850, no, w'] },
      { nationId: 'n2', unitId: 'n2-a2', orders: 'n2-a2, 850, no, w' },
      { nationId: 'n2', unitId: 'n2-a3', orders: ['n2-a3, 850, no, w\nn1-a1, 850, no, e'] },
    ]);
    expect(orders.map((o) => o.unit)).toEqual(['n1-a0']);
    expect(inputErrors.map((e) => [e.nation, e.unit])).toEqual([
      ['n2', 'n2-a2'],
      ['n2', 'n2-a3'],
      ['n1', 'n1-a0'],
      ['n1', 'n2-a1'],
      ['n1', 'n1-a2'],
    ]);
    expect(inputErrors[0]!.message).toBe('stored standing orders are not a list of order lines');
    expect(inputErrors[1]!.message).toBe('a stored order line contains a line break');
    expect(inputErrors[2]!.message).toMatch(/^line 2, column \d+: .*999/);
    expect(inputErrors[3]!.message).toBe('n1 does not own n2-a1');
    expect(inputErrors[4]!.message).toBe('an order stored for n1-a2 names n1-a3');
  });
});
