// Runs the Descent case catalogue (test/cases/*.ts): each case is a small dungeon, orders as players
// write them, and the expected outcome. docs/rules-descent.md lists every case id beside its rule.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkOrders, parseOrders } from '../src/index.ts';
import type { DsEvent } from '../src/index.ts';
import { run, stateOf } from './helpers.ts';
import { catalogue } from './cases/index.ts';
import type { Case, Expectation } from './cases/types.ts';

function fieldsMatch(x: object, where: Record<string, unknown> | undefined): boolean {
  return Object.entries(where ?? {}).every(([k, v]) => JSON.stringify((x as Record<string, unknown>)[k]) === JSON.stringify(v));
}

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
      const errors = [...parsed.errors, ...result.errors];
      expect(errors.some((x) => x.message.includes(e.error)), `${c.id}: an error containing "${e.error}"; errors ${JSON.stringify(errors)}`).toBe(true);
    } else if ('noErrors' in e) {
      expect(result.errors, `${c.id}: no errors`).toEqual([]);
    } else if ('event' in e) {
      const found = events.filter((x) => x.type === e.event && fieldsMatch(x, e.where));
      if (e.count !== undefined) expect(found.length, `${c.id}: number of ${e.event} events ${JSON.stringify(e.where ?? {})}; events ${all}`).toBe(e.count);
      else expect(found.length, `${c.id}: a ${e.event} event ${JSON.stringify(e.where ?? {})}; events ${all}`).toBeGreaterThan(0);
    } else if ('revealed' in e) {
      expect(result.nextState.areas.find((a) => a.id === e.revealed)?.revealed, `${c.id}: ${e.revealed} revealed; events ${all}`).toBe(true);
    } else if ('notRevealed' in e) {
      expect(result.nextState.areas.find((a) => a.id === e.notRevealed)?.revealed, `${c.id}: ${e.notRevealed} not revealed`).toBe(false);
    } else if ('sees' in e) {
      const view = result.views[e.sees]!;
      expect(view.figures.some((f) => f.id === e.figure), `${c.id}: ${e.sees} sees ${e.figure}`).toBe(e.shown);
      expect(JSON.stringify(view).includes(`"${e.figure}"`), `${c.id}: ${e.figure} anywhere in ${e.sees}'s view`).toBe(e.shown);
    } else if ('roll' in e) {
      const rolls = result.rolls.filter((r) => r.purpose === e.roll);
      if (e.count !== undefined) expect(rolls.length, `${c.id}: ${e.roll} draws ${JSON.stringify(result.rolls)}`).toBe(e.count);
      else expect(rolls.length).toBeGreaterThan(0);
    } else if ('door' in e) {
      expect(result.nextState.doors.find((d) => d.id === e.door)?.open, `${c.id}: door ${e.door}; events ${all}`).toBe(e.open);
    } else if ('before' in e) {
      const started = (f: string) => events.findIndex((x) => x.type === 'activation-started' && x.figure === f);
      expect(started(e.before) >= 0 && started(e.before) < started(e.then), `${c.id}: ${e.before} acts before ${e.then}; events ${all}`).toBe(true);
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

describe('Descent case catalogue', () => {
  const ids = catalogue.map((c) => c.id);
  it('has unique case ids', () => {
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('lists every case id in docs/rules-descent.md', () => {
    const doc = readFileSync(new URL('../../../docs/rules-descent.md', import.meta.url), 'utf8');
    expect(ids.filter((id) => !new RegExp(`\\b${id}\\b`).test(doc))).toEqual([]);
  });
  for (const c of catalogue) it(`${c.id}: ${c.rule}`, () => checkCase(c));
});
