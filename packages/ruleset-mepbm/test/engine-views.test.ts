// The renderers against the real engine: the demo scenario adjudicated, every nation's view rendered.
// No golden files here (the engine's wording may change); checks of what every report must show: every
// unit's movement, its forces after the turn, the population centres by the scenario's names.
import { readFileSync } from 'node:fs';
import { createGame, parseOrders, parseScenario } from '@arbiter/ruleset-mepbm';
import { adjudicate } from './sealed.ts';
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
      const html = renderHtmlReport(view, ctx);
      for (const u of view.units) expect(html).toContain(`id="move-${u.id}"`);
      const mail = composeReportMail({ view, ctx, to: ['player@example.org'], from: 'arbiter@example.org', messageId: `<r-${view.nation}@example.org>` });
      expect(mail.subject).toBe(`[Arbiter] Demo turn ${view.turn} report: ${ctx.nationName}`);
    });
  }

  it('names every population centre by the name the scenario gives it, in the text and the HTML report', () => {
    const scenarioNames = new Map(parsed.scenario.populationCentres.map((p) => [p.hex, p.name]));
    let named = 0;
    for (const view of views) {
      const ctx = ctxOf(view);
      const [text, html] = [renderTextReport(view, ctx), renderHtmlReport(view, ctx)];
      for (const p of view.populationCentres) {
        const name = scenarioNames.get(p.hex);
        if (name === undefined) continue;
        named++;
        expect(text).toContain(`${p.hex}: ${name}, `);
        expect(html).toContain(`${p.hex}: ${name}, `);
      }
      expect(text).not.toMatch(/\d{4}: (camp|village|town|major town|city) of /);
    }
    expect(named).toBeGreaterThanOrEqual(views.length);
  });

  it("shows every surviving own army's troops, commander, food and morale as the next state holds them, and where each character is", () => {
    for (const view of views) {
      const text = renderTextReport(view, ctxOf(view));
      const own = result.nextState.units.filter((u) => u.nation === view.nation);
      expect(own.length).toBeGreaterThan(0);
      for (const u of own) {
        if (u.kind === 'character') {
          expect(text).toContain(`(${u.id}) at ${u.hex}, ${u.with === null ? 'on their own' : `with army ${u.with}`}`);
          continue;
        }
        const block = text.slice(text.indexOf(`${u.kind === 'army' ? 'Army' : 'Navy'} ${u.id} at ${u.hex}\n`));
        expect(block.length, `${u.id}'s entry`).toBeLessThan(text.length);
        const entry = block.slice(0, block.indexOf('\n\n'));
        expect(entry).toContain(`Commander:   ${u.commander.name ?? 'unnamed'}, command rank ${u.commander.command}`);
        expect(entry).toContain(`Food:        ${u.food}\n`);
        expect(entry).toContain(`Morale:      ${u.morale}`);
        if (u.kind === 'army') for (const n of Object.values(u.troops)) expect(entry).toContain(`${n} `);
        else expect(entry).toContain(`${u.ships.warships} warships, ${u.ships.transports} transports`);
      }
    }
  });

  it('rasterises a real map', () => {
    const view = views[0] as NationView;
    const png = renderMapPng(renderMapSvg(view));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
