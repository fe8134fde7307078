// Presence and hostility: which units are at rest in a hex (not travelling with another unit), and who
// stops whom (relations, population centres, contested hexes).
import type { PopulationCentreState } from '../state.ts';
import { isFriendlyOrTolerant, nationsHostileIn, relationOf } from '../state.ts';
import type { NationId } from '../types.ts';
import type { Centre, RUnit, Resolution } from './model.ts';

export function addPresent(r: Resolution, u: RUnit): void {
  const list = r.present[u.hex];
  if (list === undefined) r.present[u.hex] = [u];
  else list.push(u);
}

export function removePresent(r: Resolution, u: RUnit): void {
  const list = r.present[u.hex];
  if (list === undefined) return;
  const i = list.indexOf(u);
  if (i >= 0) list.splice(i, 1);
}

export function detach(r: Resolution, u: RUnit): void {
  const c = u.carrier;
  if (c === null) return;
  const i = c.passengers.indexOf(u);
  if (i >= 0) c.passengers.splice(i, 1);
  u.carrier = null;
  void r;
}

/** An army that can block or be blocked: on land, not aboard or sailing. */
export function landArmy(u: RUnit): boolean {
  return u.kind === 'army' && u.mode !== 'navy' && u.carrier === null && !u.destroyed;
}

/** The seed: an army stops another when it is not friendly or tolerant to it, or the other is neither to it. */
export function armiesHostile(r: Resolution, a: NationId, b: NationId): boolean {
  const ai = r.nationIx.get(a);
  const bi = r.nationIx.get(b);
  if (ai === undefined || bi === undefined) return a !== b && nationsHostile(r, a, b);
  return unitsHostile(r, ai, a, bi, b);
}

/** armiesHostile by nation index. */
export function unitsHostile(r: Resolution, ai: number, a: NationId, bi: number, b: NationId): boolean {
  if (ai === bi) return false;
  const n = r.nationCount;
  if (ai >= n || bi >= n) return nationsHostile(r, a, b);
  return r.friendly[ai * n + bi] === 0 || r.friendly[bi * n + ai] === 0;
}

export function nationsHostile(r: Resolution, a: NationId, b: NationId): boolean {
  return nationsHostileIn(r.nations, a, b);
}

/** The seed: a fortified population centre of a nation that is not tolerant or friendly to the army stops it. */
export function centreStops(r: Resolution, pc: PopulationCentreState, mover: NationId): boolean {
  return pc.fortification !== 'none' && pc.nation !== mover && !isFriendlyOrTolerant(relationOf(r.nations, pc.nation, mover));
}

/** centreStops for a centre and an army of the resolution. */
export function centreStopsUnit(r: Resolution, pc: Centre, u: RUnit): boolean {
  if (pc.fortification === 'none' || pc.nation === u.nation) return false;
  const n = r.nationCount;
  if (pc.nationIx >= n || u.nationIx >= n) return !isFriendlyOrTolerant(relationOf(r.nations, pc.nation, u.nation));
  return r.friendly[pc.nationIx * n + u.nationIx] === 0;
}

/**
 * Whether the order in which the units at rest in `hex` leave it at this pulse can change an outcome: more
 * than one has an order entry left to take, and one of them is an army that must get past a hostile army there (it entered the hex
 * by movement, or it may leave through a side that an 840 army there defends). Then the order is drawn.
 */
export function contested(r: Resolution, hex: number, group: RUnit[]): boolean {
  let leavers = 0;
  for (const u of group) if (u.entry < u.plan.length) leavers++;
  if (leavers < 2) return false;
  const armies = (r.present[hex] ?? []).filter(landArmy);
  for (const m of group) {
    if (m.mode !== 'army' || m.entry >= m.plan.length) continue;
    for (const a of armies) {
      if (a !== m && (m.entered || a.defends !== 0) && unitsHostile(r, a.nationIx, a.nation, m.nationIx, m.nation)) return true;
    }
  }
  return false;
}

/** Whether a hostile 840 army at rest in the army's hex defends the side it is leaving through. */
export function defendedAgainst(r: Resolution, u: RUnit, d: number): boolean {
  const list = r.present[u.hex];
  if (list === undefined) return false;
  for (let i = 0; i < list.length; i++) {
    const b = list[i]!;
    if ((b.defends & (1 << d)) !== 0 && b !== u && landArmy(b) && unitsHostile(r, b.nationIx, b.nation, u.nationIx, u.nation)) return true;
  }
  return false;
}
