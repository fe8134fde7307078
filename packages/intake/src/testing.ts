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
