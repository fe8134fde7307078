// Interception: an army entering a hex held by hostile armies is overrun, forced past or stopped by them
// (strength, the defended side, evasion rolls).
import type { StopReason } from '../paths.ts';
import { confront, evasionChance } from '../strength.ts';
import type { HexId, NationId } from '../types.ts';
import { onlyOf } from './emit.ts';
import { hexIdOf } from './model.ts';
import type { RUnit, Resolution } from './model.ts';
import { destroy, stopUnit } from './stops.ts';
import { centreStopsUnit, landArmy, unitsHostile } from './presence.ts';
import { sight } from './sightings.ts';

/**
 * The seed's steps 3 and 4 for an army trying to leave its hex in direction d at pulse p; `group` is every
 * unit that was at rest there and may leave at this pulse. Returns the stop reason, or null.
 *
 * Who tries to stop it (docs/rules-mepbm.md "Interception"): when it entered the hex by movement, every hostile
 * army at rest there, and every hostile army that left the hex at this same pulse (the armies leaving a hex
 * on one pulse leave together: one drawn to go first is still there for the others); when it began the turn
 * there, only hostile 840 armies that defend the side it leaves through (and no population centre).
 */
export function intercept(r: Resolution, u: RUnit, p: number, d: number, group: readonly RUnit[]): StopReason | null {
  const hexId = hexIdOf(r, u.hex);
  // The evasion roll, made at most once per interception (at the first blocker it is needed for).
  const roll: EvasionRoll = { evaded: null };
  if (armiesStop(r, u, p, d, group, hexId, roll)) return 'blocked-by-army';
  // Step 4: fortified population centres (only in a hex entered by movement).
  if (!u.entered) return null;
  return fortificationStops(r, u, p, hexId, roll) ? 'blocked-by-population-centre' : null;
}

/** The evasion roll of one interception: null until it is made. */
interface EvasionRoll {
  evaded: boolean | null;
}

function evades(r: Resolution, u: RUnit, p: number, hexId: HexId, roll: EvasionRoll): boolean {
  return u.evasive && (roll.evaded ??= evadeRoll(r, u, p, hexId));
}

/** Step 3: the blockers, in a drawn order when more than one, each overrun, forced past, evaded or stopping `u`; true when one stops it. */
function armiesStop(r: Resolution, u: RUnit, p: number, d: number, group: readonly RUnit[], hexId: HexId, roll: EvasionRoll): boolean {
  const { settings } = r;
  let blockers = blockersOf(r, u, p, d, group);
  if (blockers.length > 1) {
    blockers = r.rng.shuffle(blockers, { purpose: 'block-order', unit: u.id, pulse: p, hex: hexId });
    r.events.push({
      blockers: blockers.map((b) => b.id),
      hex: hexId,
      message: `pulse ${p}: ${blockers.length} armies try to stop ${u.id} at ${hexId}; random order ${blockers.map((b) => b.id).join(', ')}`,
      nations: [],
      pulse: p,
      type: 'block-order',
      unit: u.id,
    });
  }
  for (const b of blockers) {
    if (b.destroyed) continue;
    const defended = (b.defends & (1 << d)) !== 0;
    const eff = defended ? b.strength * settings.standAndDefendFactor : b.strength;
    let outcome = confront(u.strength, eff, settings);
    // An army that already left at this pulse is not in the hex to be destroyed: it is only passed.
    if (outcome === 'overrun' && b.leftAt === p) outcome = 'forced-past';
    if (outcome === 'overrun') {
      interception(r, p, hexId, u, b, eff, defended, outcome, `${u.id} (${u.nation}) overran ${b.id} (${b.nation}) at ${hexId}`, [u.nation, b.nation]);
      sight(r, u.nation, b, u.hex, p, 'we-overran', u);
      sight(r, b.nation, u, u.hex, p, 'overran-us', b);
      destroy(r, b, p, 'overrun', u);
      continue;
    }
    if (outcome === 'forced-past') {
      interception(r, p, hexId, u, b, eff, defended, outcome, `${u.id} (${u.nation}) forced its way past ${b.id} (${b.nation}) at ${hexId}`, [u.nation, b.nation]);
      sight(r, u.nation, b, u.hex, p, 'we-forced-past', u);
      sight(r, b.nation, u, u.hex, p, 'forced-past-us', b);
      continue;
    }
    if (evades(r, u, p, hexId, roll)) {
      interception(r, p, hexId, u, b, eff, defended, 'evaded', `${u.id} slipped past ${b.id} (${b.nation}) at ${hexId}`, [u.nation]);
      sight(r, u.nation, b, u.hex, p, 'we-evaded', u);
      continue;
    }
    interception(r, p, hexId, u, b, eff, defended, 'stopped', `${u.id} (${u.nation}) was stopped at ${hexId} by ${b.id} (${b.nation})`, [u.nation, b.nation]);
    sight(r, u.nation, b, u.hex, p, 'blocked-us', u);
    sight(r, b.nation, u, u.hex, p, 'we-blocked', b);
    stopUnit(r, u, 'blocked-by-army', p, `${b.id} (${b.nation})`);
    return true;
  }
  return false;
}

/** Step 4: a fortified population centre in the hex `u` entered stops it unless it evades; true when it stops it. */
function fortificationStops(r: Resolution, u: RUnit, p: number, hexId: HexId, roll: EvasionRoll): boolean {
  const pc = r.centres[u.hex];
  if (pc === undefined || !centreStopsUnit(r, pc, u)) return false;
  r.knownCentres.get(u.nation)?.add(u.hex);
  if (evades(r, u, p, hexId, roll)) {
    r.events.push({
      hex: hexId,
      message: `${u.id} slipped past the ${pc.fortification} of ${pc.nation} at ${hexId}`,
      nations: onlyOf(r, u.nation),
      outcome: 'evaded',
      owner: pc.nation,
      pulse: p,
      type: 'population-centre',
      unit: u.id,
    });
    return false;
  }
  r.events.push({
    hex: hexId,
    message: `${u.id} (${u.nation}) was stopped at ${hexId} by the ${pc.fortification} of ${pc.nation}`,
    nations: [u.nation, pc.nation],
    outcome: 'stopped',
    owner: pc.nation,
    pulse: p,
    type: 'population-centre',
    unit: u.id,
  });
  sight(r, pc.nation, u, u.hex, p, 'we-blocked', u.hex);
  stopUnit(r, u, 'blocked-by-population-centre', p, `${pc.fortification} of ${pc.nation}`);
  return true;
}

/** The hostile armies that try to stop `u` leaving its hex in direction d, in canonical order (see intercept). */
export function blockersOf(r: Resolution, u: RUnit, p: number, d: number, group: readonly RUnit[]): RUnit[] {
  const out: RUnit[] = [];
  for (const b of r.present[u.hex] ?? []) {
    if (b === u || !landArmy(b) || !unitsHostile(r, b.nationIx, b.nation, u.nationIx, u.nation)) continue;
    if (u.entered || (b.defends & (1 << d)) !== 0) out.push(b);
  }
  if (u.entered) {
    for (const b of group) {
      if (b !== u && b.leftAt === p && b.hex === u.hex && landArmy(b) && unitsHostile(r, b.nationIx, b.nation, u.nationIx, u.nation)) out.push(b);
    }
  }
  if (out.length > 1) out.sort((a, b) => a.index - b.index);
  return out;
}

/** An interception event (keys in sorted order). */
export function interception(
  r: Resolution,
  p: number,
  hex: HexId,
  u: RUnit,
  b: RUnit,
  blockerStrength: number,
  defendedSide: boolean,
  outcome: 'overrun' | 'forced-past' | 'stopped' | 'evaded',
  message: string,
  nations: NationId[],
): void {
  r.events.push({ blockerStrength, by: b.id, defendedSide, hex, message, nations, outcome, pulse: p, strength: u.strength, type: 'interception', unit: u.id });
}

/** An evasive army's roll to slip past what would stop it. */
export function evadeRoll(r: Resolution, u: RUnit, p: number, hexId: HexId): boolean {
  const chance = evasionChance(u.command, u.troops, r.settings);
  const roll = r.rng.int(100, { purpose: 'evasion', unit: u.id, pulse: p, hex: hexId });
  const evaded = roll < chance;
  r.events.push({
    chance,
    hex: hexId,
    message: `${u.id} tried to slip past evasively at ${hexId}: ${evaded ? 'succeeded' : 'failed'}`,
    nations: onlyOf(r, u.nation),
    pulse: p,
    roll,
    success: evaded,
    type: 'evasion',
    unit: u.id,
  });
  return evaded;
}
