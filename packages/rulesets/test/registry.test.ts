import { describe, expect, it } from 'vitest';
import { RULESET_IDS, UnknownRulesetError, isRulesetId, rulesetFor } from '../src/index.ts';

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
