// The map's symbols as SVG elements: unit markers, population centres, stop signs, and a unit's path this
// turn with its arrow head. Shared by the map and its legend.
import { type SvgElement, el } from '@arbiter/reports';
import type { Fortification, PopulationCentreSize, UnitResult } from '../types.ts';
import { type Coord, type Point, num, requireCoord } from './geometry.ts';
import { KIND_WORDS } from './model.ts';
import { dashOf } from './nation-colours.ts';

export { OWN_COLOUR } from './nation-colours.ts';
export const STOP = '#d32f2f';

export interface Marker {
  kind: 'army' | 'navy' | 'character';
  own: boolean;
  colour: string;
  destroyed: boolean;
  label: string;
  title: string;
  /** The nation's second cue: a dashed outline (nation-colours.ts). */
  dashed?: boolean;
}

export function pts(points: Point[]): string {
  return points.map((p) => `${num(p.x)},${num(p.y)}`).join(' ');
}

function title(t: string): SvgElement {
  return el('title', {}, t);
}

/** One unit marker: square army, boat navy, round character; a cross over a destroyed unit. */
export function marker(m: Marker, x: number, y: number, s: number): SvgElement[] {
  const r = s * 0.15;
  const paint = { fill: m.colour, stroke: m.own ? '#ffffff' : '#111111', 'stroke-width': m.dashed === true ? '1.4' : '1', 'stroke-dasharray': dashOf(m.dashed) };
  const out: SvgElement[] = [];
  switch (m.kind) {
    case 'army':
      out.push(el('rect', { x: num(x - r), y: num(y - r), width: num(2 * r), height: num(2 * r), ...paint }, title(m.title)));
      break;
    case 'navy': {
      const d = `M${num(x - r * 1.3)} ${num(y - r * 0.5)}L${num(x + r * 1.3)} ${num(y - r * 0.5)}L${num(x + r * 0.7)} ${num(y + r)}L${num(x - r * 0.7)} ${num(y + r)}Z`;
      out.push(el('path', { d, ...paint }, title(m.title)));
      break;
    }
    case 'character':
      out.push(el('circle', { cx: num(x), cy: num(y), r: num(r * 0.9), ...paint }, title(m.title)));
      break;
  }
  if (m.destroyed) {
    const k = r * 1.4;
    const d = `M${num(x - k)} ${num(y - k)}L${num(x + k)} ${num(y + k)}M${num(x - k)} ${num(y + k)}L${num(x + k)} ${num(y - k)}`;
    out.push(el('path', { d, stroke: '#000000', 'stroke-width': '2' }));
  }
  return out;
}

/** A population centre by size (camp triangle, village circle, town square, major town, city star), ringed when fortified. */
export function populationCentre(size: PopulationCentreSize, fort: Fortification, p: Point, s: number, colour: string, tip: string, dashed = false): SvgElement[] {
  const out: SvgElement[] = [];
  if (fort !== 'none') {
    out.push(el('circle', { cx: num(p.x), cy: num(p.y), r: num(s * 0.34), fill: '#ffffff', 'fill-opacity': '0.55', stroke: '#111111', 'stroke-width': '2', 'stroke-dasharray': '3 1.5' }));
  }
  const paint = { fill: colour, stroke: '#111111', 'stroke-width': dashed ? '1.4' : '1', 'stroke-dasharray': dashOf(dashed) };
  const square = (r: number): SvgElement => el('rect', { x: num(p.x - r), y: num(p.y - r), width: num(2 * r), height: num(2 * r), ...paint }, title(tip));
  switch (size) {
    case 'camp': {
      const r = s * 0.17;
      out.push(el('polygon', { points: pts([{ x: p.x, y: p.y - r }, { x: p.x + r, y: p.y + r * 0.8 }, { x: p.x - r, y: p.y + r * 0.8 }]), ...paint }, title(tip)));
      break;
    }
    case 'village':
      out.push(el('circle', { cx: num(p.x), cy: num(p.y), r: num(s * 0.13), ...paint }, title(tip)));
      break;
    case 'town':
      out.push(square(s * 0.14));
      break;
    case 'major-town': {
      const r = s * 0.19;
      out.push(square(r), el('circle', { cx: num(p.x), cy: num(p.y), r: num(r * 0.35), fill: '#ffffff' }));
      break;
    }
    case 'city': {
      const r = s * 0.24;
      const star: Point[] = [];
      for (let k = 0; k < 10; k++) {
        const ang = ((36 * k - 90) * Math.PI) / 180;
        const rr = k % 2 === 0 ? r : r * 0.45;
        star.push({ x: p.x + Math.cos(ang) * rr, y: p.y + Math.sin(ang) * rr });
      }
      out.push(el('polygon', { points: pts(star), ...paint }, title(tip)));
      break;
    }
  }
  return out;
}

/** Ruins: a broken wall in grey-brown, open at two corners. */
export function ruinSymbol(p: Point, s: number, tip: string): SvgElement[] {
  const r = s * 0.15;
  const d =
    `M${num(p.x - r)} ${num(p.y + r)}L${num(p.x - r)} ${num(p.y - r * 0.2)}` +
    `M${num(p.x - r * 0.35)} ${num(p.y - r)}L${num(p.x + r)} ${num(p.y - r)}L${num(p.x + r)} ${num(p.y + r * 0.1)}` +
    `M${num(p.x + r * 0.45)} ${num(p.y + r)}L${num(p.x - r)} ${num(p.y + r)}`;
  return [el('path', { d, fill: 'none', stroke: '#5d4037', 'stroke-width': num(Math.max(1.4, s * 0.06)), 'stroke-linecap': 'round' }, title(tip))];
}

export function stopSign(p: Point, s: number, tip: string): SvgElement[] {
  const r = s * 0.16;
  const oct: Point[] = [];
  for (let k = 0; k < 8; k++) {
    const ang = ((45 * k + 22.5) * Math.PI) / 180;
    oct.push({ x: p.x + Math.cos(ang) * r, y: p.y + Math.sin(ang) * r });
  }
  return [
    el('polygon', { points: pts(oct), fill: STOP, stroke: '#ffffff', 'stroke-width': '1' }, title(tip)),
    el('rect', { x: num(p.x - r * 0.55), y: num(p.y - r * 0.18), width: num(r * 1.1), height: num(r * 0.36), fill: '#ffffff' }),
  ];
}

function arrowHead(from: Point, to: Point, len: number, colour: string): SvgElement | null {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const l = Math.hypot(dx, dy);
  if (l === 0) return null;
  const ux = dx / l;
  const uy = dy / l;
  const bx = to.x - ux * len;
  const by = to.y - uy * len;
  const w = len * 0.55;
  return el('polygon', { points: pts([to, { x: bx - uy * w, y: by + ux * w }, { x: bx + uy * w, y: by - ux * w }]), fill: colour, stroke: '#ffffff', 'stroke-width': '0.8' });
}

/** The path of one unit this turn as a polyline through the centres of the hexes it entered, or null. */
export function unitPath(u: UnitResult, pos: (c: Coord) => Point, s: number, colour: string, path: string): SvgElement | null {
  const hexes: Coord[] = [requireCoord(u.startHex, `${path}.startHex`)];
  const add = (c: Coord): void => {
    const before = hexes[hexes.length - 1] as Coord;
    if (before.col !== c.col || before.row !== c.row) hexes.push(c); // days of rest draw nothing
  };
  u.steps.forEach((st, j) => add(requireCoord(st.to, `${path}.steps[${j}].to`)));
  const jump = u.steps.length === 0 && u.startHex !== u.finalHex;
  if (jump) add(requireCoord(u.finalHex, `${path}.finalHex`));
  if (hexes.length < 2) return null;
  const points = hexes.map(pos);
  // End the line short of the last centre so the arrow head does not hide the unit there, and the
  // shaft short of the tip so its round cap does not poke through the head.
  const last = points[points.length - 1] as Point;
  const prev = points[points.length - 2] as Point;
  const l = Math.hypot(last.x - prev.x, last.y - prev.y);
  const ux = (last.x - prev.x) / l;
  const uy = (last.y - prev.y) / l;
  const cut = Math.min(s * 0.28, l / 2);
  const tip = { x: last.x - ux * cut, y: last.y - uy * cut };
  const head = s * 0.42;
  const back = Math.min(head * 0.8, l - cut);
  const shaft = pts([...points.slice(0, -1), { x: tip.x - ux * back, y: tip.y - uy * back }]);
  const first = points[0] as Point;
  const line = (stroke: string, width: number): Record<string, string> => ({
    points: shaft,
    fill: 'none',
    stroke,
    'stroke-width': num(width),
    'stroke-linejoin': 'round',
    'stroke-linecap': 'round',
  });
  return el(
    'g',
    {},
    title(`${KIND_WORDS[u.kind]} ${u.id}: ${u.startHex} to ${u.finalHex}`),
    el('polyline', { ...line('#ffffff', s * 0.2), 'stroke-opacity': '0.8' }),
    el('polyline', { ...line(colour, s * 0.11), 'stroke-dasharray': jump ? '5 3' : undefined }),
    el('circle', { cx: num(first.x), cy: num(first.y), r: num(s * 0.08), fill: colour }),
    arrowHead(prev, tip, head, colour),
  );
}
