// One submission against its locked turn: refused if the turn takes no orders, else planned, merged into
// the nation's standing orders so far, and answered with its receipt (what the batch then stores).
import type pg from 'pg';
import type { Db } from '@arbiter/db';
import { rulesetLabel, type RulesetLabel } from '@arbiter/engine';
import { type AnyRuleset, rulesetFor } from '@arbiter/rulesets';
import { refusal, type Refused, type SubmissionOutcome } from './outcome.ts';
import { acceptsNothing, nothingAccepted, planSubmission, type Plan } from './plan.ts';
import { receiptSummary, type Receipt, type ReceiptUnitOutcome, type StandingUnitOrders } from './receipt.ts';
import { formatDeadline } from './schedule.ts';
import type { SubmitOrdersInput } from './submission-input.ts';
import { loadState, type EarlyPlan } from './turn-state.ts';
import { uuidv7 } from './uuid.ts';

export type TurnStatus = 'open' | 'adjudicating' | 'done' | 'held';

export interface TurnContext {
  /** The game's ruleset id (Game.ruleset). */
  ruleset: string;
  gameName: string;
  gameStatus: 'active' | 'paused' | 'finished';
  timeZone: string;
  turn: number;
  turnStatus: TurnStatus;
  deadline: Date;
  openedAt: Date;
  nationName: string;
}

/** Why the turn takes no orders received at `receivedAt`, or null when it takes them. */
export function closedRefusal(ctx: TurnContext, receivedAt: Date): Refused | null {
  const closed = turnClosedRefusal(ctx);
  if (closed !== null) return closed;
  if (receivedAt.getTime() > ctx.deadline.getTime()) {
    return refusal(
      'deadline-passed',
      `The deadline of turn ${ctx.turn} (${formatDeadline(ctx.deadline, ctx.timeZone)}) has passed. ` +
        'Nothing was stored; send your orders again when the next turn opens.',
    );
  }
  return null;
}

/** Why the game's current turn takes no orders at all (the game is finished, the turn not open), or null. */
export function turnClosedRefusal(ctx: Pick<TurnContext, 'gameStatus' | 'gameName' | 'turn' | 'turnStatus'>): Refused | null {
  if (ctx.gameStatus === 'finished') return refusal('game-finished', `Game "${ctx.gameName}" is finished; it takes no more orders.`);
  if (ctx.turnStatus !== 'open') {
    return refusal(
      'turn-closed',
      `Turn ${ctx.turn} is closed for orders (it is ${ctx.turnStatus === 'held' ? 'held for the game master' : ctx.turnStatus === 'done' ? 'already adjudicated' : 'being adjudicated'}). ` +
        'Nothing was stored; send your orders again when the next turn opens.',
    );
  }
  return null;
}

export interface StandingRow {
  unitId: string;
  orders: unknown;
  submissionId: string;
  receivedAt: Date;
}

// The words of a canonical order line never change: cache them per ruleset (every receipt lists the whole set).
const wordsCaches = new WeakMap<AnyRuleset, Map<string, string>>();
function wordsOf(ruleset: AnyRuleset, text: string): string {
  let cache = wordsCaches.get(ruleset);
  if (cache === undefined) wordsCaches.set(ruleset, (cache = new Map()));
  let w = cache.get(text);
  if (w === undefined) {
    const parsed = ruleset.orders.parse(text).orders[0];
    w = parsed === undefined ? text : ruleset.orders.describe(parsed);
    if (cache.size >= 20_000) cache.clear();
    cache.set(text, w);
  }
  return w;
}

export function describeStanding(ruleset: AnyRuleset, rows: StandingRow[]): StandingUnitOrders[] {
  return rows
    .filter((r) => Array.isArray(r.orders) && r.orders.length > 0)
    .sort((a, b) => (a.unitId < b.unitId ? -1 : a.unitId > b.unitId ? 1 : 0))
    .map((r) => ({
      unit: r.unitId,
      orders: (r.orders as string[]).map((text) => ({ text, words: wordsOf(ruleset, text) })),
      submissionId: r.submissionId,
      receivedAt: r.receivedAt.toISOString(),
    }));
}

/** A submission ready to store: its receipt, its plan, and the standing orders it writes. */
export interface Merged {
  kind: 'merged';
  receipt: Receipt;
  plan: Plan;
  unitWrites: StandingRow[];
}

/**
 * One submission against the locked turn: refuse a closed turn, plan, merge into `merged` (the nation's
 * standing orders so far, changed in place) and build the receipt.
 */
export async function mergeSubmission(
  db: Db,
  client: pg.PoolClient,
  { input, receivedAt, early }: { input: SubmitOrdersInput; receivedAt: Date; early: EarlyPlan | null },
  ctx: TurnContext,
  merged: Map<string, StandingRow>,
): Promise<Merged | SubmissionOutcome> {
  const closed = closedRefusal(ctx, receivedAt);
  if (closed !== null) return closed;
  const ruleset = rulesetFor(ctx.ruleset);
  let plan: Plan;
  if (early !== null && early.turn === ctx.turn && early.openedAt === ctx.openedAt.getTime()) {
    plan = early.plan;
  } else {
    const state = await loadState(db, client, ruleset, input.gameId, ctx.turn, ctx.openedAt);
    if (state === null) return refusal('turn-not-found', `Game "${input.gameId}" has no turn ${ctx.turn}.`);
    plan = planSubmission(ruleset, state, input.nationId, input.rawText);
  }
  if (input.refuseIfNothingAccepted === true && acceptsNothing(plan)) return nothingAccepted(plan);
  const submissionId = uuidv7(receivedAt.getTime());
  const unitWrites: StandingRow[] = [];
  const outcomes: ReceiptUnitOutcome[] = [];
  for (const [unit, orders] of [...plan.units].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (orders === null) {
      outcomes.push({ unit, outcome: 'kept', note: plan.notes.get(unit) as string });
      continue;
    }
    const prev = merged.get(unit);
    if (prev !== undefined && prev.receivedAt.getTime() > receivedAt.getTime()) {
      outcomes.push({
        unit,
        outcome: 'superseded',
        note: `a submission received later (${prev.receivedAt.toISOString()}) already set its orders; those stand`,
      });
      continue;
    }
    const row = { unitId: unit, orders, submissionId, receivedAt };
    unitWrites.push(row);
    outcomes.push({ unit, outcome: orders.length === 0 ? 'cancelled' : 'replaced', note: plan.notes.get(unit) as string });
  }
  for (const row of unitWrites) merged.set(row.unitId, row);

  const receipt = receiptOf({ input, receivedAt, ctx, plan, submissionId, units: outcomes, standingOrders: describeStanding(ruleset, [...merged.values()]) });
  return { kind: 'merged', receipt, plan, unitWrites };
}

/** A submission's receipt: what its plan did, for the player (merge.ts and moves.ts). */
export function receiptOf(r: {
  input: SubmitOrdersInput;
  receivedAt: Date;
  ctx: TurnContext;
  plan: Plan;
  submissionId: string;
  units: ReceiptUnitOutcome[];
  standingOrders: StandingUnitOrders[];
}): Receipt {
  const { input, ctx, plan } = r;
  return {
    gameId: input.gameId,
    gameName: ctx.gameName,
    ruleset: labelOf(ctx.ruleset),
    nationId: input.nationId,
    nationName: ctx.nationName,
    turn: ctx.turn,
    deadline: ctx.deadline.toISOString(),
    deadlineText: formatDeadline(ctx.deadline, ctx.timeZone),
    timeZone: ctx.timeZone,
    submissionId: r.submissionId,
    receivedAt: r.receivedAt.toISOString(),
    source: input.source,
    orders: plan.orders,
    cancels: plan.cancels,
    errors: plan.errors,
    units: r.units,
    standingOrders: r.standingOrders,
    final: input.final === true,
    summary: receiptSummary(plan),
  };
}

// A ruleset's label, made once per ruleset: every receipt of its games carries the same (never changed) object.
const labels = new Map<string, RulesetLabel>();
function labelOf(rulesetId: string): RulesetLabel {
  let label = labels.get(rulesetId);
  if (label === undefined) {
    const made = rulesetLabel(rulesetFor(rulesetId));
    labels.set(rulesetId, (label = Object.freeze({ ...made, words: Object.freeze(made.words) })));
  }
  return label;
}
