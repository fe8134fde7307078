// The turn sealed as the services seal it (issue 30: the ruleset's turn returns an unsealed outcome, each
// view built when asked): the tests read the sealed result's views and hash, as they did before.
import { sealTurn } from '@arbiter/engine';
import { adjudicateTurn as resolveTurn, moveOne as resolveMove } from '../src/index.ts';

export const adjudicateTurn = (...args: Parameters<typeof resolveTurn>) => sealTurn(resolveTurn(...args));
export const moveOne = (...args: Parameters<typeof resolveMove>) => sealTurn(resolveMove(...args));
