// What a report needs besides the nation's view: the game's names, the next deadline and its time zone.
import type { ReportContext as KernelReportContext } from '@arbiter/engine';
import type { NationId, NationView } from '../types.ts';

/** The kernel's report context (@arbiter/engine) in mepbm's words: the reader is a nation. */
export type ReportContext = Omit<KernelReportContext, 'playerName' | 'playerNames'> & {
  /** The reader's nation, in words. */
  nationName: string;
  /** Names of other nations for sightings and population centres; ids are shown where a name is missing. */
  nationNames?: Readonly<Record<NationId, string>>;
};

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
 * Checks a context against its view; throws an Error naming the problem. A report for the wrong turn or
 * with an unknown time zone is a bug of the caller, never something to print.
 */
export function checkContext(view: NationView, ctx: ReportContext): void {
  if (!Number.isInteger(ctx.turn) || ctx.turn < 0) {
    throw new Error(`report context: turn must be a whole number >= 0, got ${String(ctx.turn)}`);
  }
  if (ctx.turn !== view.turn) {
    throw new Error(`report context: turn ${ctx.turn} does not match the view's turn ${view.turn} (nation ${view.nation})`);
  }
  if (ctx.nextDeadline !== null && !(ctx.nextDeadline instanceof Date && Number.isFinite(ctx.nextDeadline.getTime()))) {
    throw new Error('report context: nextDeadline must be a valid Date or null');
  }
  try {
    formatterFor(ctx.timeZone);
  } catch {
    throw new Error(`report context: unknown time zone ${JSON.stringify(ctx.timeZone)} (expected an IANA name such as "Europe/London")`);
  }
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** "Thursday 4 December 2026 at 18:00 GMT (Europe/London)", or null when there is no deadline. */
export function deadlineInZone(ctx: ReportContext): string | null {
  if (ctx.nextDeadline === null) return null;
  const parts = formatterFor(ctx.timeZone).formatToParts(ctx.nextDeadline);
  const get = (t: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')} ${get('year')} at ${get('hour')}:${get('minute')} ${get('timeZoneName')} (${ctx.timeZone})`;
}

/** The same deadline in UTC, "2026-12-04 18:00 UTC", so that nobody has to convert. */
export function deadlineUtc(ctx: ReportContext): string | null {
  const d = ctx.nextDeadline;
  if (d === null) return null;
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())} UTC`;
}

export function nationLabel(ctx: ReportContext, view: NationView, nation: NationId): string {
  if (nation === view.nation) return ctx.nationName;
  const names = ctx.nationNames;
  if (names !== undefined && Object.hasOwn(names, nation)) {
    const name = names[nation];
    if (typeof name === 'string' && name !== '') return name;
  }
  return nation;
}
