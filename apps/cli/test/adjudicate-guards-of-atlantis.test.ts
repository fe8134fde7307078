// `arbiter adjudicate` on the Guards of Atlantis examples: the real command picks the ruleset from the
// scenario's `ruleset` field and prints the result (JSON, or --summary) through the contract only.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arbiter, root } from './run-arbiter.ts';

describe('arbiter adjudicate with a guards-of-atlantis scenario', () => {
  it('prints the sealed result: the heroes in initiative order, the coin drawn, a view per player, the hash', async () => {
    const r = await arbiter('adjudicate', 'examples/scenarios/guards-of-atlantis/two-lanes.json', '--compact');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { units: { hero: string; to: string }[]; rolls: unknown[]; views: object; hash: string; nextState: { ruleset: string; coin: string } };
    expect(out.units.map((u) => `${u.hero} ${u.to}`)).toEqual(['arien 0705', 'brogan 0603', 'xargatha 0805', 'tigerclaw 0903']);
    expect(out.rolls).toEqual([{ initiative: 8, purpose: 'tie-breaker-coin', sides: 2, value: 1 }]);
    expect(Object.keys(out.views).sort()).toEqual(['ben', 'cleo', 'dana', 'eli']);
    expect(out.nextState).toMatchObject({ ruleset: 'guards-of-atlantis', coin: 'red' });
    expect(out.hash).toBe('5dadeb39f7492b877723d65b0c4d690086ecdf013cc2adf99fe846d7e995c703');
  }, 30_000);

  it("--summary: one line per hero in the ruleset's words, then the hash", async () => {
    const r = await arbiter('adjudicate', 'examples/scenarios/guards-of-atlantis/tidemaster-crossing.json', '--summary');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('turn 1: 4 heroes, 15 events, 0 random draws');
    expect(lines).toContain('  brogan (cleo) brogan-silver: fast travels 0206 -> 0202');
    expect(lines.at(-1)).toBe('hash 32a85b927d5188938bf928fe0e85eca6a02f82380a4f98d13c460a2fab99290b');
  }, 30_000);

  it("exit 2 with the ruleset's own scenario problems named by their JSON path", async () => {
    const doc = JSON.parse(readFileSync(join(root, 'examples/scenarios/guards-of-atlantis/tidemaster-crossing.json'), 'utf8')) as Record<string, unknown>;
    const file = join(mkdtempSync(join(tmpdir(), 'arbiter-cli-goa-')), 'broken.json');
    writeFileSync(file, JSON.stringify({ ...doc, seed: 'x', settings: { coin: 'green' } }));
    const r = await arbiter('adjudicate', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a valid scenario (2 problems)');
    expect(r.stderr).toMatch(/^ {2}seed: /m);
    expect(r.stderr).toMatch(/^ {2}settings\.coin: /m);
    expect(r.stdout).toBe('');
  }, 30_000);
});
