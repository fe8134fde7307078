// The lines a report opens with from the contract's ReportContext: the game, the reader, the next
// deadline in the game's time zone and in UTC (the shared wording of @arbiter/reports).
import type { ReportContext } from '@arbiter/engine';
import { checkDeadline, deadlineInZone, deadlineUtc } from '@arbiter/reports';
import type { ExView } from './views.ts';

/** Throws an Error naming the problem when the context does not belong to the view (a caller's bug). */
export function checkContext(view: ExView, ctx: ReportContext): void {
  if (ctx.turn !== view.turn) throw new Error(`report context: turn ${ctx.turn} is not the view's turn ${view.turn} (player ${view.player.id})`);
  checkDeadline(ctx.nextDeadline, ctx.timeZone);
}

export function reportHeading(view: ExView, ctx: ReportContext): string[] {
  checkContext(view, ctx);
  const due = deadlineInZone(ctx.nextDeadline, ctx.timeZone);
  const when = due === null ? `No deadline is set for turn ${view.nextTurn} yet.` : `Orders for turn ${view.nextTurn} are due ${due}, that is ${deadlineUtc(ctx.nextDeadline)}.`;
  return [`${ctx.gameName} (game ${ctx.gameId}): turn ${ctx.turn}, the report for ${ctx.playerName}.`, when];
}
