// Issue 27 over REST. A scenario describing a board past the kernel's bounds (BOARD_LIMITS) is refused by
// the preview (POST /v1/scenarios/maps, which the GM desk calls as soon as a file is chosen) and by
// creation (POST /v1/games) with 422 naming the field and the limit, before anything is built or drawn;
// before the bounds the Descent file killed the process (1.8 billion squares) and the Expeditions one was
// accepted (its PNG then aborted the mail sender). Then the fuzz suite's REST part: the scenarios of every ruleset with extreme boards
// (packages/rulesets/test/board-arbitraries.ts) through the preview (POST /v1/scenarios/maps) and
// creation (POST /v1/games), and a created game's first turn run: each is refused with 422 and an issue
// at the out-of-bounds field, or answered, created and run; the server answers /healthz after each.
// (The same scenarios are built, run and drawn, PNG included, in a child process by
// packages/rulesets/test/boards.fuzz.test.ts; the PNG is drawn in its own process here too.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOARD_SAMPLES, type BoardSample } from '../../../packages/rulesets/test/board-arbitraries.ts';
import { HOSTILE_BOARDS } from '../../../packages/rulesets/test/hostile-boards.ts';
import { gm, type Harness, useHarness } from './helpers/setup.ts';

let h: Harness;
useHarness((made) => (h = made));

const RUNS = 4;
const playersOf = (s: BoardSample): string[] => (s.ruleset === 'mepbm' ? s.document.nations : s.document.players).map((p: { id: string }) => p.id);

describe('scenarios with extreme boards over REST (issue 27)', () => {
  for (const [ruleset, arbitrary] of Object.entries(BOARD_SAMPLES)) {
    it(`${ruleset}: 422 at the field, or previewed, created and its first turn run; the server alive`, async () => {
      for (const [i, s] of fc.sample(arbitrary, { numRuns: RUNS, seed: 2700 + ruleset.length }).entries()) {
        const shown = `sample ${i}, out of bounds at ${String(s.outOfBounds)}`;
        const preview = await h.app.inject({ method: 'POST', url: '/v1/scenarios/maps', headers: gm, payload: { scenario: s.document } });
        const nations = playersOf(s).map((id) => ({ nationId: id, email: `${id}@example.org` }));
        const create = await h.app.inject({
          method: 'POST',
          url: '/v1/games',
          headers: gm,
          payload: { name: `Fuzz ${ruleset} ${i}`, scenario: s.document, schedule: { kind: 'every', days: 3, time: '18:00' }, timeZone: 'UTC', nations },
        });
        if (s.outOfBounds === null) {
          expect(preview.statusCode, `${shown}: ${preview.body.slice(0, 500)}`).toBe(200);
          expect(create.statusCode, `${shown}: ${create.body.slice(0, 500)}`).toBe(201);
          const run = await h.app.inject({ method: 'POST', url: `/v1/games/${create.json().gameId}/turns/${s.document.turn ?? 1}/run`, headers: gm });
          expect(run.statusCode, shown).toBe(202);
          await h.dispatcher.close(); // waits for the in-process run
          expect(h.errors, shown).toEqual([]);
        } else {
          for (const res of [preview, create]) {
            expect(res.statusCode, `${shown}: ${res.body.slice(0, 500)}`).toBe(422);
            const issues = res.json().issues as { path: string; message: string }[];
            expect(issues.some((x) => x.path.startsWith(`scenario.${s.outOfBounds}`)), `${shown}: ${JSON.stringify(issues).slice(0, 500)}`).toBe(true);
          }
        }
        expect((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      }
    }, 180_000);
  }
});

// The Descent and the Expeditions cases of the shared list.
const hostile = HOSTILE_BOARDS.filter((c) => /^(Descent: an area|Expeditions)/.test(c.name));

describe('board limits over REST (issue 27)', () => {
  for (const c of hostile) {
    it(`refuses ${c.name} in the preview and at creation, naming the field and the limit`, async () => {
      const preview = await h.app.inject({ method: 'POST', url: '/v1/scenarios/maps', headers: gm, payload: { scenario: c.document() } });
      expect(preview.statusCode).toBe(422);
      expect(preview.json().code).toBe('invalid-scenario');
      expect(preview.json().issues).toContainEqual({ path: `scenario.${c.path}`, message: expect.stringContaining(c.limit) });
      const create = await h.app.inject({
        method: 'POST',
        url: '/v1/games',
        headers: gm,
        payload: { name: 'Too big', scenario: c.document(), schedule: { kind: 'every', days: 3, time: '18:00' }, timeZone: 'UTC', nations: [{ nationId: 'anna', email: 'anna@example.org' }] },
      });
      expect(create.statusCode).toBe(422);
      expect(create.json().issues).toContainEqual({ path: `scenario.${c.path}`, message: expect.stringContaining(c.limit) });
      const alive = await h.app.inject({ method: 'GET', url: '/healthz' });
      expect(alive.statusCode).toBe(200);
    });
  }
});
