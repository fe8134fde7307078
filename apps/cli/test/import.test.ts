// `arbiter import joverseer`: JOverseer's map files of the repository's fixtures (the real 2950 and 1650
// maps, packages/ruleset-mepbm/test/fixtures/joverseer) to a scenario file, with its notes on stderr.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '@arbiter/ruleset-mepbm';
import { importCommandRun, readPreference } from '../src/commands/import.ts';
import { arbiter, root } from './run-arbiter.ts';

const fixtures = join(root, 'packages/ruleset-mepbm/test/fixtures/joverseer');

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await importCommandRun(argv, { out: (s) => void out.push(s), err: (s) => void err.push(s) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('arbiter import joverseer', () => {
  it('writes the 2950 map from the folder as a valid scenario, listing every decision', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-import-'));
    const out = join(dir, '2950.json');
    const r = await run('joverseer', fixtures, '--game', '2950', '--out', out, '--game-number', '77', '--seed', '42');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const text = readFileSync(out, 'utf8');
    // One hex, hexside and population centre a line.
    expect(text).toContain('\n      { "hex": "0101", "terrain": "sea" },\n');
    expect(text).toContain('\n    { "hex": "2438", "nation": "corsairs", "name": "Havens Of Umbar", "size": "major-town", "fortification": "castle", "capital": true, "dock": "port" },\n');
    const scenario = JSON.parse(text) as Record<string, unknown>;
    expect(parseScenario(scenario).ok).toBe(true);
    expect(scenario['seed']).toBe(42);
    expect(scenario['joverseer']).toEqual({ game: 77 });
    expect(r.stderr).toContain('decision: game 2950: harbour codes read swapped (1 harbour, 2 port)');
    expect(r.stderr).toContain('decision: 2527/2627: major-river recorded from 2527, minor-river from 2627; kept major-river');
    expect(r.stderr).toContain(`imported game 2950: 1716 hexes, 654 hexsides, 135 population centres, 13 ruins, 25 nations, 64 armies, 12 navies, 135 characters; 11 decisions, 10 warnings; written to ${out}`);
    // The starting forces, one unit a line, each character's JOverseer id mapped.
    expect(text).toContain('\n    { "id": "theoden", "kind": "army", "nation": "riders-of-rohan", "hex": "2220", "commander": { "name": "Theoden", "command": 50 }, "troops": { "lightCavalry": 200 }, "food": 1600, "morale": 40 },\n');
    expect(text).toContain('"ren t": "ren the unclean"');
  });

  it('gives the armies the food asked for (--food-turns)', async () => {
    const r = await run('joverseer', fixtures, '--game', '2950', '--food-turns', '1');
    expect(r.code, r.stderr).toBe(0);
    const scenario = JSON.parse(r.stdout) as { units: { id: string; food?: number }[] };
    expect(scenario.units.find((u) => u.id === 'theoden')?.food).toBe(400);
    expect((await run('joverseer', fixtures, '--game', '2950', '--food-turns', 'many')).stderr).toContain('--food-turns many: write a whole number from 0 to 100');
  });

  it('takes the files themselves, and the GM\'s choice for one side', async () => {
    const files = ['terrain', 'traffic', 'pcs'].map((e) => join(fixtures, `1650.${e}`));
    const r = await run('joverseer', ...files, '--prefer', '2627/2527=minor');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('kept minor-river by --prefer 2527/2627=minor');
    const scenario = JSON.parse(r.stdout) as { map: { hexsides: { hex: string; dir: string; features: string[] }[] } };
    expect(scenario.map.hexsides.find((s) => s.hex === '2527' && s.dir === 'e')?.features).toContain('minor-river');
  });

  it('exit 2 naming the problem: several games, no terrain file, a bad line, a bad option', async () => {
    expect((await run('joverseer', fixtures)).stderr).toBe('arbiter import: files of several games (1650, 2950): choose one with --game\n');
    expect((await run('joverseer', join(fixtures, '2950.pcs'))).stderr).toContain('no 2950.terrain file given');
    expect((await run('joverseer', fixtures, '--prefer', 'sideways')).stderr).toContain('--prefer sideways: write major, minor or AAAA/BBBB=major|minor');
    expect((await run('shapefile', fixtures)).code).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-import-'));
    writeFileSync(join(dir, 'x.terrain'), '"0101",1\n"0102",77\n');
    const bad = await run('joverseer', dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('error: x.terrain line 2, col 8: hex 0102: terrain code "77" is not one of 1 to 9');
    expect(bad.stderr).toContain('no scenario written');
  });

  it('reads --prefer values', () => {
    expect(readPreference(['minor', '0101/0201=major'])).toEqual({ ok: true, prefer: { default: 'minor-river', sides: { '0101/0201': 'major-river' } } });
  });

  it('runs as the real command', async () => {
    const r = await arbiter('import', 'joverseer', fixtures, '--game', '1650');
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { nations: unknown[] }).nations).toHaveLength(25);
  }, 30_000);
});
