// The map's legend as SVG elements, under the map and no wider than it: one row per group (terrain,
// hexsides, population centres, units, nations, paths this turn), each group's entries in fixed-width cells
// that wrap onto the next row. Only what the map shows is listed, so the legend stays small beside the map.
import { type SvgElement, el } from '@arbiter/reports';
import type { HexsideFeature, PopulationCentreSize, Terrain, UnitResult } from '../types.ts';
import { num } from './geometry.ts';
import { MAJOR_RIVER, MINOR_RIVER, ROAD } from './map-hexsides.ts';
import { type Marker, OWN_COLOUR, marker, populationCentre, pts, ruinSymbol, stopSign } from './map-symbols.ts';
import { FEATURE_WORDS, SIZE_WORDS, TERRAIN_WORDS } from './model.ts';
import { dashOf } from './nation-colours.ts';

/** Legend text size: at least 10 px in the mailed PNG (the picture test checks it). */
export const LEGEND_FONT = 11;
const ROW = 17;
const HEAD = 78;
const CELL = 108;
/** The narrowest legend: a heading and two cells. */
export const LEGEND_MIN_WIDTH = HEAD + 2 * CELL;
/** Characters of a label that fit in a cell at LEGEND_FONT. */
const CELL_CHARS = 14;

export interface LegendInput {
  terrains: readonly Terrain[];
  terrainColours: Readonly<Record<Terrain, string>>;
  features: ReadonlySet<HexsideFeature>;
  sizes: ReadonlySet<PopulationCentreSize>;
  fortified: boolean;
  /** Ruins are drawn. */
  ruins: boolean;
  /** Unit kinds shown, own and foreign, and whether a destroyed unit or a stop sign is drawn. */
  kinds: ReadonlySet<Marker['kind']>;
  foreignKinds: ReadonlySet<Marker['kind']>;
  destroyed: boolean;
  stopped: boolean;
  /** The nations shown, the reader's first: name, colour and whether its symbols' outline is dashed. */
  nations: readonly { name: string; colour: string; dashed: boolean }[];
  paths: readonly { unit: UnitResult; colour: string }[];
}

export function truncate(s: string, n: number): string {
  const chars = [...s];
  return chars.length <= n ? s : `${chars.slice(0, n - 1).join('')}\u2026`;
}

type Symbol = (x: number, cy: number) => SvgElement[];

interface Group {
  title: string;
  entries: { symbol: Symbol; label: string }[];
}

const ls = 26; // hex size the legend's symbols are drawn for

function groups(input: LegendInput): Group[] {
  const out: Group[] = [];
  const add = (title: string, entries: Group['entries']): void => {
    if (entries.length > 0) out.push({ title, entries });
  };
  add(
    'Terrain',
    input.terrains.map((t) => ({
      symbol: (x, cy) => [el('rect', { x: num(x), y: num(cy - 6), width: '20', height: '12', fill: input.terrainColours[t], stroke: '#6b6b6b', 'stroke-width': '0.6' })],
      label: TERRAIN_WORDS[t],
    })),
  );
  const stroke = (colour: string, width: number, dash?: string): Symbol => (x, cy) => [
    el('path', { d: `M${num(x)} ${num(cy)}L${num(x + 20)} ${num(cy)}`, stroke: colour, 'stroke-width': num(width), 'stroke-dasharray': dash }),
  ];
  const sides: Group['entries'] = [];
  if (input.features.has('minor-river')) sides.push({ symbol: stroke(MINOR_RIVER, 2.6), label: FEATURE_WORDS['minor-river'] });
  if (input.features.has('major-river')) sides.push({ symbol: stroke(MAJOR_RIVER, 5), label: FEATURE_WORDS['major-river'] });
  if (input.features.has('road')) sides.push({ symbol: stroke(ROAD, 2.6, '5 2'), label: 'road' });
  if (input.features.has('bridge')) {
    sides.push({ symbol: (x, cy) => [el('rect', { x: num(x + 4), y: num(cy - 3), width: '12', height: '6', fill: '#a1887f', stroke: '#3e2723', 'stroke-width': '1' })], label: 'bridge' });
  }
  if (input.features.has('ford')) {
    sides.push({ symbol: (x, cy) => [el('circle', { cx: num(x + 10), cy: num(cy), r: '4', fill: '#e3f2fd', stroke: MAJOR_RIVER, 'stroke-width': '1.2', 'stroke-dasharray': '2 1.5' })], label: 'ford' });
  }
  add('Hexsides', sides);
  const sizes: PopulationCentreSize[] = ['camp', 'village', 'town', 'major-town', 'city'];
  const places: Group['entries'] = sizes
    .filter((z) => input.sizes.has(z))
    .map((z) => ({ symbol: (x, cy) => populationCentre(z, 'none', { x: x + 10, y: cy }, ls, '#9e9e9e', SIZE_WORDS[z]), label: SIZE_WORDS[z] }));
  if (input.fortified) places.push({ symbol: (x, cy) => populationCentre('town', 'fort', { x: x + 10, y: cy }, ls * 0.8, '#9e9e9e', 'fortified'), label: 'fortified' });
  if (input.ruins) places.push({ symbol: (x, cy) => ruinSymbol({ x: x + 10, y: cy }, ls, 'ruins'), label: 'ruins' });
  add('Places', places);
  const unit = (kind: Marker['kind'], own: boolean, destroyed: boolean, label: string) => ({
    symbol: ((x, cy) => marker({ kind, own, colour: own ? OWN_COLOUR : '#9e9e9e', destroyed, label: '', title: label }, x + 10, cy, ls)) as Symbol,
    label,
  });
  const kinds: Marker['kind'][] = ['army', 'navy', 'character'];
  const units: Group['entries'] = [
    ...kinds.filter((k) => input.kinds.has(k)).map((k) => unit(k, true, false, k)),
    ...kinds.filter((k) => input.foreignKinds.has(k)).map((k) => unit(k, false, false, `foreign ${k}`)),
  ];
  if (input.destroyed) units.push(unit('army', true, true, 'destroyed'));
  if (input.stopped) units.push({ symbol: (x, cy) => stopSign({ x: x + 10, y: cy }, ls, 'stopped'), label: 'stopped here' });
  add('Units', units);
  add(
    'Nations',
    input.nations.map((n) => ({
      symbol: (x, cy) => [
        el('rect', { x: num(x + 3), y: num(cy - 6), width: '14', height: '12', fill: n.colour, stroke: n.dashed ? '#111111' : undefined, 'stroke-width': n.dashed ? '1.4' : undefined, 'stroke-dasharray': dashOf(n.dashed) }),
      ],
      label: n.name,
    })),
  );
  add(
    'Paths',
    input.paths.map(({ unit: u, colour }) => ({
      symbol: (x, cy) => [
        el('path', { d: `M${num(x)} ${num(cy)}L${num(x + 15)} ${num(cy)}`, stroke: colour, 'stroke-width': '2.6' }),
        el('polygon', { points: pts([{ x: x + 21, y: cy }, { x: x + 14, y: cy - 4 }, { x: x + 14, y: cy + 4 }]), fill: colour }),
      ],
      label: u.id,
    })),
  );
  return out;
}

/** The legend for a map `width` wide, in its own coordinates (0,0 at its top left), and its height. */
export function legend(input: LegendInput, width: number): { rows: SvgElement[]; height: number } {
  const perRow = Math.max(2, Math.floor((width - HEAD) / CELL));
  const rows: SvgElement[] = [];
  let y = 6;
  for (const g of groups(input)) {
    const cy = y + ROW / 2;
    rows.push(el('text', { x: '6', y: num(cy + 4), 'font-weight': 'bold' }, g.title));
    // An entry whose label is longer than a cell takes as many cells as it needs (a nation's full name),
    // up to a whole row; only a label longer than a row is cut.
    let cell = 0;
    let line = 0;
    for (const entry of g.entries) {
      const span = Math.min(perRow, Math.max(1, Math.ceil([...entry.label].length / CELL_CHARS)));
      if (cell + span > perRow) {
        cell = 0;
        line++;
      }
      const x = HEAD + cell * CELL;
      const rowY = cy + line * ROW;
      rows.push(...entry.symbol(x, rowY), el('text', { x: num(x + 26), y: num(rowY + 4) }, truncate(entry.label, span * CELL_CHARS + (span - 1) * 4)));
      cell += span;
    }
    y += (line + 1) * ROW + 3;
  }
  return { rows, height: y + 4 };
}
