// Benchmark: the report map of a 44 x 39 scenario (the North's window: 391 hexes) as the mail sender
// rasterises it: SVG, then PNG at the mailed size. Prints the sizes and times recorded in docs/benchmarks.md.
// Run: npx tsx packages/ruleset-mepbm/bench/big-map.ts   (bench/compare-render.sh runs it on old and new code)
import { renderMapPng } from '@arbiter/reports';
import { renderMapSvg } from '../src/index.ts';
import { bigNorthView } from '../test/big-map.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const { view, names } = bigNorthView();
const svg = renderMapSvg(view, { nationName: names['north'] as string, nationNames: names });
renderMapPng(svg); // warm-up: font faces, JIT
const c0 = process.cpuUsage();
const t0 = performance.now();
let png: Buffer = Buffer.alloc(0);
for (let i = 0; i < RUNS; i++) png = renderMapPng(renderMapSvg(view, { nationName: names['north'] as string, nationNames: names }));
const ms = (performance.now() - t0) / RUNS;
const c = process.cpuUsage(c0);
const size = /width="(\d+)" height="(\d+)"/.exec(svg);
console.log(
  `44 x 39 map, ${view.map.hexes.length}-hex window: SVG ${(svg.length / 1024).toFixed(0)} KiB, PNG ${size?.[1]} x ${size?.[2]} px ${(png.length / 1024).toFixed(0)} KiB; ` +
    `SVG + PNG wall ${ms.toFixed(0)} ms, cpu ${((c.user + c.system) / 1000 / RUNS).toFixed(0)} ms each (${RUNS} runs)`,
);
