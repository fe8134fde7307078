// A stored state read back: checked to be this ruleset's state (a bug or a foreign row is an error
// naming the first problem, never a silent cast).
import { decodeWithSchema, isRngState } from '@arbiter/engine';
import { z } from 'zod';
import type { ExState } from './types.ts';

const point = z.tuple([z.number(), z.number()]);
const corruption = z.strictObject({ value: z.number().int(), colour: z.enum(['orange', 'teal']) });

const stateSchema = z.strictObject({
  ruleset: z.literal('expeditions'),
  turn: z.number().int().positive(),
  settings: z.strictObject({ actionsPerTurn: z.number().int(), actionsFirstTurn: z.number().int() }),
  basecamp: z.strictObject({ neighbours: z.array(z.string()), at: point }),
  locations: z.array(
    z.strictObject({
      id: z.string(),
      region: z.string(),
      neighbours: z.array(z.string()),
      at: point,
      faceUp: z.boolean(),
      corruptionLevel: z.number().int(),
      mapToken: z.boolean(),
      corruption: z.array(corruption),
    }),
  ),
  cards: z.array(z.strictObject({ id: z.string(), card: z.string(), neighbours: z.array(z.string()), at: point })),
  bag: z.array(corruption),
  aside: corruption.nullable(),
  players: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  mechs: z.array(z.strictObject({ id: z.string(), player: z.string(), at: z.string(), range: z.number().int(), maps: z.number().int() })),
  moved: z.array(z.string()),
  rng: z.custom((x) => isRngState(x), 'not a generator state (sfc32)'),
});

/** A stored Expeditions state, or a StateDecodeError naming the first problem at its path. */
export function decodeState(json: unknown): ExState {
  return decodeWithSchema('expeditions', stateSchema, json) as ExState;
}
