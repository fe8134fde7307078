import { describe, expect, it } from 'vitest';
import { renderMapPng, renderMapPngAsync } from '@arbiter/reports';
import { renderMapSvg } from '../src/index.ts';
import { textToGlyphs } from '@arbiter/reports';
import { gondorContext, gondorView } from './fixtures.ts';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ihdr(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual(SIGNATURE);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function svgSize(svg: string): { width: number; height: number } {
  const m = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg);
  if (m === null) throw new Error('no size on the svg');
  return { width: Number(m[1]), height: Number(m[2]) };
}

const svg = renderMapSvg(gondorView, { nationName: 'Gondor', nationNames: gondorContext.nationNames ?? {} });

describe('PNG map', () => {
  it('is a PNG of the SVG size, and twice that at scale 2', () => {
    const size = svgSize(svg);
    expect(ihdr(renderMapPng(svg))).toEqual(size);
    expect(ihdr(renderMapPng(svg, { scale: 2 }))).toEqual({ width: size.width * 2, height: size.height * 2 });
  });

  it('draws text with the bundled font (labels change the pixels)', () => {
    const noText = svg.replace(/<text\b[^>]*>[^<]*<\/text>/g, '');
    expect(noText.length).toBeLessThan(svg.length);
    const a = renderMapPng(svg);
    const b = renderMapPng(noText);
    expect(a.equals(b)).toBe(false);
    // Text-heavy PNG compresses worse than the same picture without any text.
    expect(a.length).toBeGreaterThan(b.length);
  });

  it('renders the same bytes off the main thread', async () => {
    expect((await renderMapPngAsync(svg)).equals(renderMapPng(svg))).toBe(true);
  });

  it('refuses a bad scale and a document that is not SVG', () => {
    expect(() => renderMapPng(svg, { scale: 0 })).toThrow('scale must be a number above 0 and at most 8');
    expect(() => renderMapPng('<html></html>')).toThrow('the input is not an SVG document');
  });
});

describe('labels as glyph outlines', () => {
  it('replaces every label by glyph references defined once', () => {
    const g = textToGlyphs(svg);
    expect(g).not.toContain('<text');
    const defs = [...g.matchAll(/<path id="(arb-[rb]\d+)"/g)].map((m) => m[1]);
    expect(defs.length).toBeGreaterThan(20);
    expect(new Set(defs).size).toBe(defs.length);
    for (const m of g.matchAll(/<use href="#([^"]+)"/g)) expect(defs).toContain(m[1]);
  });

  it('places a centred label around its anchor and honours the group font size', () => {
    const doc = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><g font-size="10" text-anchor="middle"><text x="50" y="20">WW</text></g></svg>';
    const m = /translate\(([\d.]+) 20\) scale\(([\d.]+)\)/.exec(textToGlyphs(doc));
    if (m === null) throw new Error('no label group');
    const x0 = Number(m[1]);
    const k = Number(m[2]);
    expect(k).toBeCloseTo(10 / 2048, 8); // DejaVu Sans has 2048 units per em
    expect(x0).toBeLessThan(50);
    expect(50 - x0).toBeGreaterThan(5); // two capital Ws are wider than 10 px
  });

  it('gives the same picture size as resvg drawing the text itself', () => {
    expect(ihdr(renderMapPng(svg, { glyphs: false }))).toEqual(ihdr(renderMapPng(svg)));
  });
});
