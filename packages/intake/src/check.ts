// Checking orders without storing them (the web client's dry run, POST .../orders/check): the same plan a
// submission gets, against the same open-turn state, refused by the same rules when the turn takes no
// orders; nothing is written.
import { transaction, type Db } from '@arbiter/db';
import { rulesetLabel, type RulesetLabel } from '@arbiter/engine';
import { type AnyRuleset, rulesetFor } from '@arbiter/rulesets';
import { AS_EACH_MOVE_ARRIVES, roundState, sequentialModeOf } from './moves.ts';
import { turnClosedRefusal, type TurnStatus } from './merge.ts';
import { orderTextRefusal, type OrderTextLimits } from './order-text.ts';
import { refusal, type Refused } from './outcome.ts';
import { planSubmission, type Plan } from './plan.ts';
import { receiptSummary, type ReceiptSummary } from './receipt.ts';
import { loadState } from './turn-state.ts';

export type OrderCheckOutcome =
  | {
      kind: 'checked';
      /** The game's ruleset: its id, title and words (the plan names units in them). */
      ruleset: RulesetLabel;
      turn: number;
      deadline: Date;
      plan: Plan;
      /** The counts the receipt of the same text would give. */
      summary: ReceiptSummary;
    }
  | Refused;

/**
 * The plan a submission of `text` would get now, and its receipt's counts, with nothing stored: refused by the
 * same rules as a submission (the size limits included) when the turn takes no orders.
 */
export async function checkOrders(db: Db, gameId: string, nationId: string, text: string, limits?: OrderTextLimits): Promise<OrderCheckOutcome> {
  const tooMuch = orderTextRefusal(text, limits);
  if (tooMuch !== null) return tooMuch;
  const { rows } = await db.pool.query<{
    name: string; ruleset: string; status: 'active' | 'paused' | 'finished'; currentTurn: number; turnStatus: TurnStatus | null; deadline: Date | null; openedAt: Date | null;
  }>({
    name: 'intake-check-context',
    text: `SELECT g.name, g.ruleset, g.status::text AS status, g."currentTurn", t.status::text AS "turnStatus", t.deadline, t."openedAt"
             FROM "Game" g LEFT JOIN "Turn" t ON t."gameId" = g.id AND t.number = g."currentTurn" WHERE g.id = $1`,
    values: [gameId],
  });
  const g = rows[0];
  if (g === undefined) return refusal('game-not-found', `There is no game "${gameId}".`);
  const closed = turnClosedRefusal({ gameStatus: g.status, gameName: g.name, turn: g.currentTurn, turnStatus: g.turnStatus ?? 'open' });
  if (closed !== null) return closed;
  const ruleset = rulesetFor(g.ruleset);
  const state = g.turnStatus === null || g.openedAt === null ? null : await checkedState(db, ruleset, gameId, g.currentTurn, g.openedAt);
  if (state === null || g.deadline === null) return refusal('turn-not-found', `Game "${gameId}" has no turn ${g.currentTurn}.`);
  const plan = planSubmission(ruleset, state, nationId, text);
  return { kind: 'checked', ruleset: rulesetLabel(ruleset), turn: g.currentTurn, deadline: g.deadline, plan, summary: receiptSummary(plan) };
}

/** The state orders are checked against: the open turn's, or in a game played move by move the state its moves left. */
async function checkedState(db: Db, ruleset: AnyRuleset, gameId: string, turn: number, openedAt: Date): Promise<unknown> {
  if ((await sequentialModeOf(db, gameId)) !== AS_EACH_MOVE_ARRIVES) return loadState(db, db.pool, ruleset, gameId, turn, openedAt);
  return (await transaction(db, (tx) => roundState(tx, ruleset, gameId, turn))).state;
}
