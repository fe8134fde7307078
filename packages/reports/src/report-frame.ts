// The frame every ruleset's report shares: the heading lines (the game, the reader, the next deadline in
// the game's time zone and in UTC) and the HTML page around a report's body. Each ruleset's own report
// (its model, words and map) goes inside; where the rulesets word the frame differently (Guards of
// Atlantis's cards and teams), the difference is a parameter.
import { formatOrderError, type ReportContext } from '@arbiter/engine';
import { checkDeadline, deadlineInZone, deadlineUtc } from './deadline.ts';
import { escapeXml } from './escape.ts';

/** What the frame reads of a ruleset's view: its turn, the next turn and the reader. */
export interface FramedView {
  turn: number;
  nextTurn: number;
  player: { id: string };
}

/** Throws an Error naming the problem when the context does not belong to the view (a caller's bug). */
export function checkReportContext(view: Pick<FramedView, 'turn' | 'player'>, ctx: ReportContext): void {
  if (ctx.turn !== view.turn) throw new Error(`report context: turn ${ctx.turn} does not match the view's turn ${view.turn} (player ${view.player.id})`);
  checkDeadline(ctx.nextDeadline, ctx.timeZone);
}

export interface HeadingWords {
  /** The reader in words (default: the context's player name), e.g. "Ann of the blue team". */
  reader?: string;
  /** What is due by the next deadline (default "Orders"; Guards of Atlantis: "Cards"). */
  due?: string;
}

/**
 * The lines a report opens with, once the context is checked: "<game> (game <id>): turn 3, the report
 * for <reader>." and when the next turn's orders are due (or that no deadline is set yet).
 */
export function reportHeading(view: FramedView, ctx: ReportContext, words: HeadingWords = {}): string[] {
  checkReportContext(view, ctx);
  const due = deadlineInZone(ctx.nextDeadline, ctx.timeZone);
  return [
    `${ctx.gameName} (game ${ctx.gameId}): turn ${ctx.turn}, the report for ${words.reader ?? ctx.playerName}.`,
    due === null ? `No deadline is set for turn ${view.nextTurn} yet.` : `${words.due ?? 'Orders'} for turn ${view.nextTurn} are due ${due}, that is ${deadlineUtc(ctx.nextDeadline)}.`,
  ];
}

/** A text report: its heading lines, a blank line, then the ruleset's body. */
export function textReport(heading: readonly string[], body: string): string {
  return `${heading.join('\n')}\n\n${body}`;
}

/** Lines as HTML list items (escaped), one a line, for a `<ul>` or `<ol>`. */
export function htmlItems(items: readonly string[]): string {
  return items.map((x) => `<li>${escapeXml(x)}</li>`).join('\n');
}

/** Lines as HTML paragraphs (escaped), each ending its line: the heading under a report's title. */
export function htmlParagraphs(lines: readonly string[]): string {
  return lines.map((l) => `<p>${escapeXml(l)}</p>\n`).join('');
}

/** The HTML section listing a player's mistakes (each `line L, col C: …`), or nothing when there are none. */
export function htmlMistakes(errors: readonly { line: number; column: number; message: string }[]): string {
  return errors.length === 0 ? '' : `<h2>Mistakes in your orders</h2>\n<ul>\n${htmlItems(errors.map(formatOrderError))}\n</ul>\n`;
}

/**
 * A report's HTML page: doctype, head with the (escaped) title, the body. `lines` (the default) puts the
 * html, head and body tags each on its own line, the body as given; `compact` keeps them together and
 * sets the body on lines of its own.
 */
export function htmlPage(title: string, body: string, layout: 'lines' | 'compact' = 'lines'): string {
  const head = `<head><meta charset="utf-8"><title>${escapeXml(title)}</title></head>`;
  return layout === 'lines'
    ? `<!doctype html>\n<html lang="en">\n${head}\n<body>\n${body}</body>\n</html>\n`
    : `<!doctype html>\n<html lang="en">${head}<body>\n${body}\n</body></html>\n`;
}
