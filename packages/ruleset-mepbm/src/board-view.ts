// The whole board as the game master sees it, as a nation's view that the report map draws (the
// contract's report.boardView, `arbiter map`): every hex and hexside, every population centre (hidden
// ones too, with their names), every ruin, every unit where it stands, no events. Not any nation's view: its nation is "". Armies and
// navies are written as sightings ("starts here", with their exact size), so that the map draws each in
// its nation's colour; characters, which the map draws only as a reader's own units, are the view's units.
import type { GameState } from './state.ts';
import type { NationView, Sighting, UnitResult } from './types.ts';
import { centreView } from './views.ts';

export function boardView(state: GameState): NationView {
  const sightings: Sighting[] = [];
  const units: UnitResult[] = [];
  for (const u of state.units) {
    if (u.kind === 'character') {
      units.push({ finalHex: u.hex, id: u.id, kind: u.kind, mpSpent: 0, nation: u.nation, startHex: u.hex, steps: [], stop: null });
    } else {
      const size =
        u.kind === 'army'
          ? `${Object.values(u.troops).reduce((a: number, b) => a + (b ?? 0), 0)} troops`
          : `${u.ships.warships} warships, ${u.ships.transports} transports`;
      sightings.push({ hex: u.hex, kind: u.kind, nation: u.nation, pulse: 0, size, unit: u.id, what: 'starts-here' });
    }
  }
  return {
    events: [],
    map: {
      hexes: state.map.hexes.map((h) => ({ hex: h.hex, terrain: h.terrain })),
      hexsides: state.map.hexsides.map((s) => ({ hex: s.hex, dir: s.dir, features: [...s.features] })),
    },
    nation: '',
    orderTemplate: [],
    // The game master sees every centre with all its facts (its name, capital, dock, loyalty), and every ruin.
    populationCentres: state.populationCentres.map((p) => centreView(p, p.nation)),
    ...(state.map.ruins === undefined || state.map.ruins.length === 0 ? {} : { ruins: state.map.ruins.map((r) => ({ ...r })) }),
    sightings,
    turn: state.turn,
    units,
  };
}
