// Food supply (docs/rules-mepbm.md "Food", house rule): an army at rest at a population centre of its own nation
// at the start of the turn, not aboard a navy and not besieged, draws food from it before its troops eat,
// up to `foodSupplyTurns` turns of what they eat (plus the one unit the forum source says must be left to
// be fed), as far as what the centre gives in a turn (`foodSupply` by size) goes; the armies at one centre
// draw in the order of their ids. Pure: the same state gives the same supplies, in the turn and in the
// order check alike.
import { foodEaten } from './food.ts';
import type { RuleSettings } from './settings.ts';
import { DEFAULT_SETTINGS } from './settings.ts';
import type { ArmyState, GameState, NationState, PopulationCentreState } from './state.ts';
import { nationsHostileIn } from './state.ts';
import type { NationId, PopulationCentreSize, UnitId } from './types.ts';

const cache = new WeakMap<GameState, ReadonlyMap<UnitId, number>>();

/** Food per turn a centre of each size gives its armies (a state stored before the setting existed gets the defaults). */
export function foodSupply(s: RuleSettings): Record<PopulationCentreSize, number> {
  return s.foodSupply ?? DEFAULT_SETTINGS.foodSupply;
}

/** Turns of eating an army at its own centre is supplied up to. */
export function foodSupplyTurns(s: RuleSettings): number {
  return s.foodSupplyTurns ?? DEFAULT_SETTINGS.foodSupplyTurns;
}

/** The food each supplied army draws this turn (armies that draw nothing are absent). */
export function foodSupplies(state: GameState): ReadonlyMap<UnitId, number> {
  let out = cache.get(state);
  if (out === undefined) {
    out = computeSupplies(state);
    cache.set(state, out);
  }
  return out;
}

/** The food army `id` draws this turn (0 when none). */
export function suppliedFood(state: GameState, id: UnitId): number {
  return foodSupplies(state).get(id) ?? 0;
}

function computeSupplies(state: GameState): Map<UnitId, number> {
  const out = new Map<UnitId, number>();
  const perSize = foodSupply(state.settings);
  const centres = new Map<string, PopulationCentreState>();
  for (const pc of state.populationCentres) if (perSize[pc.size] > 0) centres.set(pc.hex, pc);
  if (centres.size === 0) return out;
  const armiesAt = new Map<string, ArmyState[]>();
  for (const u of state.units) {
    if (u.kind !== 'army' || u.aboard !== null) continue;
    const list = armiesAt.get(u.hex);
    if (list === undefined) armiesAt.set(u.hex, [u]);
    else list.push(u);
  }
  const nations = new Map(state.nations.map((n) => [n.id, n]));
  const turns = foodSupplyTurns(state.settings);
  for (const [hex, pc] of centres) {
    const here = armiesAt.get(hex);
    if (here === undefined) continue;
    let left = perSize[pc.size];
    const own = here.filter((a) => a.nation === pc.nation && !besieged(nations, a.nation, here)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const a of own) {
      const want = Math.max(0, foodEaten(a.troops, state.settings) * turns + 1 - a.food);
      const drawn = Math.min(want, left);
      if (drawn <= 0) continue;
      out.set(a.id, drawn);
      left -= drawn;
    }
  }
  return out;
}

/** Besieged: an army of a nation that is not friendly or tolerant to it (or to which it is neither) is in the hex. */
function besieged(nations: ReadonlyMap<NationId, NationState>, nation: NationId, here: readonly ArmyState[]): boolean {
  return here.some((b) => b.nation !== nation && nationsHostileIn(nations, nation, b.nation));
}
