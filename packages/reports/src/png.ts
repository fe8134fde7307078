// SVG map (markup or tree) -> PNG with @resvg/resvg-js. Labels are turned into glyph outlines of DejaVu Sans (bundled by the
// dejavu-fonts-ttf package) before rasterising: fast, and the same picture on every server, with or
// without fonts installed. Any text left over is drawn by resvg with the same bundled font, never with
// the machine's fonts.
import { Resvg, renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { MAP_FONT_FILES, glyphOutlines } from './glyphs.ts';
import { parseSvg } from './svg-parse.ts';
import { type SvgElement, serialiseSvg } from './svg-tree.ts';

export { MAP_FONT_FILES } from './glyphs.ts';

export interface MapPngOptions {
  /** Scale factor over the SVG's own size (default 1; 2 for high-density screens). */
  scale?: number;
  /** Turn text into glyph outlines first (default true; false leaves all text layout to resvg, much slower). */
  glyphs?: boolean;
}

function resvgOptions(options: MapPngOptions): ResvgRenderOptions {
  const scale = options.scale ?? 1;
  if (!(Number.isFinite(scale) && scale > 0 && scale <= 8)) {
    throw new Error(`renderMapPng: scale must be a number above 0 and at most 8, got ${String(options.scale)}`);
  }
  return {
    font: {
      loadSystemFonts: false,
      fontFiles: [...MAP_FONT_FILES],
      defaultFontFamily: 'DejaVu Sans',
      sansSerifFamily: 'DejaVu Sans',
    },
    fitTo: scale === 1 ? { mode: 'original' } : { mode: 'zoom', value: scale },
    background: '#ffffff',
    logLevel: 'off',
  };
}

/** A map as markup (stored) or as a tree (just built); the markup is parsed once, the tree serialised once. */
export type MapSvg = string | SvgElement;

function prepare(svg: MapSvg, options: MapPngOptions): string {
  if (typeof svg === 'string' && !svg.trimStart().startsWith('<svg')) {
    throw new Error('renderMapPng: the input is not an SVG document (expected it to start with <svg)');
  }
  if (typeof svg !== 'string' && (typeof svg !== 'object' || svg === null || svg.kind !== 'element' || svg.name !== 'svg')) {
    throw new Error('renderMapPng: the input is not an SVG document (expected markup or an <svg> element tree)');
  }
  if (options.glyphs === false) return typeof svg === 'string' ? svg : serialiseSvg(svg);
  return serialiseSvg(glyphOutlines(typeof svg === 'string' ? parseSvg(svg) : svg));
}

/** Rasterises a map SVG (from renderMapSvg) to PNG bytes, on the calling thread. */
export function renderMapPng(svg: MapSvg, options: MapPngOptions = {}): Buffer {
  const opts = resvgOptions(options);
  return new Resvg(prepare(svg, options), opts).render().asPng();
}

/** The same, with the rasterising on libuv's thread pool, so a mail sender's event loop keeps running. */
export async function renderMapPngAsync(svg: MapSvg, options: MapPngOptions = {}): Promise<Buffer> {
  const opts = resvgOptions(options);
  const image = await renderAsync(prepare(svg, options), opts);
  return image.asPng();
}
