// What the client draws over a ruleset's map (docs/web.md): the planned paths of the checked orders, and
// for orders by the map the units to pick and the spaces the picked unit can reach next. Every point
// comes from the server in the map's own coordinates; the client knows no board.
import type { MapPath } from '../types.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The planned path's colour: cyan on a dark edge, unlike any report's own arrows (black, reds, nation colours). */
export const PATH_COLOUR = '#00a6c8';
const PATH_EDGE = '#06303a';

export interface MapPicks {
  units: { unit: string; x: number; y: number; selected: boolean }[];
  next: { space: string; x: number; y: number; cost: string | null }[];
  unitWord: string;
  onUnit(unit: string): void;
  onSpace(space: string): void;
}

function el(name: string, attrs: Record<string, string | number>, parent: Element): SVGElement {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent.append(e);
  return e;
}

function layer(svg: SVGSVGElement, name: string): SVGGElement {
  svg.querySelector(`g[data-overlay="${name}"]`)?.remove();
  const g = document.createElementNS(SVG_NS, 'g');
  g.setAttribute('data-overlay', name);
  svg.append(g);
  return g;
}

export function drawPaths(svg: SVGSVGElement, paths: readonly MapPath[]): void {
  const g = layer(svg, 'paths');
  g.setAttribute('pointer-events', 'none');
  for (const p of paths) {
    if (p.points.length === 0) continue;
    const pg = el('g', { 'data-unit': p.unit }, g);
    const pts = p.points.map((q) => `${q.x},${q.y}`).join(' ');
    el('polyline', { points: pts, fill: 'none', stroke: PATH_EDGE, 'stroke-width': 7, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', opacity: 0.55 }, pg);
    el('polyline', { class: 'path-line', points: pts, fill: 'none', stroke: PATH_COLOUR, 'stroke-width': 4, 'stroke-dasharray': '9 5', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, pg);
    p.points.forEach((q, i) => {
      const last = i === p.points.length - 1;
      el('circle', { cx: q.x, cy: q.y, r: last ? 6.5 : 3.5, fill: last ? '#ffffff' : PATH_COLOUR, stroke: PATH_EDGE, 'stroke-width': 2 }, pg);
    });
    const end = p.points[p.points.length - 1]!;
    const label = el('text', { x: end.x + 8, y: end.y - 8, 'font-size': 12, 'font-weight': 'bold', fill: PATH_EDGE, stroke: '#ffffff', 'stroke-width': 3, 'paint-order': 'stroke' }, pg);
    label.textContent = p.unit;
  }
}

/** A focusable pick on the map: a click, a tap, Enter or Space chooses it. */
function pick(parent: Element, attrs: Record<string, string | number>, label: string, data: Record<string, string>, choose: () => void): SVGElement {
  const c = el('circle', { ...attrs, tabindex: 0, role: 'button', 'aria-label': label, class: 'map-pick' }, parent);
  for (const [k, v] of Object.entries(data)) c.setAttribute(`data-${k}`, v);
  const title = document.createElementNS(SVG_NS, 'title');
  title.textContent = label;
  c.append(title);
  c.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      choose();
    }
  });
  return c;
}

export function drawPicks(svg: SVGSVGElement, picks: MapPicks | null): void {
  const g = layer(svg, 'picks');
  if (picks === null) return;
  // Units on one space are spread round it, so that each can be picked.
  const stacks = new Map<string, number>();
  for (const u of picks.units) stacks.set(`${u.x},${u.y}`, (stacks.get(`${u.x},${u.y}`) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const u of picks.units) {
    const key = `${u.x},${u.y}`;
    const n = stacks.get(key)!;
    const i = seen.get(key) ?? 0;
    seen.set(key, i + 1);
    const a = (2 * Math.PI * i) / n - Math.PI / 2;
    const x = n === 1 ? u.x : u.x + 11 * Math.cos(a);
    const y = n === 1 ? u.y : u.y + 11 * Math.sin(a);
    const r = n === 1 ? 12 : 7;
    // Not in the pointer's way: the map's own marker below keeps its title; a click near it picks it (unitNear).
    pick(g, { 'pointer-events': 'none', cx: x, cy: y, r: u.selected ? r + 2 : r, fill: 'transparent', stroke: u.selected ? PATH_COLOUR : PATH_EDGE, 'stroke-width': u.selected ? 4 : 2, 'stroke-dasharray': u.selected ? '' : '4 3' }, `Choose ${picks.unitWord} ${u.unit}`, { unit: u.unit }, () => picks.onUnit(u.unit));
  }
  for (const s of picks.next) {
    pick(g, { cx: s.x, cy: s.y, r: 10, fill: PATH_COLOUR, 'fill-opacity': 0.35, stroke: PATH_EDGE, 'stroke-width': 2 }, `Step to ${s.space}${s.cost === null ? '' : ` (${s.cost})`}`, { space: s.space }, () => picks.onSpace(s.space));
  }
}

/** The unit pick nearest to a point of the page (within its circle and a little more), if any. */
export function unitNear(svg: SVGSVGElement, clientX: number, clientY: number): string | null {
  const m = svg.getScreenCTM()?.inverse();
  if (!m) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(m);
  let best: { unit: string; d: number } | null = null;
  for (const c of svg.querySelectorAll('.map-pick[data-unit]')) {
    const d = Math.hypot(Number(c.getAttribute('cx')) - p.x, Number(c.getAttribute('cy')) - p.y);
    if (d <= Number(c.getAttribute('r')) + 4 && (best === null || d < best.d)) best = { unit: c.getAttribute('data-unit')!, d };
  }
  return best?.unit ?? null;
}

/** The pick (a unit or a next space) an event's target is, if any. */
export function pickOf(target: EventTarget | null): { unit?: string; space?: string } | null {
  const e = target instanceof Element ? target.closest('.map-pick') : null;
  if (e === null) return null;
  const unit = e.getAttribute('data-unit');
  const space = e.getAttribute('data-space');
  return { ...(unit === null ? {} : { unit }), ...(space === null ? {} : { space }) };
}
