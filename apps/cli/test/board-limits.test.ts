// Issue 27: `arbiter map` and `arbiter adjudicate` refuse a scenario whose board is past the kernel's
// bounds (exit 2, the field and the limit named) before building or drawing it. Before, `arbiter map` of
// an Expeditions location at (16000, 16000) took 28 s and 4.2 GB per PNG, and at [1e9, 1e9] aborted.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbiter, root } from './run-arbiter.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'arbiter-limits-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function farExpedition(at: [number, number]): Promise<string> {
  const d = JSON.parse(readFileSync(join(root, 'examples/scenarios/expeditions/empty-bag.json'), 'utf8'));
  d.locations[0].at = at;
  const file = join(dir, `far-${at[0]}.json`);
  await writeFile(file, JSON.stringify(d));
  return file;
}

describe('board limits in the CLI (issue 27)', () => {
  it('arbiter map refuses a location at (16000, 16000), naming the field and the limit', async () => {
    const r = await arbiter('map', await farExpedition([16000, 16000]), '--out', join(dir, 'maps'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/locations\[0\]\.at\[0\]: map coordinate 16000 is too far out: each is from -2000 to 2000/);
  }, 60_000);

  it('arbiter adjudicate refuses a location at [1e9, 1e9], naming the field and the limit', async () => {
    const r = await arbiter('adjudicate', await farExpedition([1e9, 1e9]));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/locations\[0\]\.at\[0\]: map coordinate 1000000000 is too far out/);
  }, 60_000);
});
