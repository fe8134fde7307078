// `arbiter adjudicate` on the Mage Knight examples: the real command picks the ruleset from the
// scenario's `ruleset` field and prints the result (JSON, or --summary) through the contract only.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arbiter, root } from './run-arbiter.ts';


describe('arbiter adjudicate with a mage-knight scenario', () => {
  it('prints the sealed result: the heroes, the tile drawn, a view per player, the hash of the example', async () => {
    const r = await arbiter('adjudicate', 'examples/scenarios/mage-knight/first-reconnaissance.json', '--compact');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { units: { hero: string; to: string | null }[]; rolls: unknown[]; views: object; hash: string; nextState: { ruleset: string } };
    expect(out.units.map((u) => `${u.hero} ${u.to ?? 'off the map'}`)).toEqual(['tovak a2.w', 'arythea a2.se', 'goldyx off the map']);
    expect(out.rolls).toEqual([{ hero: 'arythea', position: 'b2', purpose: 'tile', sides: 5, value: 2 }]);
    expect(Object.keys(out.views).sort()).toEqual(['anna', 'ben', 'chloe']);
    expect(out.nextState.ruleset).toBe('mage-knight');
    expect(out.hash).toBe('931f275034d15f9b80b7042e957113382c8bc4705977a56f7fbc04cc32fb4278');
  }, 30_000);

  it('--summary: one line per hero in the ruleset\'s words, then the hash', async () => {
    const r = await arbiter('adjudicate', 'examples/scenarios/mage-knight/night-attack.json', '--summary');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^turn 5: 2 moves, \d+ events, \d+ random draws$/);
    expect(lines.some((l) => l.startsWith('  norowas (') && l.includes('-> a1.w'))).toBe(true);
    expect(lines.at(-1)).toBe('hash b27edc785c43faae6b202627ac6f9a6dacf7d3be09a9d5d3710f430ac39671de');
  }, 30_000);

  it("exit 2 with the ruleset's own scenario problems named by their JSON path", async () => {
    const doc = JSON.parse(readFileSync(join(root, 'examples/scenarios/mage-knight/first-reconnaissance.json'), 'utf8')) as Record<string, unknown>;
    const file = join(mkdtempSync(join(tmpdir(), 'arbiter-cli-mk-')), 'broken.json');
    writeFileSync(file, JSON.stringify({ ...doc, seed: 'x', time: 'dusk' }));
    const r = await arbiter('adjudicate', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a valid scenario (2 problems)');
    expect(r.stderr).toMatch(/^ {2}seed: /m);
    expect(r.stderr).toMatch(/^ {2}time: /m);
    expect(r.stdout).toBe('');
  }, 30_000);
});
