// Rendering alone, in memory: a big turn's reports rendered on this thread, for profiling (--cpu-prof) and
// for checking that faster rendering keeps the bytes (prints a SHA-256 of every report's text, HTML, SVG and mail).
// Run: npx tsx packages/turns/bench/render-profile.ts (BENCH_NATIONS, BENCH_UNITS and BENCH_TREE as the turn bench).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { RenderInput } from '../src/render.ts';

const tree = path.resolve(process.env.BENCH_TREE ?? fileURLToPath(new URL('../../..', import.meta.url)));
const { rulesetFor } = (await import(path.join(tree, 'packages/rulesets/src/index.ts'))) as typeof import('@arbiter/rulesets');
const { ReportRenderer } = (await import(path.join(tree, 'packages/turns/src/render.ts'))) as typeof import('../src/render.ts');
const { buildScenario } = (await import(path.join(tree, 'packages/turns/src/testing.ts'))) as typeof import('../src/testing.ts');

const nations = Number(process.env.BENCH_NATIONS ?? 500);
const units = Number(process.env.BENCH_UNITS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const { state, orders } = buildScenario({ nations, unitsPerNation: units });
const mepbm = rulesetFor('mepbm');
const lines = [...orders.values()].flatMap((perNation) => [...perNation.values()].flat()).join('\n');
const parsed = mepbm.orders.parse(lines);
const outcome = mepbm.adjudicate(state, parsed.orders);
// The old tree's turn came with its views built; today's builds each on demand (issue 30's seal).
const built = (outcome as { views?: RenderInput['views'] }).views;
const views = built ?? Object.fromEntries(outcome.players.map((p) => [p, outcome.view(p)]));
const input: RenderInput = {
  ruleset: 'mepbm', gameId: 'gbench', gameName: 'Bench', turn: 1, nextDeadline: new Date('2026-12-03T18:00:00Z'), timeZone: 'Europe/London',
  gmEmail: 'gm@arbiter.example',
  nations: [...orders.keys()].map((nationId, i) => ({ nationId, name: `Nation ${i + 1}`, email: `${nationId}@players.example`, active: true })),
  views, mail: { from: 'Arbiter <arbiter@arbiter.example>', domain: 'arbiter.example' },
};
for (let round = 0; round < rounds; round++) {
  const renderer = new ReportRenderer(input);
  const hash = createHash('sha256');
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  let bytes = 0;
  for (const id of renderer.ids) {
    const r = renderer.render(id);
    hash.update(r.text).update(r.html).update(r.svg).update(JSON.stringify(r.mail));
    bytes += r.text.length + r.html.length + r.svg.length;
  }
  const ms = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `render ${renderer.ids.length} reports: ${ms.toFixed(0)} ms, CPU ${cpuMs.toFixed(0)} ms (${(cpuMs / renderer.ids.length).toFixed(2)} ms CPU a report, ${(bytes / 1e6).toFixed(1)} M chars) sha256 ${hash.digest('hex')}`,
  );
}
