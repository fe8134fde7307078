// Text of a map SVG as glyph outlines, for rasterising. resvg lays out each <text> element on its own at
// about a millisecond apiece, and a map has hundreds of labels (every hex id); drawn as <use> references to
// one outline per glyph, the same labels cost next to nothing and need no font at render time.
// Layout is simple and fixed: one line, advance widths without kerning, text-anchor start/middle/end.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface OtPath {
  toPathData(options: { decimalPlaces: number; flipY: boolean; optimize: boolean }): string;
}
interface OtGlyph {
  index: number;
  advanceWidth?: number;
  getPath(x: number, y: number, fontSize: number): OtPath;
}
interface OtFont {
  unitsPerEm: number;
  charToGlyph(c: string): OtGlyph;
}
interface OpenType {
  parse(buffer: ArrayBuffer, options?: { lowMemory?: boolean }): OtFont;
}

/** The bundled font files (regular and bold), from the dejavu-fonts-ttf package. */
export const MAP_FONT_FILES: readonly string[] = [
  require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
];

interface FontFace {
  key: string;
  font: OtFont;
  /** Glyph index -> [outline in font units (y down), advance]. */
  glyphs: Map<number, { d: string; advance: number }>;
}

const faces: { regular?: FontFace; bold?: FontFace } = {};

/** A face, parsed on first use (lowMemory: glyphs are read when asked for, not all up front). */
function face(bold: boolean): FontFace {
  const which = bold ? 'bold' : 'regular';
  let f = faces[which];
  if (f === undefined) {
    const opentype = require('opentype.js') as OpenType;
    const b = readFileSync(MAP_FONT_FILES[bold ? 1 : 0] as string);
    const buffer = b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
    f = { key: bold ? 'b' : 'r', font: opentype.parse(buffer, { lowMemory: true }), glyphs: new Map() };
    faces[which] = f;
  }
  return f;
}

function glyphOf(face: FontFace, ch: string): { index: number; d: string; advance: number } {
  const g = face.font.charToGlyph(ch);
  let cached = face.glyphs.get(g.index);
  if (cached === undefined) {
    const d = g.getPath(0, 0, face.font.unitsPerEm).toPathData({ decimalPlaces: 0, flipY: false, optimize: true });
    cached = { d, advance: g.advanceWidth ?? face.font.unitsPerEm / 2 };
    face.glyphs.set(g.index, cached);
  }
  return { index: g.index, ...cached };
}

const ATTR = /([a-zA-Z:-]+)="([^"]*)"/g;

function attrs(s: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const a of s.matchAll(ATTR)) m.set(a[1] as string, a[2] as string);
  return m;
}

function unescape(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39|#x[0-9a-fA-F]+|#[0-9]+);/g, (_, e: string) => {
    switch (e) {
      case 'amp':
        return '&';
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      case '#39':
        return "'";
      default:
        return String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    }
  });
}

function fmt(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Six significant digits: for scale factors, which are small (a 7 px label is about 0.0034 of an em). */
function fine(n: number): string {
  return String(Number(n.toPrecision(6)));
}

const INHERITED = ['font-size', 'font-weight', 'text-anchor', 'stroke', 'stroke-width'] as const;
const TOKEN = /<g\b([^>]*?)(\/?)>|<\/g>|<text\b([^>]*)>([^<]*)<\/text>/g;

/**
 * Replaces every simple `<text>` (one line, no tspan) of an SVG by `<use>` references to glyph outlines
 * defined once in a `<defs>` block. Style that text inherits from enclosing groups is honoured for
 * font-size, font-weight, text-anchor and stroke width; fill, stroke colour and paint-order inherit as before.
 */
export function textToGlyphs(svg: string): string {
  const stack: Map<string, string>[] = [];
  const used = new Map<string, string>();
  const out = svg.replace(TOKEN, (whole, gAttrs: string | undefined, selfClosing: string, tAttrs: string | undefined, content: string | undefined) => {
    if (gAttrs !== undefined) {
      if (selfClosing !== '/') stack.push(attrs(gAttrs));
      return whole;
    }
    if (tAttrs === undefined) {
      stack.pop();
      return whole;
    }
    const own = attrs(tAttrs);
    const style = (name: (typeof INHERITED)[number]): string | undefined => {
      if (own.has(name)) return own.get(name);
      for (let i = stack.length - 1; i >= 0; i--) {
        const v = stack[i]?.get(name);
        if (v !== undefined) return v;
      }
      return undefined;
    };
    const size = Number(style('font-size') ?? '12');
    const x = Number(own.get('x') ?? '0');
    const y = Number(own.get('y') ?? '0');
    if (!Number.isFinite(size) || !Number.isFinite(x) || !Number.isFinite(y) || size <= 0) return whole;
    const weight = style('font-weight');
    const f = face(weight === 'bold' || Number(weight) >= 600);
    const text = unescape(content ?? '');
    const k = size / f.font.unitsPerEm;
    let advance = 0;
    let uses = '';
    for (const ch of text) {
      const g = glyphOf(f, ch);
      if (g.d !== '') {
        const id = `arb-${f.key}${g.index}`;
        if (!used.has(id)) used.set(id, g.d);
        uses += advance === 0 ? `<use href="#${id}"/>` : `<use href="#${id}" x="${fmt(advance)}"/>`;
      }
      advance += g.advance;
    }
    const anchor = style('text-anchor');
    const x0 = anchor === 'middle' ? x - (advance * k) / 2 : anchor === 'end' ? x - advance * k : x;
    let extra = '';
    for (const name of ['fill', 'fill-opacity', 'stroke', 'stroke-linejoin', 'paint-order', 'opacity'] as const) {
      const v = own.get(name);
      if (v !== undefined) extra += ` ${name}="${v}"`;
    }
    // The outline is scaled from font units, so a stroke (the label halo) must be scaled back up.
    const stroke = style('stroke');
    const sw = style('stroke-width');
    if (stroke !== undefined && stroke !== 'none') extra += ` stroke-width="${fine(Number(sw ?? '1') / k)}"`;
    return `<g transform="translate(${fmt(x0)} ${fmt(y)}) scale(${fine(k)})"${extra}>${uses}</g>`;
  });
  if (used.size === 0) return out;
  let defs = '<defs>';
  for (const [id, d] of used) defs += `<path id="${id}" d="${d}"/>`;
  defs += '</defs>';
  const open = out.indexOf('>', out.indexOf('<svg'));
  return open < 0 ? out : out.slice(0, open + 1) + defs + out.slice(open + 1);
}
