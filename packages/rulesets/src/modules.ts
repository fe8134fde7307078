// Ruleset modules named at run time (ARBITER_RULESETS): a ruleset that is not built in, played on this
// server without changing its code. Each entry is a module specifier: a package name (`@club/ruleset-x`,
// resolved from this package as any import is), or a path to a module file (absolute, or relative to the
// working directory). The module exports its ruleset as `ruleset` or as its default export.
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRulesetIdSpelling, type Ruleset } from '@arbiter/engine';

/** A ruleset module that could not be loaded or does not export a ruleset: named, with what is wrong. */
export class RulesetModuleError extends Error {
  override readonly name = 'RulesetModuleError';
}

/** The module specifiers of ARBITER_RULESETS: comma-separated, blanks ignored. */
export function rulesetModuleSpecifiers(value: string | undefined): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
}

const isPath = (spec: string) => isAbsolute(spec) || spec.startsWith('./') || spec.startsWith('../');

/** What a module must export to be a ruleset: the members every service calls, checked by their kind. */
export function rulesetProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'it exports no ruleset object (export it as `ruleset` or as the default export)';
  const r = value as Record<string, unknown>;
  if (!isRulesetIdSpelling(r.id)) return 'its `id` is not a ruleset id (lower-case letters, digits and single hyphens, starting with a letter)';
  if (typeof r.title !== 'string' || r.title === '') return 'its `title` is missing';
  if (!Number.isInteger(r.rulesVersion)) return 'its `rulesVersion` is not an integer';
  for (const member of ['scenario', 'state', 'orders', 'report', 'words', 'turnStructure']) {
    if (typeof r[member] !== 'object' || r[member] === null) return `its \`${member}\` member is missing`;
  }
  if (typeof r.adjudicate !== 'function') return 'its `adjudicate` is not a function';
  if (typeof r.board !== 'function') return 'its `board` is not a function';
  return null;
}

/** Imports each module and takes its ruleset; a module that fails is an error naming it. */
export async function loadRulesetModules(specifiers: readonly string[]): Promise<Ruleset[]> {
  const out: Ruleset[] = [];
  for (const spec of specifiers) {
    let mod: Record<string, unknown>;
    try {
      mod = (await import(isPath(spec) ? pathToFileURL(resolve(spec)).href : spec)) as Record<string, unknown>;
    } catch (e) {
      throw new RulesetModuleError(`ARBITER_RULESETS: the ruleset module "${spec}" could not be loaded: ${(e as Error).message}`);
    }
    const value = mod.ruleset ?? mod.default;
    const problem = rulesetProblem(value);
    if (problem !== null) throw new RulesetModuleError(`ARBITER_RULESETS: the module "${spec}" is not a ruleset: ${problem}`);
    out.push(value as Ruleset);
  }
  return out;
}
