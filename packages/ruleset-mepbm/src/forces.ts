// A nation's forces after the turn, for its view and report: every own army with its troops by type,
// commander, food, morale and the characters with it; every navy with its ships and what it carries;
// every character and where it is. Read from the next state's units (what the nation orders next turn),
// in order of unit id, so that the order of the state's unit list never shows (docs/rules-mepbm.md: the unit
// list decides nothing). Keys in sorted order: views are hashed as JSON.
import type { ArmyState, CharacterState, NavyState, UnitState } from './state.ts';
import type { ArmyForce, CharacterForce, CommanderView, NationForces, NationId, NavyForce, Troops, UnitId } from './types.ts';

function commanderView(c: ArmyState['commander']): CommanderView {
  return c.name === undefined ? { command: c.command } : { command: c.command, name: c.name };
}

function sortedTroops(t: Troops): Troops {
  const out: Troops = {};
  for (const k of (Object.keys(t) as (keyof Troops)[]).sort()) {
    const n = t[k];
    if (n !== undefined) out[k] = n;
  }
  return out;
}

function army(a: ArmyState, characters: UnitId[]): ArmyForce {
  return { aboard: a.aboard, characters, commander: commanderView(a.commander), food: a.food, hex: a.hex, id: a.id, morale: a.morale, troops: sortedTroops(a.troops) };
}

function navy(n: NavyState, armies: UnitId[], characters: UnitId[]): NavyForce {
  return {
    armies,
    characters,
    commander: commanderView(n.commander),
    food: n.food,
    hex: n.hex,
    id: n.id,
    morale: n.morale,
    ships: { transports: n.ships.transports, warships: n.ships.warships },
  };
}

function character(c: CharacterState): CharacterForce {
  const out = { hex: c.hex, id: c.id } as CharacterForce;
  if (c.name !== undefined) out.name = c.name;
  out.with = c.with;
  return out;
}

/** Every nation's forces from the next state's units (a nation without units gets empty lists). */
export function forcesByNation(stateUnits: readonly UnitState[], nations: Iterable<NationId>): Map<NationId, NationForces> {
  const units = [...stateUnits].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const withUnit = new Map<UnitId, UnitId[]>();
  const aboard = new Map<UnitId, UnitId[]>();
  const push = (m: Map<UnitId, UnitId[]>, key: UnitId, id: UnitId): void => {
    const list = m.get(key);
    if (list === undefined) m.set(key, [id]);
    else list.push(id);
  };
  for (const u of units) {
    if (u.kind === 'character' && u.with !== null) push(withUnit, u.with, u.id);
    if (u.kind === 'army' && u.aboard !== null) push(aboard, u.aboard, u.id);
  }
  const out = new Map<NationId, NationForces>();
  for (const n of nations) out.set(n, { armies: [], characters: [], navies: [] });
  for (const u of units) {
    const f = out.get(u.nation);
    if (f === undefined) continue;
    switch (u.kind) {
      case 'army':
        f.armies.push(army(u, withUnit.get(u.id) ?? []));
        break;
      case 'navy':
        f.navies.push(navy(u, aboard.get(u.id) ?? [], withUnit.get(u.id) ?? []));
        break;
      case 'character':
        f.characters.push(character(u));
        break;
    }
  }
  return out;
}
