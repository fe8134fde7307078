// What a report needs besides the nation's view: the game's names, the next deadline and its time zone.
import type { ReportContext as KernelReportContext } from '@arbiter/engine';
import { checkDeadline, deadlineInZone as formatDeadline, deadlineUtc as formatUtc } from '@arbiter/reports';
import type { NationId, NationView } from '../types.ts';

/** The kernel's report context (@arbiter/engine) in mepbm's words: the reader is a nation. */
export type ReportContext = Omit<KernelReportContext, 'playerName' | 'playerNames'> & {
  /** The reader's nation, in words. */
  nationName: string;
  /** Names of other nations for sightings and population centres; ids are shown where a name is missing. */
  nationNames?: Readonly<Record<NationId, string>>;
};

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
  checkDeadline(ctx.nextDeadline, ctx.timeZone);
}

/** "Thursday 4 December 2026 at 18:00 GMT (Europe/London)", or null when there is no deadline. */
export function deadlineInZone(ctx: ReportContext): string | null {
  return formatDeadline(ctx.nextDeadline, ctx.timeZone);
}

/** The same deadline in UTC, "2026-12-04 18:00 UTC", so that nobody has to convert. */
export function deadlineUtc(ctx: ReportContext): string | null {
  return formatUtc(ctx.nextDeadline);
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
