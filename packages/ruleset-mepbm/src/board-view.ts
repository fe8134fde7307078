// The whole board as the game master sees it, as a nation's view that the report map draws (the
// contract's report.boardView, `arbiter map`): every hex and hexside, every population centre (hidden
// ones too), every unit where it stands, no events. Not any nation's view: its nation is "".
import type { GameState } from './state.ts';
import type { NationView, UnitResult } from './types.ts';

export function boardView(state: GameState): NationView {
  return {
    events: [],
    map: {
      hexes: state.map.hexes.map((h) => ({ hex: h.hex, terrain: h.terrain })),
      hexsides: state.map.hexsides.map((s) => ({ hex: s.hex, dir: s.dir, features: [...s.features] })),
    },
    nation: '',
    orderTemplate: [],
    populationCentres: state.populationCentres.map((p) => ({ fortification: p.fortification, hex: p.hex, nation: p.nation, size: p.size })),
    sightings: [],
    turn: state.turn,
    units: state.units.map((u): UnitResult => ({ finalHex: u.hex, id: u.id, kind: u.kind, mpSpent: 0, nation: u.nation, startHex: u.hex, steps: [], stop: null })),
  };
}
