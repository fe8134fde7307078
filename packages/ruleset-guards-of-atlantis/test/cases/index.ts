// The whole case catalogue, in the order of the seed (docs/rules-guards-of-atlantis.md lists every id).
import { cardTextCases } from './card-text.ts';
import { fastTravelCases } from './fast-travel.ts';
import { movementCases } from './movement.ts';
import { rulebookCases } from './rulebook.ts';
import { turnCases } from './turn.ts';
import type { Case } from './types.ts';

export const catalogue: Case[] = [...movementCases, ...cardTextCases, ...fastTravelCases, ...rulebookCases, ...turnCases];
