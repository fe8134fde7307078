// A stored state read back: states live in PostgreSQL as JSON, and a ruleset's `state.decode` checks that
// a stored value is its state before any rule reads it. A value that is not is a bug or a damaged row,
// never a player's mistake: it is one error type for every ruleset, `StateDecodeError`, naming the ruleset
// and the first problem at its path.
import { formatIssuePath, type SafeSchema } from './members.ts';

/** A stored value that is not the ruleset's state (a damaged row, or another ruleset's state). */
export class StateDecodeError extends Error {
  override readonly name = 'StateDecodeError';
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

/**
 * The end of every schema-checked decoder: the state, or a StateDecodeError saying
 * `not a descent state: figures[0].at: …` (the path spelt as every scenario issue is).
 */
export function decodeWithSchema<T>(rulesetId: string, schema: SafeSchema<T>, json: unknown): T {
  const r = schema.safeParse(json);
  if (r.success) return r.data;
  const i = r.error.issues[0];
  throw new StateDecodeError(`not ${article(rulesetId)} ${rulesetId} state: ${i === undefined ? 'invalid' : `${formatIssuePath(i.path)}: ${i.message}`}`);
}
