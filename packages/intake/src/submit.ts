// Taking orders in: parse with the game's ruleset, check against the stored state of the open turn, store
// the raw submission and merge the standing orders in one transaction, answer with a receipt.
import type pg from 'pg';
import { LRUCache } from 'lru-cache';
import { sqlLiteral, type Db } from '@arbiter/db';
import type { OrderError } from '@arbiter/engine';
import { type AnyRuleset, rulesetFor } from '@arbiter/rulesets';
import { IntakeError } from './errors.ts';
import type { Receipt, ReceiptCancel, ReceiptOrder, ReceiptUnitOutcome, StandingUnitOrders } from './receipt.ts';
import { formatDeadline } from './schedule.ts';
import { uuidv7 } from './uuid.ts';
import { GroupCommit, type Outcome } from './group-commit.ts';
import { receiptJson } from './receipt.ts';

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
  /** The game's ruleset id (Game.ruleset). */
  ruleset: string;
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
    name: string; ruleset: string; status: TurnContext['gameStatus']; timeZone: string; currentTurn: number;
    turnStatus: TurnContext['turnStatus'] | null; deadline: Date | null; openedAt: Date | null; nationName: string | null;
  }>({
    name: 'intake-context',
    text: `SELECT g.name, g.ruleset, g.status::text AS status, g."timeZone", g."currentTurn",
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
    ruleset: r.ruleset,
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
// (game, turn, openedAt); a turn rolled back and reopened has a new openedAt. The cache is bounded by the
// states' JSON size (a small game's state is a few kilobytes, a 200 x 200 map with 13,000 units some
// megabytes): a server with hundreds of open games keeps them all without re-reading one per submission.
export const STATE_CACHE = { maxJsonBytes: 64 * 1024 * 1024, maxEntries: 4096 } as const;
// States are the ruleset's (opaque here), decoded by it once when read.
const stateCache = new WeakMap<Db, LRUCache<string, NonNullable<unknown>>>();

const stateKey = (gameId: string, turn: number, openedAt: number) => `${gameId}\u0000${turn}\u0000${openedAt}`;

function stateCacheOf(db: Db): LRUCache<string, NonNullable<unknown>> {
  let cache = stateCache.get(db);
  if (cache === undefined) {
    cache = new LRUCache<string, NonNullable<unknown>>({ max: STATE_CACHE.maxEntries, maxSize: STATE_CACHE.maxJsonBytes });
    stateCache.set(db, cache);
  }
  return cache;
}

async function loadState(db: Db, client: pg.PoolClient, ruleset: AnyRuleset, gameId: string, turn: number, openedAt: Date): Promise<NonNullable<unknown>> {
  const cache = stateCacheOf(db);
  const key = stateKey(gameId, turn, openedAt.getTime());
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  // On the transaction's own connection: a second connection per submission could starve the pool.
  // As text, so that its size is known for the cache's budget.
  const row = await client.query<{ state: string }>({
    name: 'intake-state',
    text: 'SELECT state::text AS state FROM "Turn" WHERE "gameId" = $1 AND number = $2',
    values: [gameId, turn],
  });
  const text = row.rows[0]?.state;
  if (text === undefined) throw new IntakeError('turn-not-found', `Game "${gameId}" has no turn ${turn}.`);
  let state: NonNullable<unknown>;
  try {
    state = ruleset.state.decode(JSON.parse(text)) as NonNullable<unknown>;
  } catch (e) {
    throw new Error(`the stored state of turn ${turn} of game "${gameId}" is not usable: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  // A state larger than the whole budget is used, not cached.
  if (text.length <= STATE_CACHE.maxJsonBytes) cache.set(key, state, { size: Math.max(1, text.length) });
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
 * `<unit>, cancel` lines: taken out of the text (blanked, so line numbers stay) before the ruleset's
 * parser sees it. Only a line whose second entry is the word `cancel` is one. The unit's name is read by
 * the ruleset (`readUnit`).
 */
export function extractCancels(text: string, readUnit: AnyRuleset['orders']['readUnit']): { text: string; cancels: CancelLine[]; errors: OrderError[] } {
  const cancels: CancelLine[] = [];
  const errors: OrderError[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    const body = (i === 0 && raw.startsWith('\uFEFF') ? raw.slice(1) : raw).replace(/[#;].*$/, '');
    const parts = body.split(',');
    if (parts.length < 2 || (parts[1] as string).trim().toLowerCase() !== 'cancel') return;
    const column = body.length - body.trimStart().length + 1;
    const extra = parts.slice(2).filter((p) => p.trim() !== '');
    const read = readUnit(parts[0] as string);
    const unit = read.ok ? read.unit : null;
    if (!read.ok || unit === null) {
      errors.push({ line: i + 1, column, message: read.ok ? 'the unit name is missing' : read.message });
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

export function planSubmission(ruleset: AnyRuleset, state: unknown, nationId: string, rawText: string): Plan {
  const ro = ruleset.orders;
  const w = ruleset.words;
  const extracted = extractCancels(rawText, ro.readUnit);
  const parsed = ro.parse(extracted.text);
  const checks = ro.check(state, nationId, parsed.orders);
  const errors = [...extracted.errors, ...parsed.errors].sort((a, b) => a.line - b.line || a.column - b.column);
  const orders: ReceiptOrder[] = [...checks].sort((a, b) => ro.lineOf(a.order) - ro.lineOf(b.order)).map((c) => {
    const o: ReceiptOrder = {
      line: ro.lineOf(c.order),
      unit: ro.unitOf(c.order),
      text: ro.print(c.order),
      words: ro.describe(c.order),
      status: c.status,
      warnings: [...c.warnings],
    };
    if (c.reason !== undefined) o.reason = c.reason;
    if (c.preview !== undefined) o.preview = c.preview;
    if (c.previewPath !== undefined) o.previewPath = c.previewPath;
    return o;
  });
  const accepted = new Map<string, unknown[]>();
  const named = new Set<string>();
  for (const c of checks) {
    const unit = ro.unitOf(c.order);
    named.add(unit);
    if (c.status === 'accepted') {
      const list = accepted.get(unit) ?? [];
      list.push(c.order);
      accepted.set(unit, list);
    }
  }
  const cancels: ReceiptCancel[] = extracted.cancels.map((c) => {
    // As the ruleset does: a foreign unit and a missing one get the same answer (no probing for names).
    if (ruleset.state.ownerOf(state, c.unit) !== nationId) {
      return { line: c.line, unit: c.unit, status: 'rejected', reason: `you have no ${w.unit} "${c.unit}"; a ${w.player} may only order its own ${w.units}` };
    }
    return { line: c.line, unit: c.unit, status: 'accepted' };
  });
  const units = new Map<string, string[] | null>();
  const notes = new Map<string, string>();
  for (const unit of named) {
    const list = accepted.get(unit);
    if (list !== undefined) {
      units.set(unit, [...list].sort((a, b) => ro.lineOf(a) - ro.lineOf(b)).map((o) => ro.print(o)));
      notes.set(unit, `its standing orders are now the ${list.length} accepted order(s) of this submission`);
    } else {
      units.set(unit, null);
      notes.set(unit, 'every order for it was rejected; its earlier standing orders (if any) still stand');
    }
  }
  for (const c of cancels) {
    if (c.status !== 'accepted') continue;
    if (accepted.has(c.unit)) {
      c.reason = `not needed: this submission also gives the ${w.unit} orders, which replace its standing orders`;
      continue;
    }
    units.set(c.unit, []);
    notes.set(c.unit, 'its standing orders are cancelled; it has none now');
  }
  return { orders, cancels, errors, units, notes };
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

/**
 * Store a submission and merge it into the nation's standing orders for the open turn.
 * Throws IntakeError when the game, nation or turn does not take orders (nothing is stored then).
 * Submissions that arrive while the database is busy are committed together (group commit): each gets
 * its own receipt and its own outcome, exactly as if it had been stored alone, in order of arrival.
 */
export async function submitOrders(db: Db, input: SubmitOrdersInput): Promise<Receipt> {
  const receivedAt = input.receivedAt ?? new Date();
  if (typeof input.rawText !== 'string') throw new IntakeError('invalid-input', 'The orders must be text.');
  if (input.rawText.length > MAX_ORDER_TEXT) {
    throw new IntakeError('invalid-input', `The order text is too long (${input.rawText.length} characters; at most ${MAX_ORDER_TEXT}).`);
  }
  if (input.rawText.includes('\u0000')) throw new IntakeError('invalid-input', 'The order text contains a NUL character.');
  if (input.messageId != null && (input.messageId.length > 998 || input.messageId.includes('\u0000'))) {
    throw new IntakeError('invalid-input', 'The Message-ID is not a usable mail header value (longer than 998 characters, or contains NUL).');
  }
  return committerOf(db).submit({ input, receivedAt, early: planEarly(db, input) });
}

/** Group commit limits: a batch holds one pooled connection; two in flight let Node prepare one while PostgreSQL commits the other. */
export const SUBMIT_BATCH = { maxBatch: 64, maxInFlight: 2 } as const;

interface Item {
  input: SubmitOrdersInput;
  receivedAt: Date;
  /** Planned before the batch, against the turn the game had open at its last batch (used if still open). */
  early: EarlyPlan | null;
}

interface EarlyPlan {
  turn: number;
  openedAt: number;
  plan: Plan;
}

// Per game, the turn that was open at its last batch. A submission is planned against that turn's state
// (when it is cached) before it queues, so the plan's CPU time is spent while PostgreSQL works on the
// batch in flight, not inside the next batch's transaction; if the batch finds another turn open, the
// submission is planned again against that one.
interface OpenTurn {
  turn: number;
  openedAt: number;
  ruleset: string;
}
const openTurns = new WeakMap<Db, Map<string, OpenTurn>>();

function openTurnsOf(db: Db): Map<string, OpenTurn> {
  let m = openTurns.get(db);
  if (m === undefined) openTurns.set(db, (m = new Map()));
  return m;
}

function planEarly(db: Db, input: SubmitOrdersInput): EarlyPlan | null {
  const open = openTurnsOf(db).get(input.gameId);
  if (open === undefined) return null;
  const state = stateCacheOf(db).get(stateKey(input.gameId, open.turn, open.openedAt));
  if (state === undefined) return null;
  return { turn: open.turn, openedAt: open.openedAt, plan: planSubmission(rulesetFor(open.ruleset), state, input.nationId, input.rawText) };
}

const committers = new WeakMap<Db, GroupCommit<Item, Receipt>>();
function committerOf(db: Db): GroupCommit<Item, Receipt> {
  let c = committers.get(db);
  if (c === undefined) {
    c = new GroupCommit((items) => commitBatch(db, items), { ...SUBMIT_BATCH, keyOf: (i) => keyOf(i.input.gameId, i.input.nationId) });
    committers.set(db, c);
  }
  return c;
}

/** How the submissions of this process were grouped into transactions so far (for metrics and tests). */
export function submissionBatchStats(db: Db): GroupCommit<Item, Receipt>['stats'] {
  return committerOf(db).stats;
}

function isRetryable(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return code === '40P01' || code === '40001';
}

async function commitBatch(db: Db, items: Item[]): Promise<Outcome<Receipt>[]> {
  // A deadlock or serialization failure aborts the transaction with nothing stored: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await commitOnce(db, items);
    } catch (e) {
      if (attempt < 3 && isRetryable(e)) continue;
      if (items.length === 1) throw e;
      // Any other failure aborted the whole batch with nothing stored. Store each submission on its
      // own, so that whatever broke the batch fails only the submission it belongs to.
      const outcomes: Outcome<Receipt>[] = [];
      for (const item of items) {
        outcomes.push(await commitBatch(db, [item]).then((o) => o[0] as Outcome<Receipt>, (error: unknown) => ({ ok: false as const, error })));
      }
      return outcomes;
    }
  }
}

interface TurnRow {
  gameId: string;
  name: string;
  ruleset: string;
  gameStatus: TurnContext['gameStatus'];
  timeZone: string;
  turn: number;
  turnStatus: TurnContext['turnStatus'];
  deadline: Date;
  openedAt: Date;
}

interface NationRow {
  gameId: string;
  nationId: string;
  nationName: string;
}

type KeyedStandingRow = StandingRow & { gameId: string; nationId: string };

interface StandingWrite {
  gameId: string;
  turn: number;
  unit: string;
  nationId: string;
  orders: string[];
  submissionId: string;
  receivedAt: string;
}

const keyOf = (gameId: string, id: string) => `${gameId}\u0000${id}`;

async function commitOnce(db: Db, items: Item[]): Promise<Outcome<Receipt>[]> {
  const outcomes: Outcome<Receipt>[] = new Array(items.length);
  const missing: number[] = [];
  const client = await db.pool.connect();
  let broken = false;
  try {
    const lit = sqlLiteral;
    const games = [...new Set(items.map((i) => i.input.gameId))].sort();
    const nations = [...new Map(items.map((i) => [keyOf(i.input.gameId, i.input.nationId), i.input])).entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, i]) => `(${lit(i.gameId)}, ${lit(i.nationId)})`)
      .join(', ');
    // Round trip 1: begin, lock, read the standing orders. The turn rows are share-locked, so a claim
    // (UPDATE ... WHERE status = 'open') waits for this transaction and a submission after the claim
    // sees the new status; the nation rows are locked so one nation's submissions merge one at a time.
    // Turns before nations, each in key order, the order the turn pipeline and every other batch take
    // them in, so they cannot deadlock. The standing orders are read by a later statement, i.e. after
    // the locks are held, with a snapshot that includes every earlier submission of these nations.
    // (Simple query protocol, so several statements go in one message; every value is an escaped literal.)
    const results = (await client.query(
      `BEGIN;
       SELECT g.id AS "gameId", g.name, g.ruleset, g.status::text AS "gameStatus", g."timeZone", g."currentTurn" AS turn,
              t.status::text AS "turnStatus", t.deadline, t."openedAt"
         FROM "Game" g
         JOIN "Turn" t ON t."gameId" = g.id AND t.number = g."currentTurn"
        WHERE g.id IN (${games.map(lit).join(', ')})
        ORDER BY g.id
          FOR SHARE OF t;
       SELECT n."gameId", n."nationId", n.name AS "nationName" FROM "Nation" n
        WHERE (n."gameId", n."nationId") IN (${nations})
        ORDER BY n."gameId", n."nationId"
          FOR UPDATE;
       SELECT s."gameId", s."nationId", s."unitId", s.orders, s."submissionId", s."receivedAt"
         FROM "StandingOrder" s JOIN "Game" g ON g.id = s."gameId" AND g."currentTurn" = s."turnNumber"
        WHERE (s."gameId", s."nationId") IN (${nations})`,
    )) as unknown as [pg.QueryResult, pg.QueryResult<TurnRow>, pg.QueryResult<NationRow>, pg.QueryResult<KeyedStandingRow>];
    const turns = new Map(results[1].rows.map((r) => [r.gameId, r]));
    const open = openTurnsOf(db);
    for (const r of results[1].rows) {
      if (r.turnStatus === 'open') open.set(r.gameId, { turn: r.turn, openedAt: r.openedAt.getTime(), ruleset: r.ruleset });
      else open.delete(r.gameId);
    }
    if (open.size > STATE_CACHE.maxEntries * 4) open.clear();
    const nationNames = new Map(results[2].rows.map((r) => [keyOf(r.gameId, r.nationId), r.nationName]));
    const standing = new Map<string, Map<string, StandingRow>>();
    for (const r of results[3].rows) {
      const key = keyOf(r.gameId, r.nationId);
      let units = standing.get(key);
      if (units === undefined) standing.set(key, (units = new Map()));
      units.set(r.unitId, r);
    }

    const submissions: string[] = [];
    const writes = new Map<string, StandingWrite>();
    const finals = new Set<string>();
    for (const [i, item] of items.entries()) {
      const { input, receivedAt } = item;
      const turnRow = turns.get(input.gameId);
      const nationName = nationNames.get(keyOf(input.gameId, input.nationId));
      if (turnRow === undefined || nationName === undefined) {
        missing.push(i);
        continue;
      }
      try {
        const nationKey = keyOf(input.gameId, input.nationId);
        const merged = new Map(standing.get(nationKey));
        const done = await prepare(db, client, item, { ...turnRow, gameName: turnRow.name, nationName }, merged);
        // Only a submission that will be stored changes what the next one of the same nation sees.
        standing.set(nationKey, merged);
        const { receipt, plan, unitWrites } = done;
        const json = (v: unknown) => `${lit(JSON.stringify(v))}::jsonb`;
        submissions.push(
          `(${lit(receipt.submissionId)}::uuid, ${lit(input.gameId)}, ${receipt.turn}, ${lit(input.nationId)}, ${lit(input.source)}::"SubmissionSource", ` +
            `${lit(input.rawText)}, ${lit(receivedAt.toISOString())}::timestamptz, ${input.messageId == null ? 'NULL' : lit(input.messageId)}, ` +
            `${json({ orders: plan.orders, cancels: plan.cancels, errors: plan.errors })}, ${lit(receiptJson(receipt))}::jsonb)`,
        );
        for (const w of unitWrites) {
          writes.set(keyOf(input.gameId, w.unitId), {
            gameId: input.gameId,
            turn: receipt.turn,
            unit: w.unitId,
            nationId: input.nationId,
            orders: w.orders as string[],
            submissionId: receipt.submissionId,
            receivedAt: receivedAt.toISOString(),
          });
        }
        if (input.final === true) finals.add(`(${lit(input.gameId)}, ${lit(input.nationId)})`);
        outcomes[i] = { ok: true, value: receipt };
      } catch (error) {
        outcomes[i] = { ok: false, error };
      }
    }

    // Round trip 2: the raw submissions (in order of arrival, so their sequence numbers follow it), the
    // standing orders they win (a later receive time wins; an earlier submission that arrives late never
    // overwrites), the "final" flags, commit.
    const statements: string[] = [];
    if (submissions.length > 0) {
      statements.push(
        `INSERT INTO "Submission" (id, "gameId", "turnNumber", "nationId", source, "rawText", "receivedAt", "messageId", parsed, receipt)
         VALUES ${submissions.join(',\n')}`,
      );
    }
    if (writes.size > 0) {
      statements.push(
        `INSERT INTO "StandingOrder" ("gameId", "turnNumber", "unitId", "nationId", orders, "submissionId", "receivedAt")
         SELECT w."gameId", w.turn, w.unit, w."nationId", w.orders, w."submissionId"::uuid, w."receivedAt"::timestamptz
           FROM jsonb_to_recordset(${lit(JSON.stringify([...writes.values()]))}::jsonb)
                AS w("gameId" text, turn int, unit text, "nationId" text, orders jsonb, "submissionId" text, "receivedAt" text)
         ON CONFLICT ("gameId", "turnNumber", "unitId") DO UPDATE
            SET orders = EXCLUDED.orders, "nationId" = EXCLUDED."nationId",
                "submissionId" = EXCLUDED."submissionId", "receivedAt" = EXCLUDED."receivedAt"
          WHERE "StandingOrder"."receivedAt" <= EXCLUDED."receivedAt"`,
      );
    }
    if (finals.size > 0) {
      statements.push(`UPDATE "Nation" SET "ordersFinal" = true, "updatedAt" = now() WHERE ("gameId", "nationId") IN (${[...finals].join(', ')})`);
    }
    statements.push('COMMIT');
    await client.query(statements.join(';\n'));
  } catch (e) {
    // A connection that cannot even roll back is dropped from the pool rather than reused.
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw e;
  } finally {
    client.release(broken);
  }
  // Game, nation or turn missing: which one, precisely (or, if all exist now, a race with a turn change).
  for (const i of missing) {
    const { input } = items[i] as Item;
    try {
      await loadContext(db, input.gameId, input.nationId);
      outcomes[i] = { ok: false, error: new IntakeError('turn-closed', 'The turn changed while your orders were being stored. Nothing was stored; send them again.') };
    } catch (error) {
      outcomes[i] = { ok: false, error };
    }
  }
  return outcomes;
}

/**
 * One submission against the locked turn: refuse a closed turn, plan, merge into `merged` (the nation's
 * standing orders so far, changed in place) and build the receipt.
 */
async function prepare(
  db: Db,
  client: pg.PoolClient,
  { input, receivedAt, early }: Item,
  ctx: TurnContext,
  merged: Map<string, StandingRow>,
): Promise<{ receipt: Receipt; plan: Plan; unitWrites: StandingRow[] }> {
  refuseClosed(ctx, receivedAt);
  const ruleset = rulesetFor(ctx.ruleset);
  const plan =
    early !== null && early.turn === ctx.turn && early.openedAt === ctx.openedAt.getTime()
      ? early.plan
      : planSubmission(ruleset, await loadState(db, client, ruleset, input.gameId, ctx.turn, ctx.openedAt), input.nationId, input.rawText);
  if (input.refuseIfNothingAccepted === true && !plan.orders.some((o) => o.status === 'accepted') && !plan.cancels.some((c) => c.status === 'accepted')) {
    throw nothingAccepted(plan);
  }
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

  const accepted = plan.orders.filter((o) => o.status === 'accepted').length;
  const receipt: Receipt = {
    gameId: input.gameId,
    gameName: ctx.gameName,
    ruleset: ctx.ruleset,
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
    standingOrders: describeStanding(ruleset, [...merged.values()]),
    final: input.final === true,
    summary: {
      accepted: accepted + plan.cancels.filter((c) => c.status === 'accepted').length,
      rejected: plan.orders.length - accepted + plan.cancels.filter((c) => c.status === 'rejected').length,
      unreadable: plan.errors.length,
    },
  };
  return { receipt, plan, unitWrites };
}
