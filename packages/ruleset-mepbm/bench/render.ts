// Benchmark: render every report artefact for 500 nations of 20 units each, as the turn worker would.
// Uses only calls that the code before the map tree also had, so compare-render.sh runs it on both.
// Run: npm run bench:render -w packages/ruleset-mepbm   (prints the figures recorded in docs/benchmarks.md)
import { availableParallelism, loadavg } from 'node:os';
import type { NationView } from '@arbiter/ruleset-mepbm';
import { renderMapPng, renderMapPngAsync } from '@arbiter/reports';
import { composeReportMail, mepbm, renderHtmlReport, renderMapSvg, renderTextReport } from '../src/index.ts';
import type { ReportContext } from '../src/index.ts';
import { ctxFor, makeView } from './views.ts';

const NATIONS = Number(process.env.BENCH_NATIONS ?? 500);
const UNITS = 20;
const PNG_SAMPLE = Number(process.env.BENCH_PNG_SAMPLE ?? 40);

// Wall time and this process's CPU time: on a shared machine the CPU time is the fairer figure.
function time<T>(label: string, n: number, f: (i: number) => T): { ms: number; cpuMs: number; out: T[] } {
  const out: T[] = [];
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) out.push(f(i));
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const cpuMs = (c.user + c.system) / 1000;
  console.log(
    `${label.padEnd(44)} wall ${ms.toFixed(0).padStart(6)} ms (${(ms / n).toFixed(2).padStart(6)} each)  cpu ${cpuMs.toFixed(0).padStart(6)} ms (${(cpuMs / n).toFixed(2).padStart(6)} each)`,
  );
  return { ms, cpuMs, out };
}

const views = Array.from({ length: NATIONS }, (_, i) => makeView(i, NATIONS));
const ctxs = views.map(ctxFor);
console.log(`Reports benchmark (load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}): ${NATIONS} nations x ${UNITS} units, 224-hex map windows, node ${process.version}, ${availableParallelism()} cores`);
// Warm-up (JIT, Intl formatter cache, font load).
for (let i = 0; i < 20; i++) renderHtmlReport(views[i % NATIONS] as NationView, ctxs[i % NATIONS] as ReportContext);
renderMapPng(renderMapSvg(views[0] as NationView));

const txt = time('text report', NATIONS, (i) => renderTextReport(views[i] as NationView, ctxs[i] as ReportContext));
const svg = time('SVG map', NATIONS, (i) => renderMapSvg(views[i] as NationView, { nationName: (ctxs[i] as ReportContext).nationName }));
const html = time('HTML report (rendering its map)', NATIONS, (i) => renderHtmlReport(views[i] as NationView, ctxs[i] as ReportContext));
const mail = time('composeReportMail (text + HTML with its map)', NATIONS, (i) =>
  composeReportMail({ view: views[i] as NationView, ctx: ctxs[i] as ReportContext, to: [`p${i}@example.org`], from: 'arbiter@example.org', messageId: `<r-${i}@example.org>` }),
);
// What the turn worker calls: the ruleset's render (text, SVG and HTML from one model and one map).
const turn = time('report.render (text + SVG + HTML, the turn)', NATIONS, (i) => {
  const c = ctxs[i] as ReportContext;
  return mepbm.report.render(views[i] as NationView, { gameName: c.gameName, gameId: c.gameId, turn: c.turn, nextDeadline: c.nextDeadline, timeZone: c.timeZone, playerName: c.nationName });
});
void turn;
const all = txt.ms + svg.ms + html.ms;
const allCpu = txt.cpuMs + svg.cpuMs + html.cpuMs;
console.log(
  `${'text + SVG + HTML separately, all nations'.padEnd(44)} wall ${all.toFixed(0).padStart(6)} ms (${(all / NATIONS).toFixed(2).padStart(6)} each)  cpu ${allCpu.toFixed(0).padStart(6)} ms (${(allCpu / NATIONS).toFixed(2).padStart(6)} each)`,
);
const sizes = svg.out.map((s) => s.length).sort((a, b) => a - b);
console.log(`SVG size: median ${((sizes[sizes.length >> 1] ?? 0) / 1024).toFixed(0)} KiB; mail text+html median ${((mail.out.map((m) => m.text.length + m.html.length).sort((a, b) => a - b)[NATIONS >> 1] ?? 0) / 1024).toFixed(0)} KiB`);

const png = time(`PNG map, sync (sample of ${PNG_SAMPLE})`, PNG_SAMPLE, (i) => renderMapPng(svg.out[i] as string));
console.log(`PNG size: median ${((png.out.map((b) => b.length).sort((a, b) => a - b)[PNG_SAMPLE >> 1] ?? 0) / 1024).toFixed(0)} KiB`);
const t0 = performance.now();
await Promise.all(Array.from({ length: PNG_SAMPLE }, (_, i) => renderMapPngAsync(svg.out[i] as string)));
const asyncMs = performance.now() - t0;
console.log(`${`PNG map, async thread pool (sample of ${PNG_SAMPLE})`.padEnd(44)} wall ${asyncMs.toFixed(0).padStart(6)} ms (${(asyncMs / PNG_SAMPLE).toFixed(2).padStart(6)} each)`);
console.log(`PNG for all ${NATIONS} nations, extrapolated: sync ${((png.ms / PNG_SAMPLE) * NATIONS / 1000).toFixed(1)} s, thread pool ${((asyncMs / PNG_SAMPLE) * NATIONS / 1000).toFixed(1)} s`);
