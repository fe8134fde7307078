// What every ruleset's case catalogue test checks the same way (test/catalogue.test.ts in each ruleset
// package): the suite itself (ids unique, each listed in the ruleset's rules document, one test a case)
// and the expectations that read the same in every game: an error's words, the events, the draws, a
// receipt. What a game's own pieces end up as stays in its own catalogue test. For tests only: it
// imports vitest (`@arbiter/engine/testing`).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OrderCheck, OrderError } from '../kernel/ruleset.ts';
import type { RollRecord } from '../kernel/rng.ts';

export interface CatalogueCase {
  id: string;
  rule: string;
}

/**
 * The catalogue as a vitest suite: its ids are unique and each appears (as a word) in the rules
 * document, and every case is a test named by its id and the rule it checks.
 */
export function catalogueSuite<C extends CatalogueCase>(title: string, cases: readonly C[], rulesDoc: URL, check: (c: C) => void): void {
  describe(title, () => {
    const ids = cases.map((c) => c.id);
    it('has unique case ids', () => {
      expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    });
    it(`lists every case id in docs/${rulesDoc.pathname.split('/').pop()}`, () => {
      const doc = readFileSync(rulesDoc, 'utf8');
      expect(ids.filter((id) => !new RegExp(`\\b${id}\\b`).test(doc))).toEqual([]);
    });
    for (const c of cases) it(`${c.id}: ${c.rule}`, () => check(c));
  });
}

/** Whether an event (or any record) has each of these fields, compared as JSON. */
export function fieldsMatch(x: object, where: Record<string, unknown> | undefined): boolean {
  return Object.entries(where ?? {}).every(([k, v]) => JSON.stringify((x as Record<string, unknown>)[k]) === JSON.stringify(v));
}

/** Some error (of parsing or of adjudication) has a message containing `text`. */
export function expectErrorContaining(id: string, errors: readonly OrderError[], text: string): void {
  expect(errors.some((x) => x.message.includes(text)), `${id}: an error containing "${text}"; errors ${JSON.stringify(errors)}`).toBe(true);
}

export interface EventExpectation {
  event: string;
  where?: Record<string, unknown>;
  /** Exactly this many such events; without it, at least one. */
  count?: number;
}

/** Events of a type whose fields include `where`: exactly `count` of them, or at least one. */
export function expectEvents(id: string, events: readonly { type: string }[], e: EventExpectation): void {
  const found = events.filter((x) => x.type === e.event && fieldsMatch(x, e.where));
  const what = `${e.event} events ${JSON.stringify(e.where ?? {})}; events ${JSON.stringify(events)}`;
  if (e.count !== undefined) expect(found.length, `${id}: number of ${what}`).toBe(e.count);
  else expect(found.length, `${id}: a ${what}`).toBeGreaterThan(0);
}

/** Draws made for a purpose (and of so many sides): exactly `count` of them, or at least one. */
export function expectRolls(id: string, rolls: readonly RollRecord[], e: { roll: string; sides?: number; count?: number }): void {
  const made = rolls.filter((r) => r.purpose === e.roll && (e.sides === undefined || r.sides === e.sides));
  if (e.count !== undefined) expect(made.length, `${id}: ${e.roll} draws ${JSON.stringify(rolls)}`).toBe(e.count);
  else expect(made.length, `${id}: a ${e.roll} draw ${JSON.stringify(rolls)}`).toBeGreaterThan(0);
}

export interface ReceiptExpectation {
  /** The player the receipt is for. */
  receipt: string;
  /** Which order of the case (1-based; default the first). */
  order?: number;
  status: 'accepted' | 'rejected';
  warning?: string;
  reason?: string;
  preview?: string;
}

/** The receipt check of one of the case's orders: its status, and words in its reason, warnings, preview. */
export function expectReceipt(id: string, checks: readonly OrderCheck<unknown>[], e: ReceiptExpectation): void {
  const k = checks[(e.order ?? 1) - 1];
  expect(k, `${id}: receipt check ${e.order ?? 1}`).toBeDefined();
  const shown = JSON.stringify(k);
  expect(k!.status, `${id}: receipt status ${shown}`).toBe(e.status);
  if (e.reason !== undefined) expect(k!.reason ?? '', `${id}: receipt reason`).toContain(e.reason);
  if (e.warning !== undefined) expect(k!.warnings.some((w) => w.includes(e.warning!)), `${id}: a receipt warning "${e.warning}"; ${shown}`).toBe(true);
  if (e.preview !== undefined) expect(k!.preview ?? '', `${id}: receipt preview`).toContain(e.preview);
}
