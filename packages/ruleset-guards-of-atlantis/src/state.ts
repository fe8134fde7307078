// A stored state read back: checked to be this ruleset's state (a bug or a foreign row is an error
// naming the first problem, never a silent cast).
import { decodeWithSchema, isRngState } from '@arbiter/engine';
import { z } from 'zod';
import { cardSchema } from './scenario.ts';
import type { GoaState } from './types.ts';

const team = z.enum(['red', 'blue']);
const stateSchema = z.strictObject({
  ruleset: z.literal('guards-of-atlantis'),
  name: z.string(),
  turn: z.number().int().positive(),
  rng: z.custom<GoaState['rng']>(isRngState, 'not a generator state'),
  // A state stored under rules version 1 has no zoneAdjacency: it reads with the rulebook's.
  settings: z.strictObject({ coin: z.enum(['red', 'blue', 'random']), coinAfterTie: z.enum(['passes', 'stays']), zoneAdjacency: z.enum(['open-to-open', 'open-to-any']).default('open-to-open') }),
  coin: team.nullable(),
  rows: z.array(z.string()),
  battleZone: z.string().nullable(),
  spawnPoints: z.array(z.strictObject({ hex: z.string(), team })),
  players: z.array(z.strictObject({ id: z.string(), name: z.string(), team })),
  heroes: z.array(z.strictObject({ id: z.string(), name: z.string(), player: z.string(), team, at: z.string() })),
  minions: z.array(z.strictObject({ id: z.string(), team, at: z.string() })),
  tokens: z.array(z.strictObject({ id: z.string(), kind: z.string(), at: z.string() })),
  cards: z.record(z.string(), cardSchema),
  hands: z.record(z.string(), z.array(z.string())),
  played: z.record(z.string(), z.array(z.string())),
});

/** A stored Guards of Atlantis state, or a StateDecodeError naming the first problem at its path. */
export function decodeState(json: unknown): GoaState {
  return decodeWithSchema('guards-of-atlantis', stateSchema, json) as GoaState;
}
