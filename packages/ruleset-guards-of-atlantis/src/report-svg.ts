// The map picture as SVG: the hexes shaded by zone (terrain dark, water blue, the battle zone outlined),
// each zone's letter, spawn points, tokens, minions, heroes and the moves taken this turn.
import { parseHexId } from '@arbiter/engine';
import { escapeXml } from '@arbiter/reports';
import { boardOfRows, zonedHexes } from './board.ts';
import type { GoaView } from './views.ts';

const R = 20;
const W = Math.sqrt(3) * R;
const PAD = 24;
const TOP = 40;
const ZONE_FILLS = ['#e8dcb5', '#cfe3c1', '#d9cde8', '#f1d0c4', '#c9dfe6', '#ece3a8', '#dcd2c2', '#c8d8c0'];
const TEAM = { red: '#c0392b', blue: '#2e6db4' } as const;

const f = (n: number): string => n.toFixed(1);

/** Where a hex's centre is on the map, in the SVG's user units. */
export function hexCentre(hex: string): { x: number; y: number } {
  const c = parseHexId(hex);
  if (c === null) throw new RangeError(`map: ${hex} is not a hex id`);
  return { x: PAD + (c.col - 1) * W + (c.row % 2 === 0 ? W / 2 : 0) + W / 2, y: TOP + (c.row - 1) * 1.5 * R + R };
}

function corners(x: number, y: number, r: number): string {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return `${f(x + r * Math.cos(a))},${f(y + r * Math.sin(a))}`;
  }).join(' ');
}

export function mapPoints(view: GoaView, spaces: readonly string[]): ({ x: number; y: number } | null)[] {
  const board = boardOfRows(view.rows);
  return spaces.map((s) => (board.has(s) ? hexCentre(s) : null));
}

export function renderMapSvg(view: GoaView, title: string): string {
  const hexes = zonedHexes(view.rows);
  const zones = [...new Set(hexes.map((h) => h.zone).filter((z): z is string => z !== null))].sort();
  const fill = new Map(zones.map((z, i) => [z, ZONE_FILLS[i % ZONE_FILLS.length] as string]));
  let maxX = 0;
  let maxY = 0;
  const out: string[] = [];
  for (const h of hexes) {
    const { x, y } = hexCentre(h.hex);
    maxX = Math.max(maxX, x + W / 2);
    maxY = Math.max(maxY, y + R);
    const colour = h.zone === null ? '#9cc3e0' : h.terrain === true ? '#6b6257' : (fill.get(h.zone) as string);
    const stroke = h.zone !== null && h.zone === view.battleZone ? '#8b1a1a' : '#7a7a7a';
    out.push(`<polygon points="${corners(x, y, R - 0.5)}" fill="${colour}" stroke="${stroke}" stroke-width="${stroke === '#7a7a7a' ? 1 : 2}"><title>${h.hex}${h.zone === null ? ' water' : ` zone ${h.zone}${h.terrain === true ? ' terrain' : ''}`}</title></polygon>`);
    // The hex's id, as orders name it (fast travel 0405), under the pieces drawn later.
    out.push(`<text x="${f(x)}" y="${f(y + R * 0.72)}" font-size="6.5" text-anchor="middle" fill="${h.terrain === true ? '#eee' : '#555'}">${h.hex}</text>`);
  }
  for (const z of zones) {
    const members = hexes.filter((h) => h.zone === z && h.terrain !== true).map((h) => hexCentre(h.hex));
    if (members.length === 0) continue;
    const cx = members.reduce((s, p) => s + p.x, 0) / members.length;
    const top = Math.min(...members.map((p) => p.y));
    out.push(`<text x="${f(cx)}" y="${f(top - R * 0.35)}" font-size="11" text-anchor="middle" fill="#333">${escapeXml(z === view.battleZone ? `${z} (battle)` : z)}</text>`);
  }
  for (const s of view.spawnPoints) {
    const { x, y } = hexCentre(s.hex);
    out.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(R * 0.7)}" fill="none" stroke="${TEAM[s.team]}" stroke-dasharray="3 2"/>`);
  }
  for (const [hero, path] of Object.entries(view.paths).sort(([a], [b]) => a.localeCompare(b))) {
    const team = view.heroes.find((h) => h.id === hero)?.team ?? 'red';
    out.push(`<polyline points="${path.map((p) => { const c = hexCentre(p); return `${f(c.x)},${f(c.y)}`; }).join(' ')}" fill="none" stroke="${TEAM[team]}" stroke-width="3" stroke-opacity="0.6" stroke-linejoin="round"/>`);
  }
  for (const t of view.tokens) {
    const { x, y } = hexCentre(t.at);
    out.push(`<polygon points="${f(x)},${f(y - 9)} ${f(x + 8)},${f(y + 6)} ${f(x - 8)},${f(y + 6)}" fill="#444"><title>${escapeXml(`${t.kind} token ${t.id}`)}</title></polygon>`);
  }
  for (const m of view.minions) {
    const { x, y } = hexCentre(m.at);
    out.push(`<rect x="${f(x - 7)}" y="${f(y - 7)}" width="14" height="14" fill="${TEAM[m.team]}"><title>${escapeXml(`${m.team} minion ${m.id}`)}</title></rect>`);
  }
  for (const h of view.heroes) {
    const { x, y } = hexCentre(h.at);
    out.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(R * 0.6)}" fill="${TEAM[h.team]}" stroke="${h.id === view.hero ? '#000' : '#fff'}" stroke-width="2"><title>${escapeXml(`${h.name} (${h.team})`)}</title></circle>`);
    out.push(`<text x="${f(x)}" y="${f(y + 4)}" font-size="11" text-anchor="middle" fill="#fff">${escapeXml(h.name.slice(0, 2))}</text>`);
  }
  const width = Math.max(Math.ceil(maxX + PAD), 420);
  const legendY = Math.ceil(maxY + 20);
  const height = legendY + 28;
  out.push(
    `<text x="${PAD}" y="${legendY}" font-size="10" fill="#222"><tspan fill="${TEAM.red}">● red</tspan> and <tspan fill="${TEAM.blue}">● blue</tspan> heroes, ■ minions, ▲ tokens, dashed rings: spawn points</text>`,
    `<text x="${PAD}" y="${legendY + 14}" font-size="10" fill="#222">dark hexes: terrain, blue: water, red outline: the battle zone; lines: this turn's moves</text>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#fbfaf6"/>`,
    `<text x="${PAD}" y="24" font-size="14" fill="#222">${escapeXml(title)}</text>`,
    ...out,
    '</svg>',
    '',
  ].join('\n');
}

/** The board's zone adjacency in words (the text report's map legend). */
export function zoneAdjacency(view: GoaView): string[] {
  const board = boardOfRows(view.rows);
  const zones = [...new Set(zonedHexes(view.rows).map((h) => h.zone).filter((z): z is string => z !== null))].sort();
  return zones.map((z) => `zone ${z}: adjacent to ${board.adjacentZones(z).join(', ') || 'none'}`);
}
