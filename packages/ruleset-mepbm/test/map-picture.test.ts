// The picture test: the report map of a 44 x 39 scenario (the real game's map size), rasterised as the mail
// sender does (the stored SVG, renderMapPng's default scale), has labels at least 10 px high. Measured from
// the SVG's geometry (each label's font size, inherited from its groups, times the scale from the viewBox to
// the PNG's pixels) and checked in the picture itself (the ink of a hex id is as tall as a 10 px digit).
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { type SvgElement, attrOf, parseSvg, renderMapPng } from '@arbiter/reports';
import { mepbm } from '../src/index.ts';
import { BIG_COLS, BIG_ROWS, bigNorthView } from './big-map.ts';

const MIN_LABEL_PX = 10;

const { view, names } = bigNorthView();
const ctx = { gameName: 'Big', gameId: 'g-big', turn: view.turn, nextDeadline: null, timeZone: 'UTC', playerName: names['north'] as string, playerNames: names };
const svg = mepbm.report.svg(view, ctx);
const png = renderMapPng(svg);
const image = PNG.sync.read(png);
const tree = parseSvg(svg);

interface Label {
  text: string;
  x: number;
  y: number;
  fontSize: number;
}

/** Every <text> with the font size it gets from itself or its nearest ancestor that sets one. */
function labels(e: SvgElement, inherited: number | null, out: Label[] = []): Label[] {
  const own = attrOf(e, 'font-size');
  const size = own === undefined ? inherited : Number(own);
  if (e.name === 'text') {
    const text = e.children.map((c) => (c.kind === 'text' ? c.text : '')).join('');
    if (size === null) throw new Error(`label "${text}" has no font size: it would get the renderer's default`);
    out.push({ text, x: Number(attrOf(e, 'x')), y: Number(attrOf(e, 'y')), fontSize: size });
  }
  for (const c of e.children) if (c.kind === 'element') labels(c, size, out);
  return out;
}

/** PNG pixels per SVG user unit, across and down. */
function scale(): { x: number; y: number } {
  const vb = (attrOf(tree, 'viewBox') ?? '').split(' ').map(Number);
  const [, , w, h] = vb as [number, number, number, number];
  return { x: image.width / w, y: image.height / h };
}

/** Rows in a box that hold dark ink (hex ids are #333333 over light terrain). */
function inkRows(x0: number, y0: number, x1: number, y1: number): number {
  let rows = 0;
  for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y++) {
    let dark = false;
    for (let x = Math.max(0, x0); x < Math.min(image.width, x1) && !dark; x++) {
      const i = (image.width * y + x) * 4;
      dark = (image.data[i] ?? 255) + (image.data[i + 1] ?? 255) + (image.data[i + 2] ?? 255) < 3 * 110;
    }
    if (dark) rows++;
  }
  return rows;
}

describe(`the report map of a ${BIG_COLS} x ${BIG_ROWS} scenario, at the size it is mailed`, () => {
  it('covers the nation\'s area of 300+ hexes', () => {
    expect(view.map.hexes.length).toBeGreaterThanOrEqual(300);
    expect(view.sightings.length).toBeGreaterThan(0);
  });

  it(`has every label at least ${MIN_LABEL_PX} px high: font size x (PNG pixels / viewBox units)`, () => {
    const all = labels(tree, null);
    expect(all.length).toBeGreaterThan(view.map.hexes.length); // every hex id, and more
    const k = scale();
    expect(k.y).toBeCloseTo(k.x, 6); // no stretching: the same scale both ways
    const smallest = all.reduce((a, b) => (b.fontSize < a.fontSize ? b : a));
    expect(smallest.fontSize * k.y, `the smallest label, "${smallest.text}"`).toBeGreaterThanOrEqual(MIN_LABEL_PX);
  });

  it('draws a hex id as tall as a 10 px digit in the PNG (DejaVu digits are 0.73 em)', () => {
    const k = scale();
    const first = view.map.hexes[0]?.hex as string;
    const id = labels(tree, null).find((l) => l.text === first);
    if (id === undefined) throw new Error(`no label for hex ${first}`);
    const [cx, base] = [id.x * k.x, id.y * k.y];
    const rows = inkRows(Math.round(cx - 12), Math.round(base - 12 * k.y), Math.round(cx + 12), Math.round(base + 1));
    expect(rows).toBeGreaterThanOrEqual(Math.floor(0.73 * MIN_LABEL_PX));
  });

  it('keeps the legend under the map small beside it', () => {
    const legend = tree.children.find((c): c is SvgElement => c.kind === 'element' && c.name === 'g' && String(c.attrs['transform']).startsWith('translate'));
    const panel = legend?.children.find((c): c is SvgElement => c.kind === 'element' && c.name === 'rect');
    if (panel === undefined) throw new Error('no legend panel');
    const legendH = Number(attrOf(panel, 'height'));
    expect(legendH).toBeLessThan(image.height / 5);
    expect(Number(attrOf(panel, 'width'))).toBeLessThanOrEqual(image.width);
  });

  it('labels foreign armies with their nation and the day they were seen', () => {
    const s = view.sightings[view.sightings.length - 1];
    if (s === undefined) throw new Error('no sighting');
    expect(labels(tree, null).map((l) => l.text)).toContain(`${s.nation} d${s.pulse}`);
  });
});
