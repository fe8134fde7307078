// Label placement on the map: each label (a unit's, then a place's) goes to the first of a few spots
// around its hex where its box overlaps no label placed before it; a label that fits nowhere is
// shortened and tried again, and a place's name that still fits nowhere is left to its symbol's
// tooltip and the report's list. Deterministic: the same labels in the same order land in the same spots.
import { truncate } from './map-legend.ts';

export interface LabelRequest {
  /** The hex centre. */
  x: number;
  y: number;
  text: string;
  /** Units' labels are always drawn (shortened at the first spot if need be); places' may be left out. */
  required: boolean;
  fill?: string;
}

export interface PlacedLabel {
  x: number;
  y: number;
  anchor: 'middle' | 'start' | 'end';
  text: string;
  fill?: string;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Characters a shortened label keeps (about a hex's width at the map's label size). */
const SHORT = 8;

/** The box a label's text covers (an estimate of DejaVu Sans' advance: 0.6 em a character, plus the halo). */
export function labelBox(l: PlacedLabel, font: number): Box {
  const w = [...l.text].length * font * 0.6 + 2;
  const x0 = l.anchor === 'middle' ? l.x - w / 2 : l.anchor === 'start' ? l.x - 1 : l.x - w + 1;
  return { x0, y0: l.y - font * 0.8, x1: x0 + w, y1: l.y + font * 0.25 };
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** The spots tried around a hex of size s, best first: under the symbols, shifted right, shifted left, a line lower. */
function spots(r: LabelRequest, s: number, font: number, text: string): PlacedLabel[] {
  const y = r.y + s * 0.64;
  const fill = r.fill === undefined ? {} : { fill: r.fill };
  return [
    { x: r.x, y, anchor: 'middle', text, ...fill },
    { x: r.x - s * 0.45, y, anchor: 'start', text, ...fill },
    { x: r.x + s * 0.45, y, anchor: 'end', text, ...fill },
    { x: r.x, y: y + font, anchor: 'middle', text, ...fill },
  ];
}

/** Places the labels in order (put units' before places'): each in the first free spot, clear of `obstacles` (the hex ids). */
export function placeLabels(requests: readonly LabelRequest[], s: number, font: number, obstacles: readonly Box[] = []): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const boxes: Box[] = [...obstacles];
  const free = (l: PlacedLabel): boolean => {
    const b = labelBox(l, font);
    return !boxes.some((o) => overlaps(b, o));
  };
  for (const r of requests) {
    const short = truncate(r.text, SHORT);
    let spot = spots(r, s, font, r.text).find(free) ?? (short !== r.text ? spots(r, s, font, short).find(free) : undefined);
    if (spot === undefined && r.required) spot = spots(r, s, font, short)[0];
    if (spot === undefined) continue;
    placed.push(spot);
    boxes.push(labelBox(spot, font));
  }
  return placed;
}
