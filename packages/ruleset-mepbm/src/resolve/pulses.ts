// The pulse scheduler: days 1..14. At each pulse every arrival happens first, then the units at rest with
// an order entry left depart, hex by hex, a contested hex's units in the seed's departure order.
import { PULSES } from './events.ts';
import { hexIdOf } from './model.ts';
import type { RUnit, Resolution } from './model.ts';
import { arrive, depart } from './steps.ts';
import { contested } from './presence.ts';
import { commitSeen } from './sightings.ts';

/** After the pulses: a unit that stays where it is commits what others saw of it. */
export function stayPut(r: Resolution, u: RUnit): void {
  if (!u.destroyed && u.carrier === null) commitSeen(r, u, 'met', PULSES);
  if (!u.done && !u.destroyed) u.done = true;
}

/** Pulses 0..14: at each, arrivals first, then every unit at rest with an entry left tries it. */
export function runPulses(r: Resolution): void {
  const arrivals: RUnit[][] = [];
  for (let p = 0; p <= PULSES; p++) arrivals.push([]);
  const groupOf = new Int32Array(r.map.terrain.length).fill(-1);
  for (let p = 0; p <= PULSES; p++) {
    let ready: RUnit[];
    if (p === 0) ready = r.units.filter((u) => !u.done);
    else ready = arrivalsAt(r, p, arrivals[p]!);
    if (ready.length > 0) departures(r, p, ready, arrivals, groupOf);
  }
}

/** The pulse's arrivals, in canonical order; returns those that go on (at rest with an entry left). */
export function arrivalsAt(r: Resolution, p: number, due: RUnit[]): RUnit[] {
  due.sort((a, b) => a.index - b.index);
  const ready: RUnit[] = [];
  for (let i = 0; i < due.length; i++) {
    const u = due[i]!;
    if (u.destroyed) continue;
    arrive(r, u, p);
    if (!u.done && !u.destroyed) ready.push(u);
  }
  return ready;
}

/** The pulse's departures: grouped by hex, in canonical order; ties between armies that may interact are broken by the random source. */
export function departures(r: Resolution, p: number, ready: RUnit[], arrivals: RUnit[][], groupOf: Int32Array): void {
  // (A slot per hex instead of a Map: no hashing, no iterator entries; groups keep first-seen order.)
  const groups: RUnit[][] = [];
  const groupHexes: number[] = [];
  for (let i = 0; i < ready.length; i++) {
    const u = ready[i]!;
    const gi = groupOf[u.hex]!;
    if (gi < 0) {
      groupOf[u.hex] = groups.length;
      groups.push([u]);
      groupHexes.push(u.hex);
    } else groups[gi]!.push(u);
  }
  for (let i = 0; i < groupHexes.length; i++) groupOf[groupHexes[i]!] = -1;
  for (let gi = 0; gi < groups.length; gi++) departGroup(r, p, groupHexes[gi]!, groups[gi]!, arrivals);
}

/** The units at rest in one hex try their next entries, in canonical order or, when contested, a drawn one. */
export function departGroup(r: Resolution, p: number, hex: number, group: RUnit[], arrivals: RUnit[][]): void {
  const order = group.length > 1 && contested(r, hex, group) ? departureOrder(r, p, hex, group) : group;
  for (let i = 0; i < order.length; i++) {
    const u = order[i]!;
    if (u.destroyed || u.done) continue;
    const next = depart(r, u, p, group);
    if (next > 0) arrivals[next]!.push(u);
  }
}

export function departureOrder(r: Resolution, p: number, hex: number, group: RUnit[]): RUnit[] {
  const order = r.rng.shuffle(group, { purpose: 'departure-order', pulse: p, hex: hexIdOf(r, hex) });
  r.events.push({
    hex: hexIdOf(r, hex),
    message: `pulse ${p}: ${order.length} armies try to leave ${hexIdOf(r, hex)} at once; random order ${order.map((u) => u.id).join(', ')}`,
    nations: [],
    pulse: p,
    type: 'departure-order',
    units: order.map((u) => u.id),
  });
  return order;
}
