// The sides of the `.traffic` entries, each side once: a feature recorded from one of its two hexes only
// is put on the side all the same (features act both ways, docs/rules-mepbm.md) with a warning; a side whose
// two hexes name different river kinds gets one kind by the preference rule, with a decision.
import { DIRECTIONS, formatHexId, neighbour, parseHexId } from '@arbiter/engine';
import { FEATURES } from '../map.ts';
import type { Direction, HexsideFeature } from '../types.ts';
import type { ImportNote } from './records.ts';
import type { TrafficEntry } from './traffic-file.ts';

export type RiverKind = 'major-river' | 'minor-river';

/** Which river kind a side with both gets: a default, and per side ("2527/2627", either order). */
export interface RiverPreference {
  default: RiverKind;
  sides: Readonly<Record<string, RiverKind>>;
}

export interface ImportedHexside {
  hex: string;
  dir: Direction;
  features: HexsideFeature[];
}

/** The side between two hexes named as the game master writes it in --prefer: the lower id first. */
export function sideKey(a: string, b: string): string {
  return a < b ? `${a}/${b}` : `${b}/${a}`;
}

interface Side {
  /** The hex whose e, se or sw side it is, and that direction. */
  hex: string;
  dir: Direction;
  other: string;
  /** Per feature: the hexes that recorded it. */
  from: Map<HexsideFeature, Set<string>>;
}

const OWNED: ReadonlySet<Direction> = new Set(['e', 'se', 'sw']);

function opposite(d: Direction): Direction {
  return DIRECTIONS[(DIRECTIONS.indexOf(d) + 3) % 6] as Direction;
}

export function assembleHexsides(entries: readonly TrafficEntry[], land: ReadonlySet<string>, prefer: RiverPreference, notes: ImportNote[]): ImportedHexside[] {
  const sides = new Map<string, Side>();
  for (const e of entries) {
    if (!land.has(e.hex)) {
      notes.push({ kind: 'warning', message: `hex ${e.hex} is not in the terrain file: its ${e.feature} (${e.dir}) is left out`, at: e.at });
      continue;
    }
    const c = parseHexId(e.hex);
    const n = c === null ? null : neighbour(c, e.dir);
    const other = n === null || n.col < 0 || n.row < 0 ? null : formatHexId(n);
    if (other === null || !land.has(other)) {
      notes.push({ kind: 'warning', message: `the ${e.dir} side of ${e.hex} leads off the map: its ${e.feature} is left out`, at: e.at });
      continue;
    }
    const key = sideKey(e.hex, other);
    let s = sides.get(key);
    if (s === undefined) {
      s = OWNED.has(e.dir) ? { hex: e.hex, dir: e.dir, other, from: new Map() } : { hex: other, dir: opposite(e.dir), other: e.hex, from: new Map() };
      sides.set(key, s);
    }
    let from = s.from.get(e.feature);
    if (from === undefined) s.from.set(e.feature, (from = new Set()));
    from.add(e.hex);
  }
  const chosenFor = new Map<string, RiverKind>();
  for (const [k, v] of Object.entries(prefer.sides)) {
    const [a = '', b = ''] = k.split('/');
    chosenFor.set(sideKey(a.trim(), b.trim()), v);
  }
  const used = new Set<string>();
  const out: ImportedHexside[] = [];
  for (const [key, s] of [...sides].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const major = s.from.get('major-river');
    const minor = s.from.get('minor-river');
    const conflict = major !== undefined && minor !== undefined;
    for (const [feature, from] of s.from) {
      if (from.size === 1 && !(conflict && (feature === 'major-river' || feature === 'minor-river'))) {
        const [by] = from;
        notes.push({ kind: 'warning', message: `${key}: ${feature} is recorded from ${by} only; put on the side for both hexes` });
      }
    }
    if (major !== undefined && minor !== undefined) {
      const given = chosenFor.get(key);
      const chosen = given ?? prefer.default;
      if (given !== undefined) used.add(key);
      s.from.delete(chosen === 'major-river' ? 'minor-river' : 'major-river');
      const other: RiverKind = chosen === 'major-river' ? 'minor-river' : 'major-river';
      const rule = given !== undefined ? `--prefer ${key}=${chosen === 'major-river' ? 'major' : 'minor'}` : `the default rule, --prefer ${prefer.default === 'major-river' ? 'major' : 'minor'}`;
      notes.push({
        kind: 'decision',
        message: `${key}: major-river recorded from ${[...major].sort().join(' and ')}, minor-river from ${[...minor].sort().join(' and ')}; kept ${chosen} by ${rule} (give --prefer ${key}=${other === 'major-river' ? 'major' : 'minor'} for the other)`,
      });
    }
    out.push({ hex: s.hex, dir: s.dir, features: FEATURES.filter((f) => s.from.has(f)) });
  }
  for (const key of [...chosenFor.keys()].sort()) {
    if (!used.has(key)) notes.push({ kind: 'warning', message: `--prefer ${key}: that side does not carry two river kinds; nothing to choose` });
  }
  return out;
}
