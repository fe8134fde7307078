// The Descent case catalogue: the seed's sentences, the movement actions table, the reference facts.
import { actions } from './actions.ts';
import { movement } from './movement.ts';
import { reference } from './reference.ts';
import { sight, strict } from './sight.ts';
import type { Case } from './types.ts';

export const catalogue: Case[] = [...movement, ...actions, ...reference, ...sight, ...strict];
