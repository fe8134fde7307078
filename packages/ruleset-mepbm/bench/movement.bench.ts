// Engine benchmarks (docs/benchmarks.md, "Engine"):
// (a) 100,000 and 1,000,000 single-army orders of 14 entries on a 200x200 map, each adjudicated as an
//     independent move (the engine's walk over the cost tables, the same step costs the pulse resolver
//     uses), against a baseline loop that only reads the same steps' cells from the cost table;
// (b) whole turns of 10,000 armies, 2,000 characters and 1,000 navies of 40 nations on 200x200, and 2x
//     and 4x that, each in a fresh process (so peak memory is per size).
// Usage: npm run bench -w packages/ruleset-mepbm [-- --quick] [-- --only=a|b]
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildMap, featuresAtIndex, stepCost, walkArmyFinal, walkArmyPath } from '../src/index.ts';
import type { GameMap, MoveStep } from '../src/index.ts';
import { Rng, rngFromSeed } from '../src/index.ts';
import { bigMap } from './world.ts';

const quick = process.argv.includes('--quick');
const ENTRIES = 14;
const DIR_NAMES: MoveStep[] = ['ne', 'e', 'se', 'sw', 'w', 'nw', 'h'];

interface Orders {
  n: number;
  start: Int32Array;
  dirs: Uint8Array;
  table: Uint8Array;
  fed: Uint8Array;
  evasive: Uint8Array;
  budget: Uint8Array;
}

function makeOrders(map: GameMap, n: number, seed: number): Orders {
  const rng = new Rng(rngFromSeed(seed));
  const o: Orders = {
    n,
    start: new Int32Array(n),
    dirs: new Uint8Array(n * ENTRIES),
    table: new Uint8Array(n),
    fed: new Uint8Array(n),
    evasive: new Uint8Array(n),
    budget: new Uint8Array(n),
  };
  const land: number[] = [];
  for (let i = 0; i < map.terrain.length; i++) if (map.terrain[i]! !== 0 && map.terrain[i]! <= 7) land.push(i);
  for (let i = 0; i < n; i++) {
    o.start[i] = land[rng.int(land.length, { purpose: 'gen' })]!;
    // Orders follow a heading with some wiggle, as players write them; 1 in 14 entries is a rest day.
    let heading = rng.int(6, { purpose: 'gen' });
    for (let k = 0; k < ENTRIES; k++) {
      const r = rng.int(14, { purpose: 'gen' });
      if (r === 0) o.dirs[i * ENTRIES + k] = 6;
      else {
        if (r < 4) heading = (heading + (r === 1 ? 1 : r === 2 ? 5 : 0)) % 6;
        o.dirs[i * ENTRIES + k] = heading;
      }
    }
    o.table[i] = rng.int(3, { purpose: 'gen' }) === 0 ? 1 : 0;
    o.fed[i] = rng.int(5, { purpose: 'gen' }) === 0 ? 0 : 1;
    o.evasive[i] = rng.int(10, { purpose: 'gen' }) === 0 ? 1 : 0;
    o.budget[i] = rng.int(2, { purpose: 'gen' }) === 0 ? 14 : 12;
  }
  // Clear the generator's draw log: it is not part of what is measured.
  rng.records.length = 0;
  return o;
}

/** The engine: every order walked independently; returns a checksum and the number of steps taken. */
function runEngine(map: GameMap, o: Orders): { checksum: number; evaluated: Int32Array } {
  let checksum = 0;
  const evaluated = new Int32Array(o.n);
  for (let i = 0; i < o.n; i++) {
    const r = walkArmyFinal(map, o.start[i]!, o.dirs, i * ENTRIES, ENTRIES, o.budget[i]!, o.table[i]!, o.fed[i] === 1, o.evasive[i] === 1);
    if (r >= 0) {
      checksum = (checksum + r) | 0;
      evaluated[i] = ENTRIES;
    } else {
      checksum = (checksum + r * 7) | 0;
      evaluated[i] = -r; // entries looked at, the failing one included
    }
  }
  return { checksum, evaluated };
}

/** The same steps' table cells, precomputed as (terrain, features) pairs, for the baseline loop. */
function baselineInput(map: GameMap, o: Orders, evaluated: Int32Array): { terrain: Uint8Array; bits: Uint8Array; count: Int32Array; offset: Int32Array } {
  let total = 0;
  for (let i = 0; i < o.n; i++) total += evaluated[i]!;
  const terrain = new Uint8Array(total);
  const bits = new Uint8Array(total);
  const count = new Int32Array(o.n);
  const offset = new Int32Array(o.n);
  let p = 0;
  for (let i = 0; i < o.n; i++) {
    offset[i] = p;
    let at = o.start[i]!;
    for (let k = 0; k < evaluated[i]!; k++) {
      const d = o.dirs[i * ENTRIES + k]!;
      if (d === 6) continue;
      const to = map.neighbours[at * 6 + d]!;
      if (to < 0) break;
      terrain[p] = map.terrain[to]!;
      bits[p] = featuresAtIndex(map, at, d);
      p++;
      at = to;
    }
    count[i] = p - offset[i]!;
  }
  return { terrain, bits, count, offset };
}

function runBaseline(o: Orders, b: ReturnType<typeof baselineInput>): number {
  let sum = 0;
  for (let i = 0; i < o.n; i++) {
    const t = o.table[i]!;
    const fed = o.fed[i] === 1;
    const end = b.offset[i]! + b.count[i]!;
    for (let p = b.offset[i]!; p < end; p++) sum = (sum + stepCost(t, b.terrain[p]!, b.bits[p]!, fed)) | 0;
  }
  return sum;
}

/** Best wall time and best CPU time (user + system) of `runs` runs: on a shared machine the CPU time is the fairer figure. */
function best<T>(runs: number, f: () => T): { ms: number; cpuMs: number; value: T } {
  let ms = Infinity;
  let cpuMs = Infinity;
  let value!: T;
  for (let r = 0; r < runs; r++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    value = f();
    const t = Number(process.hrtime.bigint() - t0) / 1e6;
    const c = process.cpuUsage(c0);
    if (t < ms) ms = t;
    cpuMs = Math.min(cpuMs, (c.user + c.system) / 1000);
  }
  return { ms, cpuMs, value };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

function partA(): void {
  const built = buildMap(bigMap(200, 7));
  if (built.errors.length > 0) throw new Error(JSON.stringify(built.errors.slice(0, 3)));
  const map = built.map;
  console.log('## (a) single-army orders, 14 entries each, 200x200 map');
  console.log(`CPU: ${cpus()[0]?.model ?? '?'} (${cpus().length} cores); load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  for (const n of [100_000, 1_000_000]) {
    const o = makeOrders(map, n, n);
    const runs = quick ? 2 : 9;
    const engine = best(runs, () => runEngine(map, o));
    const b = baselineInput(map, o, engine.value.evaluated);
    const base = best(runs, () => runBaseline(o, b));
    let steps = 0;
    for (let i = 0; i < n; i++) steps += b.count[i]!;
    // The recording walk (every step as an object, as the order check's preview uses), on a sample.
    const sample = Math.min(n, 100_000);
    const rec = best(quick ? 1 : 3, () => {
      let s = 0;
      for (let i = 0; i < sample; i++) {
        const entries: MoveStep[] = [];
        for (let k = 0; k < ENTRIES; k++) entries.push(DIR_NAMES[o.dirs[i * ENTRIES + k]!]!);
        s += walkArmyPath(map, o.start[i]!, entries, o.budget[i]!, o.table[i]!, o.fed[i] === 1, o.evasive[i] === 1).steps.length;
      }
      return s;
    });
    console.log(
      `${n.toLocaleString('en')} orders: engine ${fmt(engine.ms)} (cpu ${fmt(engine.cpuMs)}; ${((engine.ms * 1e6) / n).toFixed(0)} ns/order), ` +
        `baseline table lookups ${fmt(base.ms)} (cpu ${fmt(base.cpuMs)}), ratio ${(engine.ms / base.ms).toFixed(2)}x; ` +
        `${steps.toLocaleString('en')} table cells read (${(steps / n).toFixed(2)} per order); ` +
        `recording walk ${fmt(rec.ms)} per ${sample.toLocaleString('en')} orders (checksum ${engine.value.checksum})`,
    );
  }
}

/** V8 flags of the measured process: one core (no parallel GC or compiler threads), larger young generation. */
const ONE_CORE = ['--single-threaded', '--max-semi-space-size=64'];

function partB(): void {
  console.log('\n## (b) whole turns: 10,000 armies, 2,000 characters, 1,000 navies x scale; 40 nations; 200x200');
  const child = fileURLToPath(new URL('./turn-child.ts', import.meta.url));
  const runs: [number, string[]][] = quick ? [[1, ONE_CORE]] : [[1, []], [1, ONE_CORE], [2, ONE_CORE], [4, ONE_CORE]];
  for (const [scale, flags] of runs) {
    const out = execFileSync(process.execPath, ['--expose-gc', ...flags, '--import', 'tsx', child, String(scale)], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const r = JSON.parse(out.trim().split('\n').pop()!) as Record<string, number> & { warmCpuRuns: number[]; warmGcMs: number[] };
    console.log(
      `scale ${scale} [node ${flags.join(' ') || 'default flags'}]: ${r['armies']} armies, ${r['characters']} characters, ${r['navies']} navies, ${r['orders']} orders -> ` +
        `${fmt(r['ms']!)} (cpu ${fmt(r['cpuMs']!)}), warm (code warm, a fresh copy of the state, median of 3) ${fmt(r['warmMs']!)} (cpu ${fmt(r['warmCpuMs']!)}; runs ${String(r['warmCpuRuns'])} ms; gc pauses ${String(r['warmGcMs'])} ms); peak RSS ${r['peakRssMB']!.toFixed(0)} MB, ` +
        `heap growth ${r['heapDeltaMB']!.toFixed(0)} MB; ${r['steps']} steps, ${r['stopped']} stopped by armies, ${r['forcedPast']} forced past, ` +
        `${r['overruns']} overruns, ${r['evaded']} evasions, ${r['centreStops']} stopped by population centres, ${r['sightings']} sightings, ` +
        `${r['events']} events, ${r['rolls']} rolls; load average ${loadavg()[0]!.toFixed(1)}`,
    );
  }
}

// `-- --only=a` or `-- --only=b` runs one part.
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
if (only !== 'b') partA();
if (only !== 'a') partB();
