// Text of a map SVG as glyph outlines, for rasterising, on the SVG's tree (svg-tree.ts). resvg lays out
// each <text> element on its own at about a millisecond apiece, and a map has hundreds of labels (every hex
// id); drawn as <use> references to one outline per glyph, the same labels cost next to nothing and need
// no font at render time. Layout is simple and fixed: one line, advance widths without kerning,
// text-anchor start/middle/end.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseSvg } from './svg-parse.ts';
import { type SvgAttrValue, type SvgElement, type SvgNode, attrOf, el, serialiseSvg } from './svg-tree.ts';

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

function fmt(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Six significant digits: for scale factors, which are small (a 7 px label is about 0.0034 of an em). */
function fine(n: number): string {
  return String(Number(n.toPrecision(6)));
}

const INHERITED = ['font-size', 'font-weight', 'text-anchor', 'stroke', 'stroke-width'] as const;
type Inherited = (typeof INHERITED)[number];
/** Presentation attributes a label's own element keeps on its glyph group. */
const KEPT = ['fill', 'fill-opacity', 'stroke', 'stroke-linejoin', 'paint-order', 'opacity'] as const;

/** The text of an element whose children are all text (one line, no tspan), or null. */
function simpleText(e: SvgElement): string | null {
  let s = '';
  for (const c of e.children) {
    if (c.kind !== 'text') return null;
    s += c.text;
  }
  return s;
}

/** One `<text>` as a group of glyph references, or null when it cannot be laid out (left to resvg). */
function labelGlyphs(e: SvgElement, text: string, ancestors: readonly SvgElement[], used: Map<string, string>): SvgElement | null {
  const style = (name: Inherited): string | undefined => {
    const own = attrOf(e, name);
    if (own !== undefined) return own;
    for (let i = ancestors.length - 1; i >= 0; i--) {
      const v = attrOf(ancestors[i] as SvgElement, name);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const size = Number(style('font-size') ?? '12');
  const x = Number(attrOf(e, 'x') ?? '0');
  const y = Number(attrOf(e, 'y') ?? '0');
  if (!Number.isFinite(size) || !Number.isFinite(x) || !Number.isFinite(y) || size <= 0) return null;
  const weight = style('font-weight');
  const f = face(weight === 'bold' || Number(weight) >= 600);
  const k = size / f.font.unitsPerEm;
  let advance = 0;
  const uses: SvgElement[] = [];
  for (const ch of text) {
    const g = glyphOf(f, ch);
    if (g.d !== '') {
      const id = `arb-${f.key}${g.index}`;
      if (!used.has(id)) used.set(id, g.d);
      uses.push(el('use', { href: `#${id}`, x: advance === 0 ? undefined : fmt(advance) }));
    }
    advance += g.advance;
  }
  const anchor = style('text-anchor');
  const x0 = anchor === 'middle' ? x - (advance * k) / 2 : anchor === 'end' ? x - advance * k : x;
  const attrs: Record<string, SvgAttrValue> = { transform: `translate(${fmt(x0)} ${fmt(y)}) scale(${fine(k)})` };
  for (const name of KEPT) attrs[name] = attrOf(e, name);
  // The outline is scaled from font units, so a stroke (the label halo) must be scaled back up.
  const stroke = style('stroke');
  if (stroke !== undefined && stroke !== 'none') attrs['stroke-width'] = fine(Number(style('stroke-width') ?? '1') / k);
  return el('g', attrs, uses);
}

function walk(n: SvgNode, ancestors: SvgElement[], used: Map<string, string>): SvgNode {
  if (n.kind === 'text') return n;
  if (n.name === 'text') {
    const text = simpleText(n);
    const g = text === null ? null : labelGlyphs(n, text, ancestors, used);
    if (g !== null) return g;
  }
  if (n.children.length === 0) return n;
  ancestors.push(n);
  const children = n.children.map((c) => walk(c, ancestors, used));
  ancestors.pop();
  return { ...n, children };
}

/**
 * The map with every simple `<text>` (one line, no tspan) replaced by `<use>` references to glyph outlines
 * defined once in a `<defs>` block at the top. Style that text inherits from enclosing elements is honoured
 * for font-size, font-weight, text-anchor and stroke width; fill, stroke colour and paint-order inherit as
 * before. The tree given is not changed.
 */
export function glyphOutlines(svg: SvgElement): SvgElement {
  const used = new Map<string, string>();
  const out = walk(svg, [], used) as SvgElement;
  if (used.size === 0) return out;
  const defs = el('defs', {}, [...used].map(([id, d]) => el('path', { id, d })));
  return { ...out, children: [defs, ...out.children] };
}

/** The same for markup: parsed (svg-parse.ts), converted on the tree, serialised once. */
export function textToGlyphs(svg: string): string {
  return serialiseSvg(glyphOutlines(parseSvg(svg)));
}
