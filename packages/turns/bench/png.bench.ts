// Benchmark (issue 27): the mail sender's PNG maps drawn in this process (renderMapPngAsync, resvg on
// libuv's threads: before) and in the drawing processes (renderMapPngIsolated: now), side by side in one
// run, interleaved round by round, one map at a time and 4 at once (the sender's concurrency).
// Run: npm run bench:png -w @arbiter/turns (BENCH_NATIONS=40 BENCH_ROUNDS=3 ...).
import { performance } from 'node:perf_hooks';
import { availableParallelism, loadavg } from 'node:os';
import { sealTurn } from '@arbiter/engine';
import { mapPngPool, renderMapPngAsync, renderMapPngIsolated } from '@arbiter/reports';
import { rulesetFor } from '@arbiter/rulesets';
import { buildScenario } from '../src/testing.ts';

const nations = Number(process.env.BENCH_NATIONS ?? 40);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const mepbm = rulesetFor('mepbm');
const { state } = buildScenario({ nations, unitsPerNation: 20 });
const { views } = sealTurn(mepbm.adjudicate(state, []));
const names = Object.fromEntries(mepbm.scenario.players(state).map((p) => [p.id, p.name]));
const svgs = Object.entries(views).map(([id, v]) =>
  mepbm.report.svg(v, { gameName: 'Bench', gameId: 'g', turn: 1, nextDeadline: null, timeZone: 'UTC', playerName: names[id] ?? id, playerNames: names }),
);

async function drawAll(draw: (svg: string) => Promise<Buffer>, concurrency: number): Promise<number> {
  const queue = [...svgs];
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let s = queue.shift(); s !== undefined; s = queue.shift()) await draw(s);
  }));
  return (performance.now() - t0) / svgs.length;
}

console.log(`PNG maps of the mail sender: ${svgs.length} mepbm report maps (${(svgs.reduce((n, s) => n + s.length, 0) / svgs.length / 1024).toFixed(0)} KiB SVG each), ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}`);
await drawAll(renderMapPngAsync, 1); // warm-up: fonts, JIT
await drawAll(renderMapPngIsolated, 1); // warm-up: the drawing processes start
const best: Record<string, number> = {};
for (let r = 0; r < rounds; r++) {
  for (const [label, draw] of [['in this process (before)', renderMapPngAsync], ['drawing processes (now)', renderMapPngIsolated]] as const) {
    for (const c of [1, 4]) {
      const key = `${label}, ${c} at once`;
      best[key] = Math.min(best[key] ?? Infinity, await drawAll(draw, c));
    }
  }
}
for (const [key, ms] of Object.entries(best)) console.log(`  ${key.padEnd(40)} ${ms.toFixed(1).padStart(7)} ms per map (best of ${rounds})`);
await mapPngPool().close();
