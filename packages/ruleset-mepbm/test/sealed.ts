// The turn sealed as the services seal it (issue 30: `adjudicate` returns an unsealed outcome, each
// view built when asked): the tests read the sealed result's views and hash, as they did before.
import { sealTurn } from '@arbiter/engine';
import { adjudicate as resolveTurn } from '../src/index.ts';
import type { TurnResult } from '../src/index.ts';

export function adjudicate(...args: Parameters<typeof resolveTurn>): TurnResult {
  return sealTurn(resolveTurn(...args));
}
