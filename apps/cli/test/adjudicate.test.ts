// `arbiter adjudicate`: the real command, run as a process the way users run it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arbiter, root } from './run-arbiter.ts';
import { adjudicateFile, runCli } from '../src/index.ts';
import { orderFileName, savedOrderFile } from '../../../packages/ruleset-mepbm/test/joverseer-export.ts';
import { army, character, scenario } from '../../../packages/ruleset-mepbm/test/resolution-helpers.ts';

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

describe('arbiter adjudicate --orders <file> --nation <id>: a player\'s JOverseer file, as the server takes it', () => {
  // A small game with JOverseer's numbers; the file as JOverseer 1.19.01 saves it (Windows-1252, CRLF).
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-cli-jo-'));
  const game = scenario({ units: [army('theoden', 'rohan', '0505'), character('ren the unclean', 'rohan', '0303'), character('eowyn', 'rohan', '0404')] });
  game['joverseer'] = { game: 77 };
  game['nations'] = [{ id: 'rohan', joverseer: { nation: 3, characters: { theod: 'theoden', 'ren t': 'ren the unclean', eowyn: 'eowyn' } } }];
  const scenarioFile = join(dir, 'rohan.json');
  writeFileSync(scenarioFile, JSON.stringify(game));
  const header = { game: 77, nation: 3, player: 'Éomer Fan' };
  const ordersFile = join(dir, orderFileName(header));
  writeFileSync(
    ordersFile,
    savedOrderFile(header, [
      { id: 'theod', orders: [{ order: 850, params: ['e', 'e', 'no'] }] },
      { id: 'ren t', orders: [{ order: 810, params: ['0306'] }] },
      { id: 'eowyn', orders: [{ order: 870, params: ['0705', 'theod'] }] },
    ]),
  );
  const run = async (...extra: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const [orders, nation] = [extra[0], extra[1]];
    const code = await adjudicateFile(scenarioFile, { compact: true, ...(orders ? { orders } : {}), ...(nation ? { nation } : {}) }, { out: (s) => void out.push(s), err: (s) => void err.push(s) });
    return { code, out: out.join(''), err: err.join('') };
  };

  it('maps the file\'s ids to the units and adjudicates them with no error', async () => {
    const r = await run(ordersFile, 'rohan');
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(r.out) as { errors: unknown[]; units: { id: string; finalHex: string }[] };
    expect(result.errors).toEqual([]);
    expect(result.units.map((u) => [u.id, u.finalHex]).sort()).toEqual([
      ['eowyn', '0705'],
      ['ren the unclean', '0306'],
      ['theoden', '0705'],
    ]);
  });

  it('lists what the server would refuse among the errors (another nation\'s file), and names a player that is not one', async () => {
    const other = join(dir, 'me04v0.077');
    writeFileSync(other, savedOrderFile({ game: 77, nation: 4 }, [{ id: 'theod', orders: [{ order: 850, params: ['e', 'no'] }] }]));
    const r = await run(other, 'rohan');
    expect((JSON.parse(r.out) as { errors: { message: string }[] }).errors.map((e) => e.message)).toEqual(['the order file is for nation 4; rohan is JOverseer nation 3']);
    const wrong = await run(ordersFile, 'gondor');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('--nation gondor is not a nation of');
  });
});
