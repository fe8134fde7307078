// Benchmark: the JOverseer import of the real 2950 and 1650 maps (1,716 hexes each; 2950 with its starting
// forces, 211 units), read and checked as
// `arbiter import joverseer` does (import, then parseScenario), and creating a game's state from it.
// Run: npm run bench:import -w packages/ruleset-mepbm   (prints the figures recorded in docs/benchmarks.md)
import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_PREFERENCE, createGame, importJoverseer, parseScenario } from '../src/index.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const dir = new URL('../test/fixtures/joverseer/', import.meta.url);

for (const game of ['2950', '1650']) {
  const f = (ext: string) => ({ name: `${game}.${ext}`, text: readFileSync(new URL(`${game}.${ext}`, dir), 'utf8') });
  const forces = existsSync(new URL(`${game}.startarmies`, dir)) ? { startArmies: f('startarmies'), characters: f('chars.csv') } : {};
  const files = { terrain: f('terrain'), traffic: f('traffic'), pcs: f('pcs'), ...forces };
  const times: { first: number; all: number[] } = { first: 0, all: [] };
  for (let i = 0; i <= RUNS; i++) {
    const t0 = performance.now();
    const { scenario } = importJoverseer(files, { game, seed: 1, prefer: DEFAULT_PREFERENCE });
    const parsed = parseScenario(scenario);
    if (!parsed.ok) throw new Error(`the ${game} import is not a valid scenario`);
    createGame(parsed.scenario);
    const ms = performance.now() - t0;
    if (i === 0) times.first = ms;
    else times.all.push(ms);
  }
  const sorted = [...times.all].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  console.log(`${game}: import + check + createGame  first (cold) ${times.first.toFixed(1)} ms, median of ${RUNS} ${median.toFixed(1)} ms, max ${(sorted.at(-1) as number).toFixed(1)} ms`);
}
