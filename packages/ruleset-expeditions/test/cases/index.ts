// The whole Expeditions case catalogue, in the order of docs/rules-expeditions.md.
import { moveCases } from './move.ts';
import { revealCases } from './reveal.ts';
import { strictCases } from './strict.ts';
import { turnCases } from './turn.ts';
import type { Case } from './types.ts';

export const catalogue: Case[] = [...moveCases, ...revealCases, ...strictCases, ...turnCases];
