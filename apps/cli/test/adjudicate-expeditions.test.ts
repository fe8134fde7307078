// `arbiter adjudicate` on the Expeditions examples: the real command picks the ruleset from the
// scenario's `ruleset` field and prints the result (JSON, or --summary) through the contract only.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arbiter, root } from './run-arbiter.ts';

describe('arbiter adjudicate with an expeditions scenario', () => {
  it('prints the sealed result: the mechs, the corruption draws, a view per player, the hash of the example', async () => {
    const r = await arbiter('adjudicate', 'examples/scenarios/expeditions/off-basecamp.json', '--compact');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { units: { mech: string; to: string }[]; rolls: { purpose: string; location: string }[]; views: object; hash: string; nextState: { ruleset: string } };
    expect(out.units.map((u) => `${u.mech} ${u.to}`)).toEqual(['red 7', 'blue 5', 'green 9']);
    expect(out.rolls.map((d) => `${d.purpose} ${d.location}`)).toEqual(['corruption 7', 'corruption 7', 'corruption 7', 'corruption 9', 'corruption 9']);
    expect(Object.keys(out.views).sort()).toEqual(['ann', 'ben', 'cat']);
    expect(out.nextState.ruleset).toBe('expeditions');
    expect(out.hash).toBe('5dc288e1b76f9bc0f55875471c777e653799769f47f6692bc1cb9c2b804b352d');
  }, 30_000);

  it('--summary: one line per mech in the ruleset\'s words, then the hash', async () => {
    const r = await arbiter('adjudicate', 'examples/scenarios/expeditions/empty-bag.json', '--summary');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^turn 3: 3 players' turns, \d+ events, 1 random draws$/);
    expect(lines).toContain('  blue (ben) 10 -> 10, no valid destination (Move forfeited); actions: move, gather');
    expect(lines.at(-1)).toBe('hash 4f8785cac3bd7e4e87215bf62ce5a71533549bfc64652ed23c9e0bcf70d11c97');
  }, 30_000);

  it("exit 2 with the ruleset's own scenario problems named by their JSON path", async () => {
    const doc = JSON.parse(readFileSync(join(root, 'examples/scenarios/expeditions/through-red.json'), 'utf8')) as Record<string, unknown>;
    const file = join(mkdtempSync(join(tmpdir(), 'arbiter-cli-ex-')), 'broken.json');
    writeFileSync(file, JSON.stringify({ ...doc, seed: 'x', cards: [] }));
    const r = await arbiter('adjudicate', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a valid scenario (2 problems)');
    expect(r.stderr).toMatch(/^ {2}seed: /m);
    expect(r.stderr).toMatch(/^ {2}cards: the map has 5 card gaps/m);
    expect(r.stdout).toBe('');
  }, 30_000);
});
