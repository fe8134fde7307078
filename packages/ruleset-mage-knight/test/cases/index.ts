// The whole Mage Knight case catalogue, in the order of docs/rules-mage-knight.md.
import { continuingCases } from './continuing.ts';
import { costCases } from './costs.ts';
import { exploringCases } from './exploring.ts';
import { figureCases } from './figures.ts';
import { rampagingCases } from './rampaging.ts';
import { actionCases, assaultCases, cardCases, modifierCases, placementCases, strictCases } from './rulebook.ts';
import type { Case } from './types.ts';

export const catalogue: Case[] = [
  ...costCases,
  ...modifierCases,
  ...figureCases,
  ...rampagingCases,
  ...assaultCases,
  ...exploringCases,
  ...placementCases,
  ...continuingCases,
  ...cardCases,
  ...actionCases,
  ...strictCases,
];
