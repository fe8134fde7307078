// A stored state read back: checked to be this ruleset's state (a bug or a foreign row is an error
// naming the first problem, never a silent cast).
import { decodeWithSchema, isRngState } from '@arbiter/engine';
import { z } from 'zod';
import { positionDef, tileDef } from './scenario.ts';
import { RAMPAGING_ENEMIES, SITES, TERRAINS } from './terrain.ts';
import type { MkState } from './types.ts';

const stateSchema = z.strictObject({
  ruleset: z.literal('mage-knight'),
  turn: z.number().int().positive(),
  time: z.enum(['day', 'night']),
  settings: z.strictObject({
    playerVsPlayer: z.boolean(),
    famePerTile: z.number().int().min(0),
    levelAt: z.array(z.number().int()),
    tileOrder: z.enum(['shuffled', 'as-listed']),
    // States stored under rules version 1 have no emptyDeck: they had no fallback.
    emptyDeck: z.enum(['reserve', 'none']).default('none'),
  }),
  positions: z.array(positionDef),
  tiles: z.array(z.strictObject({ position: z.string(), tile: z.string(), kind: z.enum(['starting', 'countryside', 'core']) })),
  spaces: z.array(z.strictObject({ id: z.string(), terrain: z.enum(TERRAINS), site: z.enum(SITES).nullable(), conquered: z.boolean() })),
  deck: z.strictObject({ countryside: z.array(tileDef), core: z.array(tileDef) }),
  reserve: z.array(tileDef).default([]),
  players: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  heroes: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      player: z.string(),
      space: z.string().nullable(),
      fame: z.number().int(),
      level: z.number().int(),
      wounds: z.number().int(),
    }),
  ),
  enemies: z.array(z.strictObject({ space: z.string(), kind: z.enum(RAMPAGING_ENEMIES), defeated: z.boolean() })),
  moved: z.array(z.string()),
  rng: z.custom((x) => isRngState(x), 'not a generator state (sfc32)'),
});

/** A stored Mage Knight state, or a StateDecodeError naming the first problem at its path. */
export function decodeState(json: unknown): MkState {
  return decodeWithSchema('mage-knight', stateSchema, json) as MkState;
}
