import { describe, expect, it } from 'vitest';
import type { NationView } from '@arbiter/ruleset-mepbm';
import { renderMapPng } from '@arbiter/reports';
import { renderMapSvg } from '../src/index.ts';
import { emptyView, gondorContext, gondorView, nastyView } from './fixtures.ts';

const names = { nationName: 'Gondor', nationNames: gondorContext.nationNames ?? {} };

describe('SVG map', () => {
  it('matches the golden file (Gondor, turn 3)', async () => {
    await expect(renderMapSvg(gondorView, names)).toMatchFileSnapshot('./__golden__/gondor-turn-3.svg');
  });

  it('matches the golden file (no map window)', async () => {
    await expect(renderMapSvg(emptyView)).toMatchFileSnapshot('./__golden__/arnor-turn-7.svg');
  });

  it('links markers to the report only when asked (the stored map is also shown in the web client, whose routes are fragments)', () => {
    expect(renderMapSvg(gondorView, names)).not.toContain('<a ');
    const linked = renderMapSvg(gondorView, { ...names, links: true });
    expect(linked).toContain('<a href="#unit-aragorn">');
    expect(linked.replace(/<a href="[^"]*">|<\/a>/g, '')).toBe(renderMapSvg(gondorView, names));
  });

  it('is deterministic', () => {
    expect(renderMapSvg(structuredClone(gondorView), names)).toBe(renderMapSvg(gondorView, names));
  });

  it('draws every hex of the window with its id, and the legend', () => {
    const svg = renderMapSvg(gondorView, names);
    for (const h of gondorView.map.hexes) expect(svg).toContain(`>${h.hex}</text>`);
    for (const word of ['minor river', 'major river', 'bridge', 'ford', 'city', 'fortified', 'Mordor', 'aragorn']) {
      expect(svg).toContain(word);
    }
    expect(svg.match(/<polyline /g)?.length).toBe(2 * 5); // casing + line for aragorn, eomer, boromir, frodo, swan
    expect(svg).toContain('stroke-dasharray="5 3"'); // frodo's jump is dashed
  });

  it('lands a hexside named from either hex on the same edge', () => {
    const fromWest: NationView = structuredClone(gondorView);
    fromWest.map.hexsides = [{ hex: '2915', dir: 'e', features: ['minor-river'] }];
    const fromEast: NationView = structuredClone(gondorView);
    fromEast.map.hexsides = [{ hex: '3015', dir: 'w', features: ['minor-river'] }];
    const both: NationView = structuredClone(gondorView);
    both.map.hexsides = [
      { hex: '3015', dir: 'w', features: ['minor-river'] },
      { hex: '2915', dir: 'e', features: ['minor-river'] },
    ];
    const a = renderMapSvg(fromWest, names);
    expect(renderMapSvg(fromEast, names)).toBe(a);
    expect(renderMapSvg(both, names)).toBe(a);
  });

  it('escapes names and still parses as SVG', () => {
    const { view, ctx } = nastyView();
    const svg = renderMapSvg(view, { nationName: ctx.nationName, nationNames: ctx.nationNames ?? {} });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('\u0007');
    expect(() => renderMapPng(svg)).not.toThrow();
  });

  it('draws no zero-length segment for rest days or repeated hexes', () => {
    const view = structuredClone(gondorView);
    const u = view.units[1];
    if (u === undefined) throw new Error('fixture changed');
    u.steps.push({ from: '2916', to: '2916', dir: 'e', cost: 0, mpLeft: 0, pulse: 14 });
    const svg = renderMapSvg(view);
    expect(svg).not.toContain('NaN');
    expect(svg).toBe(renderMapSvg(gondorView));
  });

  it('refuses a bad hex id naming the field, and a bad size', () => {
    const view = structuredClone(gondorView);
    const s = view.sightings[2];
    if (s === undefined) throw new Error('fixture changed');
    s.hex = '32145';
    expect(() => renderMapSvg(view)).toThrow('view.sightings[2].hex: "32145" is not a hex id');
    expect(() => renderMapSvg(gondorView, { hexSize: 0 })).toThrow('hexSize must be a number from 8 to 200');
  });
});
