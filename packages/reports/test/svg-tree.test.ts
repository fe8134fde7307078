import { describe, expect, it } from 'vitest';
import { el, glyphOutlines, parseSvg, serialiseSvg, serialiseSvgPair, textToGlyphs, unwrapElements } from '../src/index.ts';
import type { SvgElement, SvgNode } from '../src/index.ts';

const doc = (...children: SvgElement[]): SvgElement => el('svg', { xmlns: 'http://www.w3.org/2000/svg', width: 100, height: 40 }, children);

function find(n: SvgNode, name: string, out: SvgElement[] = []): SvgElement[] {
  if (n.kind === 'element') {
    if (n.name === name) out.push(n);
    for (const c of n.children) find(c, name, out);
  }
  return out;
}

describe('the SVG tree', () => {
  it('serialises elements in attribute order, self-closes empty ones, leaves out undefined attributes', () => {
    const tree = doc(el('rect', { x: 1, y: '2.5', stroke: undefined, fill: '#fff' }), el('g', {}, el('title', {}, 'a tip'), null, false, [el('circle', { r: 3 })]));
    expect(serialiseSvg(tree)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><rect x="1" y="2.5" fill="#fff"/><g><title>a tip</title><circle r="3"/></g></svg>',
    );
  });

  it('escapes text and attribute values, and replaces characters XML forbids', () => {
    const tree = doc(el('text', { 'data-n': 'a"b<c' }, 'x < y & "z"\u0007'));
    expect(serialiseSvg(tree)).toContain('<text data-n="a&quot;b&lt;c">x &lt; y &amp; &quot;z&quot;\ufffd</text>');
  });

  it('parses its own output back to the same tree', () => {
    const tree = doc(el('g', { 'font-size': '9' }, el('text', { x: '5', y: '6' }, 'Minas Tirith & <Osgiliath>')), el('path', { d: 'M0 0L1 1' }));
    const markup = serialiseSvg(tree);
    expect(serialiseSvg(parseSvg(markup))).toBe(markup);
    expect(find(parseSvg(markup), 'text')[0]?.children).toEqual([{ kind: 'text', text: 'Minas Tirith & <Osgiliath>' }]);
  });

  it('unwraps elements by name, keeping their children in place, and leaves the input alone', () => {
    const tree = doc(el('a', { href: '#x' }, el('rect', { x: 1 }), el('circle', { r: 2 })), el('g', {}, el('a', { href: '#y' }, 'text')));
    const before = serialiseSvg(tree);
    expect(serialiseSvg(unwrapElements(tree, 'a'))).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><rect x="1"/><circle r="2"/><g>text</g></svg>');
    expect(serialiseSvg(tree)).toBe(before);
  });

  it('serialises a tree twice in one walk: with other root attributes, and unwrapped, each as serialiseSvg gives it', () => {
    const tree = doc(
      el('a', { href: '#x' }, el('rect', { x: 1 }), el('a', { href: '#in' }, el('circle', { r: 2 }))),
      el('a', { href: '#empty' }),
      el('g', { fill: 'a<b' }, el('a', { href: '#y' }, 'text & more'), el('path', { d: 'M0 0' })),
    );
    const attrs = { style: 'display:block;', ...tree.attrs, width: 150 };
    expect(serialiseSvgPair(tree, { firstRootAttrs: attrs, unwrap: 'a' })).toEqual([serialiseSvg({ ...tree, attrs }), serialiseSvg(unwrapElements(tree, 'a'))]);
    expect(serialiseSvgPair(doc(), { firstRootAttrs: {}, unwrap: 'a' })).toEqual(['<svg/>', serialiseSvg(doc())]);
    expect(() => serialiseSvgPair(el('a', {}), { firstRootAttrs: {}, unwrap: 'a' })).toThrow('the root cannot be the unwrapped element <a>');
  });

  it('refuses markup that is not one SVG document, naming the problem', () => {
    expect(() => parseSvg('<html><body/></html>')).toThrow('the input is not an SVG document');
    expect(() => parseSvg('<svg/><svg/>')).toThrow('the input is not an SVG document');
  });
});

describe('glyph outlines on the tree', () => {
  it('replaces each label by a group of glyph references with one definition per glyph, leaving the input tree alone', () => {
    const tree = doc(el('text', { x: 10, y: 20, 'font-size': 10 }, 'aa'), el('text', { x: 10, y: 30, 'font-size': 10 }, 'a'));
    const before = serialiseSvg(tree);
    const out = glyphOutlines(tree);
    expect(serialiseSvg(tree)).toBe(before);
    expect(find(out, 'text')).toHaveLength(0);
    const defs = find(out, 'defs');
    expect(defs).toHaveLength(1);
    expect(out.children[0]).toBe(defs[0]);
    expect(find(out, 'path')).toHaveLength(1); // one glyph, "a", defined once
    expect(find(out, 'use')).toHaveLength(3);
  });

  it('takes the font size a label inherits from any ancestor, the <svg> element too', () => {
    const scaleOf = (svg: SvgElement): number => {
      const g = find(glyphOutlines(svg), 'g').find((x) => String(x.attrs.transform).includes('scale'));
      const m = /scale\(([\d.e-]+)\)/.exec(String(g?.attrs.transform));
      if (m === null) throw new Error('no glyph group');
      return Number(m[1]);
    };
    const root = el('svg', { xmlns: 'http://www.w3.org/2000/svg', 'font-size': '9' }, el('text', { x: 0, y: 10 }, 'W'));
    expect(scaleOf(root)).toBeCloseTo(9 / 2048, 7); // DejaVu Sans has 2048 units per em
    const group = doc(el('g', { 'font-size': '20' }, el('g', {}, el('text', { x: 0, y: 10 }, 'W'))));
    expect(scaleOf(group)).toBeCloseTo(20 / 2048, 7);
  });

  it('leaves text with markup inside (tspan) to the rasteriser', () => {
    const tree = doc(el('text', { x: 0, y: 10 }, 'a', el('tspan', {}, 'b')));
    expect(find(glyphOutlines(tree), 'text')).toHaveLength(1);
  });

  it('gives the same markup from a string as from the tree', () => {
    const tree = doc(el('g', { 'text-anchor': 'middle', 'font-size': '8' }, el('text', { x: 50, y: 20 }, 'Dol Amroth')));
    expect(textToGlyphs(serialiseSvg(tree))).toBe(serialiseSvg(glyphOutlines(tree)));
  });
});
