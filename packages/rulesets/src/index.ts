// @arbiter/rulesets: the registry. A game's stored ruleset id -> its Ruleset (the kernel's contract).
// The services and shells look a ruleset up here and call only the contract.
//
// The registry is a list: the rulesets built in (one line each in BUILT_IN, with the package's dependency
// in package.json), then the ruleset modules named in ARBITER_RULESETS (docs/architecture.md, "Where a
// sixth ruleset goes"). The known ids come from the list, never from a list of names kept beside it.
// ARBITER_RULESETS is read here, when the module is first loaded, so that every process and thread that
// looks a ruleset up (the API's cluster workers, the worker's render threads, the CLI) knows the same set.
import type { Ruleset } from '@arbiter/engine';
import { descent } from '@arbiter/ruleset-descent';
import { expeditions } from '@arbiter/ruleset-expeditions';
import { guardsOfAtlantis } from '@arbiter/ruleset-guards-of-atlantis';
import { mageKnight } from '@arbiter/ruleset-mage-knight';
import { mepbm } from '@arbiter/ruleset-mepbm';
import { loadRulesetModules, rulesetModuleSpecifiers } from './modules.ts';

/**
 * Any ruleset, seen through the contract only: its state, orders, events and views are opaque (`unknown`)
 * here, and are only passed back to the same ruleset.
 */
export type AnyRuleset = Ruleset;

/** The rulesets built into this server: one line each. */
const BUILT_IN: readonly AnyRuleset[] = [mepbm, mageKnight, guardsOfAtlantis, descent, expeditions];

export class UnknownRulesetError extends Error {
  override readonly name = 'UnknownRulesetError';
}

/** A ruleset list that cannot be a registry (two rulesets with one id): a mistake in the server's set-up. */
export class RulesetRegistryError extends Error {
  override readonly name = 'RulesetRegistryError';
}

/** Rulesets by id, from a list; an id given twice is refused, naming both titles. */
export function registryOf(list: readonly AnyRuleset[]): ReadonlyMap<string, AnyRuleset> {
  const byId = new Map<string, AnyRuleset>();
  for (const r of list) {
    const before = byId.get(r.id);
    if (before !== undefined) throw new RulesetRegistryError(`two rulesets have the id "${r.id}": ${before.title} and ${r.title}`);
    byId.set(r.id, r);
  }
  return byId;
}

const REGISTRY = registryOf([...BUILT_IN, ...(await loadRulesetModules(rulesetModuleSpecifiers(process.env.ARBITER_RULESETS)))]);

/** The ids of the rulesets this server runs, in a stable (sorted) order. */
export const RULESET_IDS: readonly string[] = Object.freeze([...REGISTRY.keys()].sort());

/** Every ruleset this server runs, in the order of RULESET_IDS. */
export const RULESETS: readonly AnyRuleset[] = Object.freeze(RULESET_IDS.map((id) => REGISTRY.get(id)!));

/** True when `id` names a ruleset this server runs. */
export function isRulesetId(id: string): boolean {
  return REGISTRY.has(id);
}

/** The ruleset of a game's stored ruleset id; an unknown id is an error that lists the known ones. */
export function rulesetFor(id: string): AnyRuleset {
  const r = REGISTRY.get(id);
  if (r === undefined) {
    throw new UnknownRulesetError(`there is no ruleset "${id}" on this server (known: ${RULESET_IDS.join(', ')})`);
  }
  return r;
}

/**
 * The ruleset whose order file a text is, whatever the file's name and type (`orders.recognises`), or
 * null: a mail is read before its game is known, so every ruleset is asked.
 */
export function rulesetRecognising(text: string): AnyRuleset | null {
  return RULESETS.find((r) => r.orders.recognises?.(text) === true) ?? null;
}
