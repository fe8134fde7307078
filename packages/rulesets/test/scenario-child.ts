// The child of runIsolated (test/isolated.ts) for scenario tests: reads { documents, draw } on stdin; for
// each, checks the scenario through the registry and, when it is valid, builds its board, runs a turn with
// no orders and draws every player's map (SVG, and with `draw` the first one's PNG through
// @arbiter/reports, on this process); prints what happened to each, with each stage's time, as a JSON
// array (nothing when the process died: the document that killed it is the test's to name).
import { performance } from 'node:perf_hooks';
import { sealTurn } from '@arbiter/engine';
import { renderMapPngAsync } from '@arbiter/reports';
import { rulesetFor } from '../src/index.ts';

interface Input {
  documents: { ruleset: string }[];
  draw?: boolean;
}

let text = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) text += chunk;
const { documents, draw = false } = JSON.parse(text) as Input;
const answers: unknown[] = [];
for (const document of documents) answers.push(await check(document));
process.stdout.write(JSON.stringify(answers));

async function check(document: { ruleset: string }): Promise<unknown> {
  const ms: Record<string, number> = {};
  const timed = async <T>(stage: string, f: () => T | Promise<T>): Promise<T> => {
    const t = performance.now();
    const out = await f();
    ms[stage] = Math.round(performance.now() - t);
    return out;
  };
  const ruleset = rulesetFor(document.ruleset);
  const parsed = await timed('parse', () => ruleset.scenario.parse(document));
  if (!parsed.ok) return { ok: false, issues: parsed.issues, ms };
  const state = await timed('initialState', () => ruleset.scenario.initialState(parsed.scenario));
  await timed('board', () => ruleset.board(state));
  const { views } = await timed('turn', () => sealTurn(ruleset.adjudicate(state, [])));
  const names = Object.fromEntries(ruleset.scenario.players(state).map((p) => [p.id, p.name]));
  const ctx = { gameName: 'fuzz', gameId: 'g', turn: ruleset.state.turnOf(state), nextDeadline: null, timeZone: 'UTC', playerName: 'gm', playerNames: names };
  const svgs = await timed('svg', () => Object.values(views).map((v) => ruleset.report.svg(v, ctx)));
  const png = draw ? await timed('png', () => Promise.all(svgs.slice(0, 1).map((s) => renderMapPngAsync(s).then((b) => b.length, (e: Error) => e.message)))) : [];
  return { ok: true, ms, svgBytes: Math.max(...svgs.map((s) => s.length)), png };
}
