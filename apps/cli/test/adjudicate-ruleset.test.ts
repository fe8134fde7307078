// `arbiter adjudicate` picks the ruleset its scenario names, and refuses one this server does not run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESET_IDS } from '@arbiter/rulesets';
import { adjudicateFile } from '../src/index.ts';

const root = new URL('../../../', import.meta.url).pathname;

async function adjudicate(scenario: unknown): Promise<{ code: number; out: string; err: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-cli-ruleset-'));
  const file = join(dir, 'scenario.json');
  writeFileSync(file, JSON.stringify(scenario));
  const out: string[] = [];
  const err: string[] = [];
  const code = await adjudicateFile(file, { compact: true }, { out: (s) => void out.push(s), err: (s) => void err.push(s) });
  return { code, out: out.join(''), err: err.join('') };
}

describe('arbiter adjudicate and the scenario ruleset', () => {
  const example = JSON.parse(readFileSync(join(root, 'examples/scenarios/first-turn.json'), 'utf8')) as Record<string, unknown>;

  it("adjudicates with the scenario's ruleset", async () => {
    const r = await adjudicate(example);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { hash: string }).hash).toMatch(/^7557d922/);
  });

  it('exit 2 naming the ruleset field when no known ruleset is named', async () => {
    for (const ruleset of ['chess', 7]) {
      const r = await adjudicate({ ...example, ruleset });
      expect(r.code).toBe(2);
      expect(r.err).toContain('is not a valid scenario (1 problem)');
      expect(r.err).toContain(`ruleset: must name the game's ruleset, one of ${RULESET_IDS.map((id) => `"${id}"`).join(', ')}`);
      expect(r.out).toBe('');
    }
  });
});
