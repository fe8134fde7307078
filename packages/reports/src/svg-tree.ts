// An SVG document as a tree of typed nodes, and its one serialiser. Maps are built as trees and turned
// into text once (serialiseSvg); the PNG renderer works on the tree (glyph outlines for text) without
// re-reading markup. Attribute order is insertion order, so the same tree always gives the same bytes.
import { escapeXml } from './escape.ts';

/** An attribute value: text, a number (written with String), or undefined (the attribute is left out). */
export type SvgAttrValue = string | number | undefined;

export interface SvgElement {
  kind: 'element';
  name: string;
  attrs: Readonly<Record<string, SvgAttrValue>>;
  children: readonly SvgNode[];
}

export interface SvgText {
  kind: 'text';
  /** The text itself (not escaped: the serialiser escapes it). */
  text: string;
}

export type SvgNode = SvgElement | SvgText;

/** Children as a builder takes them: nodes, plain strings (text), and null/false/undefined (nothing). */
export type SvgChild = SvgNode | string | null | false | undefined | readonly SvgChild[];

function flatten(children: readonly SvgChild[], out: SvgNode[]): SvgNode[] {
  for (const c of children) {
    if (c === null || c === false || c === undefined) continue;
    if (typeof c === 'string') out.push({ kind: 'text', text: c });
    else if (Array.isArray(c)) flatten(c as readonly SvgChild[], out);
    else out.push(c as SvgNode);
  }
  return out;
}

/** An element: `el('rect', { x: 1, fill: '#fff' }, el('title', {}, 'tooltip'))`. */
export function el(name: string, attrs: Readonly<Record<string, SvgAttrValue>> = {}, ...children: SvgChild[]): SvgElement {
  return { kind: 'element', name, attrs, children: flatten(children, []) };
}

/** The value of an attribute as text, or undefined when it is absent. */
export function attrOf(e: SvgElement, name: string): string | undefined {
  const v = e.attrs[name];
  return v === undefined ? undefined : String(v);
}

// Pieces in an array, joined once: a flat string (a string grown by += stays a rope of thousands of
// pieces until first read, which costs memory and collector time when many maps are kept).
function openTag(n: SvgElement): string {
  let open = `<${n.name}`;
  const attrs = n.attrs;
  for (const k in attrs) {
    const v = attrs[k];
    if (v === undefined) continue;
    open += ` ${k}="${typeof v === 'number' ? String(v) : escapeXml(v)}"`;
  }
  return open;
}

function write(n: SvgNode, out: string[]): void {
  if (n.kind === 'text') {
    out.push(escapeXml(n.text));
    return;
  }
  const open = openTag(n);
  const children = n.children;
  if (children.length === 0) {
    out.push(`${open}/>`);
    return;
  }
  out.push(`${open}>`);
  for (let i = 0; i < children.length; i++) write(children[i] as SvgNode, out);
  out.push(`</${n.name}>`);
}

/** The tree with every `name` element replaced by its children (e.g. links unwrapped); the input is not changed. */
export function unwrapElements(root: SvgElement, name: string): SvgElement {
  const children: SvgNode[] = [];
  for (const c of root.children) {
    if (c.kind !== 'element') children.push(c);
    else if (c.name === name) children.push(...unwrapElements(c, name).children);
    else children.push(c.children.length === 0 ? c : unwrapElements(c, name));
  }
  return { ...root, children };
}

/** The tree as markup: elements without children self-closed, every text and attribute value escaped. */
export function serialiseSvg(root: SvgNode): string {
  const out: string[] = [];
  write(root, out);
  return out.join('');
}

/** A tree's two renderings for serialiseSvgPair: the root's attributes of the first, and the element the second leaves out. */
export interface SvgPairOptions {
  /** The first rendering's root attributes (in place of the root's own). */
  firstRootAttrs: Readonly<Record<string, SvgAttrValue>>;
  /** The element name the second rendering replaces by its children (as unwrapElements). */
  unwrap: string;
}

function writePair(n: SvgNode, first: string[], second: string[], unwrap: string): void {
  if (n.kind === 'text') {
    const text = escapeXml(n.text);
    first.push(text);
    second.push(text);
    return;
  }
  const children = n.children;
  const open = openTag(n);
  const keep = n.name !== unwrap;
  if (children.length === 0) {
    const tag = `${open}/>`;
    first.push(tag);
    if (keep) second.push(tag);
    return;
  }
  first.push(`${open}>`);
  if (keep) second.push(`${open}>`);
  for (let i = 0; i < children.length; i++) writePair(children[i] as SvgNode, first, second, unwrap);
  const close = `</${n.name}>`;
  first.push(close);
  if (keep) second.push(close);
}

/**
 * Two serialisations of one tree in one walk, sharing every piece they have in common: the first is
 * `serialiseSvg({ ...root, attrs: firstRootAttrs })`, the second `serialiseSvg(unwrapElements(root, unwrap))`,
 * byte for byte (a report's map shown inline with its links, and stored without them).
 */
export function serialiseSvgPair(root: SvgElement, options: SvgPairOptions): [first: string, second: string] {
  const first: string[] = [];
  const second: string[] = [];
  if (root.name === options.unwrap) throw new Error(`serialiseSvgPair: the root cannot be the unwrapped element <${options.unwrap}>`);
  const close = `</${root.name}>`;
  const firstOpen = openTag({ ...root, attrs: options.firstRootAttrs });
  const secondOpen = openTag(root);
  if (root.children.length === 0) return [`${firstOpen}/>`, `${secondOpen}/>`];
  first.push(`${firstOpen}>`);
  second.push(`${secondOpen}>`);
  for (let i = 0; i < root.children.length; i++) writePair(root.children[i] as SvgNode, first, second, options.unwrap);
  first.push(close);
  second.push(close);
  return [first.join(''), second.join('')];
}
