// Runs the Descent case catalogue (test/cases/*.ts): each case is a small dungeon, orders as players
// write them, and the expected outcome. docs/rules-descent.md lists every case id beside its rule.
import { expect } from 'vitest';
import { catalogueSuite, expectErrorContaining, expectEvents, expectReceipt, expectRolls } from '@arbiter/engine/testing';
import { checkOrders, parseOrders } from '../src/index.ts';
import type { DsEvent } from '../src/index.ts';
import { run, stateOf } from './helpers.ts';
import { catalogue } from './cases/index.ts';
import type { Case, Expectation } from './cases/types.ts';

function checkCase(c: Case): void {
  const { parsed, result } = run(c.position, c.orders);
  const events: DsEvent[] = result.events;
  const all = JSON.stringify(events);
  expect(parsed.errors.filter((e) => !c.expect.some((x) => 'error' in x)), `${c.id}: parse errors`).toEqual([]);
  for (const e of c.expect as Expectation[]) {
    if ('figure' in e && !('sees' in e)) {
      const label = `${c.id} ${e.figure}`;
      const next = result.nextState.figures.find((f) => f.id === e.figure);
      expect(next, `${label} in the next state; events ${all}`).toBeDefined();
      const ended = events.find((x): x is Extract<DsEvent, { type: 'activation-ended' }> => x.type === 'activation-ended' && x.figure === e.figure);
      if (e.final !== undefined) expect(next!.square, `${label} final square; events ${all}`).toBe(e.final);
      if (e.mp !== undefined) expect(ended?.mp, `${label} MP`).toBe(e.mp);
      if (e.spent !== undefined) expect(ended?.spent, `${label} MP spent; events ${all}`).toBe(e.spent);
      if (e.notDone !== undefined) expect(ended?.entriesNotDone, `${label} entries not done`).toBe(e.notDone);
      if (e.wounds !== undefined) expect(next!.wounds, `${label} wounds`).toBe(e.wounds);
      if (e.fatigue !== undefined) expect(next!.fatigue, `${label} fatigue`).toBe(e.fatigue);
      if (e.items !== undefined) expect(next!.items, `${label} items`).toEqual(e.items);
      if (e.steps !== undefined) expect(events.filter((x) => x.type === 'moved' && x.figure === e.figure).length, `${label} steps`).toBe(e.steps);
    } else if ('error' in e) {
      expectErrorContaining(c.id, [...parsed.errors, ...result.errors], e.error);
    } else if ('noErrors' in e) {
      expect(result.errors, `${c.id}: no errors`).toEqual([]);
    } else if ('event' in e) {
      expectEvents(c.id, events, e);
    } else if ('revealed' in e) {
      expect(result.nextState.areas.find((a) => a.id === e.revealed)?.revealed, `${c.id}: ${e.revealed} revealed; events ${all}`).toBe(true);
    } else if ('notRevealed' in e) {
      expect(result.nextState.areas.find((a) => a.id === e.notRevealed)?.revealed, `${c.id}: ${e.notRevealed} not revealed`).toBe(false);
    } else if ('sees' in e) {
      const view = result.views[e.sees]!;
      expect(view.figures.some((f) => f.id === e.figure), `${c.id}: ${e.sees} sees ${e.figure}`).toBe(e.shown);
      expect(JSON.stringify(view).includes(`"${e.figure}"`), `${c.id}: ${e.figure} anywhere in ${e.sees}'s view`).toBe(e.shown);
    } else if ('roll' in e) {
      expectRolls(c.id, result.rolls, e);
    } else if ('door' in e) {
      expect(result.nextState.doors.find((d) => d.id === e.door)?.open, `${c.id}: door ${e.door}; events ${all}`).toBe(e.open);
    } else if ('before' in e) {
      const started = (f: string) => events.findIndex((x) => x.type === 'activation-started' && x.figure === f);
      expect(started(e.before) >= 0 && started(e.before) < started(e.then), `${c.id}: ${e.before} acts before ${e.then}; events ${all}`).toBe(true);
    } else if ('receipt' in e) {
      const checks = checkOrders(stateOf(c.position), e.receipt, parseOrders(c.orders.join('\n')).orders);
      expectReceipt(c.id, checks, e);
    } else {
      const never: never = e;
      throw new Error(`unknown expectation ${JSON.stringify(never)}`);
    }
  }
}

catalogueSuite('Descent case catalogue', catalogue, new URL('../../../docs/rules-descent.md', import.meta.url), checkCase);
