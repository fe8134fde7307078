// The lines a report opens with from the contract's ReportContext: the game, the reader, the next
// deadline in the game's time zone and in UTC. The view's own report follows them.
import type { ReportContext } from '@arbiter/engine';
import { checkDeadline, deadlineInZone, deadlineUtc } from '@arbiter/reports';
import type { GoaView } from './views.ts';

/** Throws an Error naming the problem when the context does not belong to the view (a caller's bug). */
export function checkReportContext(view: GoaView, ctx: ReportContext): void {
  if (ctx.turn !== view.turn) throw new Error(`report context: turn ${ctx.turn} does not match the view's turn ${view.turn} (player ${view.player.id})`);
  checkDeadline(ctx.nextDeadline, ctx.timeZone);
}

export function headingLines(view: GoaView, ctx: ReportContext): string[] {
  checkReportContext(view, ctx);
  const due = deadlineInZone(ctx.nextDeadline, ctx.timeZone);
  return [
    `${ctx.gameName} (game ${ctx.gameId}): turn ${ctx.turn}, the report for ${ctx.playerName} of the ${view.player.team} team.`,
    due === null ? `No deadline is set for turn ${view.nextTurn} yet.` : `Cards for turn ${view.nextTurn} are due ${due}, that is ${deadlineUtc(ctx.nextDeadline)}.`,
  ];
}
