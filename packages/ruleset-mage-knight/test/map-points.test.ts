// report.mapPoints (issue #25): each space's point is the centre of the hex the map draws for it, so the
// web client's planned path lies on the hexes the order names.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sealTurn } from '@arbiter/engine';
import { mageKnight, parseOrders } from '../src/index.ts';

const doc = JSON.parse(readFileSync(new URL('../../../examples/scenarios/mage-knight/first-reconnaissance.json', import.meta.url), 'utf8')) as { orders: string[] };

function firstView() {
  const parsed = mageKnight.scenario.parse(doc);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const state = mageKnight.scenario.initialState(parsed.scenario);
  const result = sealTurn(mageKnight.adjudicate(state, parseOrders(doc.orders.join('\n')).orders));
  const [player, view] = Object.entries(result.views)[0]!;
  return { player, view };
}

/** The centre of each drawn hex of the SVG, by its data-space. */
function hexCentres(svg: string): Map<string, { x: number; y: number }> {
  const out = new Map<string, { x: number; y: number }>();
  for (const m of svg.matchAll(/<polygon points="([^"]+)"[^>]*data-space="([^"]+)"/g)) {
    const pts = m[1]!.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
    out.set(m[2]!, { x: pts.reduce((s, p) => s + p[0], 0) / pts.length, y: pts.reduce((s, p) => s + p[1], 0) / pts.length });
  }
  return out;
}

describe('Mage Knight report.mapPoints', () => {
  it('places every revealed space at the centre of its hex on the map, and an unknown space nowhere', () => {
    const { player, view } = firstView();
    const svg = mageKnight.report.svg(view, { gameName: 'g', gameId: 'g', turn: view.turn, nextDeadline: null, timeZone: 'UTC', playerName: player });
    const centres = hexCentres(svg);
    expect(centres.size).toBeGreaterThan(6);
    const spaces = [...centres.keys()];
    const points = mageKnight.report.mapPoints!(view, [...spaces, 'Z9.c', 'nonsense']);
    spaces.forEach((s, i) => {
      const p = points[i]!;
      expect(p).not.toBeNull();
      expect(Math.abs(p.x - centres.get(s)!.x)).toBeLessThan(0.2);
      expect(Math.abs(p.y - centres.get(s)!.y)).toBeLessThan(0.2);
    });
    expect(points.slice(-2)).toEqual([null, null]);
  });
});
