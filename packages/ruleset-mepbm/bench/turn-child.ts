// One whole-turn measurement in a fresh process (so peak memory is this size's alone).
// Usage: tsx bench/turn-child.ts <scale> [warm turns, default 3]; prints one JSON line (warm figures: the median of the warm turns).
import { GCProfiler } from 'node:v8';
import { adjudicate, parseOrders } from '../src/index.ts';
import { crowdedTurn } from './world.ts';

const scale = Number(process.argv[2] ?? '1');
const spec = { size: 200, armies: 10_000 * scale, characters: 2_000 * scale, navies: 1_000 * scale, nations: 40, seed: 42 };
const { state, orderText } = crowdedTurn(spec);
const parsed = parseOrders(orderText);
if (parsed.errors.length > 0) throw new Error(`bench orders have errors: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const c0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
const result = adjudicate(state, parsed.orders);
const t1 = process.hrtime.bigint();
const c1 = process.cpuUsage(c0);
const heapAfter = process.memoryUsage().heapUsed;
// Then WARM_RUNS more turns as a long-running worker sees them: the code is warm, but each turn's state
// is a fresh copy (as if loaded from the database), so nothing cached per map object (the compact map,
// the views' map-window pieces) carries over. The copy is made outside the timed part.
const WARM_RUNS = Number(process.argv[3] ?? '3');
// Garbage collection pauses during each warm turn (wall time, from V8's GC profiler: every collection
// in the turn; performance-observer entries arrive late and were missed).
const warm: { ms: number; cpuMs: number; gcMs: number }[] = [];
for (let i = 0; i < WARM_RUNS; i++) {
  const copy = structuredClone(state);
  globalThis.gc?.();
  await new Promise((resolve) => setImmediate(resolve));
  const gcProfiler = new GCProfiler();
  gcProfiler.start();
  const c2 = process.cpuUsage();
  const t2 = process.hrtime.bigint();
  const again = adjudicate(copy, parsed.orders);
  const t3 = process.hrtime.bigint();
  const c3 = process.cpuUsage(c2);
  const gcMs = (gcProfiler.stop()?.statistics ?? []).reduce((sum, g) => sum + g.cost, 0) / 1000;
  if (again.hash !== result.hash) throw new Error('the same turn gave two different hashes');
  await new Promise((resolve) => setImmediate(resolve));
  warm.push({ ms: Number(t3 - t2) / 1e6, cpuMs: (c3.user + c3.system) / 1000, gcMs });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const count = (type: string, outcome?: string) =>
  result.events.filter((e) => e.type === type && (outcome === undefined || (e as { outcome?: string }).outcome === outcome)).length;
console.log(
  JSON.stringify({
    scale,
    armies: spec.armies,
    characters: spec.characters,
    navies: spec.navies,
    nations: spec.nations,
    orders: parsed.orders.length,
    ms: Number(t1 - t0) / 1e6,
    cpuMs: (c1.user + c1.system) / 1000,
    warmMs: median(warm.map((w) => w.ms)),
    warmCpuMs: median(warm.map((w) => w.cpuMs)),
    warmCpuRuns: warm.map((w) => Math.round(w.cpuMs)),
    warmGcMs: warm.map((w) => Math.round(w.gcMs)),
    heapDeltaMB: (heapAfter - heapBefore) / 1048576,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    steps: count('step'),
    stopped: count('interception', 'stopped'),
    forcedPast: count('interception', 'forced-past'),
    overruns: count('interception', 'overrun'),
    evaded: count('interception', 'evaded'),
    centreStops: count('population-centre', 'stopped'),
    sightings: Object.values(result.views).reduce((n, v) => n + v.sightings.length, 0),
    events: result.events.length,
    rolls: result.rolls.length,
    hash: result.hash,
  }),
);
