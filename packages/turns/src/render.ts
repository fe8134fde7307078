// Each nation's report (text, HTML, SVG map, PNG map) and report mail, from the engine's views.
import type { NationView } from '@arbiter/engine';
import { composeReportMail, renderHtmlReport, renderMapSvg, renderTextReport } from '@arbiter/reports';
import type { ReportContext } from '@arbiter/reports';
import { reportMessageId } from '@arbiter/mail';
import type { AttachmentResolver } from '@arbiter/mail';
import type { DbClient } from '@arbiter/db';
import { renderMapPngAsync } from '@arbiter/reports';
import { z } from 'zod';

export interface NationForReport {
  nationId: string;
  name: string;
  email: string;
  active: boolean;
}

export interface RenderedReport {
  nationId: string;
  view: NationView;
  text: string;
  html: string;
  svg: string;
  /** The report mail as an OutboxMail row, or null when the nation gets none (inactive). */
  mail: {
    toAddresses: string[];
    subject: string;
    text: string;
    html: string;
    /** The PNG map by reference (see mapAttachment): rasterised by the mail sender from NationReport.svg. */
    attachments: { filename: string; contentType: string; source: { kind: 'nation-report-map'; turn: number } }[];
    messageId: string;
    headers: Record<string, string>;
  } | null;
}

export interface RenderInput {
  gameId: string;
  gameName: string;
  turn: number;
  nextDeadline: Date;
  timeZone: string;
  gmEmail: string | null;
  nations: NationForReport[];
  views: Record<string, NationView>;
  mail: { from: string; domain: string };
}

/**
 * Renders every nation's report, in nation id order. The PNG map is not rasterised here: at about
 * 100-150 ms per map it would dominate a big turn (500 nations: over a minute of CPU), so the mail
 * row refers to the report's stored SVG and the mail sender rasterises it while sending.
 */
export function renderReports(input: RenderInput): RenderedReport[] {
  const nationNames: Record<string, string> = {};
  for (const n of input.nations) nationNames[n.nationId] = n.name;
  const byId = new Map(input.nations.map((n) => [n.nationId, n]));
  const ids = Object.keys(input.views).filter((id) => byId.has(id)).sort();
  const out: RenderedReport[] = [];
  {
    for (const id of ids) {
      const nation = byId.get(id)!;
      const view = input.views[id]!;
      const ctx: ReportContext = {
        gameName: input.gameName,
        gameId: input.gameId,
        turn: view.turn,
        nextDeadline: input.nextDeadline,
        timeZone: input.timeZone,
        nationName: nation.name,
        nationNames,
      };
      const svg = renderMapSvg(view, { nationName: nation.name, nationNames });
      if (!nation.active) {
        out.push({ nationId: id, view, text: renderTextReport(view, ctx), html: renderHtmlReport(view, ctx, { mapSvg: svg }), svg, mail: null });
        continue;
      }
      const unsubscribe = input.gmEmail === null ? undefined : leaveGameMailto(input.gmEmail, input.gameName, nation.name);
      const mail = composeReportMail({
        view,
        ctx,
        to: [nation.email],
        from: input.mail.from,
        messageId: reportMessageId({ gameId: input.gameId, nationId: id, turn: input.turn, domain: input.mail.domain }),
        mapSvg: svg,
        ...(unsubscribe === undefined ? {} : { unsubscribe }),
      });
      const headers: Record<string, string> = { ...mail.headers };
      if (mail.list !== undefined) headers['List-Unsubscribe'] = `<${mail.list.unsubscribe}>`;
      out.push({
        nationId: id,
        view,
        text: mail.text,
        html: mail.html,
        svg,
        mail: {
          toAddresses: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: [mapAttachment(view.turn)],
          messageId: mail.messageId.replace(/^<(.*)>$/, '$1'),
          headers,
        },
      });
    }
  }
  return out;
}

/** The report mail's PNG map, stored by reference to the nation's report of `turn`. */
export function mapAttachment(turn: number): { filename: string; contentType: string; source: { kind: 'nation-report-map'; turn: number } } {
  return { filename: `map-turn-${turn}.png`, contentType: 'image/png', source: { kind: 'nation-report-map', turn } };
}

const mapSource = z.object({ kind: z.literal('nation-report-map'), turn: z.number().int().min(0) });

/**
 * The mail sender's resolver for report maps: loads the nation's stored SVG map of that turn and
 * rasterises it (resvg on libuv's thread pool). Throws when the report is missing (the send is retried).
 */
export function reportMapResolver(db: DbClient): AttachmentResolver {
  return async (ref) => {
    const source = mapSource.safeParse(ref.source);
    if (!source.success) throw new Error(`attachment ${ref.filename}: unknown source ${JSON.stringify(ref.source)}`);
    if (ref.gameId === null || ref.nationId === null) throw new Error(`attachment ${ref.filename}: a report map needs the mail's game and nation`);
    const report = await db.nationReport.findUnique({
      where: { gameId_turnNumber_nationId: { gameId: ref.gameId, turnNumber: source.data.turn, nationId: ref.nationId } },
      select: { svg: true },
    });
    if (report === null || report.svg === null) {
      throw new Error(`attachment ${ref.filename}: no stored map for ${ref.nationId} in turn ${source.data.turn} of game ${ref.gameId}`);
    }
    return renderMapPngAsync(report.svg);
  };
}

/**
 * List-Unsubscribe of a turn report: a mail to the GM asking to leave the game. A player cannot simply
 * stop receiving the results of a game they play in; leaving is the GM's decision, so the header reaches
 * the GM rather than silently dropping the reports.
 */
function leaveGameMailto(gmEmail: string, gameName: string, nationName: string): string {
  const subject = `Leave game ${gameName} (${nationName})`;
  return `mailto:${gmEmail}?subject=${encodeURIComponent(subject)}`;
}
