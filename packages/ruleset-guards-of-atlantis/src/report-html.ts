// The player's report as HTML: the map picture, then the same lines as the text report.
import { escapeXml, htmlItems, htmlPage } from '@arbiter/reports';
import { reportLines } from './report-text.ts';
import type { GoaView } from './views.ts';

const list = (items: readonly string[]): string => `<ul>\n${htmlItems(items)}\n</ul>`;

/** The report with the map picture (`svg`, the same the PNG attachment is made from) above the words. */
export function renderHtmlReport(view: GoaView, heading: readonly string[], svg: string): string {
  const r = reportLines(view);
  const parts = [
    `<h1>${escapeXml(r.title)}</h1>`,
    ...heading.map((l) => `<p>${escapeXml(l)}</p>`),
    `<figure>${svg}</figure>`,
    '<h2>What happened</h2>', list(r.happened),
    '<h2>Where everyone stands</h2>', list(r.standing),
    '<h2>Your hand</h2>', list(r.hand.length === 0 ? ['(empty)'] : r.hand),
  ];
  if (r.errors.length > 0) parts.push('<h2>Mistakes in your orders</h2>', list(r.errors));
  return htmlPage(r.title, parts.join('\n'), 'compact');
}
