// Issue 27: a scenario describing a board past the kernel's bounds (BOARD_LIMITS) is refused by the
// preview (POST /v1/scenarios/maps, which the GM desk calls as soon as a file is chosen) and by creation
// (POST /v1/games) with 422 naming the field and the limit, before anything is built or drawn; and the
// server answers the next request. Before the bounds the Descent file killed the process (1.8 billion
// squares) and the Expeditions one was accepted (its PNG then aborted the mail sender).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_BOARDS } from '../../../packages/rulesets/test/hostile-boards.ts';
import { gm, harness, type Harness } from './helpers/setup.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
}, 60_000);
afterAll(async () => {
  await h?.close();
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
