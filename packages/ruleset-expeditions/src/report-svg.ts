// The map picture of one player's view: the location graph (edges as lines), Basecamp, the locations
// (face up with their corruption, face down as dark hexagons marked "?"), the five face-up cards, the
// mechs and the moves taken this turn as arrows. Deterministic: the same view gives the same bytes.
import { escapeXml } from '@arbiter/reports';
import type { MapPoint } from './types.ts';
import type { ExView } from './views.ts';

const R = 22;
const MECH_COLOURS = ['#d62728', '#1f77b4', '#2ca02c', '#9467bd', '#ff7f0e'];
const REGION_FILL: Readonly<Record<string, string>> = { south: '#e8d9a8', central: '#c9dba0', north: '#c4d7e8' };
const f = (n: number) => String(Math.round(n * 10) / 10);

function hexagon([x, y]: MapPoint, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${f(x + r * Math.cos(a))},${f(y + r * Math.sin(a))}`);
  }
  return pts.join(' ');
}

/** Where each space sits on the picture (the scenario's `at`), or null for an unknown space. */
export function pointsOf(view: ExView): Map<string, MapPoint> {
  return new Map<string, MapPoint>([['basecamp', view.basecamp.at], ...view.locations.map((l) => [l.id, l.at] as [string, MapPoint]), ...view.cards.map((c) => [c.id, c.at] as [string, MapPoint])]);
}

/** The contract's `mapPoints`: where each space (formatted id) sits on the map, or null. */
export function mapPoints(view: ExView, spaces: readonly string[]): ({ x: number; y: number } | null)[] {
  const at = pointsOf(view);
  return spaces.map((s) => {
    const p = at.get(s);
    return p === undefined ? null : { x: p[0], y: p[1] };
  });
}

export function renderMapSvg(view: ExView, title?: string): string {
  const at = pointsOf(view);
  const all = [...at.values()];
  const minX = Math.min(...all.map((p) => p[0])) - R * 2;
  const minY = Math.min(...all.map((p) => p[1])) - R * 2;
  const w = Math.max(...all.map((p) => p[0])) - minX + R * 2;
  const h = Math.max(...all.map((p) => p[1])) - minY + R * 2 + 20;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${f(minX)} ${f(minY)} ${f(w)} ${f(h)}" width="${f(w)}" height="${f(h)}" font-family="DejaVu Sans, sans-serif" font-size="9">`);
  out.push(`<title>${escapeXml(title ?? `Expeditions, turn ${view.turn}: the map as ${view.player.name} sees it`)}</title>`);
  out.push('<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#000"/></marker></defs>');
  const edges = new Set<string>();
  const edge = (a: string, b: string) => {
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (edges.has(key)) return;
    edges.add(key);
    const p = at.get(a)!;
    const q = at.get(b)!;
    out.push(`<line x1="${f(p[0])}" y1="${f(p[1])}" x2="${f(q[0])}" y2="${f(q[1])}" stroke="#999" stroke-width="1"/>`);
  };
  for (const n of view.basecamp.neighbours) edge('basecamp', n);
  for (const l of view.locations) for (const n of l.neighbours) edge(l.id, n);
  for (const c of view.cards) for (const n of c.neighbours) edge(c.id, n);
  const [bx, by] = view.basecamp.at;
  out.push(`<rect x="${f(bx - R * 1.4)}" y="${f(by - R * 0.7)}" width="${f(R * 2.8)}" height="${f(R * 1.4)}" fill="#ddd" stroke="#333" data-space="basecamp"/>`);
  out.push(`<text x="${f(bx)}" y="${f(by + 3)}" text-anchor="middle" font-weight="bold">Basecamp</text>`);
  for (const l of view.locations) {
    const [x, y] = l.at;
    if (l.faceUp) {
      out.push(`<polygon points="${hexagon(l.at, R)}" fill="${REGION_FILL[l.region] ?? '#eee'}" stroke="#333" data-space="${l.id}" data-face="up"/>`);
      const total = l.corruption.reduce((a, c) => a + c.value, 0);
      out.push(`<text x="${f(x)}" y="${f(y - 6)}" text-anchor="middle" font-weight="bold" font-size="11">${l.id}</text>`);
      out.push(`<text x="${f(x)}" y="${f(y + 14)}" text-anchor="middle" font-size="7">${total}/${l.corruptionLevel}+</text>`);
    } else {
      out.push(`<polygon points="${hexagon(l.at, R)}" fill="#555" stroke="#222" data-space="${l.id}" data-face="down"/>`);
      out.push(`<text x="${f(x)}" y="${f(y - 6)}" text-anchor="middle" fill="#fff" font-weight="bold" font-size="11">${l.id}</text>`);
      out.push(`<text x="${f(x)}" y="${f(y + 14)}" text-anchor="middle" fill="#fff" font-size="9">?</text>`);
    }
  }
  for (const c of view.cards) {
    const [x, y] = c.at;
    out.push(`<rect x="${f(x - R * 0.7)}" y="${f(y - R)}" width="${f(R * 1.4)}" height="${f(R * 2)}" rx="3" fill="#fff4d6" stroke="#8a6d1a" data-card="${c.id}"/>`);
    out.push(`<text x="${f(x)}" y="${f(y + 3)}" text-anchor="middle" font-size="6">${escapeXml(c.card.length > 12 ? `${c.card.slice(0, 11)}…` : c.card)}</text>`);
  }
  view.mechs.forEach((m, i) => {
    const path = view.paths[m.id];
    if (path === undefined || path.length < 2) return;
    const pts = path.map((s) => at.get(s)!).map(([x, y]) => `${f(x + (i - 2) * 2)},${f(y + (i - 2) * 2)}`);
    out.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${MECH_COLOURS[i % 5]}" stroke-width="2.5" marker-end="url(#arrow)" data-path="${m.id}"/>`);
  });
  view.mechs.forEach((m, i) => {
    const [x, y] = at.get(m.at)!;
    const dx = m.at === 'basecamp' ? (i - (view.mechs.length - 1) / 2) * 12 : 0;
    out.push(`<circle cx="${f(x + dx)}" cy="${f(y + 4)}" r="6" fill="${MECH_COLOURS[i % 5]}" stroke="#fff" data-mech="${m.id}"/>`);
    out.push(`<text x="${f(x + dx)}" y="${f(y + 7)}" text-anchor="middle" fill="#fff" font-size="8">${escapeXml(m.id.slice(0, 1).toUpperCase())}</text>`);
  });
  const legend = view.mechs.map((m, i) => `<tspan fill="${MECH_COLOURS[i % 5]}">${escapeXml(m.id)}</tspan>`).join('  ');
  out.push(`<text x="${f(minX + 6)}" y="${f(minY + h - 8)}" font-size="10">Turn ${view.turn}, bag ${view.bag}: ${legend}</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
