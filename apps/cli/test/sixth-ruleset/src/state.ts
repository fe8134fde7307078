// The schema of a stored state: defineRuleset reads a stored state back through it (the kernel's
// decodeWithSchema: this ruleset's state, or a StateDecodeError naming the first problem at its path).
import { isRngState, type RngState, type SafeSchema } from '@arbiter/engine';
import { z } from 'zod';
import { RULESET_ID, type LrState } from './types.ts';

const runner = z.strictObject({ id: z.string(), crew: z.string(), at: z.string() });
const schema = z.strictObject({
  ruleset: z.literal(RULESET_ID),
  turn: z.number().int().positive(),
  settings: z.strictObject({ speed: z.number().int(), sight: z.number().int(), stumbleOn: z.number().int() }),
  board: z.strictObject({ columns: z.number().int(), rows: z.number().int(), walls: z.array(z.tuple([z.string(), z.string()])) }),
  lantern: z.string(),
  players: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  runners: z.array(runner),
  winner: z.strictObject({ crew: z.string(), runner: z.string(), turn: z.number().int() }).nullable(),
  rng: z.custom<RngState>((x) => isRngState(x), 'not a generator state (sfc32)'),
});

export const stateSchema: SafeSchema<LrState> = schema;
