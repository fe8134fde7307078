// A report's next deadline in words, in the game's time zone and in UTC (every ruleset's reports say it
// the same way).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Checks a report's deadline and time zone; throws an Error naming the problem (a report with an
 * invalid date or an unknown zone is a bug of the caller, never something to print).
 */
export function checkDeadline(nextDeadline: Date | null, timeZone: string): void {
  if (nextDeadline !== null && !(nextDeadline instanceof Date && Number.isFinite(nextDeadline.getTime()))) {
    throw new Error('report context: nextDeadline must be a valid Date or null');
  }
  try {
    formatterFor(timeZone);
  } catch {
    throw new Error(`report context: unknown time zone ${JSON.stringify(timeZone)} (expected an IANA name such as "Europe/London")`);
  }
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** "Thursday 4 December 2026 at 18:00 GMT (Europe/London)", or null when there is no deadline. */
export function deadlineInZone(nextDeadline: Date | null, timeZone: string): string | null {
  if (nextDeadline === null) return null;
  const parts = formatterFor(timeZone).formatToParts(nextDeadline);
  const get = (t: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')} ${get('year')} at ${get('hour')}:${get('minute')} ${get('timeZoneName')} (${timeZone})`;
}

/** The same deadline in UTC, "2026-12-04 18:00 UTC", so that nobody has to convert. */
export function deadlineUtc(d: Date | null): string | null {
  if (d === null) return null;
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())} UTC`;
}
