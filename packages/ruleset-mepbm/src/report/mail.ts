// A nation's report mail: mepbm's text and HTML reports (one model for both, a larger map inline as SVG) in
// the shared report mail of @arbiter/reports.
import { mailReport, type ReportMail, type SvgElement, serialiseSvgPair } from '@arbiter/reports';
import type { NationView } from '../types.ts';
import { type ReportContext, checkContext } from './context.ts';
import { htmlFromModel, inlineMapAttrs } from './html.ts';
import { buildModel } from './model.ts';
import { renderMapTree } from './svg.ts';
import { textFromModel } from './text.ts';

export interface ReportMailInput {
  view: NationView;
  ctx: ReportContext;
  /** Registered addresses of the nation's players: "name@example.org". */
  to: string[];
  /** The game's sender, "arbiter@example.org" or "Arbiter <arbiter@example.org>". */
  from: string;
  /** Stable per report, "<report-g-0001-3-gondor@arbiter.example.org>" (angle brackets added when missing). */
  messageId: string;
  /** The map as PNG (renderMapPng), attached as map-turn-<n>.png. */
  png?: Buffer;
  /** Where replies with orders go, when not to `from`. */
  replyTo?: string;
  /** A URL or mailto: for the List-Unsubscribe header. */
  unsubscribe?: string;
}

/** The map SVG, the text and the HTML report of one nation, from one model. */
export function renderReport(view: NationView, ctx: ReportContext, mapSvg?: SvgElement | string): { text: string; html: string; svg: string } {
  checkContext(view, ctx);
  // One map tree, with links to the report's entries: inline in the HTML; stored (and mailed as PNG)
  // without them, since the stored map is also shown on its own (the web client's routes are fragments).
  const map =
    mapSvg ?? renderMapTree(view, { nationName: ctx.nationName, links: true, ...(ctx.nationNames === undefined ? {} : { nationNames: ctx.nationNames }) });
  const model = buildModel(view, ctx);
  if (typeof map === 'string') return { svg: map, text: textFromModel(model, view, ctx), html: htmlFromModel(model, view, ctx, { mapSvg: map }) };
  // Both maps serialised in one walk (issue 30): the inline one as shown, the stored one without its links.
  const [inline, svg] = serialiseSvgPair(map, { firstRootAttrs: inlineMapAttrs(map), unwrap: 'a' });
  return { svg, text: textFromModel(model, view, ctx), html: htmlFromModel(model, view, ctx, { mapMarkup: inline }) };
}

/** Builds the report mail for one nation: text and HTML (its larger map inline as SVG), the PNG map attached. */
export function composeReportMail(input: ReportMailInput): ReportMail {
  const { view, ctx } = input;
  checkContext(view, ctx);
  const model = buildModel(view, ctx);
  const text = textFromModel(model, view, ctx);
  const html = htmlFromModel(model, view, ctx);
  const { view: _view, ctx: _ctx, ...envelope } = input;
  return mailReport(
    { ...envelope, heading: { gameId: ctx.gameId, gameName: ctx.gameName, turn: ctx.turn, playerId: view.nation, playerName: ctx.nationName }, text, html },
    'nation',
  );
}
