import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULESETS, RULESET_IDS, RulesetRegistryError, UnknownRulesetError, isRulesetId, registryOf, rulesetFor } from '../src/index.ts';
import { RulesetModuleError, loadRulesetModules, rulesetModuleSpecifiers, rulesetProblem } from '../src/modules.ts';

describe('the ruleset registry', () => {
  it('finds every listed ruleset by its id, and the ruleset says the same id', () => {
    expect(RULESET_IDS).toEqual(['descent', 'expeditions', 'guards-of-atlantis', 'mage-knight', 'mepbm']);
    for (const id of RULESET_IDS) expect(rulesetFor(id).id).toBe(id);
  });

  it("each ruleset's example order line (the mail intake's help) is an order its own parser reads without a mistake", () => {
    for (const id of RULESET_IDS) {
      const r = rulesetFor(id);
      const parsed = r.orders.parse(r.orders.example);
      expect(parsed.errors, id).toEqual([]);
      expect(parsed.orders.map((o) => r.orders.print(o)), id).toEqual([r.orders.example]);
    }
  });

  it('refuses an unknown id, naming it and the known ones', () => {
    expect(isRulesetId('chess')).toBe(false);
    expect(() => rulesetFor('chess')).toThrow(UnknownRulesetError);
    expect(() => rulesetFor('chess')).toThrow(`there is no ruleset "chess" on this server (known: ${RULESET_IDS.join(', ')})`);
  });

  it('does not take inherited object keys for ruleset ids', () => {
    expect(isRulesetId('constructor')).toBe(false);
    expect(() => rulesetFor('toString')).toThrow(UnknownRulesetError);
  });
});

describe('the registry as a list, and ruleset modules named at run time (ARBITER_RULESETS)', () => {
  const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

  it('derives the known ids from its list, and refuses an id given twice, naming both rulesets', () => {
    expect(RULESETS.map((r) => r.id)).toEqual([...RULESET_IDS]);
    const descent = rulesetFor('descent');
    expect([...registryOf([descent, rulesetFor('mepbm')]).keys()]).toEqual(['descent', 'mepbm']);
    expect(() => registryOf([descent, { ...descent, title: 'Another' }])).toThrow(RulesetRegistryError);
    expect(() => registryOf([descent, { ...descent, title: 'Another' }])).toThrow('two rulesets have the id "descent": Descent: Journeys in the Dark and Another');
  });

  it('reads the comma-separated specifiers, blanks ignored', () => {
    expect(rulesetModuleSpecifiers(undefined)).toEqual([]);
    expect(rulesetModuleSpecifiers(' a , ,./b.js,')).toEqual(['a', './b.js']);
  });

  it('loads a module by its path and takes the ruleset it exports', async () => {
    const [r] = await loadRulesetModules([fixture('renamed-descent.ts')]);
    expect(r!.id).toBe('descent-variant');
    expect(r!.orders.example).toBe(rulesetFor('descent').orders.example);
  });

  it('names a module that cannot be loaded, and one that is no ruleset, with what is wrong', async () => {
    await expect(loadRulesetModules(['./no/such/ruleset.js'])).rejects.toThrow(RulesetModuleError);
    await expect(loadRulesetModules(['./no/such/ruleset.js'])).rejects.toThrow('ARBITER_RULESETS: the ruleset module "./no/such/ruleset.js" could not be loaded');
    await expect(loadRulesetModules([fixture('not-a-ruleset.ts')])).rejects.toThrow(/is not a ruleset: its `id` is not a ruleset id/);
    expect(rulesetProblem(null)).toMatch(/exports no ruleset object/);
    expect(rulesetProblem({ ...rulesetFor('mepbm'), adjudicate: 'no' })).toBe('its `adjudicate` is not a function');
    expect(rulesetProblem(rulesetFor('mepbm'))).toBeNull();
  });

  it('a process started with ARBITER_RULESETS runs the named ruleset beside the built-in ones', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "const r = await import('@arbiter/rulesets'); console.log(JSON.stringify(r.RULESET_IDS))"], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, ARBITER_RULESETS: fixture('renamed-descent.ts') },
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual(['descent', 'descent-variant', 'expeditions', 'guards-of-atlantis', 'mage-knight', 'mepbm']);
  });
});
