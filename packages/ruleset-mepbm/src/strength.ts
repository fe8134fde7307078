// Interception arithmetic (house rules; docs/rules-mepbm.md "Interception"): troop strength, the force-past
// and overrun thresholds, the evasion chance and the transports an army needs. All from RuleSettings.
import type { RuleSettings } from './settings.ts';
import type { TroopType, Troops } from './types.ts';

const TYPES: readonly TroopType[] = ['heavyCavalry', 'lightCavalry', 'heavyInfantry', 'lightInfantry', 'archers', 'menAtArms'];

/** Strength points: the sum over troop types of count x the type's weight. */
export function armyStrength(troops: Troops, s: RuleSettings): number {
  let total = 0;
  for (const t of TYPES) total += (troops[t] ?? 0) * s.troopStrength[t];
  return total;
}

export type Confrontation = 'overrun' | 'forced-past' | 'stopped';

/**
 * A moving army of strength `mover` tries to leave past a blocking army of (effective) strength
 * `blocker`: overrun at >= overrunRatio x, forced past at >= forcePastRatio x, else stopped.
 * An army of strength 0 forces nothing.
 */
export function confront(mover: number, blocker: number, s: RuleSettings): Confrontation {
  if (mover <= 0) return 'stopped';
  if (mover >= s.overrunRatio * blocker) return 'overrun';
  if (mover >= s.forcePastRatio * blocker) return 'forced-past';
  return 'stopped';
}

/** Evasion chance in whole percent: clamp(floor(command^2 / divisor) - floor(troops / perPoint), min, max). */
export function evasionChance(command: number, troops: number, s: RuleSettings): number {
  const raw = Math.floor((command * command) / s.evasionCommandDivisor) - Math.floor(troops / s.evasionTroopsPerPoint);
  return Math.min(s.evasionMaxPercent, Math.max(s.evasionMinPercent, raw));
}

/** Transports needed to carry an army: ceil(cavalry / cavalryPerTransport + infantry / infantryPerTransport). */
export function transportsNeeded(troops: Troops, s: RuleSettings): number {
  const cav = (troops.heavyCavalry ?? 0) + (troops.lightCavalry ?? 0);
  const inf = (troops.heavyInfantry ?? 0) + (troops.lightInfantry ?? 0) + (troops.archers ?? 0) + (troops.menAtArms ?? 0);
  // Exact rational arithmetic: ceil((cav * ip + inf * cp) / (cp * ip)).
  const cp = s.cavalryPerTransport;
  const ip = s.infantryPerTransport;
  return Math.ceil((cav * ip + inf * cp) / (cp * ip));
}

/** How an observer describes an army's size (never the exact numbers). */
export function armySizeWord(troops: number): string {
  if (troops < 100) return 'a handful';
  if (troops < 500) return 'small';
  if (troops < 1500) return 'medium';
  if (troops < 4000) return 'large';
  return 'huge';
}

export function navySizeWord(ships: number): string {
  if (ships < 5) return 'small';
  if (ships < 15) return 'medium';
  return 'large';
}
