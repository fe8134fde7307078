// The map picture of one player's view: the revealed squares of the dungeon, walls, doors (open ones
// drawn open), pits, obstacles, staircases, glyphs, tokens, the figures and the paths taken this turn.
import { parseSquare } from '@arbiter/engine';
import { escapeXml } from '@arbiter/reports';
import type { DsView } from './views.ts';

const CELL = 32;
const MARGIN = 24;

function bounds(view: DsView): { minCol: number; minRow: number; cols: number; rows: number } {
  const sq = view.areas.flatMap((a) => a.squares).map((s) => parseSquare(s)!);
  const minCol = Math.min(...sq.map((s) => s.col));
  const minRow = Math.min(...sq.map((s) => s.row));
  return { minCol, minRow, cols: Math.max(...sq.map((s) => s.col)) - minCol + 1, rows: Math.max(...sq.map((s) => s.row)) - minRow + 1 };
}

/** Where a square's centre is on the map of a view, or null where the view does not show it (built once per map). */
function pointOn(view: DsView): (square: string) => { x: number; y: number } | null {
  const shown = new Set(view.areas.flatMap((a) => a.squares));
  const b = bounds(view);
  return (s) => {
    const p = parseSquare(s);
    if (p === null || !shown.has(s)) return null;
    return { x: MARGIN + (p.col - b.minCol) * CELL + CELL / 2, y: MARGIN + (p.row - b.minRow) * CELL + CELL / 2 };
  };
}

/** The centre of each square on the map (null where the view does not show it). */
export function mapPoints(view: DsView, spaces: readonly string[]): ({ x: number; y: number } | null)[] {
  return spaces.map(pointOn(view));
}

/** How a view's squares sit on its picture: centres, top-left corners and the line of a square's side. */
interface Plot {
  at: (square: string) => { x: number; y: number } | null;
  corner: (square: string) => { x: number; y: number };
  sideLine: (a: string, c: string) => { x1: number; y1: number; x2: number; y2: number } | null;
}

function plotOf(view: DsView): Plot {
  const b = bounds(view);
  const at = pointOn(view);
  const corner = (s: string) => {
    const c = at(s)!;
    return { x: c.x - CELL / 2, y: c.y - CELL / 2 };
  };
  const sideLine = (a: string, c: string): { x1: number; y1: number; x2: number; y2: number } | null => {
    const pa = at(a);
    const pc = at(c);
    const p = pa ?? pc;
    if (p === null || p === undefined) return null;
    const q = parseSquare(a)!;
    const r = parseSquare(c)!;
    const mx = (q.col + r.col) / 2 - b.minCol;
    const my = (q.row + r.row) / 2 - b.minRow;
    const cx = MARGIN + mx * CELL + CELL / 2;
    const cy = MARGIN + my * CELL + CELL / 2;
    return q.col === r.col ? { x1: cx - CELL / 2, y1: cy, x2: cx + CELL / 2, y2: cy } : { x1: cx, y1: cy - CELL / 2, x2: cx, y2: cy + CELL / 2 };
  };
  return { at, corner, sideLine };
}

/** The revealed squares (pits black), each with its id in its corner as orders name it (stairs E7). */
function drawSquares(view: DsView, { corner }: Plot, out: string[]): void {
  const pits = new Set(view.pits);
  for (const a of view.areas) {
    for (const s of a.squares) {
      const c = corner(s);
      const fill = pits.has(s) ? '#000' : '#c9b99a';
      out.push(`<rect x="${c.x}" y="${c.y}" width="${CELL}" height="${CELL}" fill="${fill}" stroke="#8a7b62" stroke-width="1"><title>${s}</title></rect>`);
      out.push(`<text x="${c.x + 2}" y="${c.y + 8}" font-size="6.5" fill="#6b5b45">${s}</text>`);
    }
  }
}

/** What stands on the squares: obstacles, staircases, glyphs and tokens. */
function drawFurniture(view: DsView, { at, corner }: Plot, out: string[]): void {
  for (const o of view.obstacles) {
    const c = at(o.square)!;
    out.push(`<rect x="${c.x - 10}" y="${c.y - 10}" width="20" height="20" fill="${o.blocking ? '#555' : '#8b6f47'}"><title>${escapeXml(o.kind)}</title></rect>`);
  }
  for (const o of view.stairs) {
    const c = corner(o.square);
    for (let i = 1; i < 4; i++) out.push(`<line x1="${c.x + 4}" y1="${c.y + i * 8}" x2="${c.x + CELL - 4}" y2="${c.y + i * 8}" stroke="${escapeXml(o.colour)}" stroke-width="3"/>`);
  }
  for (const g of view.glyphs) {
    const c = at(g.square)!;
    out.push(`<polygon points="${c.x},${c.y - 12} ${c.x + 12},${c.y} ${c.x},${c.y + 12} ${c.x - 12},${c.y}" fill="${g.active ? '#4aa3df' : '#777'}" stroke="#123"/>`);
  }
  for (const t of view.tokens) {
    const c = corner(t.square);
    out.push(`<rect x="${c.x + 2}" y="${c.y + 2}" width="10" height="10" fill="${t.kind === 'chest' ? '#a0522d' : '#e0c030'}"><title>${escapeXml(`${t.id}: ${t.kind}`)}</title></rect>`);
  }
}

/** Walls as black lines, doors as bars (rune doors in their rune's colour, open ones dashed). */
function drawWallsAndDoors(view: DsView, { sideLine }: Plot, out: string[]): void {
  for (const [a, c] of view.walls) {
    const l = sideLine(a, c);
    if (l !== null) out.push(`<line x1="${l.x1}" y1="${l.y1}" x2="${l.x2}" y2="${l.y2}" stroke="#111" stroke-width="5"/>`);
  }
  for (const d of view.doors) {
    const l = sideLine(d.between[0], d.between[1]);
    if (l === null) continue;
    const colour = d.kind === 'rune' ? escapeXml(d.rune ?? 'red') : '#7a4a1a';
    out.push(`<line x1="${l.x1}" y1="${l.y1}" x2="${l.x2}" y2="${l.y2}" stroke="${colour}" stroke-width="7"${d.open ? ' stroke-dasharray="4 8"' : ''}><title>${escapeXml(`door ${d.id} ${d.open ? 'open' : 'closed'}`)}</title></line>`);
  }
}

/** The paths taken this turn, then the figures on their bases (a large monster over all its squares). */
function drawFigures(view: DsView, { at, corner }: Plot, out: string[]): void {
  for (const [fig, path] of Object.entries(view.paths)) {
    const pts = path.map(at).filter((p) => p !== null && p !== undefined);
    if (pts.length < 2) continue;
    const hero = view.figures.find((f) => f.id === fig)?.side === 'heroes';
    out.push(`<polyline points="${pts.map((p) => `${p!.x},${p!.y}`).join(' ')}" fill="none" stroke="${hero ? '#1f6fd1' : '#c0392b'}" stroke-width="3" stroke-dasharray="6 3"/>`);
  }
  for (const f of view.figures) {
    if (f.square === null) continue;
    const c = corner(f.square);
    const wpx = f.size[0] * CELL;
    const hpx = f.size[1] * CELL;
    const fill = f.side === 'heroes' ? '#1f6fd1' : '#c0392b';
    out.push(`<ellipse cx="${c.x + wpx / 2}" cy="${c.y + hpx / 2}" rx="${wpx / 2 - 4}" ry="${hpx / 2 - 4}" fill="${fill}" stroke="#fff"/>`);
    out.push(`<text x="${c.x + wpx / 2}" y="${c.y + hpx / 2 + 4}" font-size="7" text-anchor="middle" fill="#fff">${escapeXml(f.id.slice(0, 8))}</text>`);
  }
}

/** Who is in town, the unrevealed areas, and the legend, under the board (`h`: the picture's height). */
function drawFooter(view: DsView, h: number, out: string[]): void {
  const town = view.figures.filter((f) => f.square === null).map((f) => f.id);
  out.push(`<text x="${MARGIN}" y="${h - 30}" font-size="11" fill="#eee">${escapeXml(`In town: ${town.join(', ') || 'nobody'}. Unrevealed areas: ${view.unrevealedAreas}.`)}</text>`);
  out.push(
    `<text x="${MARGIN}" y="${h - 18}" font-size="8" fill="#ddd"><tspan fill="#5b9cf0">● heroes</tspan>  <tspan fill="#e0645a">● monsters</tspan>  black line: wall  brown bar: door (dashed: open)</text>`,
    `<text x="${MARGIN}" y="${h - 7}" font-size="8" fill="#ddd">◆ glyph  stripes: stairs  black: pit  grey/brown: obstacle  small squares: chest, search token</text>`,
  );
}

export function renderMapSvg(view: DsView, title = `Descent turn ${view.turn}: ${view.player.name}`): string {
  const b = bounds(view);
  const plot = plotOf(view);
  const w = MARGIN * 2 + b.cols * CELL;
  const h = MARGIN * 2 + b.rows * CELL + 38;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="DejaVu Sans, sans-serif">`);
  out.push(`<rect width="${w}" height="${h}" fill="#1d1b19"/>`);
  out.push(`<text x="${MARGIN}" y="16" font-size="12" fill="#eee">${escapeXml(title)}</text>`);
  drawSquares(view, plot, out);
  drawFurniture(view, plot, out);
  drawWallsAndDoors(view, plot, out);
  drawFigures(view, plot, out);
  drawFooter(view, h, out);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
