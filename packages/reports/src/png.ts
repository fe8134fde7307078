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

function checkedScale(options: MapPngOptions): number {
  const scale = options.scale ?? 1;
  if (!(Number.isFinite(scale) && scale > 0 && scale <= 8)) {
    throw new Error(`renderMapPng: scale must be a number above 0 and at most 8, got ${String(options.scale)}`);
  }
  return scale;
}

function resvgOptions(zoom: number): ResvgRenderOptions {
  return {
    font: {
      loadSystemFonts: false,
      fontFiles: [...MAP_FONT_FILES],
      defaultFontFamily: 'DejaVu Sans',
      sansSerifFamily: 'DejaVu Sans',
    },
    fitTo: zoom === 1 ? { mode: 'original' } : { mode: 'zoom', value: zoom },
    background: '#ffffff',
    logLevel: 'off',
  };
}

/** A map as markup (stored) or as a tree (just built); the markup is parsed once, the tree serialised once. */
export type MapSvg = string | SvgElement;

/**
 * The largest map drawn (docs/security.md, "Boards and maps"), checked before rasterising, because resvg
 * allocates the whole picture at once and aborts the process (a native panic, no exception) when it cannot:
 * a map of 1e9 by 1e9 pixels killed the server. A map larger than `side` or `pixels` is drawn scaled down
 * to fit them (JOverseer's 2950 map, 2333 by 1931 pixels, and every report map are drawn at their own
 * size); markup longer than `svgChars` is refused.
 */
export const MAP_PNG_LIMITS = Object.freeze({
  /** Pixels of the picture's width, and of its height. */
  side: 8192,
  /** Pixels in all (width times height): 160 MB of RGBA at most. */
  pixels: 40_000_000,
  /** Characters of the SVG markup, given and after its text is turned into outlines. */
  svgChars: 32 * 1024 * 1024,
});

/** A map that cannot be drawn: markup past MAP_PNG_LIMITS.svgChars, or no usable picture size. Permanent. */
export class MapSizeError extends Error {
  override readonly name = 'MapSizeError';
}

// CSS pixels per unit, as resvg reads a length (https://www.w3.org/TR/css-values-3/#absolute-lengths).
const PX_PER_UNIT: Readonly<Record<string, number>> = { '': 1, px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, pt: 4 / 3, pc: 16, em: 16, ex: 8 };

/** A root length in pixels; NaN when it is missing, a percentage or unreadable. */
function lengthPx(value: unknown): number {
  if (value === undefined) return Number.NaN;
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(String(value));
  const per = m === null ? undefined : PX_PER_UNIT[(m[2] as string).toLowerCase()];
  return m === null || per === undefined ? Number.NaN : Number(m[1]) * per;
}

/** The picture's size in pixels as resvg takes it: width and height, else the viewBox's, else 100; times the scale. */
export function mapPixelSize(root: SvgElement, scale = 1): { width: number; height: number } {
  const box = String(root.attrs.viewBox ?? '').trim().split(/[\s,]+/).map(Number);
  const pick = (own: number, fromBox: number | undefined): number => (Number.isNaN(own) ? (Number.isFinite(fromBox) ? (fromBox as number) : 100) : own);
  return { width: pick(lengthPx(root.attrs.width), box[2]) * scale, height: pick(lengthPx(root.attrs.height), box[3]) * scale };
}

/** The zoom a map is drawn at: the scale asked for, reduced so that the picture fits MAP_PNG_LIMITS. */
export function mapZoom(root: SvgElement, scale = 1): number {
  const { width, height } = mapPixelSize(root, scale);
  if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) {
    throw new MapSizeError(`the map's size (${String(root.attrs.width)} by ${String(root.attrs.height)}) is not a picture size`);
  }
  const L = MAP_PNG_LIMITS;
  // A hair under the limits, so that resvg's rounding up of a fractional size cannot cross them.
  const fit = Math.min(1, (L.side - 1) / width, (L.side - 1) / height, Math.sqrt((L.pixels - 2 * L.side) / (width * height)));
  return scale * fit;
}

function checkedChars(markup: string): string {
  if (markup.length > MAP_PNG_LIMITS.svgChars) throw new MapSizeError(`the map's SVG is ${markup.length} characters: at most ${MAP_PNG_LIMITS.svgChars} are drawn`);
  return markup;
}

/** The markup resvg draws and the zoom it draws it at: checked against MAP_PNG_LIMITS, text as glyph outlines. */
export function prepareMapSvg(svg: MapSvg, options: MapPngOptions = {}): { markup: string; zoom: number } {
  if (typeof svg === 'string' && !svg.trimStart().startsWith('<svg')) {
    throw new Error('renderMapPng: the input is not an SVG document (expected it to start with <svg)');
  }
  if (typeof svg !== 'string' && (typeof svg !== 'object' || svg === null || svg.kind !== 'element' || svg.name !== 'svg')) {
    throw new Error('renderMapPng: the input is not an SVG document (expected markup or an <svg> element tree)');
  }
  const tree = typeof svg === 'string' ? parseSvg(checkedChars(svg)) : svg;
  const zoom = mapZoom(tree, checkedScale(options));
  if (options.glyphs === false) return { markup: typeof svg === 'string' ? svg : checkedChars(serialiseSvg(svg)), zoom };
  return { markup: checkedChars(serialiseSvg(glyphOutlines(tree))), zoom };
}

/** Rasterises a map SVG (from renderMapSvg) to PNG bytes, on the calling thread. */
export function renderMapPng(svg: MapSvg, options: MapPngOptions = {}): Buffer {
  const { markup, zoom } = prepareMapSvg(svg, options);
  return new Resvg(markup, resvgOptions(zoom)).render().asPng();
}

/** The same, with the rasterising on libuv's thread pool, so a mail sender's event loop keeps running. */
export async function renderMapPngAsync(svg: MapSvg, options: MapPngOptions = {}): Promise<Buffer> {
  const { markup, zoom } = prepareMapSvg(svg, options);
  const image = await renderAsync(markup, resvgOptions(zoom));
  return image.asPng();
}
