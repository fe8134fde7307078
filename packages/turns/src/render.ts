// Each nation's report (text, HTML, SVG map, PNG map) and report mail, from the ruleset's views and
// renderers (Ruleset.report) and the shared report mail (@arbiter/reports).
import { rulesetLabel, type ReportContext, type RulesetLabel } from '@arbiter/engine';
import { type AnyRuleset, rulesetFor } from '@arbiter/rulesets';
import { mailReport } from '@arbiter/reports';
import { reportMessageId } from '@arbiter/mail';
import type { AttachmentResolver } from '@arbiter/mail';
import type { DbClient, ReportDelivery } from '@arbiter/db';
import { renderMapPngIsolated } from '@arbiter/reports';
import { z } from 'zod';

export interface NationForReport {
  nationId: string;
  name: string;
  email: string;
  active: boolean;
  /** How the player wants the report mailed (Nation.reportDelivery); default full. */
  delivery?: ReportDelivery;
}

export interface RenderedReport {
  nationId: string;
  /** The ruleset's view of the turn for this nation (mepbm: NationView). */
  view: unknown;
  text: string;
  html: string;
  svg: string;
  /** The report mail as an OutboxMail row, or null when the nation gets none (inactive). */
  mail: {
    toAddresses: string[];
    subject: string;
    text: string;
    /** Null for a player who asked for plain text. */
    html: string | null;
    /** The PNG map by reference (see mapAttachment): rasterised by the mail sender from NationReport.svg. */
    attachments: { filename: string; contentType: string; source: { kind: 'nation-report-map'; turn: number } }[];
    messageId: string;
    headers: Record<string, string>;
    /** The player chose no report mail: stored as `withheld` (never sent; "resend-report" still finds it). */
    withheld: boolean;
  } | null;
}

export interface RenderInput {
  /** The game's ruleset id (an id, not the value, so that the input crosses to a render thread). */
  ruleset: string;
  gameId: string;
  gameName: string;
  turn: number;
  /** Null for a position outside the turn cycle (the welcome mail's starting position). */
  nextDeadline: Date | null;
  timeZone: string;
  /** The map's heading says "<player>: the starting position" instead of the turn (the welcome mail). */
  startingPosition?: boolean;
  gmEmail: string | null;
  nations: NationForReport[];
  views: Record<string, unknown>;
  /**
   * The players with a view, when `views` is still being filled in (a turn renders its first views while
   * the seal builds the rest); default the keys of `views`.
   */
  players?: readonly string[];
  /** Views as their JSON text where the seal gave it: a render thread gets the text, not a cloned value. */
  viewJson?: Record<string, string>;
  mail: { from: string; domain: string };
}

/**
 * Renders nations' reports one at a time, in nation id order, so the caller can write each chunk while
 * the next is rendered. The PNG map is not rasterised here: at about 100-250 ms per map it would
 * dominate a big turn (500 nations: over a minute of CPU), so the mail row refers to the report's
 * stored SVG and the mail sender rasterises it while sending.
 */
export class ReportRenderer {
  readonly ids: string[];
  private readonly nationNames: Record<string, string> = {};
  private readonly byId: Map<string, NationForReport>;
  private readonly ruleset: AnyRuleset;
  private readonly label: RulesetLabel;

  constructor(private readonly input: RenderInput) {
    this.ruleset = rulesetFor(input.ruleset);
    this.label = rulesetLabel(this.ruleset);
    for (const n of input.nations) this.nationNames[n.nationId] = n.name;
    this.byId = new Map(input.nations.map((n) => [n.nationId, n]));
    // Views of nations without a Nation row (none, when the game was created by intake) cannot be stored.
    this.ids = (input.players ?? Object.keys(input.views)).filter((id) => this.byId.has(id)).sort();
  }

  render(id: string): RenderedReport {
    const input = this.input;
    const nation = this.byId.get(id);
    const view = input.views[id];
    if (nation === undefined || view === undefined) throw new Error(`no view or no nation row for ${id}`);
    const ctx: ReportContext = {
      gameName: input.gameName,
      gameId: input.gameId,
      turn: input.turn,
      nextDeadline: input.nextDeadline,
      timeZone: input.timeZone,
      playerName: nation.name,
      playerNames: this.nationNames,
      ...(input.startingPosition === true ? { mapTitle: `${nation.name}: the starting position` } : {}),
    };
    const { text, html, svg } = this.ruleset.report.render(view, ctx);
    const delivery = nation.delivery ?? 'full';
    if (!nation.active) {
      return { nationId: id, view, text, html, svg, mail: null };
    }
    const unsubscribe = input.gmEmail === null ? undefined : leaveGameMailto(input.gmEmail, input.gameName, nation.name);
    const heading = { gameId: input.gameId, gameName: input.gameName, turn: input.turn, playerId: id, playerName: nation.name, ruleset: this.label };
    const mail = mailReport({
      heading,
      text,
      html,
      to: [nation.email],
      from: input.mail.from,
      messageId: reportMessageId({ gameId: input.gameId, nationId: id, turn: input.turn, domain: input.mail.domain }),
      ...(unsubscribe === undefined ? {} : { unsubscribe }),
    }, this.ruleset.words.player);
    const headers: Record<string, string> = { ...mail.headers };
    if (mail.list !== undefined) headers['List-Unsubscribe'] = `<${mail.list.unsubscribe}>`;
    return {
      nationId: id,
      view,
      text: mail.text,
      html: mail.html,
      svg,
      mail: {
        toAddresses: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: delivery === 'text' ? null : mail.html,
        attachments: delivery === 'text' ? [] : [mapAttachment(input.turn)],
        messageId: mail.messageId.replace(/^<(.*)>$/, '$1'),
        headers,
        withheld: delivery === 'none',
      },
    };
  }
}

/** Every nation's report at once (small games, tests). */
export function renderReports(input: RenderInput): RenderedReport[] {
  const r = new ReportRenderer(input);
  return r.ids.map((id) => r.render(id));
}

/** The report mail's PNG map, stored by reference to the nation's report of `turn`. */
export function mapAttachment(turn: number): { filename: string; contentType: string; source: { kind: 'nation-report-map'; turn: number } } {
  return { filename: `map-turn-${turn}.png`, contentType: 'image/png', source: { kind: 'nation-report-map', turn } };
}

const mapSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('nation-report-map'), turn: z.number().int().min(0) }),
  // A map not stored as a report (the welcome mail's starting position): its SVG is in the reference.
  z.object({ kind: z.literal('svg-map'), svg: z.string().min(1) }),
]);

/** A mail's PNG map rasterised at sending from the SVG the reference carries (welcome mails). */
export function svgMapAttachment(filename: string, svg: string): { filename: string; contentType: string; source: { kind: 'svg-map'; svg: string } } {
  return { filename, contentType: 'image/png', source: { kind: 'svg-map', svg } };
}

/**
 * The mail sender's resolver for report maps: loads the nation's stored SVG map of that turn (or takes the
 * SVG the reference carries) and rasterises it in a drawing process (`renderMapPngIsolated`: a map resvg
 * cannot draw crashes that process, not the sender's). Throws when the report is missing, the map cannot be
 * drawn (MapSizeError) or its drawing process died (the send fails: retried, then given up).
 */
export function reportMapResolver(db: DbClient): AttachmentResolver {
  return async (ref) => {
    const source = mapSource.safeParse(ref.source);
    if (!source.success) throw new Error(`attachment ${ref.filename}: unknown source ${JSON.stringify(ref.source).slice(0, 200)}`);
    if (source.data.kind === 'svg-map') return renderMapPngIsolated(source.data.svg);
    if (ref.gameId === null || ref.nationId === null) throw new Error(`attachment ${ref.filename}: a report map needs the mail's game and nation`);
    const report = await db.nationReport.findUnique({
      where: { gameId_turnNumber_nationId: { gameId: ref.gameId, turnNumber: source.data.turn, nationId: ref.nationId } },
      select: { svg: true },
    });
    if (report === null || report.svg === null) {
      throw new Error(`attachment ${ref.filename}: no stored map for ${ref.nationId} in turn ${source.data.turn} of game ${ref.gameId}`);
    }
    return renderMapPngIsolated(report.svg);
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
