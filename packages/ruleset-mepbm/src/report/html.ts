// The HTML turn report: one self-contained document for mail clients. Inline styles only (many clients
// drop <style> blocks), layout with tables, no scripts, no external resources, every text escaped.
import type { NationView } from '../types.ts';
import { type ReportContext, checkContext, deadlineInZone, deadlineUtc } from './context.ts';
import { type SvgAttrValue, type SvgElement, escapeXml as e, parseSvg, serialiseSvg } from '@arbiter/reports';
import { type ForceSection, type ForeignUnitRow, moveAnchor } from './forces.ts';
import { type ReportModel, type UnitSection, buildModel } from './model.ts';
import { HTML_MAP_ZOOM, renderMapTree } from './svg.ts';
import { clean } from './text.ts';

export interface HtmlReportOptions {
  /**
   * The map to show inline (the mailed map, built with `links: true`: pass its tree when you have one), or
   * null for no map; by default it is rendered here. Shown HTML_MAP_ZOOM times larger, its markers linking
   * to the entries.
   */
  mapSvg?: SvgElement | string | null;
  /**
   * The inline map already serialised as shown (`inlineMapAttrs` on its root): taken as it is, in place of
   * `mapSvg` (renderReport serialises the stored and the inline map in one walk).
   */
  mapMarkup?: string;
  /** The inline map's title, when the map is rendered here (default "<nation>, turn <n>"). */
  mapTitle?: string;
}

const FONT = "font-family:'DejaVu Sans',Verdana,Arial,Helvetica,sans-serif;";
const S = {
  body: 'margin:0;padding:0;background:#eef1f4;',
  page: `max-width:820px;margin:0 auto;padding:16px 20px;background:#ffffff;color:#1f2328;font-size:14px;line-height:1.45;${FONT}`,
  h1: 'font-size:21px;margin:0 0 6px 0;color:#1f2328;',
  h2: 'font-size:17px;margin:22px 0 8px 0;padding-bottom:3px;border-bottom:2px solid #d0d7de;color:#1f2328;',
  h3: 'font-size:15px;margin:14px 0 6px 0;color:#1f2328;',
  p: 'margin:4px 0;',
  meta: 'margin:2px 0;color:#57606a;',
  deadline: 'margin:10px 0;padding:8px 12px;background:#fff8c5;border:1px solid #d4a72c;border-radius:4px;',
  table: 'border-collapse:collapse;margin:4px 0 6px 0;font-size:13px;border:1px solid #d0d7de;',
  headRow: 'background:#eaeef2;',
  stripe: 'background:#f6f8fa;',
  stop: 'margin:4px 0;padding:4px 8px;border-left:4px solid #d32f2f;background:#fff5f5;',
  destroyed: 'margin:4px 0;padding:4px 8px;border-left:4px solid #000000;background:#eeeeee;font-weight:bold;',
  morale: 'margin:4px 0;color:#57606a;',
  ul: 'margin:4px 0;padding-left:22px;',
  pre: "margin:6px 0;padding:10px 12px;background:#f6f8fa;border:1px solid #d0d7de;font-family:'DejaVu Sans Mono',Consolas,Menlo,monospace;font-size:13px;white-space:pre-wrap;",
  map: 'margin:6px 0;overflow-x:auto;',
  foot: 'margin:24px 0 0 0;color:#57606a;font-size:12px;',
};

function unitHtml(s: UnitSection): string {
  const u = s.unit;
  const where = s.from === s.to ? `at ${e(s.from)}` : `${e(s.from)} \u2192 ${e(s.to)}`;
  const out = [`<h3 id="${e(moveAnchor(u.id))}" style="${S.h3}">${e(s.kindWord)} ${e(u.id)}: ${where}, ${e(s.summary)}</h3>`];
  if (s.rows.length > 0) {
    // Cells carry no style of their own (a table of 14 steps per unit for 20 units adds up): padding comes
    // from cellpadding, right-aligned numbers from align, row stripes from the row.
    out.push(
      `<table role="presentation" cellspacing="0" cellpadding="4" border="0" style="${S.table}"><tr style="${S.headRow}">` +
        '<th align="right">Day</th><th align="left">From</th><th align="left">Dir</th><th align="left">To</th>' +
        '<th align="left">Terrain</th><th align="left">Crossing</th><th align="right">MP</th><th align="right">MP left</th></tr>',
    );
    s.rows.forEach((r, i) => {
      out.push(
        `<tr${i % 2 === 1 ? ` style="${S.stripe}"` : ''}><td align="right">${e(r.day)}</td><td>${e(r.from)}</td><td>${e(r.dir)}</td>` +
          `<td>${e(r.to)}</td><td>${e(r.terrain)}</td><td>${r.crossing === '' ? '\u2013' : e(r.crossing)}</td>` +
          `<td align="right">${r.cost}</td><td align="right">${r.mpLeft}</td></tr>`,
      );
    });
    out.push('</table>');
  }
  if (s.stop !== null) out.push(`<p style="${S.stop}">${e(s.stop)}</p>`);
  if (s.morale !== null) out.push(`<p style="${S.morale}">${e(s.morale)}</p>`);
  if (s.food !== null) out.push(`<p style="${S.morale}">${e(s.food)}</p>`);
  if (s.destroyed) out.push(`<p style="${S.destroyed}">Destroyed this turn.</p>`);
  return out.join('');
}

function list(items: readonly (string | { anchor: string; text: string })[], none: string): string {
  if (items.length === 0) return `<p style="${S.p}">${e(none)}</p>`;
  const li = (i: string | { anchor: string; text: string }): string => (typeof i === 'string' ? `<li>${e(i)}</li>` : `<li id="${e(i.anchor)}">${e(i.text)}</li>`);
  return `<ul style="${S.ul}">${items.map(li).join('')}</ul>`;
}

function forceHtml(f: ForceSection): string {
  const rows = f.lines.map((l, i) => `<tr${i % 2 === 1 ? ` style="${S.stripe}"` : ''}><th align="left">${e(l.label)}</th><td>${e(l.value)}</td></tr>`).join('');
  return `<h3 id="${e(f.anchor)}" style="${S.h3}">${e(f.heading)}</h3><table role="presentation" cellspacing="0" cellpadding="4" border="0" style="${S.table}">${rows}</table>`;
}

function forcesHtml(m: ReportModel): string {
  const f = m.forces;
  if (!f.recorded) return `<p style="${S.p}">This turn's view does not record your forces (it was stored before reports showed them).</p>`;
  if (f.armies.length + f.navies.length + f.characters.length === 0) return `<p style="${S.p}">You have no armies, navies or characters.</p>`;
  const out = [...f.armies, ...f.navies].map(forceHtml);
  if (f.characters.length > 0) out.push(`<h3 style="${S.h3}">Characters</h3>`, list(f.characters, ''));
  return out.join('');
}

function foreignHtml(rows: readonly ForeignUnitRow[]): string {
  if (rows.length === 0) return `<p style="${S.p}">No foreign armies or navies were seen.</p>`;
  const head =
    `<table role="presentation" cellspacing="0" cellpadding="4" border="0" style="${S.table}"><tr style="${S.headRow}">` +
    '<th align="left">Unit</th><th align="left">Nation</th><th align="left">Size</th><th align="left">Last seen</th><th align="left">Seen at</th></tr>';
  const body = rows.map(
    (r, i) =>
      `<tr id="${e(r.anchor)}"${i % 2 === 1 ? ` style="${S.stripe}"` : ''}><td>${e(r.kind)} ${e(r.unit)}${r.detail === '' ? '' : `<div style="font-size:90%;">${e(r.detail)}</div>`}</td><td>${e(r.nation)}</td><td>${e(r.size)}</td>` +
      `<td>${e(r.lastHex)}, ${e(r.lastWhen)}</td><td>${e(r.seenAt)}</td></tr>`,
  );
  return `${head}${body.join('')}</table>`;
}

/**
 * The map's attributes in the HTML report: shown as a block, its width and height HTML_MAP_ZOOM times
 * larger (the viewBox stays: the same drawing, bigger).
 */
export function inlineMapAttrs(tree: SvgElement): Record<string, SvgAttrValue> {
  const out: Record<string, SvgAttrValue> = { style: 'display:block;', ...tree.attrs };
  for (const k of ['width', 'height']) {
    const v = Number(tree.attrs[k]);
    if (Number.isFinite(v) && v > 0) out[k] = Math.round(v * HTML_MAP_ZOOM);
  }
  return out;
}

function mapNames(ctx: ReportContext): { nationName: string; nationNames?: Readonly<Record<string, string>> } {
  return ctx.nationNames === undefined ? { nationName: ctx.nationName } : { nationName: ctx.nationName, nationNames: ctx.nationNames };
}

/** The inline map's markup from `mapSvg` (a tree, markup, or null for none), or rendered here. */
function inlineMap(view: NationView, ctx: ReportContext, options: HtmlReportOptions): string | null {
  const given = options.mapSvg;
  const tree =
    given === undefined
      ? renderMapTree(view, { ...mapNames(ctx), links: true, ...(options.mapTitle === undefined ? {} : { title: options.mapTitle }) })
      : typeof given === 'string'
        ? parseSvg(given)
        : given;
  return tree === null ? null : serialiseSvg({ ...tree, attrs: inlineMapAttrs(tree) });
}

/** The nation's turn report as one self-contained HTML document (mail-safe: inline CSS, tables, no scripts). */
export function renderHtmlReport(view: NationView, ctx: ReportContext, options: HtmlReportOptions = {}): string {
  checkContext(view, ctx);
  return htmlFromModel(buildModel(view, ctx), view, ctx, options);
}

/** The HTML report from an already built model (composeReportMail builds one for both reports). */
export function htmlFromModel(m: ReportModel, view: NationView, ctx: ReportContext, options: HtmlReportOptions = {}): string {
  const title = `${ctx.gameName}, turn ${ctx.turn}: report for ${ctx.nationName}`;
  const local = deadlineInZone(ctx);
  const deadline =
    local === null
      ? `Orders for turn ${m.nextTurn}: no deadline is set yet; the GM will announce it.`
      : `Orders for turn ${m.nextTurn} are due <strong>${e(local)}</strong> (${e(deadlineUtc(ctx) ?? '')}).`;
  // The mailed map, shown larger (its markers link to the entries below); the box scrolls on narrow screens.
  const svg = options.mapMarkup ?? inlineMap(view, ctx, options);
  const template = [`# ${ctx.gameName}, turn ${m.nextTurn}, ${ctx.nationName}`, ...(m.orderTemplate.length === 0 ? ['# (no units to order)'] : m.orderTemplate.map((l) => clean(l).trimEnd()))];

  const parts: string[] = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(title)}</title></head>`,
    `<body style="${S.body}"><div style="${S.page}">`,
    `<h1 style="${S.h1}">${e(ctx.gameName)}: turn ${ctx.turn} report</h1>`,
    `<p style="${S.meta}">Nation <strong>${e(ctx.nationName)}</strong> (${e(view.nation)}) \u00b7 game ${e(ctx.gameId)}</p>`,
    `<p style="${S.deadline}">${deadline}</p>`,
  ];
  if (svg !== null) parts.push(`<h2 style="${S.h2}">Map</h2><div style="${S.map}">${svg}</div>`);
  parts.push(`<h2 style="${S.h2}">Movement</h2>`);
  parts.push(m.units.length === 0 ? `<p style="${S.p}">You have no units.</p>` : m.units.map(unitHtml).join(''));
  parts.push(`<h2 style="${S.h2}">Your forces after the turn</h2>`, forcesHtml(m));
  parts.push(`<h2 style="${S.h2}">Foreign armies and navies seen</h2>`, foreignHtml(m.foreign));
  if (m.sightings.length > 0) parts.push(`<h3 style="${S.h3}">What your units saw, day by day</h3>`, list(m.sightings, ''));
  parts.push(`<h2 style="${S.h2}">Population centres</h2>`, list(m.populationCentres, 'No population centres are known this turn.'));
  parts.push(`<h2 style="${S.h2}">Events</h2>`, list(m.events, 'Nothing else happened that concerns you.'));
  parts.push(
    `<h2 style="${S.h2}">Orders for turn ${m.nextTurn}</h2>`,
    `<p style="${S.p}">Complete the lines below (one order per line; # starts a comment) and send them back before the deadline.</p>`,
    `<pre style="${S.pre}">${e(template.join('\n'))}</pre>`,
    `<p style="${S.foot}">This report was generated automatically by Arbiter for ${e(ctx.nationName)} in game ${e(ctx.gameName)} (${e(ctx.gameId)}).</p>`,
    '</div></body></html>',
    '',
  );
  return parts.join('\n');
}
