// Runs the Guards of Atlantis case catalogue (test/cases/*.ts): each case is a small position on the
// test board, orders as players write them, and the expected outcome.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectErrorContaining, expectEvents, fieldsMatch } from '@arbiter/engine/testing';
import { checkOrders, reachable } from '../src/index.ts';
import type { GoaEvent } from '../src/index.ts';
import { hero, run } from './helpers.ts';
import { catalogue } from './cases/index.ts';
import type { Case } from './cases/types.ts';

/** Seed lines that are no rule: the captions of its two pictures (their examples are cases ARIEN-* and MOVE-6*). */
const NOT_RULES = ['Arien with a Blue card showing', 'Arien in Zone B with arrows'];

function checkCase(c: Case): void {
  const { state, parsed, result } = run(c.position, c.orders);
  const events: GoaEvent[] = result.events;
  const all = JSON.stringify(events);
  for (const e of c.expect) {
    if ('receipt' in e) {
      const player = hero(state, c.position.heroes[0]!.id).player;
      const check = checkOrders(state, player, parsed.orders).find((x) => x.order.hero === e.hero);
      expect(check, `${c.id}: a receipt for ${e.hero}`).toBeDefined();
      expect(check!.status, `${c.id}: receipt ${JSON.stringify(check)}`).toBe(e.receipt);
      if (e.says !== undefined) expect(`${check!.preview ?? ''} ${check!.reason ?? ''}`, `${c.id}: receipt words`).toContain(e.says);
    } else if ('reachable' in e) {
      const got = reachable(state, hero(state, e.reachable), e.budget);
      for (const s of e.includes ?? []) expect(got, `${c.id}: ${s} reachable`).toContain(s);
      for (const s of e.excludes ?? []) expect(got, `${c.id}: ${s} not reachable`).not.toContain(s);
    } else if ('roll' in e) {
      expect(result.rolls.filter((r) => r.purpose === e.roll && r.sides === e.sides).length, `${c.id}: a ${e.roll} draw; rolls ${JSON.stringify(result.rolls)}`).toBe(1);
      expect(result.nextState.rng, `${c.id}: the generator state moved on`).not.toEqual(state.rng);
    } else if ('resolved' in e) {
      expect(events.filter((x) => x.type === 'card-resolved').map((x) => (x as { hero: string }).hero), `${c.id}: resolution order; events ${all}`).toEqual(e.resolved);
    } else if ('piece' in e) {
      const p = [...result.nextState.minions, ...result.nextState.tokens].find((x) => x.id === e.piece);
      expect(p?.at, `${c.id}: ${e.piece}'s space; events ${all}`).toBe(e.at);
    } else if ('hero' in e && 'at' in e) {
      expect(hero(result.nextState, e.hero).at, `${c.id}: ${e.hero}'s space; events ${all}`).toBe(e.at);
    } else if ('hero' in e && 'spaces' in e) {
      const ended = events.filter((x): x is Extract<GoaEvent, { type: 'movement-ended' }> => x.type === 'movement-ended' && x.hero === e.hero && (e.by === undefined || x.by === e.by));
      expect(ended.length, `${c.id}: ${e.hero} movement-ended ${e.by ?? ''}; events ${all}`).toBe(1);
      expect(ended[0]!.spaces, `${c.id}: spaces moved`).toBe(e.spaces);
    } else if ('hero' in e && 'stop' in e) {
      const codes = events.flatMap((x) => (x.type === 'movement-ended' && x.hero === e.hero && x.stop !== null ? [x.stop.code] : x.type === 'movement-refused' && x.hero === e.hero ? [x.reason.code] : []));
      expect(codes, `${c.id}: ${e.hero}'s stops; events ${all}`).toContain(e.stop);
    } else if ('error' in e) {
      const errors = [...result.errors];
      expectErrorContaining(c.id, errors, e.error);
      for (const x of errors) expect(x.line, `${c.id}: every error has its line`).toBeGreaterThan(0);
    } else if ('noErrors' in e) {
      expect(result.errors, `${c.id}: no errors`).toEqual([]);
    } else if ('event' in e) {
      expectEvents(c.id, events, e);
    } else if ('noEvent' in e) {
      expect(events.filter((x) => x.type === e.noEvent && fieldsMatch(x, e.where)), `${c.id}: no ${e.noEvent} event; events ${all}`).toEqual([]);
    } else {
      throw new Error(`${c.id}: unknown expectation ${JSON.stringify(e)}`);
    }
  }
}

describe('the Guards of Atlantis case catalogue', () => {
  for (const c of catalogue) it(`${c.id} (${c.source}): ${c.rule}`, () => checkCase(c));

  it('has unique ids, and every id is listed in docs/rules-guards-of-atlantis.md', () => {
    const ids = catalogue.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const doc = readFileSync(new URL('../../../docs/rules-guards-of-atlantis.md', import.meta.url), 'utf8');
    for (const id of ids) expect(doc, `docs/rules-guards-of-atlantis.md names ${id}`).toContain(id);
  });

  // The seed is kept beside the test (a copy of the project's seed document 001): the suite reads nothing
  // outside the repository, so a fresh clone's npm test has all it needs.
  it('quotes every sentence of the seed in some case (but headings and picture captions)', () => {
    const seed = readFileSync(new URL('./seed/001-guards-of-atlantis-movement.txt', import.meta.url), 'utf8');
    const norm = (t: string): string => t.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
    const quoted = norm(catalogue.map((c) => c.rule).join(' '));
    const sentences = seed.split(/\n/).flatMap((l) => l.split(/(?<=[.!:])\s+/)).map((t) => t.trim()).filter((t) => t.split(/\s+/).length >= 6);
    const missing = sentences.filter((t) => !NOT_RULES.some((n) => t.startsWith(n)) && !quoted.includes(norm(t)));
    expect(missing, 'seed sentences no case quotes').toEqual([]);
  });
});
