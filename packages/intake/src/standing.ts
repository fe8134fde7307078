import type { Db } from '@arbiter/db';
import { rulesetLabel, type RulesetLabel } from '@arbiter/engine';
import { rulesetFor } from '@arbiter/rulesets';
import type { Receipt, StandingUnitOrders } from './receipt.ts';
import { describeStanding } from './merge.ts';
import { IntakeError } from './errors.ts';

export interface SubmissionSummary {
  id: string;
  receivedAt: string;
  source: 'rest' | 'email';
  messageId: string | null;
  rawText: string;
  summary: Receipt['summary'];
}

export interface StandingOrdersView {
  gameId: string;
  nationId: string;
  /** The game's ruleset: id, title and words (the orders name its units). */
  ruleset: RulesetLabel;
  turn: number;
  standingOrders: StandingUnitOrders[];
  /** Every submission of this nation for the turn, oldest first. */
  submissions: SubmissionSummary[];
}

/** A nation's standing orders for a turn (default: the current one) and its submissions that made them. */
export async function getStandingOrders(db: Db, gameId: string, nationId: string, turn?: number): Promise<StandingOrdersView> {
  const game = await db.prisma.game.findUnique({ where: { id: gameId }, select: { currentTurn: true, ruleset: true } });
  if (game === null) throw new IntakeError('game-not-found', `There is no game "${gameId}".`);
  const turnNumber = turn ?? game.currentTurn;
  const [rows, submissions] = await Promise.all([
    db.prisma.standingOrder.findMany({
      where: { gameId, turnNumber, nationId },
      select: { unitId: true, orders: true, submissionId: true, receivedAt: true },
    }),
    db.prisma.submission.findMany({
      where: { gameId, turnNumber, nationId },
      orderBy: [{ receivedAt: 'asc' }, { seq: 'asc' }],
      select: { id: true, receivedAt: true, source: true, messageId: true, rawText: true, receipt: true },
    }),
  ]);
  const ruleset = rulesetFor(game.ruleset);
  return {
    gameId,
    nationId,
    ruleset: rulesetLabel(ruleset),
    turn: turnNumber,
    standingOrders: describeStanding(ruleset, rows),
    submissions: submissions.map((s) => ({
      id: s.id,
      receivedAt: s.receivedAt.toISOString(),
      source: s.source,
      messageId: s.messageId,
      rawText: s.rawText,
      summary: (s.receipt as unknown as Receipt).summary,
    })),
  };
}

export interface NationReportView {
  gameId: string;
  turn: number;
  nationId: string;
  view: unknown;
  text: string;
  html: string;
  svg: string | null;
  createdAt: string;
}

/** A nation's own report of a turn (written by the turn pipeline). */
export async function getNationReport(db: Db, gameId: string, turn: number, nationId: string): Promise<NationReportView> {
  const r = await db.prisma.nationReport.findUnique({ where: { gameId_turnNumber_nationId: { gameId, turnNumber: turn, nationId } } });
  if (r === null) throw new IntakeError('report-not-found', `There is no report of turn ${turn} for your nation (yet).`);
  return { gameId, turn, nationId, view: r.view, text: r.text, html: r.html, svg: r.svg, createdAt: r.createdAt.toISOString() };
}
