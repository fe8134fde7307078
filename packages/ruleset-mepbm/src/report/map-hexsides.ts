// The map's hexsides as SVG elements: rivers on the hex edges, roads centre to centre across their side,
// bridges and fords on the side. Each side once, whichever hex named it, drawn from the hex that sorts first.
import { type SvgElement, el } from '@arbiter/reports';
import type { Direction, HexsideFeature, NationView } from '../types.ts';
import { type Coord, type Point, DIRECTIONS, coordKey, neighbour, num, opposite, requireCoord, sideEnds } from './geometry.ts';
import { pts } from './map-symbols.ts';
import { FEATURE_ORDER } from './model.ts';

export const MINOR_RIVER = '#2f7fd8';
export const MAJOR_RIVER = '#143f8f';
export const ROAD = '#8b5a2b';

interface Side {
  a: Coord;
  d: Direction;
  features: Set<HexsideFeature>;
}

/** The view's hexsides, each side once with every feature named on it, in the order of their keys. */
function sidesOf(view: NationView): Side[] {
  const sides = new Map<string, Side>();
  view.map.hexsides.forEach((hs, i) => {
    const a = requireCoord(hs.hex, `view.map.hexsides[${i}].hex`);
    if (!DIRECTIONS.includes(hs.dir)) {
      throw new Error(`view.map.hexsides[${i}].dir: ${JSON.stringify(hs.dir)} is not a direction (ne, e, se, sw, w, nw)`);
    }
    const b = neighbour(a, hs.dir);
    // Canonical side: named from the hex that sorts first (rows, then columns). The far hex may lie
    // off the map, so keys are coordinates, not hex ids.
    const aFirst = a.row < b.row || (a.row === b.row && a.col < b.col);
    const key = aFirst ? `${coordKey(a)}|${coordKey(b)}` : `${coordKey(b)}|${coordKey(a)}`;
    let side = sides.get(key);
    if (side === undefined) {
      // Always drawn from the canonical hex, so the same side gives the same bytes whoever named it.
      side = aFirst ? { a, d: hs.dir, features: new Set() } : { a: b, d: opposite(hs.dir), features: new Set() };
      sides.set(key, side);
    }
    for (const f of hs.features) {
      if (!FEATURE_ORDER.includes(f)) {
        throw new Error(`view.map.hexsides[${i}].features: ${JSON.stringify(f)} is not a hexside feature`);
      }
      side.features.add(f);
    }
  });
  return [...sides.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([, v]) => v);
}

/** Roads, rivers, then bridges and fords, for hexes of size `s` placed by `pos`; `inWindow` by coordKey. */
export function hexsideLayer(view: NationView, pos: (c: Coord) => Point, s: number, inWindow: ReadonlySet<string>): SvgElement[] {
  const minor: string[] = [];
  const major: string[] = [];
  const roads: string[] = [];
  const crossings: SvgElement[] = [];
  for (const side of sidesOf(view)) {
    const pa = pos(side.a);
    const pb = pos(neighbour(side.a, side.d));
    const [e1, e2] = sideEnds(pa, s, side.d);
    const seg = `M${num(e1.x)} ${num(e1.y)}L${num(e2.x)} ${num(e2.y)}`;
    if (side.features.has('major-river')) major.push(seg);
    else if (side.features.has('minor-river')) minor.push(seg);
    const mid = { x: (e1.x + e2.x) / 2, y: (e1.y + e2.y) / 2 };
    if (side.features.has('road')) {
      // A road runs centre to centre; at the window's edge it stops at the side, not in the margin.
      const from = inWindow.has(coordKey(side.a)) ? pa : mid;
      const to = inWindow.has(coordKey(neighbour(side.a, side.d))) ? pb : mid;
      if (from !== to) roads.push(`M${num(from.x)} ${num(from.y)}L${num(to.x)} ${num(to.y)}`);
    }
    const ux = (pb.x - pa.x) / Math.hypot(pb.x - pa.x, pb.y - pa.y);
    const uy = (pb.y - pa.y) / Math.hypot(pb.x - pa.x, pb.y - pa.y);
    if (side.features.has('bridge')) {
      const l = s * 0.3;
      const hw = s * 0.11;
      const q = [
        { x: mid.x - ux * l - uy * hw, y: mid.y - uy * l + ux * hw },
        { x: mid.x + ux * l - uy * hw, y: mid.y + uy * l + ux * hw },
        { x: mid.x + ux * l + uy * hw, y: mid.y + uy * l - ux * hw },
        { x: mid.x - ux * l + uy * hw, y: mid.y - uy * l - ux * hw },
      ];
      crossings.push(el('polygon', { points: pts(q), fill: '#a1887f', stroke: '#3e2723', 'stroke-width': '1' }, el('title', {}, 'bridge')));
    }
    if (side.features.has('ford')) {
      crossings.push(
        el('circle', { cx: num(mid.x), cy: num(mid.y), r: num(s * 0.15), fill: '#e3f2fd', stroke: MAJOR_RIVER, 'stroke-width': '1.2', 'stroke-dasharray': '2 1.5' }, el('title', {}, 'ford')),
      );
    }
  }
  const out: SvgElement[] = [];
  const line = (d: string[], stroke: string, width: number, more: Record<string, string> = {}): SvgElement =>
    el('path', { d: d.join(''), fill: 'none', stroke, 'stroke-width': num(width), 'stroke-linecap': 'round', ...more });
  if (roads.length > 0) {
    out.push(line(roads, '#f5ecd7', s * 0.2), line(roads, ROAD, s * 0.1, { 'stroke-dasharray': `${num(s * 0.25)} ${num(s * 0.1)}` }));
  }
  if (minor.length > 0) out.push(line(minor, MINOR_RIVER, s * 0.1));
  if (major.length > 0) out.push(line(major, MAJOR_RIVER, s * 0.2));
  out.push(...crossings);
  return out;
}
