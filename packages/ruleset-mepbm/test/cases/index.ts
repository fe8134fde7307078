import { armyCases } from './army.ts';
import { interceptionCases } from './interception.ts';
import { characterCases } from './characters.ts';
import { navyCases } from './navies.ts';
import { foodCases } from './food.ts';
import { sightingCases } from './sightings.ts';
import type { Case } from './types.ts';

export const catalogue: Case[] = [...armyCases, ...interceptionCases, ...characterCases, ...navyCases, ...foodCases, ...sightingCases];
