// The nation's map window as an SVG element tree: pointy-top hexes in the engine's even-r geometry, terrain
// colours, river sides on the hex edges, roads, bridges and fords (map-hexsides.ts), population centres,
// own and sighted units, each own unit's path this turn with an arrow, stop markers (map-symbols.ts), hex
// ids, and a legend (map-legend.ts). Serialised once (renderMapSvg); the PNG renderer takes the tree.
// Deterministic: the same view and options always give the same bytes (golden tests rely on it).
import { HEX_SIDES } from '@arbiter/engine';
import { type SvgElement, el, serialiseSvg } from '@arbiter/reports';
import type { HexId, NationId, NationView, Terrain, UnitResult } from '../types.ts';
import { type Coord, type Point, centre, coordKey, coordOf, corners, hexWidth, num, requireCoord } from './geometry.ts';
import { hexsideLayer } from './map-hexsides.ts';
import { LEGEND_FONT, LEGEND_MIN_WIDTH, legend, truncate } from './map-legend.ts';
import { type Marker, OWN_COLOUR, marker, populationCentre, ruinSymbol, stopSign, unitPath } from './map-symbols.ts';
import { type NationStyle, OWN_STYLE, foreignStyle } from './nation-colours.ts';
import { type LabelRequest, type PlacedLabel, labelBox, placeLabels as placeMapLabels } from './map-labels.ts';
import { whenLower } from './days.ts';
import { foreignAnchor, moveAnchor, unitAnchor } from './forces.ts';
import { SIZE_WORDS, KIND_WORDS, centreAnchor, fortificationWords, sightingWords } from './model.ts';

/** The mailed map's hex circumradius in pixels: a hex is 52 px wide, room for 10-11 px labels. */
export const DEFAULT_HEX_SIZE = 30;
/** The HTML report shows the same map this much larger than the mailed PNG. */
export const HTML_MAP_ZOOM = 1.25;

export interface MapSvgOptions {
  /** Hex circumradius in pixels (default DEFAULT_HEX_SIZE, 30). */
  hexSize?: number;
  /** Label every hex with its id (default true). */
  hexIds?: boolean;
  /** Draw the legend under the map (default true). */
  legend?: boolean;
  /**
   * Make markers and population centres links to their entries in the HTML report (default false: the
   * stored map is shown on its own too, e.g. inside the web client, whose routes are fragments).
   */
  links?: boolean;
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

const PATH_COLOURS = ['#0d47a1', '#d81b60', '#00897b', '#6a1b9a', '#e65100', '#2e7d32', '#5d4037', '#c62828', '#283593', '#00838f'];

const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';
const MARGIN = 10;
const TITLE_HEIGHT = 24;

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
  const { pos } = mapFrame(view, options.hexSize ?? DEFAULT_HEX_SIZE);
  return hexes.map((id) => {
    const c = coordOf(id);
    return c === null ? null : pos(c);
  });
}

/** Label sizes at hex size `s`: never under 10 px in the mailed PNG (scale 1; the picture test checks it). */
function fonts(s: number): { hexId: number; unit: number } {
  return { hexId: Math.max(10, s * 0.33), unit: Math.max(10, s * 0.36) };
}

/** A nation's name on a map label: the name if short, else the id if shorter, else the name cut short. */
function shortName(name: string, id: NationId): string {
  const n = [...name].length;
  if (n <= 10) return name;
  return [...id].length < n && [...id].length <= 10 ? id : truncate(name, 10);
}

/** The unit label of a hex: own units by id, foreign ones by nation and the day they were seen ("Mordor d4"). */
function hexLabel(list: readonly Marker[]): string {
  const first = list[0] as Marker;
  return truncate(first.label, 11) + (list.length > 1 ? ` +${list.length - 1}` : '');
}

/** What every step of drawing one map needs: the view and options, the frame, the nations' styles, and the elements drawn so far. */
interface MapDraw {
  view: NationView;
  options: MapSvgOptions;
  /** Hex size. */
  s: number;
  showIds: boolean;
  font: { hexId: number; unit: number };
  coords: Map<HexId, Coord>;
  pos(c: Coord): Point;
  /** Foreign nations in the order of their ids (their colours). */
  foreign: NationId[];
  styleOf(n: NationId): NationStyle;
  /** The shapes, in a link to `#href` when the map is drawn with links. */
  linked(href: string, shapes: SvgElement[]): SvgElement[];
  body: SvgElement[];
}

type PlacedMarker = Marker & { href: string };

/** A nation's map window as an SVG element tree (serialise it once with serialiseSvg, or renderMapSvg). */
export function renderMapTree(view: NationView, options: MapSvgOptions = {}): SvgElement {
  const s = options.hexSize ?? DEFAULT_HEX_SIZE;
  if (!(Number.isFinite(s) && s >= 8 && s <= 200)) {
    throw new Error(`renderMapSvg: hexSize must be a number from 8 to 200, got ${String(options.hexSize)}`);
  }
  const title = options.title ?? `${nationName(view.nation, view, options)}, turn ${view.turn}`;
  const { coords, mapW, mapH, pos, empty } = mapFrame(view, s);
  // Foreign nations get colours in the order of their ids, so the same view always looks the same.
  const foreign = [...new Set([...view.sightings.map((x) => x.nation), ...view.populationCentres.map((p) => p.nation)])].filter((n) => n !== view.nation).sort();
  const links = options.links ?? false;
  const d: MapDraw = {
    view,
    options,
    s,
    showIds: options.hexIds ?? true,
    font: fonts(s),
    coords,
    pos,
    foreign,
    styleOf: (n) => (n === view.nation ? OWN_STYLE : foreignStyle(foreign.indexOf(n))),
    linked: (href, shapes) => (links ? [el('a', { href: `#${href}` }, shapes)] : shapes),
    body: [],
  };
  const presentTerrains = drawTerrain(d);
  drawHexIds(d);
  drawCentres(d);
  const ownPathColours = drawPaths(d);
  const { markers, unitLabels } = drawUnits(d);
  drawRuins(d);
  drawLabels(d, markers, unitLabels);
  if (empty) {
    d.body.push(el('text', { x: MARGIN, y: MARGIN + TITLE_HEIGHT + 20, 'font-size': '13', fill: '#333333' }, 'No map window this turn: the nation has no units or known places.'));
  }
  // The legend under the map, as wide as the map (or its own least width).
  const showLegend = options.legend ?? true;
  const contentW = showLegend ? Math.max(mapW, LEGEND_MIN_WIDTH) : mapW;
  const legendH = showLegend ? drawLegend(d, presentTerrains, ownPathColours, contentW, mapH) : 0;
  const width = Math.ceil(MARGIN + contentW + MARGIN);
  const height = Math.ceil(MARGIN + TITLE_HEIGHT + mapH + (showLegend ? MARGIN + legendH : 0) + MARGIN);
  return el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width, height, viewBox: `0 0 ${width} ${height}`, 'font-family': FONT },
    el('title', {}, title),
    el('rect', { x: '0', y: '0', width, height, fill: '#ffffff' }),
    el('text', { x: MARGIN, y: MARGIN + 15, 'font-size': '16', 'font-weight': 'bold', fill: '#222222' }, title),
    d.body,
  );
}

/** Terrain, one path per terrain type (keeps the document small and fast to rasterise), then the hexsides; returns the terrains drawn. */
function drawTerrain(d: MapDraw): Terrain[] {
  const { view, s, coords, pos } = d;
  const byTerrain = new Map<Terrain, string[]>();
  const outline = hexOutline(s);
  for (const h of view.map.hexes) {
    const p = pos(coords.get(h.hex) as Coord);
    const path = `M${num(p.x)} ${num(p.y - s)}${outline}`;
    let list = byTerrain.get(h.terrain);
    if (list === undefined) {
      list = [];
      byTerrain.set(h.terrain, list);
    }
    list.push(path);
  }
  const presentTerrains = TERRAIN_ORDER.filter((t) => byTerrain.has(t));
  for (const t of presentTerrains) {
    d.body.push(el('path', { d: (byTerrain.get(t) as string[]).join(''), fill: TERRAIN_COLOURS[t], stroke: '#6b6b6b', 'stroke-width': '0.6' }));
  }
  const windowHexes = new Set<string>();
  for (const h of view.map.hexes) windowHexes.add(coordKey(coords.get(h.hex) as Coord));
  d.body.push(...hexsideLayer(view, pos, s, windowHexes));
  return presentTerrains;
}

/** Hex ids along the top of each hex. */
function drawHexIds(d: MapDraw): void {
  const { view, s, coords, pos } = d;
  if (!d.showIds || view.map.hexes.length === 0) return;
  const labels = view.map.hexes.map((h) => {
    const p = pos(coords.get(h.hex) as Coord);
    return el('text', { x: num(p.x), y: num(p.y - s * 0.48) }, h.hex);
  });
  d.body.push(el('g', { 'font-size': num(d.font.hexId), fill: '#333333', 'fill-opacity': '0.85', 'text-anchor': 'middle' }, labels));
}

function drawCentres(d: MapDraw): void {
  const { view, options, s, coords, pos } = d;
  for (const pc of view.populationCentres) {
    const p = pos(coords.get(pc.hex) as Coord);
    const who = nationName(pc.nation, view, options);
    const named = pc.name === undefined ? '' : `${pc.name}, `;
    const tip = `${named}${SIZE_WORDS[pc.size]} of ${who} at ${pc.hex}, ${fortificationWords(pc.fortification)}`;
    const style = d.styleOf(pc.nation);
    d.body.push(...d.linked(centreAnchor(pc.hex), populationCentre(pc.size, pc.fortification, { x: p.x, y: p.y - s * 0.16 }, s, style.colour, tip, style.dashed)));
  }
}

/** Own units' paths, then stop markers; returns each drawn path's unit and colour (for the legend). */
function drawPaths(d: MapDraw): { unit: UnitResult; colour: string }[] {
  const { view, s, coords, pos } = d;
  const ownPathColours: { unit: UnitResult; colour: string }[] = [];
  view.units.forEach((u, i) => {
    const colour = PATH_COLOURS[ownPathColours.length % PATH_COLOURS.length] as string;
    const g = unitPath(u, pos, s, colour, `view.units[${i}]`);
    if (g !== null) {
      d.body.push(g);
      ownPathColours.push({ unit: u, colour });
    }
  });
  for (const u of view.units) {
    if (u.stop === null) continue;
    const p = pos(coords.get(u.stop.hex) as Coord);
    d.body.push(...stopSign({ x: p.x + s * 0.42, y: p.y - s * 0.1 }, s, `${u.id} stopped at ${u.stop.hex}: ${u.stop.message}`));
  }
  return ownPathColours;
}

/** Units: own at their final hex, foreign where they were seen (once per unit and hex, the last day); returns the markers by hex and a label per hex. */
function drawUnits(d: MapDraw): { markers: Map<HexId, PlacedMarker[]>; unitLabels: LabelRequest[] } {
  const { view, s, coords, pos } = d;
  const markers = new Map<HexId, PlacedMarker[]>();
  const place = (hex: HexId, m: PlacedMarker): void => {
    let list = markers.get(hex);
    if (list === undefined) {
      list = [];
      markers.set(hex, list);
    }
    list.push(m);
  };
  const inForces = new Set([...(view.forces?.armies ?? []), ...(view.forces?.navies ?? []), ...(view.forces?.characters ?? [])].map((f) => f.id));
  for (const u of view.units) {
    place(u.finalHex, {
      kind: u.kind,
      own: true,
      colour: OWN_COLOUR,
      destroyed: u.destroyed === true,
      label: u.id,
      title: `${KIND_WORDS[u.kind]} ${u.id} at ${u.finalHex}${u.destroyed === true ? ' (destroyed)' : ''}`,
      href: inForces.has(u.id) ? unitAnchor(u.id) : moveAnchor(u.id),
    });
  }
  const seen = new Map<string, PlacedMarker>();
  for (const x of view.sightings) {
    const key = `${x.nation}\u0000${x.unit}\u0000${x.hex}`;
    const who = nationName(x.nation, view, d.options);
    const style = d.styleOf(x.nation);
    const m = {
      kind: x.kind,
      own: false,
      colour: style.colour,
      dashed: style.dashed,
      destroyed: x.what === 'we-overran',
      label: `${shortName(who, x.nation)} d${x.pulse}`,
      title: `${x.kind} ${x.unit} of ${who} (${x.size}) at ${x.hex}, ${whenLower(x.pulse)}: ${sightingWords(x.what)}`,
      href: foreignAnchor(x.nation, x.unit),
    };
    const before = seen.get(key);
    if (before === undefined) place(x.hex, m);
    else Object.assign(before, m); // the same unit seen again in the same hex later: the later day
    seen.set(key, before ?? m);
  }
  const unitLabels: LabelRequest[] = [];
  for (const hex of [...markers.keys()].sort()) {
    const list = markers.get(hex) as PlacedMarker[];
    const p = pos(coords.get(hex) as Coord);
    const shown = list.slice(0, 4);
    const gap = s * 0.38;
    const y = p.y + s * 0.2;
    const x0 = p.x - ((shown.length - 1) * gap) / 2;
    shown.forEach((m, k) => d.body.push(...d.linked(m.href, marker(m, x0 + k * gap, y, s))));
    const first = list[0] as Marker;
    unitLabels.push({ x: p.x, y: p.y, text: hexLabel(list), required: true, ...(first.own ? {} : { fill: first.colour }) });
  }
  return { markers, unitLabels };
}

/** Ruins: a broken wall (the ruin's name is a place label). */
function drawRuins(d: MapDraw): void {
  const { s, coords, pos } = d;
  for (const ruin of d.view.ruins ?? []) {
    const p = pos(coords.get(ruin.hex) as Coord);
    d.body.push(...ruinSymbol({ x: p.x, y: p.y - s * 0.16 }, s, `${ruin.name === undefined ? 'ruins' : `ruins of ${ruin.name}`} at ${ruin.hex}`));
  }
}

/**
 * Units' labels, then population centres' and ruins' names where no unit is labelled, placed so that no two
 * labels overlap (own units' labels first, then foreign units', then places': map-labels.ts).
 */
function drawLabels(d: MapDraw, markers: ReadonlyMap<HexId, unknown>, unitLabels: LabelRequest[]): void {
  const { view, s, coords, pos, font } = d;
  const placeLabels: LabelRequest[] = [];
  for (const place of [...view.populationCentres, ...(view.ruins ?? [])]) {
    if (place.name === undefined || markers.has(place.hex)) continue;
    const p = pos(coords.get(place.hex) as Coord);
    placeLabels.push({ x: p.x, y: p.y, text: truncate(place.name, 12), required: false });
  }
  const ownFirst = [...unitLabels.filter((l) => l.fill === undefined), ...unitLabels.filter((l) => l.fill !== undefined)];
  // The hex ids are drawn already: labels keep clear of them.
  const idBoxes = d.showIds ? view.map.hexes.map((h) => labelBox({ ...pos(coords.get(h.hex) as Coord), anchor: 'middle', text: h.hex }, font.hexId)).map((b) => ({ ...b, y0: b.y0 - s * 0.48, y1: b.y1 - s * 0.48 })) : [];
  const placed = placeMapLabels([...ownFirst, ...placeLabels], s, font.unit, idBoxes);
  const halo = { 'text-anchor': 'middle', stroke: '#ffffff', 'stroke-width': '2.6', 'stroke-linejoin': 'round', 'paint-order': 'stroke' };
  const text = (l: PlacedLabel): SvgElement =>
    el('text', { x: num(l.x), y: num(l.y), 'text-anchor': l.anchor === 'middle' ? undefined : l.anchor, fill: l.fill }, l.text);
  // Units' labels are always placed, so the first of the placed labels are theirs.
  const unitPlaced = placed.slice(0, ownFirst.length);
  const placePlaced = placed.slice(ownFirst.length);
  if (unitPlaced.length > 0) d.body.push(el('g', { 'font-size': num(font.unit), fill: '#111111', ...halo }, unitPlaced.map(text)));
  if (placePlaced.length > 0) d.body.push(el('g', { 'font-size': num(font.unit), fill: '#4a3b2a', ...halo }, placePlaced.map(text)));
}

/** The legend under the map, `width` wide; returns its height. */
function drawLegend(d: MapDraw, terrains: Terrain[], paths: { unit: UnitResult; colour: string }[], width: number, mapH: number): number {
  const { view } = d;
  const nations = [...(view.nation === '' ? [] : [view.nation]), ...d.foreign].map((n) => ({ name: nationName(n, view, d.options), ...d.styleOf(n) }));
  const l = legend(
    {
      terrains,
      terrainColours: TERRAIN_COLOURS,
      features: new Set(view.map.hexsides.flatMap((h) => h.features)),
      sizes: new Set(view.populationCentres.map((p) => p.size)),
      fortified: view.populationCentres.some((p) => p.fortification !== 'none'),
      ruins: (view.ruins ?? []).length > 0,
      kinds: new Set(view.units.map((u) => u.kind)),
      foreignKinds: new Set(view.sightings.map((x) => x.kind)),
      destroyed: view.units.some((u) => u.destroyed === true) || view.sightings.some((x) => x.what === 'we-overran'),
      stopped: view.units.some((u) => u.stop !== null),
      nations,
      paths,
    },
    width,
  );
  d.body.push(
    el(
      'g',
      { transform: `translate(${MARGIN} ${num(MARGIN + TITLE_HEIGHT + mapH + MARGIN)})`, 'font-size': LEGEND_FONT, fill: '#222222' },
      el('rect', { x: '0', y: '0', width: num(width), height: num(l.height), fill: '#fafafa', stroke: '#bbbbbb' }),
      l.rows,
    ),
  );
  return l.height;
}

/** Renders a nation's map window as a standalone SVG document. */
export function renderMapSvg(view: NationView, options: MapSvgOptions = {}): string {
  return serialiseSvg(renderMapTree(view, options));
}
