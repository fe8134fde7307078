// Per-game rule settings: every number that no source publishes (house rules) and the published
// numbers a GM may want to tune. They live in the GameState, so a stored turn replays with the
// settings it ran under. docs/rules-mepbm.md gives each default with its reasoning.
import { z } from 'zod';
import type { PopulationCentreSize, TroopType } from './types.ts';

/** When a navy's move ends at the shore (docs/rules-mepbm.md "Navies"). */
export type NavyDocking = 'from-water' | 'every-landing';

export interface RuleSettings {
  /** Strength points per soldier of each troop type (interception strength = sum of count x weight). */
  troopStrength: Record<TroopType, number>;
  /** A moving army forces its way past a blocking army when its strength >= this x the blocker's. */
  forcePastRatio: number;
  /** A moving army overruns (destroys) a blocking army when its strength >= this x the blocker's. */
  overrunRatio: number;
  /** A stand-and-defend (840) army's strength is multiplied by this on its three defended sides. */
  standAndDefendFactor: number;
  /** Evasion chance in percent = clamp(floor(command^2 / evasionCommandDivisor) - floor(troops / evasionTroopsPerPoint), min, max). */
  evasionCommandDivisor: number;
  evasionTroopsPerPoint: number;
  evasionMinPercent: number;
  evasionMaxPercent: number;
  /** Chance in percent that an evasive army passing (not stopping in) a hex is seen by the units and population centres there. */
  evasiveSightingPercent: number;
  /** Morale lost by an unfed army or navy for each move order: a uniform roll in [min, max]. */
  unfedMoraleLossMin: number;
  unfedMoraleLossMax: number;
  /** Navy entering an open-sea hex: percent chance of being lost with all aboard, and of a storm that ends its move. */
  openSeaLossPercent: number;
  openSeaStormPercent: number;
  /** Transports needed to carry an army: ceil(cavalry / cavalryPerTransport + infantry / infantryPerTransport). */
  cavalryPerTransport: number;
  infantryPerTransport: number;
  /** Food a soldier of each troop type eats per turn (docs/rules-mepbm.md "Food"). */
  foodPerSoldier: Record<TroopType, number>;
  /** Hexes around each own unit's final position and own population centre shown in a nation's map window. */
  viewRadius: number;
  /** Food a population centre of each size gives its own nation's armies there in a turn (docs/rules-mepbm.md "Food"). */
  foodSupply: Record<PopulationCentreSize, number>;
  /** An army at its own centre is supplied up to this many turns of what its troops eat. */
  foodSupplyTurns: number;
  /** Hexes around each own unit (where it ended the turn) and own population centre in which foreign armies and navies are seen. */
  sightingRange: number;
  /** When entering a shore hex or a dock ends a navy's move (a state stored before the setting existed: from-water). */
  navyDocking: NavyDocking;
}

export const DEFAULT_SETTINGS: RuleSettings = Object.freeze({
  troopStrength: Object.freeze({
    heavyCavalry: 6,
    lightCavalry: 4,
    heavyInfantry: 4,
    menAtArms: 3,
    archers: 2,
    lightInfantry: 2,
  }) as Record<TroopType, number>,
  forcePastRatio: 2,
  overrunRatio: 5,
  standAndDefendFactor: 2,
  evasionCommandDivisor: 100,
  evasionTroopsPerPoint: 100,
  evasionMinPercent: 1,
  evasionMaxPercent: 90,
  evasiveSightingPercent: 25,
  unfedMoraleLossMin: 1,
  unfedMoraleLossMax: 5,
  openSeaLossPercent: 1,
  openSeaStormPercent: 10,
  cavalryPerTransport: 150,
  infantryPerTransport: 250,
  viewRadius: 1,
  navyDocking: 'from-water',
  foodSupply: Object.freeze({ camp: 200, village: 500, town: 1000, 'major-town': 2000, city: 4000 }) as Record<PopulationCentreSize, number>,
  foodSupplyTurns: 2,
  sightingRange: 1,
  foodPerSoldier: Object.freeze({
    heavyCavalry: 2,
    lightCavalry: 2,
    heavyInfantry: 1,
    menAtArms: 1,
    archers: 1,
    lightInfantry: 1,
  }) as Record<TroopType, number>,
}) as RuleSettings;

const positive = z.number().positive();
const percent = z.number().int().min(0).max(100);
const supplyFood = z.number().int().min(0).max(1_000_000);

/** A number per troop type, each optional (the defaults fill the rest). */
function perTroopType(n: z.ZodNumber) {
  return z
    .object({ heavyCavalry: n, lightCavalry: n, heavyInfantry: n, menAtArms: n, archers: n, lightInfantry: n })
    .partial()
    .strict();
}

/** The `settings` object of a scenario: every field optional, defaults above. */
export const settingsSchema = z
  .object({
    troopStrength: perTroopType(z.number().nonnegative()),
    forcePastRatio: positive,
    overrunRatio: positive,
    standAndDefendFactor: positive,
    evasionCommandDivisor: positive,
    evasionTroopsPerPoint: positive,
    evasionMinPercent: percent,
    evasionMaxPercent: percent,
    evasiveSightingPercent: percent,
    unfedMoraleLossMin: z.number().int().min(0).max(100),
    unfedMoraleLossMax: z.number().int().min(0).max(100),
    openSeaLossPercent: percent,
    openSeaStormPercent: percent,
    cavalryPerTransport: z.number().int().positive(),
    infantryPerTransport: z.number().int().positive(),
    viewRadius: z.number().int().min(0).max(5),
    navyDocking: z.enum(['from-water', 'every-landing']),
    sightingRange: z.number().int().min(0).max(5),
    foodSupply: z
      .object({ camp: supplyFood, village: supplyFood, town: supplyFood, 'major-town': supplyFood, city: supplyFood })
      .partial()
      .strict(),
    foodSupplyTurns: z.number().int().min(1).max(10),
    foodPerSoldier: perTroopType(z.number().int().min(0).max(100)),
  })
  .partial()
  .strict();

export type SettingsInput = z.infer<typeof settingsSchema>;

/** The navy docking rule of a state's settings (a state stored before the setting existed gets the default). */
export function navyDocking(s: RuleSettings): NavyDocking {
  return s.navyDocking ?? DEFAULT_SETTINGS.navyDocking;
}

/** The sighting range of a state's settings (a state stored before the setting existed gets the default). */
export function sightingRange(s: RuleSettings): number {
  return s.sightingRange ?? DEFAULT_SETTINGS.sightingRange;
}

/** Fills the defaults in. Cross-field checks (min <= max, overrun >= force past) are made by the scenario parser. */
export function resolveSettings(input: SettingsInput | undefined): RuleSettings {
  const base = DEFAULT_SETTINGS;
  const troopStrength = { ...base.troopStrength };
  for (const [k, v] of Object.entries(input?.troopStrength ?? {})) {
    if (v !== undefined) troopStrength[k as TroopType] = v;
  }
  const foodPerSoldier = { ...base.foodPerSoldier };
  for (const [k, v] of Object.entries(input?.foodPerSoldier ?? {})) {
    if (v !== undefined) foodPerSoldier[k as TroopType] = v;
  }
  const foodSupply = { ...base.foodSupply };
  for (const [k, v] of Object.entries(input?.foodSupply ?? {})) {
    if (v !== undefined) foodSupply[k as PopulationCentreSize] = v;
  }
  const out: RuleSettings = { ...base, troopStrength, foodPerSoldier, foodSupply };
  if (input) {
    for (const [k, v] of Object.entries(input)) {
      if (k === 'troopStrength' || k === 'foodPerSoldier' || k === 'foodSupply' || v === undefined) continue;
      (out as unknown as Record<string, unknown>)[k] = v;
    }
  }
  return out;
}

/** Problems between settings fields, as JSON paths relative to `settings`. */
export function settingsIssues(s: RuleSettings): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (s.overrunRatio < s.forcePastRatio) {
    issues.push({ path: 'overrunRatio', message: `must be at least forcePastRatio (${s.forcePastRatio}): overrunning is harder than forcing past` });
  }
  if (s.evasionMinPercent > s.evasionMaxPercent) {
    issues.push({ path: 'evasionMinPercent', message: `must not exceed evasionMaxPercent (${s.evasionMaxPercent})` });
  }
  if (s.unfedMoraleLossMin > s.unfedMoraleLossMax) {
    issues.push({ path: 'unfedMoraleLossMin', message: `must not exceed unfedMoraleLossMax (${s.unfedMoraleLossMax})` });
  }
  if (s.openSeaLossPercent + s.openSeaStormPercent > 100) {
    issues.push({ path: 'openSeaStormPercent', message: 'openSeaLossPercent + openSeaStormPercent must not exceed 100' });
  }
  return issues;
}
