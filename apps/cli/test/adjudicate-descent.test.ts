// `arbiter adjudicate` on the Descent examples: the real command picks the ruleset from the scenario's
// `ruleset` field and prints the result (JSON, or --summary) through the contract only.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arbiter, root } from './run-arbiter.ts';

describe('arbiter adjudicate with a descent scenario', () => {
  it('prints the sealed result: the figures, the treasure drawn, a view per player, the hash of the example', async () => {
    const r = await arbiter('adjudicate', 'examples/scenarios/descent/gate-of-bones.json', '--compact');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { units: { figure: string; to: string | null }[]; rolls: unknown[]; views: object; hash: string; nextState: { ruleset: string } };
    expect(out.units.map((u) => `${u.figure} ${u.to ?? 'town'}`)).toEqual(['grisban E4', 'jain H4', 'skel-1 F4', 'skel-2 I4', 'spider-1 I5']);
    expect(out.rolls).toEqual([{ purpose: 'treasure', sides: 4, value: 3, figure: 'jain', token: 'chest-1' }]);
    expect(Object.keys(out.views).sort()).toEqual(['anna', 'ben', 'olga']);
    expect(out.nextState.ruleset).toBe('descent');
    expect(out.hash).toBe('d557411abc06dc86434823ffb4183ea48d7db0c6279439bbd7b5593b2b4d38c6');
  }, 30_000);

  it('--summary: one line per activation in the ruleset\'s words, the areas revealed, then the hash', async () => {
    const r = await arbiter('adjudicate', 'examples/scenarios/descent/sunken-stair.json', '--summary');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^turn 1: 4 activations, \d+ events, 0 random draws$/);
    expect(lines).toContain('  tomble (anna) B2 -> E7, 9 of 9 MP: B2 E2 F3 G4 E7');
    expect(lines).toContain('  revealed lower-vault (by tomble)');
    expect(lines.at(-1)).toBe('hash cc85015c20c4b6a47c5b1c99368f6c12e76da74cd3b3b52ab4d75d04afbbc602');
  }, 30_000);

  it("exit 2 with the ruleset's own scenario problems named by their JSON path", async () => {
    const doc = JSON.parse(readFileSync(join(root, 'examples/scenarios/descent/fire-and-chains.json'), 'utf8')) as Record<string, unknown>;
    const file = join(mkdtempSync(join(tmpdir(), 'arbiter-cli-descent-')), 'broken.json');
    writeFileSync(file, JSON.stringify({ ...doc, seed: 'x', pits: ['Z99'] }));
    const r = await arbiter('adjudicate', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a valid scenario');
    expect(r.stderr).toMatch(/^ {2}seed: /m);
    expect(r.stdout).toBe('');
  }, 30_000);
});
