// Taking a move in, in a sequential game played as each move arrives (Game.sequentialMode
// "as-each-move-arrives", docs/architecture.md "Sequential play"): under the lock of the game's open
// turn, the move is checked against the state the earlier moves of the turn left (so the second player's
// orders are checked against the tile the first one revealed), refused when it is another player's move
// or when this player's move is already in, and otherwise stored as the raw submission and a pending Move
// row, which the turn service adjudicates at once (turns/src/moves.ts). The lock and the Move table's key
// (game, turn, seq) make two submissions of one move come to one move: the second is told so. The
// nation's usage of the turn counts the stored submission (nation-usage.ts), as for any other submission.
import { Prisma } from '@arbiter/db';
import { isUniqueViolation, transaction, type Db, type Tx } from '@arbiter/db';
import { type AnyRuleset, rulesetFor } from '@arbiter/rulesets';
import { LRUCache } from 'lru-cache';
import { whyMissing } from './commit.ts';
import { closedRefusal, receiptOf, type TurnContext, type TurnStatus } from './merge.ts';
import { refusal, type OutOfTurn, type Refused, type SubmissionOutcome } from './outcome.ts';
import { perDb } from './per-db.ts';
import { nothingAccepted, planSubmission, type Plan } from './plan.ts';
import { recordUsage } from './nation-usage.ts';
import { receiptJson } from './receipt.ts';
import { formatDeadline } from './schedule.ts';
import type { SubmitOrdersInput } from './submission-input.ts';
import { uuidv7 } from './uuid.ts';

export const AS_EACH_MOVE_ARRIVES = 'as-each-move-arrives';

/** A Move row as the round's bookkeeping reads it. */
export interface MoveRow {
  seq: number;
  nationId: string;
  kind: 'orders' | 'timeout' | 'skip';
  status: 'pending' | 'done' | 'takenBack';
  receivedAt: Date;
}

/** Where a turn played move by move stands: the state its done moves left, and its moves so far. */
export interface RoundState {
  /** The ruleset's state after the last done move (the turn's own state before the first). */
  state: unknown;
  moves: MoveRow[];
  /** The move waiting for the worker, if any (at most one: a pending move locks the turn for the others). */
  pending: MoveRow | null;
}

/**
 * The state a turn played move by move stands at now: the last done move's next state, or the turn's
 * stored state when no move is done (taken-back moves do not count). Intake checks moves against it, the
 * turn service plays the next move on it and closes the round from it.
 */
export async function roundState(tx: Tx, ruleset: AnyRuleset, gameId: string, turn: number): Promise<RoundState> {
  const moves = await tx.$queryRaw<MoveRow[]>`
    SELECT seq, "nationId", kind::text AS kind, status::text AS status, "receivedAt"
      FROM "Move" WHERE "gameId" = ${gameId} AND "turnNumber" = ${turn} ORDER BY seq`;
  const lastDone = [...moves].reverse().find((m) => m.status === 'done');
  const rows =
    lastDone === undefined
      ? await tx.$queryRaw<{ state: unknown }[]>`SELECT state FROM "Turn" WHERE "gameId" = ${gameId} AND number = ${turn}`
      : await tx.$queryRaw<{ state: unknown }[]>`SELECT "nextState" AS state FROM "Move" WHERE "gameId" = ${gameId} AND "turnNumber" = ${turn} AND seq = ${lastDone.seq}`;
  const stored = rows[0];
  if (stored === undefined) throw new Error(`game ${gameId} has no turn ${turn}`);
  return { state: ruleset.state.decode(stored.state), moves, pending: moves.find((m) => m.status === 'pending') ?? null };
}

/** Whose move it is in words: "Bea's" or "Anna's or Ben's" (names from the game's players). */
export function movers(ids: readonly string[], names: ReadonlyMap<string, string>): { id: string; name: string }[] {
  return ids.map((id) => ({ id, name: names.get(id) ?? id }));
}

const modeCacheOf = perDb(() => new LRUCache<string, string>({ max: 10_000 }));

/** The game's sequential mode (it never changes once the game exists), or null when there is no such game. */
export async function sequentialModeOf(db: Db, gameId: string): Promise<string | null> {
  const cache = modeCacheOf(db);
  const hit = cache.get(gameId);
  if (hit !== undefined) return hit;
  const { rows } = await db.pool.query<{ mode: string }>({ name: 'intake-sequential-mode', text: 'SELECT "sequentialMode" AS mode FROM "Game" WHERE id = $1', values: [gameId] });
  const mode = rows[0]?.mode ?? null;
  if (mode !== null) cache.set(gameId, mode);
  return mode;
}

interface MoveContext extends TurnContext {
  players: Map<string, string>;
}

/** Takes one move in (see the head of the file): the outcome the shells switch on. */
export async function receiveMove(db: Db, input: SubmitOrdersInput, receivedAt: Date): Promise<SubmissionOutcome> {
  try {
    const outcome = await transaction(db, (tx) => moveInTx(tx, input, receivedAt));
    return outcome === 'missing' ? await whyMissing(db, input.gameId, input.nationId) : outcome;
  } catch (e) {
    // Two submissions of one move that passed the lock together cannot both take its number.
    if (isUniqueViolation(e)) return alreadyReceived(input, null);
    throw e;
  }
}

async function moveInTx(tx: Tx, input: SubmitOrdersInput, receivedAt: Date): Promise<SubmissionOutcome | 'missing'> {
  const ctx = await lockedContext(tx, input);
  if (ctx === null) return 'missing';
  const closed = closedRefusal(ctx, receivedAt);
  if (closed !== null) return closed;
  const ruleset = rulesetFor(ctx.ruleset);
  const round = await roundState(tx, ruleset, input.gameId, ctx.turn);
  if (round.pending !== null) {
    if (round.pending.nationId === input.nationId) return alreadyReceived(input, round.pending);
    return outOfTurn(ctx, ruleset, [round.pending.nationId], true);
  }
  if (ruleset.state.turnOf(round.state) !== ctx.turn) return outOfTurn(ctx, ruleset, [], false);
  const may = ruleset.sequential!.mayMove(round.state);
  if (!may.includes(input.nationId)) return outOfTurn(ctx, ruleset, may, false);
  const plan = planSubmission(ruleset, round.state, input.nationId, input.rawText);
  const problem = moveProblem(plan, ruleset);
  if (problem !== null) return problem;
  const seq = round.moves.length + 1;
  const submissionId = uuidv7(receivedAt.getTime());
  const lines = plan.orders.map((o) => o.text);
  const receipt = {
    ...receiptOf({ input, receivedAt, ctx, plan, submissionId, units: [], standingOrders: [] }),
    move: { seq },
  };
  await tx.submission.create({
    data: {
      id: submissionId,
      gameId: input.gameId,
      turnNumber: ctx.turn,
      nationId: input.nationId,
      source: input.source,
      rawText: input.rawText,
      receivedAt,
      messageId: input.messageId ?? null,
      parsed: { orders: plan.orders, cancels: plan.cancels, errors: plan.errors } as unknown as Prisma.InputJsonValue,
      receipt: JSON.parse(receiptJson(receipt)) as Prisma.InputJsonValue,
    },
  });
  // The nation's usage of the turn (its Nation row) counts the move's submission as the batch counts others.
  const usage = recordUsage([submissionId], []);
  await tx.$executeRawUnsafe(usage.text, ...usage.values);
  await tx.move.create({ data: { gameId: input.gameId, turnNumber: ctx.turn, seq, nationId: input.nationId, kind: 'orders', submissionId, orders: lines, receivedAt } });
  return { kind: 'accepted-move', receipt, turn: ctx.turn, seq };
}

/** The game's open turn locked (FOR UPDATE: one move of a game at a time), with the words a receipt needs. */
async function lockedContext(tx: Tx, input: SubmitOrdersInput): Promise<MoveContext | null> {
  const rows = await tx.$queryRaw<(Omit<TurnContext, 'gameStatus' | 'turnStatus'> & { gameStatus: TurnContext['gameStatus']; turnStatus: TurnStatus; nationName: string | null })[]>`
    SELECT g.name AS "gameName", g.ruleset, g.status::text AS "gameStatus", g."timeZone", g."currentTurn" AS turn,
           t.status::text AS "turnStatus", t.deadline, t."openedAt",
           (SELECT n.name FROM "Nation" n WHERE n."gameId" = g.id AND n."nationId" = ${input.nationId}) AS "nationName"
      FROM "Game" g JOIN "Turn" t ON t."gameId" = g.id AND t.number = g."currentTurn"
     WHERE g.id = ${input.gameId}
       FOR UPDATE OF t`;
  const r = rows[0];
  if (r === undefined || r.nationName === null) return null;
  const players = await tx.nation.findMany({ where: { gameId: input.gameId }, select: { nationId: true, name: true } });
  return { ...r, nationName: r.nationName, players: new Map(players.map((p) => [p.nationId, p.name])) };
}

function outOfTurn(ctx: MoveContext, ruleset: AnyRuleset, may: readonly string[], adjudicating: boolean): OutOfTurn {
  const toMove = movers(may, ctx.players);
  const whose = toMove.map((p) => p.name).join(' or ');
  const message =
    toMove.length === 0
      ? `Every ${ruleset.words.player} has moved in turn ${ctx.turn} of "${ctx.gameName}"; turn ${ctx.turn + 1} opens at the deadline (${formatDeadline(ctx.deadline, ctx.timeZone)}). Nothing was stored.`
      : `It is not your move: "${ctx.gameName}" is played move by move, and it is ${whose}'s move in turn ${ctx.turn}` +
        `${adjudicating ? ' (their orders are being adjudicated now)' : ''}. Nothing was stored; you get a "your move" mail when it is yours.`;
  return { kind: 'out-of-turn', refusal: { code: 'not-your-move', message, issues: [] }, toMove };
}

function alreadyReceived(input: SubmitOrdersInput, pending: MoveRow | null): Refused {
  const when = pending === null ? 'just now' : `at ${pending.receivedAt.toISOString()}`;
  const which = pending === null ? 'Your move' : `Your move (move ${pending.seq})`;
  return refusal('move-already-received', `${which} was received ${when} and is being adjudicated; this submission (to game "${input.gameId}") was not used. The move's report follows by mail.`);
}

/**
 * A move is made only when every line of it was accepted: a mistake in one line would otherwise cost the
 * player the move. Nothing is stored; the player sends the whole move again.
 */
function moveProblem(plan: Plan, ruleset: AnyRuleset): Refused | null {
  const cancels = plan.cancels.map((c) => ({ ...c, status: 'rejected' as const, reason: `a move cancels nothing; send the ${ruleset.words.unit}'s orders` }));
  const rejected = plan.orders.some((o) => o.status === 'rejected') || plan.errors.length > 0 || cancels.length > 0;
  if (!rejected && plan.orders.length > 0) return null;
  const { issues } = nothingAccepted({ ...plan, cancels }).refusal;
  if (issues.length === 0) return refusal('no-orders-accepted', 'Your move has no orders. Nothing was stored; send your move.');
  const listed = issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`).join('; ');
  return refusal(
    'no-orders-accepted',
    `Your move was not made: every line of a move must be accepted, and ${listed}${issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''}. Nothing was stored; send the whole move again.`,
    issues,
  );
}
