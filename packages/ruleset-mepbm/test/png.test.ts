import { PNG } from 'pngjs';
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

/** The PNG decoded (pngjs): RGBA rows. */
function decode(png: Buffer): PNG {
  return PNG.sync.read(png);
}

/** The colour of one pixel as #rrggbb (the map is opaque: alpha must be 255). */
function pixel(img: PNG, x: number, y: number): string {
  const i = (img.width * Math.round(y) + Math.round(x)) * 4;
  expect(img.data[i + 3], `alpha at ${x},${y}`).toBe(255);
  return `#${[...img.data.subarray(i, i + 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Pixels darker than mid-grey in a box (text is #222222 on white). */
function darkPixels(img: PNG, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (img.width * y + x) * 4;
      if ((img.data[i] ?? 255) + (img.data[i + 1] ?? 255) + (img.data[i + 2] ?? 255) < 3 * 0x80) n++;
    }
  }
  return n;
}

/** Known places, read from the SVG: the legend's panel and the centre of each terrain swatch in it, with its colour. */
function legendPlaces(doc: string): { panel: { x: number; y: number }; swatches: { x: number; y: number; colour: string }[] } {
  const g = /<g transform="translate\(([\d.]+) ([\d.]+)\)"[^>]*><rect x="0" y="0" width="([\d.]+)" height="[\d.]+" fill="#fafafa"/.exec(doc);
  if (g === null) throw new Error('no legend in the SVG');
  const [tx, ty, w] = [Number(g[1]), Number(g[2]), Number(g[3])];
  const swatches = [...doc.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="20" height="12" fill="(#[0-9a-f]{6})"/g)].map((m) => ({ x: tx + Number(m[1]) + 10, y: ty + Number(m[2]) + 6, colour: m[3] as string }));
  return { panel: { x: tx + w - 4, y: ty + 3 }, swatches };
}

describe('PNG map', () => {
  it('is a PNG of the SVG size, and twice that at scale 2', () => {
    const size = svgSize(svg);
    expect(ihdr(renderMapPng(svg))).toEqual(size);
    expect(ihdr(renderMapPng(svg, { scale: 2 }))).toEqual({ width: size.width * 2, height: size.height * 2 });
  });

  it('holds the picture: the page, the legend panel and each terrain swatch in its colour, at scale 1 and 2', () => {
    const { panel, swatches } = legendPlaces(svg);
    expect(swatches.length).toBeGreaterThanOrEqual(3);
    expect(new Set(swatches.map((w) => w.colour)).size).toBe(swatches.length);
    for (const scale of [1, 2]) {
      const img = decode(renderMapPng(svg, { scale }));
      expect(pixel(img, 2 * scale, 2 * scale), 'page background').toBe('#ffffff');
      expect(pixel(img, panel.x * scale, panel.y * scale), 'legend panel').toBe('#fafafa');
      for (const w of swatches) expect(pixel(img, w.x * scale, w.y * scale), `swatch ${w.colour} at ${w.x},${w.y}`).toBe(w.colour);
    }
  });

  it('draws text with the bundled font: the title is dark pixels on white, gone without the text', () => {
    const noText = svg.replace(/<text\b[^>]*>[^<]*<\/text>/g, '');
    expect(noText.length).toBeLessThan(svg.length);
    // The title: x from the margin (10), baseline at 25, 16 px bold, #222222.
    const title = [10, 10, 210, 28] as const;
    const withText = darkPixels(decode(renderMapPng(svg)), ...title);
    expect(withText).toBeGreaterThan(200);
    expect(darkPixels(decode(renderMapPng(noText)), ...title)).toBe(0);
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

  it('sizes labels by the font size on the <svg> element too, as resvg does (the Expeditions and Mage Knight maps set it there)', () => {
    const labels = Array.from({ length: 12 }, (_, i) => `<text x="${10 + (i % 4) * 70}" y="${30 + Math.floor(i / 4) * 30}">Basecamp ${i}</text>`).join('');
    const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="110" font-family="DejaVu Sans, sans-serif" font-size="9">${labels}</svg>`;
    const [glyphs, native] = [decode(renderMapPng(doc)), decode(renderMapPng(doc, { glyphs: false }))];
    const ink = (img: PNG): number => darkPixels(img, 0, 0, img.width, img.height);
    expect(ink(native)).toBeGreaterThan(300);
    // At 12 px (the default, which the regular-expression version used here) there is about half as much ink again.
    expect(Math.abs(ink(glyphs) - ink(native)) / ink(native)).toBeLessThan(0.15);
  });

  it('gives the same picture as resvg drawing the text itself: same places, and about as much ink in the title', () => {
    const glyphs = decode(renderMapPng(svg));
    const native = decode(renderMapPng(svg, { glyphs: false }));
    expect([native.width, native.height]).toEqual([glyphs.width, glyphs.height]);
    for (const w of legendPlaces(svg).swatches) expect(pixel(native, w.x, w.y)).toBe(pixel(glyphs, w.x, w.y));
    const title = [10, 10, 210, 28] as const;
    const [a, b] = [darkPixels(glyphs, ...title), darkPixels(native, ...title)];
    expect(b).toBeGreaterThan(200);
    expect(Math.abs(a - b) / b).toBeLessThan(0.25);
  });
});
