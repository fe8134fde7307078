// Taking orders in: parse with the engine, check against the stored state of the open turn, store the
// raw submission and merge the standing orders in one transaction, answer with a receipt.
import type pg from 'pg';
import type { Db } from '@arbiter/db';
import {
  checkOrders,
  describeOrder,
  normaliseUnitName,
  parseOrders,
  printOrder,
  unitNameProblem,
  type GameState,
  type Order,
  type OrderError,
} from '@arbiter/engine';
import { IntakeError } from './errors.ts';
import type { Receipt, ReceiptCancel, ReceiptOrder, ReceiptUnitOutcome, StandingUnitOrders } from './receipt.ts';
import { formatDeadline } from './schedule.ts';
import { uuidv7 } from './uuid.ts';

/** Longest order text accepted, in characters (a full nation's orders are a few kilobytes). */
export const MAX_ORDER_TEXT = 100_000;

export interface SubmitOrdersInput {
  gameId: string;
  nationId: string;
  source: 'rest' | 'email';
  /** The order text exactly as received. */
  rawText: string;
  /** Server receive time; default now. Mail intake passes the time its server accepted the message. */
  receivedAt?: Date;
  messageId?: string | null;
  /** Declare the nation's orders final for this turn (for "run early when all orders are final"). */
  final?: boolean;
  /**
   * Refuse (IntakeError `no-orders-accepted`, 422, nothing stored) a submission of which no order or
   * cancel was accepted. The REST API sets it; mail does not, because a mail always gets a receipt.
   */
  refuseIfNothingAccepted?: boolean;
}

interface TurnContext {
  gameName: string;
  gameStatus: 'active' | 'paused' | 'finished';
  timeZone: string;
  turn: number;
  turnStatus: 'open' | 'adjudicating' | 'done' | 'held';
  deadline: Date;
  openedAt: Date;
  nationName: string;
}

async function loadContext(db: Db, gameId: string, nationId: string): Promise<TurnContext> {
  // The hot path uses the pg pool directly with named (prepared) statements: a submission is a handful of
  // short queries, and the ORM layer would cost more than the database work (docs/benchmarks.md, API).
  const rows = await db.pool.query<{
    name: string; status: TurnContext['gameStatus']; timeZone: string; currentTurn: number;
    turnStatus: TurnContext['turnStatus'] | null; deadline: Date | null; openedAt: Date | null; nationName: string | null;
  }>({
    name: 'intake-context',
    text: `SELECT g.name, g.status::text AS status, g."timeZone", g."currentTurn",
                  t.status::text AS "turnStatus", t.deadline, t."openedAt", n.name AS "nationName"
             FROM "Game" g
             LEFT JOIN "Turn" t ON t."gameId" = g.id AND t.number = g."currentTurn"
             LEFT JOIN "Nation" n ON n."gameId" = g.id AND n."nationId" = $2
            WHERE g.id = $1`,
    values: [gameId, nationId],
  });
  const r = rows.rows[0];
  if (r === undefined) throw new IntakeError('game-not-found', `There is no game "${gameId}".`);
  if (r.nationName === null) throw new IntakeError('nation-not-found', `Game "${gameId}" has no nation "${nationId}".`);
  if (r.turnStatus === null || r.deadline === null || r.openedAt === null) {
    throw new IntakeError('turn-not-found', `Game "${gameId}" has no turn ${r.currentTurn}.`);
  }
  return {
    gameName: r.name,
    gameStatus: r.status,
    timeZone: r.timeZone,
    turn: r.currentTurn,
    turnStatus: r.turnStatus,
    deadline: r.deadline,
    openedAt: r.openedAt,
    nationName: r.nationName,
  };
}

// The state of an open turn never changes (it is the state BEFORE adjudication), so it is cached per
// (game, turn, openedAt); a turn rolled back and reopened has a new openedAt.
const STATE_CACHE_LIMIT = 64;
const stateCache = new WeakMap<Db, Map<string, GameState>>();

async function loadState(db: Db, client: pg.PoolClient, gameId: string, turn: number, openedAt: Date): Promise<GameState> {
  let cache = stateCache.get(db);
  if (cache === undefined) {
    cache = new Map();
    stateCache.set(db, cache);
  }
  const key = `${gameId}\u0000${turn}\u0000${openedAt.getTime()}`;
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  // On the transaction's own connection: a second connection per submission could starve the pool.
  const row = await client.query<{ state: GameState }>({
    name: 'intake-state',
    text: 'SELECT state FROM "Turn" WHERE "gameId" = $1 AND number = $2',
    values: [gameId, turn],
  });
  const state = row.rows[0]?.state;
  if (state === undefined) throw new IntakeError('turn-not-found', `Game "${gameId}" has no turn ${turn}.`);
  cache.set(key, state);
  if (cache.size > STATE_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return state;
}

function refuseClosed(ctx: TurnContext, receivedAt: Date): void {
  if (ctx.gameStatus === 'finished') throw new IntakeError('game-finished', `Game "${ctx.gameName}" is finished; it takes no more orders.`);
  if (ctx.turnStatus !== 'open') {
    throw new IntakeError(
      'turn-closed',
      `Turn ${ctx.turn} is closed for orders (it is ${ctx.turnStatus === 'held' ? 'held for the game master' : ctx.turnStatus === 'done' ? 'already adjudicated' : 'being adjudicated'}). ` +
        'Nothing was stored; send your orders again when the next turn opens.',
    );
  }
  if (receivedAt.getTime() > ctx.deadline.getTime()) {
    throw new IntakeError(
      'deadline-passed',
      `The deadline of turn ${ctx.turn} (${formatDeadline(ctx.deadline, ctx.timeZone)}) has passed. ` +
        'Nothing was stored; send your orders again when the next turn opens.',
    );
  }
}

interface CancelLine {
  line: number;
  column: number;
  unit: string;
}

/**
 * `<unit>, cancel` lines: taken out of the text (blanked, so line numbers stay) before the engine's parser
 * sees it. Only a line whose second entry is the word `cancel` is one.
 */
export function extractCancels(text: string): { text: string; cancels: CancelLine[]; errors: OrderError[] } {
  const cancels: CancelLine[] = [];
  const errors: OrderError[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    const body = (i === 0 && raw.startsWith('\uFEFF') ? raw.slice(1) : raw).replace(/[#;].*$/, '');
    const parts = body.split(',');
    if (parts.length < 2 || (parts[1] as string).trim().toLowerCase() !== 'cancel') return;
    const column = body.length - body.trimStart().length + 1;
    const extra = parts.slice(2).filter((p) => p.trim() !== '');
    const unit = normaliseUnitName(parts[0] as string);
    if (unit === null) {
      errors.push({ line: i + 1, column, message: unitNameProblem(parts[0] as string) ?? 'the unit name is missing' });
    } else if (extra.length > 0) {
      errors.push({ line: i + 1, column, unit, message: `"cancel" takes nothing after it; write "${unit}, cancel"` });
    } else {
      cancels.push({ line: i + 1, column, unit });
    }
    lines[i] = '';
  });
  return { text: lines.join('\n'), cancels, errors };
}

/** The plan for one submission, before it touches the database. */
interface Plan {
  orders: ReceiptOrder[];
  cancels: ReceiptCancel[];
  errors: OrderError[];
  /** Per unit named: the new standing orders (canonical lines; empty = cancelled), or null = keep. */
  units: Map<string, string[] | null>;
  notes: Map<string, string>;
}

export function planSubmission(state: GameState, nationId: string, rawText: string): Plan {
  const extracted = extractCancels(rawText);
  const parsed = parseOrders(extracted.text);
  const checks = checkOrders(state, nationId, parsed.orders);
  const errors = [...extracted.errors, ...parsed.errors].sort((a, b) => a.line - b.line || a.column - b.column);
  const orders: ReceiptOrder[] = [...checks].sort((a, b) => a.order.line - b.order.line).map((c) => {
    const o: ReceiptOrder = {
      line: c.order.line,
      unit: c.order.unit,
      text: printOrder(c.order),
      words: describeOrder(c.order),
      status: c.status,
      warnings: [...c.warnings],
    };
    if (c.reason !== undefined) o.reason = c.reason;
    if (c.preview !== undefined) o.preview = c.preview;
    return o;
  });
  const accepted = new Map<string, Order[]>();
  const named = new Set<string>();
  for (const c of checks) {
    named.add(c.order.unit);
    if (c.status === 'accepted') {
      const list = accepted.get(c.order.unit) ?? [];
      list.push(c.order);
      accepted.set(c.order.unit, list);
    }
  }
  const byId = new Map(state.units.map((u) => [u.id, u]));
  const cancels: ReceiptCancel[] = extracted.cancels.map((c) => {
    const unit = byId.get(c.unit);
    // As the engine does: a foreign unit and a missing one get the same answer (no probing for names).
    if (unit === undefined || unit.nation !== nationId) {
      return { line: c.line, unit: c.unit, status: 'rejected', reason: `you have no unit "${c.unit}"; a nation may only order its own units` };
    }
    return { line: c.line, unit: c.unit, status: 'accepted' };
  });
  const units = new Map<string, string[] | null>();
  const notes = new Map<string, string>();
  for (const unit of named) {
    const list = accepted.get(unit);
    if (list !== undefined) {
      units.set(unit, [...list].sort((a, b) => a.line - b.line).map(printOrder));
      notes.set(unit, `its standing orders are now the ${list.length} accepted order(s) of this submission`);
    } else {
      units.set(unit, null);
      notes.set(unit, 'every order for it was rejected; its earlier standing orders (if any) still stand');
    }
  }
  for (const c of cancels) {
    if (c.status !== 'accepted') continue;
    if (accepted.has(c.unit)) {
      c.reason = 'not needed: this submission also gives the unit orders, which replace its standing orders';
      continue;
    }
    units.set(c.unit, []);
    notes.set(c.unit, 'its standing orders are cancelled; it has none now');
  }
  return { orders, cancels, errors, units, notes };
}

interface LockedRow {
  name: string;
  gameStatus: TurnContext['gameStatus'];
  timeZone: string;
  turn: number;
  turnStatus: TurnContext['turnStatus'];
  deadline: Date;
  openedAt: Date;
  nationName: string;
}

function nothingAccepted(plan: Plan): IntakeError {
  const issues = [
    ...plan.errors.map((e) => ({ line: e.line, path: `line ${e.line}, col ${e.column}`, message: e.message })),
    ...plan.orders.filter((o) => o.status === 'rejected').map((o) => ({ line: o.line, path: `line ${o.line}`, message: `${o.text}: ${o.reason ?? 'rejected'}` })),
    ...plan.cancels.filter((c) => c.status === 'rejected').map((c) => ({ line: c.line, path: `line ${c.line}`, message: `${c.unit}, cancel: ${c.reason ?? 'rejected'}` })),
  ]
    .sort((a, b) => a.line - b.line)
    .map(({ path, message }) => ({ path, message }));
  if (issues.length === 0) return new IntakeError('no-orders-accepted', 'The submission contains no orders. Nothing was stored.');
  return new IntakeError(
    'no-orders-accepted',
    `None of the orders could be accepted, so nothing was stored: ${issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`).join('; ')}${issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''}.`,
    issues,
  );
}

interface StandingRow {
  unitId: string;
  orders: unknown;
  submissionId: string;
  receivedAt: Date;
}

// The words of a canonical order line never change: cache them (every receipt lists the whole set).
const wordsCache = new Map<string, string>();
function wordsOf(text: string): string {
  let w = wordsCache.get(text);
  if (w === undefined) {
    const parsed = parseOrders(text).orders[0];
    w = parsed ? describeOrder(parsed) : text;
    if (wordsCache.size >= 20_000) wordsCache.clear();
    wordsCache.set(text, w);
  }
  return w;
}

export function describeStanding(rows: StandingRow[]): StandingUnitOrders[] {
  return rows
    .filter((r) => Array.isArray(r.orders) && r.orders.length > 0)
    .sort((a, b) => (a.unitId < b.unitId ? -1 : a.unitId > b.unitId ? 1 : 0))
    .map((r) => ({
      unit: r.unitId,
      orders: (r.orders as string[]).map((text) => ({ text, words: wordsOf(text) })),
      submissionId: r.submissionId,
      receivedAt: r.receivedAt.toISOString(),
    }));
}

/**
 * Store a submission and merge it into the nation's standing orders for the open turn.
 * Throws IntakeError when the game, nation or turn does not take orders (nothing is stored then).
 */
export async function submitOrders(db: Db, input: SubmitOrdersInput): Promise<Receipt> {
  const receivedAt = input.receivedAt ?? new Date();
  if (typeof input.rawText !== 'string') throw new IntakeError('invalid-input', 'The orders must be text.');
  if (input.rawText.length > MAX_ORDER_TEXT) {
    throw new IntakeError('invalid-input', `The order text is too long (${input.rawText.length} characters; at most ${MAX_ORDER_TEXT}).`);
  }
  if (input.rawText.includes('\u0000')) throw new IntakeError('invalid-input', 'The order text contains a NUL character.');
  // A deadlock or serialization failure aborts the transaction with nothing stored: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await submitOnce(db, input, receivedAt);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (attempt < 3 && (code === '40P01' || code === '40001')) continue;
      throw e;
    }
  }
}

async function submitOnce(db: Db, input: SubmitOrdersInput, receivedAt: Date): Promise<Receipt> {
  const client = await db.pool.connect();
  let broken = false;
  try {
    const lit = (v: string) => client.escapeLiteral(v);
    // One round trip: begin, lock, read the standing orders. The turn row is share-locked, so a claim
    // (UPDATE ... WHERE status = 'open') waits for this transaction and a submission after the claim
    // sees the new status; the nation row is locked so one nation's submissions merge one at a time.
    // Turn before nation, the order the turn pipeline takes them in, so the two cannot deadlock.
    // The standing orders are read by a second statement, i.e. after the lock is held, with a snapshot
    // that includes every earlier submission of this nation. (Simple query protocol, so several
    // statements go in one message; every value is an escaped literal.)
    const results = (await client.query(
      `BEGIN;
       SELECT g.name, g.status::text AS "gameStatus", g."timeZone", g."currentTurn" AS turn,
              t.status::text AS "turnStatus", t.deadline, t."openedAt"
         FROM "Game" g
         JOIN "Turn" t ON t."gameId" = g.id AND t.number = g."currentTurn"
        WHERE g.id = ${lit(input.gameId)}
          FOR SHARE OF t;
       SELECT n.name AS "nationName" FROM "Nation" n
        WHERE n."gameId" = ${lit(input.gameId)} AND n."nationId" = ${lit(input.nationId)}
          FOR UPDATE;
       SELECT s."unitId", s.orders, s."submissionId", s."receivedAt"
         FROM "StandingOrder" s JOIN "Game" g ON g.id = s."gameId" AND g."currentTurn" = s."turnNumber"
        WHERE s."gameId" = ${lit(input.gameId)} AND s."nationId" = ${lit(input.nationId)}`,
    )) as unknown as [pg.QueryResult, pg.QueryResult<Omit<LockedRow, 'nationName'>>, pg.QueryResult<{ nationName: string }>, pg.QueryResult<StandingRow>];
    const turnRow = results[1].rows[0];
    const nationRow = results[2].rows[0];
    const locked = turnRow === undefined || nationRow === undefined ? undefined : { ...turnRow, nationName: nationRow.nationName };
    if (locked === undefined) {
      // Which of game, nation or turn is missing: the precise error (or, if all exist now, a race).
      await loadContext(db, input.gameId, input.nationId);
      throw new IntakeError('turn-closed', 'The turn changed while your orders were being stored. Nothing was stored; send them again.');
    }
    const ctx: TurnContext = {
      gameName: locked.name,
      gameStatus: locked.gameStatus,
      timeZone: locked.timeZone,
      turn: locked.turn,
      turnStatus: locked.turnStatus,
      deadline: locked.deadline,
      openedAt: locked.openedAt,
      nationName: locked.nationName,
    };
    refuseClosed(ctx, receivedAt);
    const state = await loadState(db, client, input.gameId, ctx.turn, ctx.openedAt);
    const plan = planSubmission(state, input.nationId, input.rawText);
    if (input.refuseIfNothingAccepted === true && !plan.orders.some((o) => o.status === 'accepted') && !plan.cancels.some((c) => c.status === 'accepted')) {
      throw nothingAccepted(plan);
    }
    const submissionId = uuidv7(receivedAt.getTime());
    const merged = new Map<string, StandingRow>(results[3].rows.map((r) => [r.unitId, r]));
    const writes: StandingRow[] = [];
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
      merged.set(unit, row);
      writes.push(row);
      outcomes.push({ unit, outcome: orders.length === 0 ? 'cancelled' : 'replaced', note: plan.notes.get(unit) as string });
    }

    const accepted = plan.orders.filter((o) => o.status === 'accepted').length;
    const receipt: Receipt = {
      gameId: input.gameId,
      gameName: ctx.gameName,
      nationId: input.nationId,
      nationName: ctx.nationName,
      turn: ctx.turn,
      deadline: ctx.deadline.toISOString(),
      deadlineText: formatDeadline(ctx.deadline, ctx.timeZone),
      timeZone: ctx.timeZone,
      submissionId,
      receivedAt: receivedAt.toISOString(),
      source: input.source,
      orders: plan.orders,
      cancels: plan.cancels,
      errors: plan.errors,
      units: outcomes,
      standingOrders: describeStanding([...merged.values()]),
      final: input.final === true,
      summary: {
        accepted: accepted + plan.cancels.filter((c) => c.status === 'accepted').length,
        rejected: plan.orders.length - accepted + plan.cancels.filter((c) => c.status === 'rejected').length,
        unreadable: plan.errors.length,
      },
    };

    // One statement: the raw submission, the standing orders it wins (a later receive time wins; an
    // earlier submission that arrives late never overwrites), and the "final" flag.
    const json = (v: unknown) => `${lit(JSON.stringify(v))}::jsonb`;
    const g = lit(input.gameId);
    const n = lit(input.nationId);
    const at = `${lit(receivedAt.toISOString())}::timestamptz`;
    await client.query(
      `WITH sub AS (
         INSERT INTO "Submission" (id, "gameId", "turnNumber", "nationId", source, "rawText", "receivedAt", "messageId", parsed, receipt)
         VALUES (${lit(submissionId)}::uuid, ${g}, ${ctx.turn}, ${n}, ${lit(input.source)}::"SubmissionSource", ${lit(input.rawText)}, ${at},
                 ${input.messageId == null ? 'NULL' : lit(input.messageId)}, ${json({ orders: plan.orders, cancels: plan.cancels, errors: plan.errors })}, ${json(receipt)})
         RETURNING id
       ), fin AS (
         UPDATE "Nation" SET "ordersFinal" = true, "updatedAt" = now()
          WHERE ${input.final === true ? 'true' : 'false'} AND "gameId" = ${g} AND "nationId" = ${n}
       )
       INSERT INTO "StandingOrder" ("gameId", "turnNumber", "unitId", "nationId", orders, "submissionId", "receivedAt")
       SELECT ${g}, ${ctx.turn}, w.unit, ${n}, w.orders, (SELECT id FROM sub), ${at}
         FROM jsonb_to_recordset(${json(writes.map((w) => ({ unit: w.unitId, orders: w.orders })))}) AS w(unit text, orders jsonb)
       ON CONFLICT ("gameId", "turnNumber", "unitId") DO UPDATE
          SET orders = EXCLUDED.orders, "nationId" = EXCLUDED."nationId",
              "submissionId" = EXCLUDED."submissionId", "receivedAt" = EXCLUDED."receivedAt"
        WHERE "StandingOrder"."receivedAt" <= EXCLUDED."receivedAt";
       COMMIT`,
    );
    return receipt;
  } catch (e) {
    // A connection that cannot even roll back is dropped from the pool rather than reused.
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw e;
  } finally {
    client.release(broken);
  }
}
