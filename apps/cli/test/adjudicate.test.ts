// `arbiter adjudicate`: the real command, run as a process the way users run it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arbiter, root } from './run-arbiter.ts';
import { adjudicateFile, runCli } from '../src/index.ts';

describe('arbiter adjudicate', () => {
  it('adjudicates the bundled example: exit 0, per-unit results, events, views, hash', async () => {
    const r = await arbiter('adjudicate', 'examples/scenarios/first-turn.json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown> & { units: { id: string; finalHex: string; stop: { reason: string } | null }[] };
    expect(Object.keys(out).sort()).toEqual(['errors', 'events', 'hash', 'nextState', 'rolls', 'turn', 'units', 'views']);
    const aragorn = out.units.find((u) => u.id === 'aragorn')!;
    expect(aragorn.finalHex).toBe('0503');
    expect(aragorn.stop?.reason).toBe('blocked-by-army');
    expect(out['errors']).toEqual([expect.objectContaining({ line: 12, unit: 'esgaroth' })]);
    expect(Object.keys(out['views'] as object).sort()).toEqual(['east', 'north', 'south']);
    expect(out['hash']).toMatch(/^[0-9a-f]{64}$/);
    // Same input, same bytes.
    const again = await arbiter('adjudicate', 'examples/scenarios/first-turn.json');
    expect(again.stdout).toBe(r.stdout);
  }, 30_000);

  it('exit 2 naming the field when the file is not a valid scenario', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-cli-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ruleset: 'mepbm', seed: 1, map: { hexes: [{ hex: '0101', terrain: 'lava' }] }, nations: [{ id: 'north' }] }));
    const r = await arbiter('adjudicate', bad);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a valid scenario');
    expect(r.stderr).toContain('map.hexes[0].terrain');
    expect(r.stdout).toBe('');
  }, 30_000);

  it('exit 2 with a clear message for a missing file and for invalid JSON', async () => {
    const missing = await arbiter('adjudicate', 'no/such/file.json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read scenario file no/such/file.json: no such file');
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-cli-'));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "ruleset": "mepbm", ');
    const r = await arbiter('adjudicate', broken);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not valid JSON');
  }, 30_000);
});

describe('arbiter adjudicate --summary', () => {
  it('prints one line per unit with its path and stop, the errors, what each nation saw, and the hash', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await adjudicateFile(join(root, 'examples/scenarios/first-turn.json'), { compact: false, summary: true }, { out: (s) => void out.push(s), err: (s) => void err.push(s) });
    expect(code).toBe(0);
    const text = out.join('');
    expect(text).toContain('aragorn (north army) 0303 -> 0503, 5 MP: e 0403 (2), e 0503 (3); stopped at 0503: stopped by an army');
    expect(text).toContain('line 12, col 20: "n" is not a direction');
    expect(text).toContain('north saw: grond (south, medium) blocked-us at 0503');
    expect(text).toMatch(/hash [0-9a-f]{64}/);
    expect(err).toEqual([]);
  });
});

describe('arbiter command line', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { io: { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s) }, out, err };
  };

  it('--help lists the commands', async () => {
    const t = io();
    expect(await runCli(['--help'], t.io)).toBe(0);
    expect(t.out.join('')).toMatch(/adjudicate\s+adjudicate one turn/);
  });

  it('an unknown command is exit 2 with the list', async () => {
    const t = io();
    expect(await runCli(['frobnicate'], t.io)).toBe(2);
    expect(t.err.join('')).toContain('unknown command "frobnicate"');
  });

  it('<command> --help prints its usage', async () => {
    const t = io();
    expect(await runCli(['adjudicate', '--help'], t.io)).toBe(0);
    expect(t.out.join('')).toContain('Usage: arbiter adjudicate <scenario.json>');
  });
});
