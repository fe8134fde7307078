// A stored state read back: checked to be this ruleset's state (a foreign row or a bug is an error
// naming the first problem, never a silent cast).
import { decodeWithSchema, isRngState } from '@arbiter/engine';
import { z } from 'zod';
import type { DsState } from './types.ts';

const sq = z.string();
const pair = z.tuple([sq, sq]);
const token = z.strictObject({ id: z.string(), kind: z.enum(['chest', 'potion', 'treasure', 'coin', 'rune-key', 'item']), square: sq, item: z.string().nullable() });
const figure = z.strictObject({
  id: z.string(),
  name: z.string(),
  side: z.enum(['heroes', 'overlord']),
  player: z.string(),
  square: sq.nullable(),
  speed: z.number().int(),
  fatigue: z.number().int(),
  wounds: z.number().int(),
  attacks: z.number().int(),
  aura: z.boolean(),
  grapple: z.boolean(),
  size: z.tuple([z.number().int(), z.number().int()]),
  items: z.array(z.string()),
  readied: z.enum(['guard', 'dodge', 'aim', 'rest']).nullable(),
});

const stateSchema = z.strictObject({
  ruleset: z.literal('descent'),
  turn: z.number().int().positive(),
  // States stored under rules version 1 lack the sight settings: they read with the defaults.
  settings: z.strictObject({
    largeMonsters: z.enum(['step-and-fit', 'reference-square']),
    diagonalsPastWalls: z.boolean(),
    figuresBlockSight: z.boolean().default(true),
    revealBy: z.enum(['line-of-sight', 'adjacent']).default('line-of-sight'),
  }),
  areas: z.array(z.strictObject({ id: z.string(), squares: z.array(sq), revealed: z.boolean(), monsters: z.array(figure), tokens: z.array(token) })),
  walls: z.array(pair),
  doors: z.array(z.strictObject({ id: z.string(), between: pair, kind: z.enum(['normal', 'rune']), rune: z.string().nullable(), unlocked: z.boolean(), open: z.boolean() })),
  pits: z.array(sq),
  obstacles: z.array(z.strictObject({ square: sq, kind: z.string(), blocking: z.boolean() })),
  stairs: z.array(z.strictObject({ square: sq, colour: z.string() })),
  glyphs: z.array(z.strictObject({ square: sq, active: z.boolean() })),
  tokens: z.array(token),
  treasureDeck: z.array(z.string()),
  players: z.array(z.strictObject({ id: z.string(), name: z.string(), side: z.enum(['heroes', 'overlord']) })),
  figures: z.array(figure),
  moved: z.array(z.string()),
  rng: z.custom((x) => isRngState(x), 'not a generator state (sfc32)'),
});

/** A stored Descent state, or a StateDecodeError naming the first problem at its path. */
export function decodeState(json: unknown): DsState {
  return decodeWithSchema('descent', stateSchema, json) as DsState;
}
