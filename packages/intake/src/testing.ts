import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Test fixtures shared by the intake's and the API's tests (`@arbiter/intake/testing`).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The example scenario (examples/scenarios/first-turn.json) without its sample orders. */
export function exampleScenario(): Record<string, unknown> {
  const s = JSON.parse(readFileSync(path.join(root, 'examples/scenarios/first-turn.json'), 'utf8')) as Record<string, unknown>;
  delete s.orders;
  return s;
}

export const players = [
  { nationId: 'north', email: 'north@example.org' },
  { nationId: 'south', email: 'south@example.org' },
  { nationId: 'east', email: 'east@example.org' },
];

/** One submission per nation of the example scenario, every order accepted (the benchmarks send these). */
export const sampleOrders: Readonly<Record<string, string>> = {
  north: 'aragorn, 850, no, e, e, e\nfrodo, 810, 0405\ngandalf, 825, 302, 0505\nswan, 830, no, sw, se, e\n',
  south: 'grond, 850, no, w, w, h\nriders, 860, ev, nw, w, w, w\n',
  east: 'bard, 840, e\nesgaroth, 850, no, w, h\n',
};
