// The report mail as a nodemailer message object. Pure: no clock, no I/O. The Date header is left to the
// sender (nodemailer sets it at sending time); the Message-ID is the caller's, stable per report, so that a
// resend after a crash is recognisable.
import type { NationView } from '@arbiter/ruleset-mepbm';
import { type ReportContext, checkContext } from './context.ts';
import { htmlFromModel } from './html.ts';
import { buildModel } from './model.ts';
import { renderMapSvg } from './svg.ts';
import { clean, textFromModel } from './text.ts';

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
  /** The map SVG, when already rendered (for the PNG); rendered here otherwise. */
  mapSvg?: string;
  /** Where replies with orders go, when not to `from`. */
  replyTo?: string;
  /** A URL or mailto: for the List-Unsubscribe header. */
  unsubscribe?: string;
}

export interface ReportMailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Assignable to nodemailer's SendMailOptions. */
export interface ReportMail {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  list?: { unsubscribe: string };
  attachments: ReportMailAttachment[];
}

const ADDR = /^[^\s@<>()[\]",;:\\]+@[^\s@<>()[\]",;:\\]+\.[^\s@<>()[\]",;:\\]+$|^[^\s@<>()[\]",;:\\]+@localhost$/;
const NAMED = /^([^<>\r\n]*)<([^<>]+)>$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function checkAddress(value: unknown, field: string, allowName: boolean): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`report mail: ${field} must be an e-mail address`);
  const v = value.trim();
  if (/[\r\n]/.test(v)) throw new Error(`report mail: ${field} ${JSON.stringify(value)} contains a line break`);
  const named = allowName ? NAMED.exec(v) : null;
  const addr = named === null ? v : (named[2] as string).trim();
  if (!ADDR.test(addr)) throw new Error(`report mail: ${field} ${JSON.stringify(value)} is not an e-mail address`);
  return v;
}

function normaliseMessageId(id: string): string {
  const v = typeof id === 'string' ? id.trim() : '';
  const bare = v.startsWith('<') && v.endsWith('>') ? v.slice(1, -1) : v;
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(bare)) {
    throw new Error(`report mail: messageId ${JSON.stringify(id)} must look like "<unique-part@domain>"`);
  }
  return `<${bare}>`;
}

function headerText(s: string): string {
  return clean(s).replace(/ {2,}/g, ' ').trim();
}

/** "[Arbiter] War of the Ring turn 3 report: Gondor" */
export function reportSubject(ctx: ReportContext): string {
  return headerText(`[Arbiter] ${ctx.gameName} turn ${ctx.turn} report: ${ctx.nationName}`);
}

/** Builds the report mail for one nation: text and HTML (map inline as SVG), the PNG map attached. */
export function composeReportMail(input: ReportMailInput): ReportMail {
  const { view, ctx } = input;
  checkContext(view, ctx);
  if (!Array.isArray(input.to) || input.to.length === 0) {
    throw new Error(`report mail: no recipient for nation ${view.nation} (to is empty)`);
  }
  const to = input.to.map((a, i) => checkAddress(a, `to[${i}]`, false));
  const from = checkAddress(input.from, 'from', true);
  const messageId = normaliseMessageId(input.messageId);
  if (input.png !== undefined && !(Buffer.isBuffer(input.png) && input.png.subarray(0, 8).equals(PNG_SIGNATURE))) {
    throw new Error('report mail: png is not PNG data (bad signature)');
  }
  const svg =
    input.mapSvg ??
    renderMapSvg(view, { nationName: ctx.nationName, ...(ctx.nationNames === undefined ? {} : { nationNames: ctx.nationNames }) });
  const model = buildModel(view, ctx);
  const mail: ReportMail = {
    from,
    to,
    subject: reportSubject(ctx),
    messageId,
    text: textFromModel(model, view, ctx),
    html: htmlFromModel(model, view, ctx, { mapSvg: svg }),
    headers: {
      // RFC 3834: machine-generated, so vacation responders and our own intake must not answer it.
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'All',
      'X-Arbiter-Game': headerText(ctx.gameId),
      'X-Arbiter-Turn': String(ctx.turn),
      'X-Arbiter-Nation': headerText(view.nation),
    },
    attachments:
      input.png === undefined
        ? []
        : [{ filename: `map-turn-${ctx.turn}.png`, content: input.png, contentType: 'image/png' }],
  };
  if (input.replyTo !== undefined) mail.replyTo = checkAddress(input.replyTo, 'replyTo', true);
  if (input.unsubscribe !== undefined) {
    const u = input.unsubscribe.trim();
    if (!/^(https:\/\/|mailto:)\S+$/.test(u)) {
      throw new Error(`report mail: unsubscribe ${JSON.stringify(input.unsubscribe)} must be an https: or mailto: URL`);
    }
    mail.list = { unsubscribe: u };
  }
  return mail;
}
