// The map's labels (src/report/map-labels.ts) and nation colours (src/report/nation-colours.ts): no two
// labels overlap around Minas Tirith, and the 25 nations of a game can be told apart.
import { describe, expect, it } from 'vitest';
import { renderMapSvg } from '../src/index.ts';
import type { NationView } from '../src/index.ts';
import { FOREIGN_COLOURS, OWN_COLOUR, SOLID_COLOURS, foreignStyle } from '../src/report/nation-colours.ts';
import { labelBox, overlaps } from '../src/report/map-labels.ts';
import type { PlacedLabel } from '../src/report/map-labels.ts';

/** CIELAB (D65) of an sRGB colour "#rrggbb". */
function lab(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v > 0.04045 ? ((v + 0.055) / 1.055) ** 2.4 : v / 12.92)) as [number, number, number];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** The labels of the map's label groups (units' and places'), as the SVG has them. */
function labels(svg: string, font: number): PlacedLabel[] {
  const out: PlacedLabel[] = [];
  for (const g of svg.matchAll(/<g font-size="([\d.]+)" fill="#(?:111111|4a3b2a)"[^>]*>(.*?)<\/g>/g)) {
    if (Number(g[1]) !== font) continue;
    for (const t of g[2]!.matchAll(/<text x="([\d.-]+)" y="([\d.-]+)"(?: text-anchor="(start|end)")?[^>]*>([^<]*)<\/text>/g)) {
      out.push({ x: Number(t[1]), y: Number(t[2]), anchor: (t[3] as 'start' | 'end' | undefined) ?? 'middle', text: t[4]!.replace(/&amp;/g, '&') });
    }
  }
  return out;
}

/** Gondor around Minas Tirith: named centres in neighbouring hexes and a few units. */
const anorien: NationView = {
  events: [],
  map: { hexes: ['2814', '2914', '3014', '3114', '2815', '2915', '3015', '3115', '2816', '2916', '3016', '3116'].map((hex) => ({ hex, terrain: 'plains' as const })), hexsides: [] },
  nation: 'gondor',
  orderTemplate: [],
  populationCentres: [
    { fortification: 'citadel', hex: '2915', name: 'Minas Tirith', nation: 'gondor', size: 'city' },
    { fortification: 'none', hex: '3015', name: 'Osgiliath', nation: 'gondor', size: 'town' },
    { fortification: 'fort', hex: '3115', name: 'Minas Morgul', nation: 'mordor', size: 'town' },
    { fortification: 'none', hex: '2815', name: 'Calenhad Beacon', nation: 'gondor', size: 'camp' },
    { fortification: 'none', hex: '2914', name: 'Amon Dîn', nation: 'gondor', size: 'village' },
    { fortification: 'tower', hex: '3014', name: 'Cair Andros', nation: 'gondor', size: 'village' },
    { fortification: 'none', hex: '2916', name: 'Pelennor Fields', nation: 'gondor', size: 'village' },
    { fortification: 'none', hex: '3016', name: 'Emyn Arnen', nation: 'gondor', size: 'village' },
  ],
  sightings: [{ hex: '3116', kind: 'army', nation: 'mordor', pulse: 3, size: 'huge', unit: 'morgul-host', what: 'met' }],
  turn: 3,
  units: [{ finalHex: '3016', id: 'faramir-rangers', kind: 'army', mpSpent: 3, nation: 'gondor', startHex: '2915', steps: [], stop: null }],
};

describe('map labels', () => {
  it('no two labels overlap around Minas Tirith, and the names that fit are shown', () => {
    const svg = renderMapSvg(anorien);
    const font = 10.8;
    const placed = labels(svg, font);
    expect(placed.length).toBeGreaterThanOrEqual(7);
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        expect(overlaps(labelBox(placed[i]!, font), labelBox(placed[j]!, font)), `"${placed[i]!.text}" and "${placed[j]!.text}" overlap`).toBe(false);
      }
    }
    expect(placed.map((l) => l.text)).toContain('Minas Tirith');
    expect(placed.map((l) => l.text)).toContain('faramir-ra…');
  });
});

describe('nation colours', () => {
  it('25 nations get 25 styles; every two colours (and each and the own blue) are at least 20 apart in CIELAB', () => {
    const styles = Array.from({ length: 25 }, (_, i) => foreignStyle(i));
    expect(new Set(styles.map((s) => `${s.colour} ${s.dashed}`)).size).toBe(25);
    expect(styles.filter((s) => s.dashed).length).toBe(25 - SOLID_COLOURS);
    const all = [...FOREIGN_COLOURS, OWN_COLOUR];
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        const [a, b] = [lab(all[i]!), lab(all[j]!)];
        expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]), `${all[i]} and ${all[j]}`).toBeGreaterThanOrEqual(20);
      }
    }
  });
});
