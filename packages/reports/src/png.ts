// SVG map -> PNG with @resvg/resvg-js. Text is drawn with DejaVu Sans from the dejavu-fonts-ttf package,
// never with the machine's fonts, so a PNG looks the same on every server (and on one with no fonts).
import { createRequire } from 'node:module';
import { Resvg, renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);

/** The bundled font files (regular and bold). */
export const MAP_FONT_FILES: readonly string[] = [
  require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
];

export interface MapPngOptions {
  /** Scale factor over the SVG's own size (default 1; 2 for high-density screens). */
  scale?: number;
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

/** Rasterises a map SVG (from renderMapSvg) to PNG bytes, on the calling thread. */
export function renderMapPng(svg: string, options: MapPngOptions = {}): Buffer {
  return new Resvg(svg, resvgOptions(options)).render().asPng();
}

/** The same on libuv's thread pool, so a mail sender's event loop keeps running meanwhile. */
export async function renderMapPngAsync(svg: string, options: MapPngOptions = {}): Promise<Buffer> {
  const image = await renderAsync(svg, resvgOptions(options));
  return image.asPng();
}
