// The game master's whole map (src/board-view.ts, the contract's report.boardView, `arbiter map`): every
// population centre with its name and facts, hidden ones too, and every ruin, drawn on the map.
import { describe, expect, it } from 'vitest';
import { createGame, parseScenario, renderMapSvg } from '../src/index.ts';
import { boardView } from '../src/board-view.ts';
import { army, scenario } from './resolution-helpers.ts';

function state() {
  const input = scenario({
    centres: [
      { hex: '0505', nation: 'gondor', size: 'city', name: 'Minas Tirith', capital: true, fortification: 'citadel', loyalty: 80 },
      { hex: '0808', nation: 'mordor', size: 'town', name: 'Durthang', hidden: true },
    ],
    units: [army('faramir', 'gondor', '0303')],
  });
  (input['map'] as Record<string, unknown>)['ruins'] = [{ hex: '0707', name: 'Ost-in-Edhil' }, { hex: '0202' }];
  const parsed = parseScenario(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return createGame(parsed.scenario);
}

describe("the game master's whole map", () => {
  it('has every centre with its name, capital and loyalty (hidden ones too) and every ruin', () => {
    const v = boardView(state());
    expect(v.populationCentres).toEqual([
      { capital: true, fortification: 'citadel', hex: '0505', loyalty: 80, name: 'Minas Tirith', nation: 'gondor', size: 'city' },
      { fortification: 'none', hex: '0808', name: 'Durthang', nation: 'mordor', size: 'town' },
    ]);
    expect(v.ruins).toEqual([{ hex: '0707', name: 'Ost-in-Edhil' }, { hex: '0202' }]);
  });

  it('draws the centres\' names and the ruins, with ruins in the legend', () => {
    const svg = renderMapSvg(boardView(state()), { title: 'The whole map' });
    expect(svg).toContain('>Minas Tirith</text>');
    expect(svg).toContain('>Durthang</text>');
    expect(svg).toContain('>Ost-in-Edhil</text>');
    expect(svg).toContain('<title>ruins of Ost-in-Edhil at 0707</title>');
    expect(svg).toContain('<title>ruins at 0202</title>');
    expect(svg).toContain('>ruins</text>');
  });
});

describe('ruins in a nation\'s view', () => {
  it('a ruin inside the map window is in the view, one outside is not', async () => {
    const { adjudicate } = await import('./sealed.ts');
    const r = adjudicate(state(), []);
    expect(r.views['gondor']!.ruins).toEqual([{ hex: '0202' }]);
    expect(r.views['mordor']!.ruins).toBeUndefined();
  });
});
