// Properties over arbitrary views: whatever the engine and the players put in a view, the reports keep
// their shape, escape everything, and the SVG stays a well-formed document.
import { Resvg } from '@resvg/resvg-js';
import { fc, test } from '@fast-check/vitest';
import type { MoveStep, NationView, Step, UnitResult } from '@arbiter/ruleset-mepbm';
import { describe, expect } from 'vitest';
import { TEXT_WIDTH, composeReportMail, renderHtmlReport, renderMapSvg, renderTextReport } from '../src/index.ts';
import type { ReportContext } from '../src/index.ts';
import { DIRECTIONS, hexIdOf, neighbour } from '../src/report/geometry.ts';

const name = fc.string({ unit: 'binary', maxLength: 30 });
const terrain = fc.constantFrom('shore', 'plains', 'hills', 'forest', 'desert', 'swamp', 'mountains', 'coast', 'sea' as const);
const feature = fc.constantFrom('road', 'bridge', 'ford', 'minor-river', 'major-river' as const);
const dir = fc.constantFrom(...DIRECTIONS);
const move = fc.oneof(dir, fc.constant<MoveStep>('h'));

const unit = fc
  .record({
    id: name,
    kind: fc.constantFrom('army', 'character', 'navy' as const),
    col: fc.integer({ min: 2, max: 9 }),
    row: fc.integer({ min: 2, max: 9 }),
    moves: fc.array(move, { maxLength: 14 }),
    stop: fc.option(fc.record({ reason: name, message: fc.string({ unit: 'binary', maxLength: 200 }) }), { nil: null }),
    destroyed: fc.boolean(),
  })
  .map((u): UnitResult => {
    let at = { col: u.col, row: u.row };
    let left = 14;
    const steps: Step[] = u.moves.map((m0, i) => {
      let m = m0;
      let to = m === 'h' ? at : neighbour(at, m);
      if (to.col < 1 || to.col > 10 || to.row < 1 || to.row > 10) {
        m = 'h'; // stay on the 10 x 10 window
        to = at;
      }
      const s: Step = { from: hexIdOf(at), to: hexIdOf(to), dir: m, cost: 1, mpLeft: --left, pulse: i + 1 };
      at = to;
      return s;
    });
    const finalHex = hexIdOf(at);
    return {
      id: u.id,
      kind: u.kind,
      nation: 'us',
      startHex: hexIdOf({ col: u.col, row: u.row }),
      finalHex,
      mpSpent: 14 - left,
      steps,
      stop: u.stop === null ? null : { ...u.stop, hex: finalHex },
      ...(u.destroyed ? { destroyed: true } : {}),
    };
  });

const hex = fc.record({ col: fc.integer({ min: 1, max: 10 }), row: fc.integer({ min: 1, max: 10 }) }).map(hexIdOf);

const view = fc
  .record({
    units: fc.array(unit, { maxLength: 6 }),
    sightings: fc.array(
      fc.record({ hex, pulse: fc.integer({ min: 0, max: 15 }), nation: name, unit: name, kind: fc.constantFrom('army', 'navy' as const), size: name, what: name }),
      { maxLength: 4 },
    ),
    populationCentres: fc.array(
      fc.record({
        hex,
        nation: fc.oneof(fc.constant('us'), name),
        size: fc.constantFrom('camp', 'village', 'town', 'major-town', 'city' as const),
        fortification: fc.constantFrom('none', 'tower', 'fort', 'castle', 'keep', 'citadel' as const),
      }),
      { maxLength: 4 },
    ),
    hexsides: fc.array(fc.record({ hex, dir, features: fc.uniqueArray(feature, { maxLength: 3 }) }), { maxLength: 8 }),
    terrains: fc.array(terrain, { minLength: 100, maxLength: 100 }),
    events: fc.array(fc.record({ pulse: fc.integer({ min: 0, max: 15 }), type: name, message: fc.string({ unit: 'binary', maxLength: 120 }) }), { maxLength: 4 }),
  })
  .map(
    (v): NationView => ({
      nation: 'us',
      turn: 5,
      units: v.units,
      sightings: v.sightings,
      populationCentres: v.populationCentres,
      map: {
        hexes: v.terrains.map((t, i) => ({ hex: hexIdOf({ col: 1 + (i % 10), row: 1 + Math.floor(i / 10) }), terrain: t })),
        hexsides: v.hexsides,
      },
      events: v.events,
      orderTemplate: v.units.map((u) => `${u.id}, 850, no, `),
    }),
  );

const ctxArb = fc.record({ gameName: name, nationName: name }).map(
  (c): ReportContext => ({ ...c, gameId: 'g-1', turn: 5, nextDeadline: new Date(Date.UTC(2027, 2, 28, 0, 30)), timeZone: 'Europe/Berlin' }),
);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

describe('reports of arbitrary views', () => {
  test.prop([view, ctxArb], { numRuns: 40 })('text: every unit, every line within 78 columns but template lines, no controls', (v, ctx) => {
    const text = renderTextReport(v, ctx);
    const lines = text.split('\n');
    const templateStart = lines.findIndex((l) => l.startsWith('ORDERS FOR TURN 6'));
    expect(templateStart).toBeGreaterThan(0);
    lines.slice(0, templateStart).forEach((l) => expect([...l].length).toBeLessThanOrEqual(TEXT_WIDTH));
    expect(text).not.toMatch(CONTROL);
    expect(lines.filter((l) => /^(Army|Navy|Character) /.test(l))).toHaveLength(v.units.length);
  }, 60_000);

  test.prop([view, ctxArb], { numRuns: 40 })('HTML and SVG: only our own tags, and the SVG parses', (v, ctx) => {
    const svg = renderMapSvg(v, { nationName: ctx.nationName });
    expect(renderMapSvg(structuredClone(v), { nationName: ctx.nationName })).toBe(svg);
    // Parsing without fonts: resvg refuses a malformed document, and skips text it cannot shape.
    expect(() => new Resvg(svg, { font: { loadSystemFonts: false } })).not.toThrow();
    const html = renderHtmlReport(v, ctx, { mapSvg: svg });
    const tags = new Set([...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]));
    for (const t of tags) {
      expect(['html', 'head', 'meta', 'title', 'body', 'div', 'h1', 'h2', 'h3', 'p', 'strong', 'table', 'tr', 'th', 'td', 'ul', 'li', 'pre', 'svg', 'rect', 'text', 'path', 'g', 'polygon', 'polyline', 'circle', 'a']).toContain(t);
    }
    const mail = composeReportMail({ view: v, ctx, to: ['a@example.org'], from: 'arbiter@example.org', messageId: '<m@example.org>' });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  }, 60_000);
});
