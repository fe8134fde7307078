// Deadlines from a game's schedule, in the game's named time zone (DST-aware, via luxon).
import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'time is 24-hour "HH:MM" local time, e.g. "18:00"' });

export const scheduleSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('weekly'),
    days: z
      .array(z.enum(WEEKDAYS, { message: 'days are mon, tue, wed, thu, fri, sat, sun' }))
      .min(1, { message: 'a weekly schedule needs at least one day' })
      .refine((d) => new Set(d).size === d.length, { message: 'a day is listed twice' }),
    time,
  }),
  z.strictObject({
    kind: z.literal('every'),
    days: z.number().int().min(1).max(365),
    time,
  }),
]);

/**
 * Game.reminderHours: how many hours before the deadline a nation that sent no orders for the turn is
 * reminded, once; 0 turns reminders off. At most two weeks.
 */
export const reminderHoursSchema = z.number({ message: 'must be a whole number of hours' }).int({ message: 'must be a whole number of hours' }).min(0, { message: 'must be 0 (no reminders) or more' }).max(336, { message: 'must be at most 336 (two weeks)' });

/** `{ kind: 'weekly', days: ['mon','thu'], time: '18:00' }` or `{ kind: 'every', days: 3, time: '18:00' }`. */
export type Schedule = z.infer<typeof scheduleSchema>;

const zoneValidity = new Map<string, boolean>();

/** Whether `zone` is an IANA time zone name (cached: luxon builds an Intl formatter per check). */
export function isValidTimeZone(zone: string): boolean {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    valid = IANAZone.isValidZone(zone);
    if (zoneValidity.size < 1000) zoneValidity.set(zone, valid);
  }
  return valid;
}

function atLocalTime(day: DateTime, hhmm: string): DateTime {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  // A local time that does not exist (the hour skipped when clocks go forward) is moved forward by the
  // gap, e.g. 02:30 becomes 03:30; an ambiguous one (clocks go back) is the earlier of the two instants.
  return day.set({ hour: h, minute: m, second: 0, millisecond: 0 });
}

/**
 * The next deadline after `after`, in `timeZone`:
 * - weekly: the first listed weekday at `time` (local) strictly after `after`;
 * - every N days: `time` (local) on the calendar day N days after `after`'s local date (so passing the
 *   previous deadline gives the one N days later, whatever DST did in between).
 */
export function nextDeadline(schedule: Schedule, timeZone: string, after: Date): Date {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`"${timeZone}" is not an IANA time zone (e.g. "Europe/Berlin")`);
  const parsed = scheduleSchema.parse(schedule);
  const start = DateTime.fromJSDate(after, { zone: timeZone });
  if (!start.isValid) throw new RangeError('the start time is not a valid date');
  if (parsed.kind === 'every') {
    return atLocalTime(start.startOf('day').plus({ days: parsed.days }), parsed.time).toJSDate();
  }
  const wanted = new Set(parsed.days.map((d) => WEEKDAYS.indexOf(d) + 1)); // luxon: 1 = Monday
  for (let i = 0; i <= 7; i++) {
    const day = start.startOf('day').plus({ days: i });
    if (!wanted.has(day.weekday)) continue;
    const candidate = atLocalTime(day, parsed.time);
    if (candidate.toMillis() > after.getTime()) return candidate.toJSDate();
  }
  // Unreachable: within eight days every listed weekday occurs after `after`.
  throw new Error('no deadline found within a week');
}

const formatted = new Map<string, string>();

/** A deadline as players read it: "Thu 2026-12-03 18:00 UTC+01:00 (Europe/Berlin)". */
export function formatDeadline(deadline: Date, timeZone: string): string {
  // Every receipt shows the deadline, and a turn has one: cache the words (luxon is not cheap).
  const key = `${deadline.getTime()}|${timeZone}`;
  const hit = formatted.get(key);
  if (hit !== undefined) return hit;
  const d = DateTime.fromJSDate(deadline, { zone: isValidTimeZone(timeZone) ? timeZone : 'UTC' }).setLocale('en');
  const text = `${d.toFormat('ccc yyyy-LL-dd HH:mm')} UTC${d.toFormat('ZZ')} (${d.zoneName})`;
  if (formatted.size >= 10_000) formatted.clear();
  formatted.set(key, text);
  return text;
}
