// Old and new SMTP intake side by side in one run (issue 30): the old tree's benchmark and this one's,
// alternating A/B/B/A for BENCH_ROUNDS rounds, each with its anchor (this benchmark measures its own
// before and after; the old one has none, so the bare smtp-server is measured just before and after it).
// Prints every run and the medians: mails/s, share of the anchor, p50/p95, CPU per mail (mail-in,
// PostgreSQL, client) and the load average.
//
//   BENCH_OLD=/work/wt/base BENCH_ROUNDS=2 npx tsx apps/mail-in/bench/side-by-side.ts
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const OLD = process.env.BENCH_OLD ?? '/work/wt/base';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const here = fileURLToPath(new URL('..', import.meta.url));

interface Run {
  which: 'old' | 'new';
  rate: number;
  anchor: number;
  ratio: number;
  p50: number;
  p95: number;
  intakeCpu: number;
  pgCpu: number;
  clientCpu: number;
  totalCpu: number;
  load: number;
}

function bench(dir: string, env: Record<string, string> = {}): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/smtp-intake.ts'], { cwd: dir, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0 && r.status !== 2) throw new Error(`benchmark in ${dir} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

const num = (text: string, re: RegExp): number => Number(re.exec(text)?.[1] ?? NaN);

function anchorOnly(): number {
  return JSON.parse(/^RESULT (.*)$/m.exec(bench(here, { BENCH_ANCHOR_ONLY: '1' }))?.[1] ?? '{}').anchor as number;
}

/** The old benchmark's figures, read from its text; its anchor measured around it. */
function oldRun(): Run {
  const before = anchorOnly();
  const out = bench(`${OLD}/apps/mail-in`);
  const anchor = (before + anchorOnly()) / 2;
  const rate = num(out, /([\d.]+) mails\/s \(target/);
  const intakeCpu = num(out, /worker\(s\): ([\d.]+) ms CPU per mail/);
  const clientCpu = num(out, /SMTP client here: ([\d.]+) ms/);
  const pgCpu = num(out, /test database: ([\d.]+) ms/);
  return {
    which: 'old', rate, anchor, ratio: rate / anchor, p50: num(out, /p50 ([\d.]+) ms/), p95: num(out, /p95 ([\d.]+) ms/),
    intakeCpu, pgCpu, clientCpu, totalCpu: intakeCpu + pgCpu + clientCpu, load: num(out, /load average ([\d.]+)/),
  };
}

function newRun(): Run {
  const out = bench(here);
  return { which: 'new', ...(JSON.parse(/^RESULT (.*)$/m.exec(out)?.[1] ?? '{}') as Omit<Run, 'which'>) };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

const row = (r: Omit<Run, 'which'> & { which: string }): string =>
  `| ${r.which} | ${r.rate.toFixed(0)} | ${r.anchor.toFixed(0)} | ${(100 * r.ratio).toFixed(0)} % | ${r.p50.toFixed(0)} / ${r.p95.toFixed(0)} | ${r.intakeCpu.toFixed(1)} | ${r.pgCpu.toFixed(1)} | ${r.clientCpu.toFixed(1)} | ${r.totalCpu.toFixed(1)} | ${r.load.toFixed(1)} |`;

const runs: Run[] = [];
console.log('| run | mails/s | anchor mails/s | share of anchor | p50 / p95 ms | mail-in CPU ms/mail | PostgreSQL | client | all | load |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (let round = 0; round < ROUNDS; round++) {
  for (const which of ['old', 'new', 'new', 'old'] as const) {
    const r = which === 'old' ? oldRun() : newRun();
    runs.push(r);
    console.log(row(r));
  }
}
for (const which of ['old', 'new'] as const) {
  const mine = runs.filter((r) => r.which === which);
  const m = (k: keyof Omit<Run, 'which'>) => median(mine.map((r) => r[k]));
  console.log(row({ which: `median ${which}`, rate: m('rate'), anchor: m('anchor'), ratio: m('ratio'), p50: m('p50'), p95: m('p95'), intakeCpu: m('intakeCpu'), pgCpu: m('pgCpu'), clientCpu: m('clientCpu'), totalCpu: m('totalCpu'), load: m('load') }));
}
