// `arbiter map`: a scenario's whole map and its nations' report areas as SVG and PNG, before any game.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapCommandRun } from '../src/commands/map.ts';
import { root } from './run-arbiter.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function run(...argv: string[]) {
  const err: string[] = [];
  const code = await mapCommandRun(argv, { out: () => undefined, err: (s) => void err.push(s) });
  return { code, stderr: err.join('') };
}

describe('arbiter map', () => {
  const example = join(root, 'examples/scenarios/first-turn.json');

  it('draws the whole map, and a nation\'s report area when asked, as SVG and PNG', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'arbiter-map-')), 'maps');
    const r = await run(example, '--out', out, '--nation', 'north');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`arbiter map: wrote map.svg, map.png, north.svg, north.png in ${out}\n`);
    const whole = readFileSync(join(out, 'map.svg'), 'utf8');
    const north = readFileSync(join(out, 'north.svg'), 'utf8');
    expect(whole.startsWith('<svg')).toBe(true);
    expect(whole).toContain('the whole map');
    expect(north).toContain('the opening position');
    // The whole map shows every nation's pieces; a nation's report area is its own view of them.
    for (const name of ['Kingdom of the North', 'Dark Lord of the South', 'Free Traders of the East']) expect(whole).toContain(name);
    // Armies in their nation's colour with their exact size; every unit where it stands.
    expect(whole).toContain('army aragorn of Kingdom of the North (600 troops) at 0303, before movement: starts here');
    expect(whole).toContain('Character frodo at 0303');
    expect(north).not.toContain('starts here');
    expect(readFileSync(join(out, 'map.png')).subarray(0, 8)).toEqual(PNG);
    expect(readFileSync(join(out, 'north.png')).subarray(0, 8)).toEqual(PNG);
    expect(existsSync(join(out, 'south.svg'))).toBe(false);
  }, 30_000);

  it('exit 2 naming the problem: an unknown nation, an invalid scenario, a missing file', async () => {
    const out = mkdtempSync(join(tmpdir(), 'arbiter-map-'));
    expect(await run(example, '--out', out, '--nation', 'mordor')).toEqual({ code: 2, stderr: 'arbiter map: "mordor" is not a nation of the scenario (north, south, east)\n' });
    const bad = join(out, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ruleset: 'mepbm', seed: 1, map: { hexes: [{ hex: '0101', terrain: 'lava' }] }, nations: [{ id: 'north' }] }));
    const invalid = await run(bad, '--out', out);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('map.hexes[0].terrain');
    expect((await run(join(out, 'none.json'))).stderr).toContain('no such file');
  });
});
