// SVG markup -> the tree of svg-tree.ts, with htmlparser2 in XML mode (entities decoded, self-closing tags
// recognised). For maps stored as text (a turn stores each report's SVG; the mail sender rasterises it
// later), so that the PNG renderer works on a tree whatever ruleset drew the map. Comments and processing
// instructions are dropped (nothing is drawn from them).
import { Parser } from 'htmlparser2';
import type { SvgElement, SvgNode } from './svg-tree.ts';

interface Open {
  name: string;
  attrs: Record<string, string>;
  children: SvgNode[];
}

/** Parses an SVG document; throws an Error naming the problem when it is not one. */
export function parseSvg(markup: string): SvgElement {
  const root: Open = { name: '', attrs: {}, children: [] };
  const stack: Open[] = [root];
  const top = (): Open => stack[stack.length - 1] as Open;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const e: Open = { name, attrs: { ...attribs }, children: [] };
        stack.push(e);
      },
      onclosetag() {
        const e = stack.pop() as Open;
        top().children.push({ kind: 'element', name: e.name, attrs: e.attrs, children: e.children });
      },
      ontext(text) {
        const siblings = top().children;
        const last = siblings[siblings.length - 1];
        if (last !== undefined && last.kind === 'text') siblings[siblings.length - 1] = { kind: 'text', text: last.text + text };
        else siblings.push({ kind: 'text', text });
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(markup);
  parser.end();
  const elements = root.children.filter((c): c is SvgElement => c.kind === 'element');
  const svg = elements[0];
  if (elements.length !== 1 || svg === undefined || svg.name !== 'svg') {
    throw new Error('the input is not an SVG document (expected one <svg> element at the top)');
  }
  return svg;
}
