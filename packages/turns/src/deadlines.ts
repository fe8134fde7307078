// When the next turn is due, and when a missed deadline means the server was down.
// The schedule itself (weekly days and time, or every N days, in an IANA time zone, DST-aware) is
// computed by the intake package's `nextDeadline`; this module only applies the turn pipeline's policy.

import { nextDeadline, scheduleSchema } from '@arbiter/intake';

/** The first scheduled deadline strictly after `after`, as intake's `nextDeadline(schedule, timeZone, after)`. */
export type NextSlot = (after: Date) => Date;

/**
 * A game's stored schedule (Game.schedule, Game.timeZone) as a NextSlot. Throws naming the problem when
 * the stored schedule is not a valid one (which intake never stores).
 */
export function scheduleSlots(schedule: unknown, timeZone: string): NextSlot {
  const parsed = scheduleSchema.safeParse(schedule);
  if (!parsed.success) {
    throw new Error(`the game's schedule ${JSON.stringify(schedule)} is not valid: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  return (after) => nextDeadline(parsed.data, timeZone, after);
}

/** Players always get at least this long for a turn: a slot closer than this to "now" is skipped. */
export const MIN_TURN_LENGTH_MS = 12 * 3_600_000;

/**
 * The deadline of the turn after one adjudicated at `now` whose own deadline was `deadline`: the
 * schedule's next slot after the old deadline, skipping slots closer than MIN_TURN_LENGTH_MS to `now`.
 * - On time: the next slot after the old deadline (the schedule's rhythm).
 * - Run early (all orders final, or "run now"): still the slot after the old deadline, so running
 *   early never shortens the following turn.
 * - Run late (a held turn released, after an outage): the first slot at least 12 h away.
 */
export function deadlineAfter(nextSlot: NextSlot, deadline: Date, now: Date): Date {
  const floor = now.getTime() + MIN_TURN_LENGTH_MS;
  let next = checked(nextSlot(deadline), deadline);
  for (let i = 0; next.getTime() < floor; i++) {
    if (i >= 10_000) throw new Error(`schedule gave no deadline after ${new Date(floor).toISOString()}`);
    next = checked(nextSlot(next), next);
  }
  return next;
}

function checked(next: Date, after: Date): Date {
  if (!(next instanceof Date) || !Number.isFinite(next.getTime()) || next.getTime() <= after.getTime()) {
    throw new Error(`schedule gave no deadline after ${after.toISOString()}`);
  }
  return next;
}

/**
 * Outage guard: true when not only this turn's deadline but also the schedule's following deadline
 * have passed, i.e. the turn is more than one deadline overdue. Running it (and then the next one, and
 * the next) blindly would give players no time at all; such a turn is held for the GM instead.
 */
export function missedMoreThanOneDeadline(nextSlot: NextSlot, deadline: Date, now: Date): boolean {
  if (deadline.getTime() > now.getTime()) return false;
  return nextSlot(deadline).getTime() <= now.getTime();
}
