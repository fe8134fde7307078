// The nation's map window as SVG: pointy-top hexes in the engine's even-r geometry, terrain colours,
// river sides on the hex edges, roads, bridges and fords, population centres, own and sighted units,
// each own unit's path this turn with an arrow, stop markers, hex ids, and a legend.
// Deterministic: the same view and options always give the same bytes (golden tests rely on it).
import { HEX_SIDES } from '@arbiter/engine';
import type {
  Direction,
  Fortification,
  HexId,
  HexsideFeature,
  NationId,
  NationView,
  PopulationCentreSize,
  Terrain,
  UnitResult,
} from '../types.ts';
import { escapeXml } from '@arbiter/reports';
import {
  type Coord,
  type Point,
  DIRECTIONS,
  centre,
  coordKey,
  coordOf,
  corners,
  hexWidth,
  neighbour,
  num,
  opposite,
  requireCoord,
  sideEnds,
} from './geometry.ts';
import { FEATURE_ORDER, KIND_WORDS, SIZE_WORDS, TERRAIN_WORDS, fortificationWords, sightingWords } from './model.ts';

export interface MapSvgOptions {
  /** Hex circumradius in pixels (default 24). */
  hexSize?: number;
  /** Label every hex with its id (default true). */
  hexIds?: boolean;
  /** Draw the legend to the right of the map (default true). */
  legend?: boolean;
  /** Title above the map (default "<nation>, turn <n>"). */
  title?: string;
  /** The reader's nation in words (default its id). */
  nationName?: string;
  /** Other nations' names for the legend and tooltips. */
  nationNames?: Readonly<Record<NationId, string>>;
}

export const TERRAIN_COLOURS: Record<Terrain, string> = {
  shore: '#e9dfa8',
  plains: '#cfe3a0',
  hills: '#c8a96e',
  forest: '#6f9e5a',
  desert: '#ecd79b',
  swamp: '#8fae9a',
  mountains: '#9c8b7c',
  coast: '#a9d3ee',
  sea: '#6d9fd6',
};

const TERRAIN_ORDER: readonly Terrain[] = ['plains', 'shore', 'hills', 'forest', 'desert', 'swamp', 'mountains', 'coast', 'sea'];

const OWN_COLOUR = '#1f5fbf';
const FOREIGN_COLOURS = ['#c62828', '#6a1b9a', '#ef6c00', '#4e342e', '#ad1457', '#00838f', '#827717', '#37474f'];
const PATH_COLOURS = ['#0d47a1', '#d81b60', '#00897b', '#6a1b9a', '#e65100', '#2e7d32', '#5d4037', '#c62828', '#283593', '#00838f'];
const MINOR_RIVER = '#2f7fd8';
const MAJOR_RIVER = '#143f8f';
const ROAD = '#8b5a2b';
const STOP = '#d32f2f';

const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';
const MARGIN = 10;
const TITLE_HEIGHT = 24;
const LEGEND_WIDTH = 200;
const LEGEND_ROW = 15;

interface Marker {
  kind: 'army' | 'navy' | 'character';
  own: boolean;
  colour: string;
  destroyed: boolean;
  label: string;
  title: string;
}

interface Side {
  a: Coord;
  d: Direction;
  features: Set<HexsideFeature>;
}

function pts(points: Point[]): string {
  return points.map((p) => `${num(p.x)},${num(p.y)}`).join(' ');
}

/** The outline of a hex after its top corner, in relative moves: the same string for every hex of a size. */
function hexOutline(s: number): string {
  const pts = corners({ x: 0, y: 0 }, s);
  let d = '';
  for (let k = 1; k < HEX_SIDES; k++) {
    const a = pts[k - 1] as Point;
    const b = pts[k] as Point;
    d += `l${num(b.x - a.x)} ${num(b.y - a.y)}`;
  }
  return `${d}z`;
}

function nationName(nation: NationId, view: NationView, options: MapSvgOptions): string {
  if (nation === view.nation) return options.nationName ?? nation;
  const names = options.nationNames;
  if (names !== undefined && Object.hasOwn(names, nation)) {
    const n = names[nation];
    if (typeof n === 'string' && n !== '') return n;
  }
  return nation;
}

function truncate(s: string, n: number): string {
  const chars = [...s];
  return chars.length <= n ? s : `${chars.slice(0, n - 1).join('')}\u2026`;
}

/** One unit marker: square army, boat navy, round character; a cross over a destroyed unit. */
function marker(m: Marker, x: number, y: number, s: number): string {
  const r = s * 0.15;
  const stroke = m.own ? '#ffffff' : '#111111';
  const title = `<title>${escapeXml(m.title)}</title>`;
  let shape: string;
  switch (m.kind) {
    case 'army':
      shape = `<rect x="${num(x - r)}" y="${num(y - r)}" width="${num(2 * r)}" height="${num(2 * r)}" fill="${m.colour}" stroke="${stroke}" stroke-width="1">${title}</rect>`;
      break;
    case 'navy':
      shape = `<path d="M${num(x - r * 1.3)} ${num(y - r * 0.5)}L${num(x + r * 1.3)} ${num(y - r * 0.5)}L${num(x + r * 0.7)} ${num(y + r)}L${num(x - r * 0.7)} ${num(y + r)}Z" fill="${m.colour}" stroke="${stroke}" stroke-width="1">${title}</path>`;
      break;
    case 'character':
      shape = `<circle cx="${num(x)}" cy="${num(y)}" r="${num(r * 0.9)}" fill="${m.colour}" stroke="${stroke}" stroke-width="1">${title}</circle>`;
      break;
  }
  if (m.destroyed) {
    const k = r * 1.4;
    shape += `<path d="M${num(x - k)} ${num(y - k)}L${num(x + k)} ${num(y + k)}M${num(x - k)} ${num(y + k)}L${num(x + k)} ${num(y - k)}" stroke="#000000" stroke-width="2"/>`;
  }
  return shape;
}

function populationCentre(size: PopulationCentreSize, fort: Fortification, p: Point, s: number, colour: string, title: string): string {
  const out: string[] = [];
  const t = `<title>${escapeXml(title)}</title>`;
  if (fort !== 'none') {
    out.push(`<circle cx="${num(p.x)}" cy="${num(p.y)}" r="${num(s * 0.34)}" fill="#ffffff" fill-opacity="0.55" stroke="#111111" stroke-width="2" stroke-dasharray="3 1.5"/>`);
  }
  const a = `fill="${colour}" stroke="#111111" stroke-width="1"`;
  switch (size) {
    case 'camp': {
      const r = s * 0.17;
      out.push(`<polygon points="${pts([{ x: p.x, y: p.y - r }, { x: p.x + r, y: p.y + r * 0.8 }, { x: p.x - r, y: p.y + r * 0.8 }])}" ${a}>${t}</polygon>`);
      break;
    }
    case 'village':
      out.push(`<circle cx="${num(p.x)}" cy="${num(p.y)}" r="${num(s * 0.13)}" ${a}>${t}</circle>`);
      break;
    case 'town': {
      const r = s * 0.14;
      out.push(`<rect x="${num(p.x - r)}" y="${num(p.y - r)}" width="${num(2 * r)}" height="${num(2 * r)}" ${a}>${t}</rect>`);
      break;
    }
    case 'major-town': {
      const r = s * 0.19;
      out.push(`<rect x="${num(p.x - r)}" y="${num(p.y - r)}" width="${num(2 * r)}" height="${num(2 * r)}" ${a}>${t}</rect>`);
      out.push(`<circle cx="${num(p.x)}" cy="${num(p.y)}" r="${num(r * 0.35)}" fill="#ffffff"/>`);
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
      out.push(`<polygon points="${pts(star)}" ${a}>${t}</polygon>`);
      break;
    }
  }
  return out.join('');
}

function stopSign(p: Point, s: number, title: string): string {
  const r = s * 0.16;
  const oct: Point[] = [];
  for (let k = 0; k < 8; k++) {
    const ang = ((45 * k + 22.5) * Math.PI) / 180;
    oct.push({ x: p.x + Math.cos(ang) * r, y: p.y + Math.sin(ang) * r });
  }
  return `<polygon points="${pts(oct)}" fill="${STOP}" stroke="#ffffff" stroke-width="1"><title>${escapeXml(title)}</title></polygon><rect x="${num(p.x - r * 0.55)}" y="${num(p.y - r * 0.18)}" width="${num(r * 1.1)}" height="${num(r * 0.36)}" fill="#ffffff"/>`;
}

function arrowHead(from: Point, to: Point, len: number, colour: string): string {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const l = Math.hypot(dx, dy);
  if (l === 0) return '';
  const ux = dx / l;
  const uy = dy / l;
  const bx = to.x - ux * len;
  const by = to.y - uy * len;
  const w = len * 0.55;
  return `<polygon points="${pts([to, { x: bx - uy * w, y: by + ux * w }, { x: bx + uy * w, y: by - ux * w }])}" fill="${colour}" stroke="#ffffff" stroke-width="0.8"/>`;
}

/** The path of one unit this turn as a polyline through the centres of the hexes it entered. */
function unitPath(u: UnitResult, pos: (c: Coord) => Point, s: number, colour: string, path: string): string {
  const hexes: Coord[] = [requireCoord(u.startHex, `${path}.startHex`)];
  const add = (c: Coord): void => {
    const before = hexes[hexes.length - 1] as Coord;
    if (before.col !== c.col || before.row !== c.row) hexes.push(c); // days of rest draw nothing
  };
  u.steps.forEach((st, j) => add(requireCoord(st.to, `${path}.steps[${j}].to`)));
  const jump = u.steps.length === 0 && u.startHex !== u.finalHex;
  if (jump) add(requireCoord(u.finalHex, `${path}.finalHex`));
  if (hexes.length < 2) return '';
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
  const shaft = [...points.slice(0, -1), { x: tip.x - ux * back, y: tip.y - uy * back }];
  const dash = jump ? ' stroke-dasharray="5 3"' : '';
  const first = points[0] as Point;
  return (
    `<g><title>${escapeXml(`${KIND_WORDS[u.kind]} ${u.id}: ${u.startHex} to ${u.finalHex}`)}</title>` +
    `<polyline points="${pts(shaft)}" fill="none" stroke="#ffffff" stroke-width="${num(s * 0.2)}" stroke-linejoin="round" stroke-linecap="round" stroke-opacity="0.8"/>` +
    `<polyline points="${pts(shaft)}" fill="none" stroke="${colour}" stroke-width="${num(s * 0.11)}" stroke-linejoin="round" stroke-linecap="round"${dash}/>` +
    `<circle cx="${num(first.x)}" cy="${num(first.y)}" r="${num(s * 0.08)}" fill="${colour}"/>` +
    arrowHead(prev, tip, head, colour) +
    '</g>'
  );
}

interface Collected {
  coords: Map<HexId, Coord>;
}

function collectHexes(view: NationView): Collected {
  const coords = new Map<HexId, Coord>();
  const add = (id: HexId, path: string): void => {
    if (!coords.has(id)) coords.set(id, requireCoord(id, path));
  };
  view.map.hexes.forEach((h, i) => add(h.hex, `view.map.hexes[${i}].hex`));
  view.units.forEach((u, i) => {
    add(u.startHex, `view.units[${i}].startHex`);
    add(u.finalHex, `view.units[${i}].finalHex`);
    u.steps.forEach((s, j) => {
      add(s.from, `view.units[${i}].steps[${j}].from`);
      add(s.to, `view.units[${i}].steps[${j}].to`);
    });
    if (u.stop !== null) add(u.stop.hex, `view.units[${i}].stop.hex`);
  });
  view.sightings.forEach((s, i) => add(s.hex, `view.sightings[${i}].hex`));
  view.populationCentres.forEach((p, i) => add(p.hex, `view.populationCentres[${i}].hex`));
  return { coords };
}

function legendRow(y: number, symbol: string, label: string): string {
  return `${symbol}<text x="36" y="${num(y + 4)}">${escapeXml(label)}</text>`;
}

interface Frame {
  coords: Map<HexId, Coord>;
  mapW: number;
  mapH: number;
  /** A hex's centre in the document's coordinates. */
  pos(c: Coord): Point;
  /** No hex to draw. */
  empty: boolean;
}

/** Where the map window lies in the document: the drawn hexes' bounds, and each hex's centre. */
function mapFrame(view: NationView, s: number): Frame {
  const { coords } = collectHexes(view);
  // Bounds of the drawn hexes.
  const w = hexWidth(s);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const c of coords.values()) {
    const p = centre(c, s);
    minX = Math.min(minX, p.x - w / 2);
    maxX = Math.max(maxX, p.x + w / 2);
    minY = Math.min(minY, p.y - s);
    maxY = Math.max(maxY, p.y + s);
  }
  const empty = coords.size === 0;
  if (empty) {
    minX = 0;
    minY = 0;
    maxX = 260;
    maxY = 60;
  }
  const mapW = maxX - minX;
  const mapH = maxY - minY;
  const ox = MARGIN - minX;
  const oy = MARGIN + TITLE_HEIGHT - minY;
  const pos = (c: Coord): Point => {
    const p = centre(c, s);
    return { x: p.x + ox, y: p.y + oy };
  };
  return { coords, mapW, mapH, pos, empty };
}

/**
 * The centres of hexes, in the coordinates of the document renderMapSvg(view, options) draws (same hex
 * size): for drawing over that map, e.g. an order's path. A hex outside the window still gets its place;
 * an id that is not a hex id gets null.
 */
export function mapPoints(view: NationView, hexes: readonly string[], options: Pick<MapSvgOptions, 'hexSize'> = {}): (Point | null)[] {
  const { pos } = mapFrame(view, options.hexSize ?? 24);
  return hexes.map((id) => {
    const c = coordOf(id);
    return c === null ? null : pos(c);
  });
}

/** Renders a nation's map window as a standalone SVG document. */
export function renderMapSvg(view: NationView, options: MapSvgOptions = {}): string {
  const s = options.hexSize ?? 24;
  if (!(Number.isFinite(s) && s >= 8 && s <= 200)) {
    throw new Error(`renderMapSvg: hexSize must be a number from 8 to 200, got ${String(options.hexSize)}`);
  }
  const showIds = options.hexIds ?? true;
  const showLegend = options.legend ?? true;
  const title = options.title ?? `${nationName(view.nation, view, options)}, turn ${view.turn}`;
  const { coords, mapW, mapH, pos, empty } = mapFrame(view, s);
  // Foreign nations get colours in the order of their ids, so the same view always looks the same.
  const foreign = [
    ...new Set([...view.sightings.map((x) => x.nation), ...view.populationCentres.map((p) => p.nation)]),
  ]
    .filter((n) => n !== view.nation)
    .sort();
  const colourOf = (n: NationId): string =>
    n === view.nation ? OWN_COLOUR : (FOREIGN_COLOURS[foreign.indexOf(n) % FOREIGN_COLOURS.length] as string);

  const body: string[] = [];
  // Terrain: one path per terrain type keeps the document small and fast to rasterise.
  const byTerrain = new Map<Terrain, string[]>();
  const outline = hexOutline(s);
  for (const h of view.map.hexes) {
    const p = pos(coords.get(h.hex) as Coord);
    const d = `M${num(p.x)} ${num(p.y - s)}${outline}`;
    let list = byTerrain.get(h.terrain);
    if (list === undefined) {
      list = [];
      byTerrain.set(h.terrain, list);
    }
    list.push(d);
  }
  const presentTerrains = TERRAIN_ORDER.filter((t) => byTerrain.has(t));
  for (const t of presentTerrains) {
    body.push(`<path d="${(byTerrain.get(t) as string[]).join('')}" fill="${TERRAIN_COLOURS[t]}" stroke="#6b6b6b" stroke-width="0.6"/>`);
  }

  // Hexsides: each side once, whichever hex named it.
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
  const windowHexes = new Set<string>();
  for (const h of view.map.hexes) windowHexes.add(coordKey(coords.get(h.hex) as Coord));
  const sideList = [...sides.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([, v]) => v);
  const minor: string[] = [];
  const major: string[] = [];
  const roads: string[] = [];
  const crossings: string[] = [];
  for (const side of sideList) {
    const pa = pos(side.a);
    const pb = pos(neighbour(side.a, side.d));
    const [e1, e2] = sideEnds(pa, s, side.d);
    const seg = `M${num(e1.x)} ${num(e1.y)}L${num(e2.x)} ${num(e2.y)}`;
    if (side.features.has('major-river')) major.push(seg);
    else if (side.features.has('minor-river')) minor.push(seg);
    const mid = { x: (e1.x + e2.x) / 2, y: (e1.y + e2.y) / 2 };
    if (side.features.has('road')) {
      // A road runs centre to centre; at the window's edge it stops at the side, not in the margin.
      const inA = windowHexes.has(coordKey(side.a));
      const inB = windowHexes.has(coordKey(neighbour(side.a, side.d)));
      const from = inA ? pa : mid;
      const to = inB ? pb : mid;
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
      crossings.push(`<polygon points="${pts(q)}" fill="#a1887f" stroke="#3e2723" stroke-width="1"><title>bridge</title></polygon>`);
    }
    if (side.features.has('ford')) {
      crossings.push(`<circle cx="${num(mid.x)}" cy="${num(mid.y)}" r="${num(s * 0.15)}" fill="#e3f2fd" stroke="${MAJOR_RIVER}" stroke-width="1.2" stroke-dasharray="2 1.5"><title>ford</title></circle>`);
    }
  }
  if (roads.length > 0) {
    body.push(`<path d="${roads.join('')}" fill="none" stroke="#f5ecd7" stroke-width="${num(s * 0.2)}" stroke-linecap="round"/>`);
    body.push(`<path d="${roads.join('')}" fill="none" stroke="${ROAD}" stroke-width="${num(s * 0.1)}" stroke-linecap="round" stroke-dasharray="${num(s * 0.25)} ${num(s * 0.1)}"/>`);
  }
  if (minor.length > 0) body.push(`<path d="${minor.join('')}" fill="none" stroke="${MINOR_RIVER}" stroke-width="${num(s * 0.1)}" stroke-linecap="round"/>`);
  if (major.length > 0) body.push(`<path d="${major.join('')}" fill="none" stroke="${MAJOR_RIVER}" stroke-width="${num(s * 0.2)}" stroke-linecap="round"/>`);
  body.push(...crossings);

  // Hex ids along the top of each hex.
  if (showIds && view.map.hexes.length > 0) {
    const labels = view.map.hexes.map((h) => {
      const p = pos(coords.get(h.hex) as Coord);
      return `<text x="${num(p.x)}" y="${num(p.y - s * 0.52)}">${escapeXml(h.hex)}</text>`;
    });
    body.push(`<g font-size="${num(Math.max(6, s * 0.27))}" fill="#333333" fill-opacity="0.85" text-anchor="middle">${labels.join('')}</g>`);
  }

  // Population centres.
  for (const pc of view.populationCentres) {
    const p = pos(coords.get(pc.hex) as Coord);
    const who = nationName(pc.nation, view, options);
    body.push(populationCentre(pc.size, pc.fortification, { x: p.x, y: p.y - s * 0.12 }, s, colourOf(pc.nation), `${SIZE_WORDS[pc.size]} of ${who} at ${pc.hex}, ${fortificationWords(pc.fortification)}`));
  }

  // Own units' paths, then stop markers.
  const ownPathColours: { unit: UnitResult; colour: string }[] = [];
  view.units.forEach((u, i) => {
    const colour = PATH_COLOURS[ownPathColours.length % PATH_COLOURS.length] as string;
    const g = unitPath(u, pos, s, colour, `view.units[${i}]`);
    if (g !== '') {
      body.push(g);
      ownPathColours.push({ unit: u, colour });
    }
  });
  for (const u of view.units) {
    if (u.stop === null) continue;
    const p = pos(coords.get(u.stop.hex) as Coord);
    body.push(stopSign({ x: p.x + s * 0.42, y: p.y - s * 0.1 }, s, `${u.id} stopped at ${u.stop.hex}: ${u.stop.message}`));
  }

  // Units: own at their final hex, foreign where they were seen (once per unit and hex).
  const markers = new Map<HexId, Marker[]>();
  const place = (hex: HexId, m: Marker): void => {
    let list = markers.get(hex);
    if (list === undefined) {
      list = [];
      markers.set(hex, list);
    }
    list.push(m);
  };
  for (const u of view.units) {
    place(u.finalHex, {
      kind: u.kind,
      own: true,
      colour: OWN_COLOUR,
      destroyed: u.destroyed === true,
      label: u.id,
      title: `${KIND_WORDS[u.kind]} ${u.id} at ${u.finalHex}${u.destroyed === true ? ' (destroyed)' : ''}`,
    });
  }
  const seen = new Set<string>();
  for (const x of view.sightings) {
    const key = `${x.nation}\u0000${x.unit}\u0000${x.hex}`;
    if (seen.has(key)) continue;
    seen.add(key);
    place(x.hex, {
      kind: x.kind,
      own: false,
      colour: colourOf(x.nation),
      destroyed: x.what === 'we-overran',
      label: x.unit,
      title: `${x.kind} ${x.unit} of ${nationName(x.nation, view, options)} (${x.size}) at ${x.hex}, day ${x.pulse}: ${sightingWords(x.what)}`,
    });
  }
  const hexOrder = [...markers.keys()].sort();
  const unitLabels: string[] = [];
  for (const hex of hexOrder) {
    const list = markers.get(hex) as Marker[];
    const p = pos(coords.get(hex) as Coord);
    const shown = list.slice(0, 4);
    const gap = s * 0.38;
    const y = p.y + s * 0.32;
    const x0 = p.x - ((shown.length - 1) * gap) / 2;
    shown.forEach((m, k) => body.push(marker(m, x0 + k * gap, y, s)));
    const first = list[0] as Marker;
    const text = truncate(first.label, 10) + (list.length > 1 ? ` +${list.length - 1}` : '');
    unitLabels.push(`<text x="${num(p.x)}" y="${num(p.y + s * 0.74)}">${escapeXml(text)}</text>`);
  }
  if (unitLabels.length > 0) {
    body.push(`<g font-size="${num(Math.max(6, s * 0.27))}" fill="#111111" text-anchor="middle" stroke="#ffffff" stroke-width="2.2" stroke-linejoin="round" paint-order="stroke">${unitLabels.join('')}</g>`);
  }

  if (empty) {
    body.push(`<text x="${MARGIN}" y="${MARGIN + TITLE_HEIGHT + 20}" font-size="13" fill="#333333">No map window this turn: the nation has no units or known places.</text>`);
  }

  // Legend.
  const legend: string[] = [];
  let legendH = 0;
  if (showLegend) {
    const rows: string[] = [];
    let y = 14;
    const head = (t: string): void => {
      y += 4;
      rows.push(`<text x="8" y="${num(y + 4)}" font-weight="bold">${escapeXml(t)}</text>`);
      y += LEGEND_ROW;
    };
    const row = (symbol: (cy: number) => string, label: string): void => {
      rows.push(legendRow(y, symbol(y), label));
      y += LEGEND_ROW;
    };
    const ls = 20; // hex size used for legend symbols
    head('Terrain');
    for (const t of presentTerrains.length > 0 ? presentTerrains : TERRAIN_ORDER) {
      row((cy) => `<rect x="10" y="${num(cy - 5)}" width="18" height="10" fill="${TERRAIN_COLOURS[t]}" stroke="#6b6b6b" stroke-width="0.6"/>`, TERRAIN_WORDS[t]);
    }
    head('Hexsides');
    row((cy) => `<path d="M9 ${num(cy)}L29 ${num(cy)}" stroke="${MINOR_RIVER}" stroke-width="${num(ls * 0.1)}"/>`, 'minor river');
    row((cy) => `<path d="M9 ${num(cy)}L29 ${num(cy)}" stroke="${MAJOR_RIVER}" stroke-width="${num(ls * 0.2)}"/>`, 'major river');
    row((cy) => `<path d="M9 ${num(cy)}L29 ${num(cy)}" stroke="${ROAD}" stroke-width="${num(ls * 0.1)}" stroke-dasharray="5 2"/>`, 'road (crossing that side)');
    row((cy) => `<rect x="13" y="${num(cy - 2.5)}" width="12" height="5" fill="#a1887f" stroke="#3e2723" stroke-width="1"/>`, 'bridge');
    row((cy) => `<circle cx="19" cy="${num(cy)}" r="3.5" fill="#e3f2fd" stroke="${MAJOR_RIVER}" stroke-width="1.2" stroke-dasharray="2 1.5"/>`, 'ford');
    head('Population centres');
    const sizes: PopulationCentreSize[] = ['camp', 'village', 'town', 'major-town', 'city'];
    for (const z of sizes) row((cy) => populationCentre(z, 'none', { x: 19, y: cy }, ls * 1.4, '#9e9e9e', SIZE_WORDS[z]), SIZE_WORDS[z]);
    row((cy) => populationCentre('town', 'fort', { x: 19, y: cy }, ls * 1.4, '#9e9e9e', 'fortified'), 'fortified (dashed ring)');
    head('Units');
    const unitRow = (kind: Marker['kind'], own: boolean, label: string): void =>
      row((cy) => marker({ kind, own, colour: own ? OWN_COLOUR : '#9e9e9e', destroyed: false, label: '', title: label }, 19, cy, ls * 1.4), label);
    unitRow('army', true, 'army');
    unitRow('navy', true, 'navy');
    unitRow('character', true, 'character');
    row((cy) => marker({ kind: 'army', own: true, colour: OWN_COLOUR, destroyed: true, label: '', title: 'destroyed' }, 19, cy, ls * 1.4), 'destroyed');
    row((cy) => stopSign({ x: 19, y: cy }, ls * 1.4, 'stopped'), 'stopped here');
    head('Nations');
    row((cy) => `<rect x="13" y="${num(cy - 5)}" width="12" height="10" fill="${OWN_COLOUR}"/>`, truncate(nationName(view.nation, view, options), 22));
    for (const n of foreign) {
      row((cy) => `<rect x="13" y="${num(cy - 5)}" width="12" height="10" fill="${colourOf(n)}"/>`, truncate(nationName(n, view, options), 22));
    }
    if (ownPathColours.length > 0) {
      head('Paths this turn');
      for (const { unit, colour } of ownPathColours) {
        row((cy) => `<path d="M9 ${num(cy)}L24 ${num(cy)}" stroke="${colour}" stroke-width="2.6"/><polygon points="${pts([{ x: 30, y: cy }, { x: 23, y: cy - 4 }, { x: 23, y: cy + 4 }])}" fill="${colour}"/>`, truncate(`${unit.id} (${unit.kind})`, 22));
      }
    }
    legendH = y + 6;
    legend.push(`<g transform="translate(${num(MARGIN + mapW + MARGIN)} ${MARGIN + TITLE_HEIGHT})" font-size="11" fill="#222222"><rect x="0" y="0" width="${LEGEND_WIDTH}" height="${num(legendH)}" fill="#fafafa" stroke="#bbbbbb"/>${rows.join('')}</g>`);
  }

  const width = Math.ceil(MARGIN + mapW + MARGIN + (showLegend ? LEGEND_WIDTH + MARGIN : 0));
  const height = Math.ceil(MARGIN + TITLE_HEIGHT + Math.max(mapH, legendH) + MARGIN);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>` +
    `<text x="${MARGIN}" y="${MARGIN + 15}" font-size="16" font-weight="bold" fill="#222222">${escapeXml(title)}</text>` +
    body.join('') +
    legend.join('') +
    '</svg>'
  );
}
