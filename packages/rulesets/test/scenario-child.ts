// The child of runIsolated (test/isolated.ts) for scenario tests: reads { document, draw } on stdin, checks
// the scenario through the registry and, when it is valid, builds its board, runs a turn with no orders
// and draws every player's map (SVG, and with `draw` the PNG through @arbiter/reports); prints what
// happened, with each stage's time, as JSON.
import { performance } from 'node:perf_hooks';
import { renderMapPngAsync } from '@arbiter/reports';
import { rulesetFor } from '../src/index.ts';

interface Input {
  document: { ruleset: string };
  draw?: boolean;
}

let text = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) text += chunk;
const { document, draw = false } = JSON.parse(text) as Input;
const ms: Record<string, number> = {};
const timed = async <T>(stage: string, f: () => T | Promise<T>): Promise<T> => {
  const t = performance.now();
  const out = await f();
  ms[stage] = Math.round(performance.now() - t);
  return out;
};

const ruleset = rulesetFor(document.ruleset);
const parsed = await timed('parse', () => ruleset.scenario.parse(document));
if (!parsed.ok) {
  process.stdout.write(JSON.stringify({ ok: false, issues: parsed.issues, ms }));
} else {
  const state = await timed('initialState', () => ruleset.scenario.initialState(parsed.scenario));
  await timed('board', () => ruleset.board(state));
  const { views } = await timed('turn', () => ruleset.adjudicate(state, []));
  const names = Object.fromEntries(ruleset.scenario.players(state).map((p) => [p.id, p.name]));
  const ctx = { gameName: 'fuzz', gameId: 'g', turn: 1, nextDeadline: null, timeZone: 'UTC', playerName: 'gm', playerNames: names };
  const svgs = await timed('svg', () => Object.values(views).map((v) => ruleset.report.svg(v, ctx)));
  const png = draw ? await timed('png', () => Promise.all(svgs.slice(0, 2).map((s) => renderMapPngAsync(s).then((b) => b.length, (e: Error) => e.message)))) : [];
  process.stdout.write(JSON.stringify({ ok: true, ms, svgBytes: Math.max(...svgs.map((s) => s.length)), png }));
}
