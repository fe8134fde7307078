// The map's legend as an SVG group: terrains present, hexside features, population centres, units,
// nations in their colours, and each own unit's path colour.
import { type SvgElement, el } from '@arbiter/reports';
import type { PopulationCentreSize, Terrain, UnitResult } from '../types.ts';
import { num } from './geometry.ts';
import { MAJOR_RIVER, MINOR_RIVER, ROAD } from './map-hexsides.ts';
import { type Marker, OWN_COLOUR, marker, populationCentre, pts, stopSign } from './map-symbols.ts';
import { SIZE_WORDS, TERRAIN_WORDS } from './model.ts';

export const LEGEND_WIDTH = 200;
const LEGEND_ROW = 15;

export interface LegendInput {
  terrains: readonly Terrain[];
  terrainColours: Readonly<Record<Terrain, string>>;
  /** The nations shown, the reader's first: name and colour. */
  nations: readonly { name: string; colour: string }[];
  paths: readonly { unit: UnitResult; colour: string }[];
}

export function truncate(s: string, n: number): string {
  const chars = [...s];
  return chars.length <= n ? s : `${chars.slice(0, n - 1).join('')}\u2026`;
}

/** The legend's rows (in its own coordinates) and its height. */
export function legend(input: LegendInput): { rows: SvgElement[]; height: number } {
  const rows: SvgElement[] = [];
  let y = 14;
  const head = (t: string): void => {
    y += 4;
    rows.push(el('text', { x: '8', y: num(y + 4), 'font-weight': 'bold' }, t));
    y += LEGEND_ROW;
  };
  const row = (symbol: (cy: number) => SvgElement[], label: string): void => {
    rows.push(...symbol(y), el('text', { x: '36', y: num(y + 4) }, label));
    y += LEGEND_ROW;
  };
  const ls = 20; // hex size used for legend symbols
  const swatch = (colour: string, x: number, w: number) => (cy: number) => [el('rect', { x: String(x), y: num(cy - 5), width: String(w), height: '10', fill: colour })];
  head('Terrain');
  for (const t of input.terrains) {
    row((cy) => [el('rect', { x: '10', y: num(cy - 5), width: '18', height: '10', fill: input.terrainColours[t], stroke: '#6b6b6b', 'stroke-width': '0.6' })], TERRAIN_WORDS[t]);
  }
  head('Hexsides');
  const stroke = (colour: string, width: number, dash?: string) => (cy: number) => [
    el('path', { d: `M9 ${num(cy)}L29 ${num(cy)}`, stroke: colour, 'stroke-width': num(width), 'stroke-dasharray': dash }),
  ];
  row(stroke(MINOR_RIVER, ls * 0.1), 'minor river');
  row(stroke(MAJOR_RIVER, ls * 0.2), 'major river');
  row(stroke(ROAD, ls * 0.1, '5 2'), 'road (crossing that side)');
  row((cy) => [el('rect', { x: '13', y: num(cy - 2.5), width: '12', height: '5', fill: '#a1887f', stroke: '#3e2723', 'stroke-width': '1' })], 'bridge');
  row((cy) => [el('circle', { cx: '19', cy: num(cy), r: '3.5', fill: '#e3f2fd', stroke: MAJOR_RIVER, 'stroke-width': '1.2', 'stroke-dasharray': '2 1.5' })], 'ford');
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
  for (const n of input.nations) row(swatch(n.colour, 13, 12), truncate(n.name, 22));
  if (input.paths.length > 0) {
    head('Paths this turn');
    for (const { unit, colour } of input.paths) {
      row(
        (cy) => [
          el('path', { d: `M9 ${num(cy)}L24 ${num(cy)}`, stroke: colour, 'stroke-width': '2.6' }),
          el('polygon', { points: pts([{ x: 30, y: cy }, { x: 23, y: cy - 4 }, { x: 23, y: cy + 4 }]), fill: colour }),
        ],
        truncate(`${unit.id} (${unit.kind})`, 22),
      );
    }
  }
  return { rows, height: y + 6 };
}
