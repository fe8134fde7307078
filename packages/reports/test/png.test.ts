import { describe, expect, it } from 'vitest';
import { renderMapPng, renderMapPngAsync, renderMapSvg } from '../src/index.ts';
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
    expect(() => renderMapPng('<html></html>')).toThrow();
  });
});
