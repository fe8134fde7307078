// The map picture of one player's view: the revealed tiles with terrain, sites, heroes, enemies and the
// paths taken this turn; the open positions of the map shape as dashed outlines. Pointy-top hexes.
// Deterministic: the same view gives the same bytes (the golden test relies on it).
import { TILE_HEXES, tileHexAxial, type Axial } from '@arbiter/engine';
import { escapeXml } from '@arbiter/reports';
import type { Site, Terrain } from './terrain.ts';
import type { MkView } from './views.ts';

const SIZE = 28;
const SQRT3 = Math.sqrt(3);

const TERRAIN_FILL: Readonly<Record<Terrain, string>> = {
  plains: '#cfe3a0',
  hills: '#c9a86a',
  forest: '#4f8a4a',
  wasteland: '#a39b8b',
  desert: '#ecd58c',
  swamp: '#6f8f7a',
  lake: '#6fa8dc',
  mountain: '#8a7f7a',
};

const SITE_LABEL: Readonly<Record<Site, string>> = {
  portal: 'Portal',
  village: 'Village',
  monastery: 'Monast.',
  keep: 'Keep',
  'mage-tower': 'Tower',
  city: 'City',
  dungeon: 'Dungeon',
  tomb: 'Tomb',
  'monster-den': 'Den',
  'spawning-grounds': 'Spawn',
  'ancient-ruins': 'Ruins',
  mine: 'Mine',
  'magical-glade': 'Glade',
  'orc-camp': 'Orcs',
};

const HERO_COLOURS = ['#d62728', '#1f77b4', '#9467bd', '#ff7f0e'];

const f = (n: number) => String(Math.round(n * 10) / 10);

function centre(a: Axial): { x: number; y: number } {
  return { x: SIZE * SQRT3 * (a.q + a.r / 2), y: SIZE * 1.5 * a.r };
}

function corners(c: { x: number; y: number }): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const ang = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${f(c.x + SIZE * Math.cos(ang))},${f(c.y + SIZE * Math.sin(ang))}`);
  }
  return pts.join(' ');
}

/** Each tile position's place on the tile grid: the revealed tiles' and the open positions'. */
function positionsOf(view: MkView): Map<string, [number, number]> {
  return new Map<string, [number, number]>([...view.tiles.map((t) => [t.position, t.at] as const), ...view.openPositions.map((p) => [p.id, [p.at[0], p.at[1]] as [number, number]] as const)]);
}

/**
 * The centre of each space (`<position>.<hex>`) on the map `renderMapSvg` draws for this view: the
 * contract's `report.mapPoints` (null for a space on no position of the view's map).
 */
export function mapPoints(view: MkView, spaces: readonly string[]): ({ x: number; y: number } | null)[] {
  const atOf = positionsOf(view);
  return spaces.map((space) => {
    const [pos, hex] = space.split('.');
    const at = pos === undefined ? undefined : atOf.get(pos);
    if (at === undefined || !(TILE_HEXES as readonly string[]).includes(hex ?? '')) return null;
    return centre(tileHexAxial(at, hex as (typeof TILE_HEXES)[number]));
  });
}

export function renderMapSvg(view: MkView): string {
  const atOf = positionsOf(view);
  const spot = (space: string) => {
    const [pos, hex] = space.split('.') as [string, (typeof TILE_HEXES)[number]];
    return centre(tileHexAxial(atOf.get(pos)!, hex));
  };
  const all = [...view.tiles.map((t) => t.at), ...view.openPositions.map((p) => p.at)].flatMap((at) => TILE_HEXES.map((h) => centre(tileHexAxial(at, h))));
  const minX = Math.min(...all.map((p) => p.x)) - SIZE * 1.2;
  const minY = Math.min(...all.map((p) => p.y)) - SIZE * 1.4;
  const w = Math.max(...all.map((p) => p.x)) - minX + SIZE * 1.2;
  const h = Math.max(...all.map((p) => p.y)) - minY + SIZE * 1.4 + 24;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${f(minX)} ${f(minY)} ${f(w)} ${f(h)}" width="${f(w)}" height="${f(h)}" font-family="DejaVu Sans, sans-serif" font-size="9">`);
  out.push(`<title>${escapeXml(`Mage Knight, turn ${view.turn}: the map as ${view.player.name} sees it`)}</title>`);
  out.push('<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#000"/></marker></defs>');
  for (const p of view.openPositions) {
    out.push(`<g class="open" data-position="${p.id}">`);
    for (const hx of TILE_HEXES) out.push(`<polygon points="${corners(centre(tileHexAxial(p.at, hx)))}" fill="none" stroke="#bbb" stroke-dasharray="3,3"/>`);
    const c = centre(tileHexAxial(p.at, 'c'));
    out.push(`<text x="${f(c.x)}" y="${f(c.y + 3)}" text-anchor="middle" fill="#999">${escapeXml(p.id)}?</text></g>`);
  }
  for (const s of view.spaces) {
    const c = spot(s.id);
    out.push(`<polygon points="${corners(c)}" fill="${TERRAIN_FILL[s.terrain]}" stroke="#333" stroke-width="0.8" data-space="${s.id}"/>`);
    if (s.site !== null) {
      const label = SITE_LABEL[s.site] + (s.conquered ? '*' : '');
      out.push(`<text x="${f(c.x)}" y="${f(c.y - SIZE * 0.45)}" text-anchor="middle" font-weight="bold">${escapeXml(label)}</text>`);
    }
    out.push(`<text x="${f(c.x)}" y="${f(c.y + SIZE * 0.75)}" text-anchor="middle" fill="#222" font-size="7">${s.id}</text>`);
  }
  for (const t of view.tiles) {
    const c = centre(tileHexAxial(t.at, 'c'));
    out.push(`<text x="${f(c.x)}" y="${f(c.y + 3)}" text-anchor="middle" fill="#fff" stroke="#000" stroke-width="0.3" font-size="11">${escapeXml(t.tile)}</text>`);
  }
  view.heroes.forEach((hero, i) => {
    const path = view.paths[hero.id];
    if (path === undefined || path.length < 2) return;
    const pts = path.map((s, k) => {
      const c = spot(s);
      return `${f(c.x + (i - 1.5) * 3)},${f(c.y + (i - 1.5) * 3 + (k === 0 ? 0 : 0))}`;
    });
    out.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${HERO_COLOURS[i % 4]}" stroke-width="2.5" marker-end="url(#arrow)" data-path="${hero.id}"/>`);
  });
  for (const e of view.enemies) {
    const c = spot(e.space);
    out.push(`<circle cx="${f(c.x)}" cy="${f(c.y)}" r="${f(SIZE * 0.38)}" fill="#2e7d32" stroke="#000" data-enemy="${e.kind}"/>`);
    out.push(`<text x="${f(c.x)}" y="${f(c.y + 3)}" text-anchor="middle" fill="#fff">${e.kind === 'draconum' ? 'Dr' : 'Orc'}</text>`);
  }
  view.heroes.forEach((hero, i) => {
    if (hero.space === null) return;
    const c = spot(hero.space);
    const dx = (i - 1.5) * 7;
    out.push(`<circle cx="${f(c.x + dx)}" cy="${f(c.y + 6)}" r="6" fill="${HERO_COLOURS[i % 4]}" stroke="#fff" data-hero="${hero.id}"/>`);
    out.push(`<text x="${f(c.x + dx)}" y="${f(c.y + 9)}" text-anchor="middle" fill="#fff" font-size="8">${escapeXml(hero.name.slice(0, 1).toUpperCase())}</text>`);
  });
  const legend = view.heroes.map((hero, i) => `<tspan fill="${HERO_COLOURS[i % 4]}">${escapeXml(hero.name)}${hero.space === null ? ' (off the map)' : ''}</tspan>`).join('  ');
  out.push(`<text x="${f(minX + 6)}" y="${f(minY + h - 8)}" font-size="10">${view.time === 'day' ? 'Day' : 'Night'}, turn ${view.turn}: ${legend}</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
