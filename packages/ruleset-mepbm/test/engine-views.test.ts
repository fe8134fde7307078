// The renderers against the real engine: the demo scenario adjudicated, every nation's view rendered.
// No golden files here (the engine's wording may change); checks of what every report must show.
import { readFileSync } from 'node:fs';
import { adjudicate, createGame, parseOrders, parseScenario } from '@arbiter/ruleset-mepbm';
import type { NationView } from '@arbiter/ruleset-mepbm';
import { describe, expect, it } from 'vitest';
import { renderMapPng } from '@arbiter/reports';
import { type ReportContext, TEXT_WIDTH, composeReportMail, renderHtmlReport, renderMapSvg, renderTextReport } from '../src/index.ts';

const demo = new URL('../../../examples/demo/', import.meta.url);
const raw: unknown = JSON.parse(readFileSync(new URL('scenario.json', demo), 'utf8'));
const parsed = parseScenario(raw);
if (!parsed.ok) throw new Error(`demo scenario: ${JSON.stringify(parsed.issues)}`);
const state = createGame(parsed.scenario);
const orders = ['orders-north.txt', 'orders-south.txt'].flatMap((f) => {
  const r = parseOrders(readFileSync(new URL(f, demo), 'utf8'));
  if (r.errors.length > 0) throw new Error(`${f}: ${JSON.stringify(r.errors)}`);
  return r.orders;
});
const result = adjudicate(state, orders);
const names: Record<string, string> = Object.fromEntries(parsed.scenario.nations.map((n) => [n.id, n.name ?? n.id]));

function ctxOf(view: NationView): ReportContext {
  return {
    gameName: 'Demo',
    gameId: 'demo',
    turn: view.turn,
    nextDeadline: new Date(Date.UTC(2026, 11, 7, 18)),
    timeZone: 'Europe/London',
    nationName: names[view.nation] ?? view.nation,
    nationNames: names,
  };
}

describe('reports of real engine views (demo scenario, turn 1)', () => {
  const views = Object.values(result.views);

  it('has a view for every nation', () => {
    expect(views.map((v) => v.nation).sort()).toEqual(Object.keys(names).sort());
  });

  for (const view of views) {
    it(`renders ${view.nation}: every unit, its steps and stop, within 78 columns`, () => {
      const ctx = ctxOf(view);
      const text = renderTextReport(view, ctx);
      const templateLines = new Set(view.orderTemplate.map((l) => l.trimEnd()));
      for (const line of text.split('\n')) {
        if (!templateLines.has(line)) expect([...line].length, line).toBeLessThanOrEqual(TEXT_WIDTH);
      }
      for (const u of view.units) {
        expect(text).toContain(` ${u.id}: `);
        for (const s of u.steps) expect(text).toContain(`${s.from.padEnd(6)} ${s.dir.padEnd(3)} ${s.to}`);
        if (u.stop !== null) expect(text).toContain(`Stopped at ${u.stop.hex}:`);
      }
      for (const line of templateLines) expect(text).toContain(line);
      const svg = renderMapSvg(view, { nationName: ctx.nationName, nationNames: names });
      for (const h of view.map.hexes) expect(svg).toContain(`>${h.hex}</text>`);
      const html = renderHtmlReport(view, ctx, { mapSvg: svg });
      expect(html).toContain(svg.slice(5));
      const mail = composeReportMail({ view, ctx, to: ['player@example.org'], from: 'arbiter@example.org', messageId: `<r-${view.nation}@example.org>` });
      expect(mail.subject).toBe(`[Arbiter] Demo turn ${view.turn} report: ${ctx.nationName}`);
    });
  }

  it('rasterises a real map', () => {
    const view = views[0] as NationView;
    const png = renderMapPng(renderMapSvg(view));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
