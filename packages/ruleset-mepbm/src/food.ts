// Food (docs/rules-mepbm.md "Food"): what a soldier of each troop type eats in a turn, whether an army is fed
// this turn, and the food it carries after the turn. Pure arithmetic on the army and the rule settings.
import type { RuleSettings } from './settings.ts';
import { DEFAULT_SETTINGS } from './settings.ts';
import type { TroopType, Troops } from './types.ts';

const TYPES: readonly TroopType[] = ['heavyCavalry', 'lightCavalry', 'heavyInfantry', 'lightInfantry', 'archers', 'menAtArms'];

/** An army's food this turn, as its result and report show it. Keys in sorted order (the result is hashed as is). */
export interface ArmyFood {
  /** Food its troops ate this turn (at most what it carried). */
  eaten: number;
  /** Fed this turn: it moves at the Fed costs and loses no morale for a move order. */
  fed: boolean;
  /** Whether the food left feeds the same troops next turn. */
  fedNextTurn: boolean;
  /** Food it carries after the turn. */
  left: number;
  /** Food it drew from its own population centre before eating (present only when some). */
  supplied?: number;
}

/** Food per soldier of each type (a game state stored before the setting existed gets the defaults). */
export function foodPerSoldier(s: RuleSettings): Record<TroopType, number> {
  return s.foodPerSoldier ?? DEFAULT_SETTINGS.foodPerSoldier;
}

/** What the army's troops eat in a turn: the sum over troop types of count x food per soldier. */
export function foodEaten(troops: Troops, s: RuleSettings): number {
  const per = foodPerSoldier(s);
  let total = 0;
  for (const t of TYPES) total += (troops[t] ?? 0) * per[t];
  return total;
}

/** Fed this turn: after its troops have eaten, at least one unit of food is left in its baggage train. */
export function isFed(food: number, troops: Troops, s: RuleSettings): boolean {
  return food > foodEaten(troops, s);
}

/** The food an army carries after its troops have eaten this turn (never below 0). */
export function foodAfterTurn(food: number, troops: Troops, s: RuleSettings): number {
  return Math.max(0, food - foodEaten(troops, s));
}

/** The whole food account of an army for the turn, with the food it draws from its centre first (supply.ts). */
export function armyFood(army: { food: number; troops: Troops }, s: RuleSettings, supplied = 0): ArmyFood {
  const need = foodEaten(army.troops, s);
  const food = army.food + supplied;
  const left = Math.max(0, food - need);
  const out: ArmyFood = { eaten: food - left, fed: food > need, fedNextTurn: left > need, left };
  if (supplied > 0) out.supplied = supplied;
  return out;
}
