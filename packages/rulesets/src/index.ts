// @arbiter/rulesets: the registry. A game's stored ruleset id -> its Ruleset (the kernel's contract).
// The services and shells look a ruleset up here and call only the contract.
// A new ruleset: its package (packages/ruleset-<id>) exports one Ruleset value; import it below and add
// it to RULESETS (docs/architecture.md, "A sixth ruleset").
import type { Ruleset, RulesetId } from '@arbiter/engine';
import { descent } from '@arbiter/ruleset-descent';
import { expeditions } from '@arbiter/ruleset-expeditions';
import { guardsOfAtlantis } from '@arbiter/ruleset-guards-of-atlantis';
import { mageKnight } from '@arbiter/ruleset-mage-knight';
import { mepbm } from '@arbiter/ruleset-mepbm';

/**
 * Any ruleset, seen through the contract only: its state, orders, events and views are opaque (`unknown`)
 * here, and are only passed back to the same ruleset.
 */
export type AnyRuleset = Ruleset;

const RULESETS: { readonly [id in RulesetId]?: AnyRuleset } = {
  mepbm,
  'mage-knight': mageKnight,
  descent,
  expeditions,
  'guards-of-atlantis': guardsOfAtlantis,
};

/** The ids of the rulesets this server runs, in a stable order. */
export const RULESET_IDS: readonly RulesetId[] = Object.freeze(Object.keys(RULESETS).sort() as RulesetId[]);

export class UnknownRulesetError extends Error {
  override readonly name = 'UnknownRulesetError';
}

/** True when `id` names a ruleset this server runs. */
export function isRulesetId(id: string): id is RulesetId {
  return Object.hasOwn(RULESETS, id);
}

/** The ruleset of a game's stored ruleset id; an unknown id is an error that lists the known ones. */
export function rulesetFor(id: string): AnyRuleset {
  const r = isRulesetId(id) ? RULESETS[id] : undefined;
  if (r === undefined) {
    throw new UnknownRulesetError(`there is no ruleset "${id}" on this server (known: ${RULESET_IDS.join(', ')})`);
  }
  return r;
}
