// Storing a batch of submissions in one transaction (group commit, docs/api.md "How a submission is
// stored"): lock the turns and nations, read the standing orders, merge each submission, write the raw
// submissions, the standing orders they win and the final flags, commit (the statements, every value a
// parameter: batch-statements.ts). Each submission
// gets its own outcome, exactly as if it had been stored alone.
import type pg from 'pg';
import { retryTransient, supportsLz4, type Db } from '@arbiter/db';
import { beginAndRead, writeAndCommit, type StandingWrite, type SubmissionWrite } from './batch-statements.ts';
import type { NationKey } from './nation-usage.ts';
import type { Outcome } from './group-commit.ts';
import { mergeSubmission, type StandingRow, type TurnStatus } from './merge.ts';
import { refusal, type SubmissionOutcome } from './outcome.ts';
import { receiptJson } from './receipt.ts';
import { turnsDueEarly } from './run-early.ts';
import type { SubmitOrdersInput } from './submission-input.ts';
import { DEFAULT_SUBMISSION_QUOTA, quotaRefusal, type TurnUsage } from './submission-quota.ts';
import { noteTurn, type EarlyPlan } from './turn-state.ts';

/** One submission in a batch. */
export interface Item {
  input: SubmitOrdersInput;
  receivedAt: Date;
  /** Planned before the batch, against the turn the game had open at its last batch (used if still open). */
  early: EarlyPlan | null;
}

export async function commitBatch(db: Db, items: Item[]): Promise<Outcome<SubmissionOutcome>[]> {
  // A deadlock or serialization failure aborts the transaction with nothing stored: try again (twice).
  try {
    return await retryTransient(() => commitOnce(db, items), 2);
  } catch (e) {
    if (items.length === 1) throw e;
    // Any other failure aborted the whole batch with nothing stored. Store each submission on its
    // own, so that whatever broke the batch fails only the submission it belongs to.
    const outcomes: Outcome<SubmissionOutcome>[] = [];
    for (const item of items) {
      outcomes.push(await commitBatch(db, [item]).then((o) => o[0] as Outcome<SubmissionOutcome>, (error: unknown) => ({ ok: false as const, error })));
    }
    return outcomes;
  }
}

const keyOf = (gameId: string, id: string) => `${gameId}\u0000${id}`;

/** What the batch read under its locks: each game's turn, each nation's name, usage and standing orders. */
interface BatchRead {
  turns: Map<string, Awaited<ReturnType<typeof beginAndRead>>['turns'][number]>;
  nationNames: Map<string, string>;
  usage: Map<string, TurnUsage>;
  standing: Map<string, Map<string, StandingRow>>;
}

/** What the batch will write in its one statement, filled submission by submission. */
interface BatchWrites {
  submissions: SubmissionWrite[];
  /** The standing orders each stored submission wins, by game and unit (a later one replaces an earlier). */
  writes: Map<string, StandingWrite>;
  finals: Map<string, NationKey>;
  finalGames: Set<string>;
}

/** Round trip 1: begin, lock the turns and nations, read the standing orders (batch-statements.ts). */
async function readBatch(db: Db, client: pg.PoolClient, items: Item[]): Promise<BatchRead> {
  const games = [...new Set(items.map((i) => i.input.gameId))].sort();
  const nations: NationKey[] = [...new Map(items.map((i) => [keyOf(i.input.gameId, i.input.nationId), i.input])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, i]) => ({ gameId: i.gameId, nationId: i.nationId }));
  const read = await beginAndRead(client, games, nations, await supportsLz4(db.pool));
  for (const r of read.turns) noteTurn(db, r.gameId, { turn: r.turn, openedAt: r.openedAt, ruleset: r.ruleset, open: r.turnStatus === 'open' });
  const standing = new Map<string, Map<string, StandingRow>>();
  for (const r of read.standing) {
    const key = keyOf(r.gameId, r.nationId);
    let units = standing.get(key);
    if (units === undefined) standing.set(key, (units = new Map()));
    units.set(r.unitId, r);
  }
  return {
    turns: new Map(read.turns.map((r) => [r.gameId, r])),
    nationNames: new Map(read.nations.map((r) => [keyOf(r.gameId, r.nationId), r.nationName])),
    usage: new Map<string, TurnUsage>(read.nations.map((r) => [keyOf(r.gameId, r.nationId), { submissions: r.turnSubmissions, bytes: r.turnBytes }])),
    standing,
  };
}

/**
 * One submission of the batch: merged against what the submissions before it left, refused past the quota,
 * else staged for the batch's write (and what the next submission of the same nation sees). `missing`
 * when its game, nation or turn was not found under the locks.
 */
async function stageSubmission(db: Db, client: pg.PoolClient, item: Item, read: BatchRead, out: BatchWrites): Promise<SubmissionOutcome | 'missing'> {
  const { input, receivedAt } = item;
  const turnRow = read.turns.get(input.gameId);
  const nationName = read.nationNames.get(keyOf(input.gameId, input.nationId));
  if (turnRow === undefined || nationName === undefined) return 'missing';
  const nationKey = keyOf(input.gameId, input.nationId);
  const merged = new Map(read.standing.get(nationKey));
  const done = await mergeSubmission(db, client, item, { ...turnRow, gameName: turnRow.name, nationName }, merged);
  if (done.kind !== 'merged') return done;
  const { receipt, unitWrites } = done;
  const receiptText = receiptJson(receipt);
  const used = read.usage.get(nationKey) ?? { submissions: 0, bytes: 0 };
  const stored = Buffer.byteLength(input.rawText) + Buffer.byteLength(receiptText);
  const overQuota = quotaRefusal(used, stored, input.quota ?? DEFAULT_SUBMISSION_QUOTA, receipt.turn);
  if (overQuota !== null) return overQuota;
  read.usage.set(nationKey, { submissions: used.submissions + 1, bytes: used.bytes + stored });
  // Only a submission that will be stored changes what the next one of the same nation sees.
  read.standing.set(nationKey, merged);
  out.submissions.push({
    id: receipt.submissionId,
    gameId: input.gameId,
    turn: receipt.turn,
    nationId: input.nationId,
    source: input.source,
    rawText: input.rawText,
    receivedAt: receivedAt.toISOString(),
    messageId: input.messageId ?? null,
    receipt: receiptText,
  });
  for (const w of unitWrites) {
    out.writes.set(keyOf(input.gameId, w.unitId), {
      gameId: input.gameId,
      turn: receipt.turn,
      unit: w.unitId,
      nationId: input.nationId,
      orders: w.orders as string[],
      submissionId: receipt.submissionId,
      receivedAt: receivedAt.toISOString(),
    });
  }
  if (input.final === true) {
    out.finals.set(nationKey, { gameId: input.gameId, nationId: input.nationId });
    out.finalGames.add(input.gameId);
  }
  return { kind: 'accepted', receipt };
}

/** After the commit, on the same connection: the final submissions that made their game's turn due early. */
async function markTurnsDue(client: pg.PoolClient, items: Item[], outcomes: Outcome<SubmissionOutcome>[], finalGames: Set<string>): Promise<void> {
  if (finalGames.size === 0) return;
  const due = await turnsDueEarly(client, [...finalGames]);
  for (const [i, o] of outcomes.entries()) {
    const turn = o?.ok === true && o.value.kind === 'accepted' && (items[i] as Item).input.final === true ? due.get(o.value.receipt.gameId) : undefined;
    if (turn !== undefined && o?.ok === true && o.value.kind === 'accepted') outcomes[i] = { ok: true, value: { kind: 'accepted-turn-due', receipt: o.value.receipt, turn } };
  }
}

async function commitOnce(db: Db, items: Item[]): Promise<Outcome<SubmissionOutcome>[]> {
  const outcomes: Outcome<SubmissionOutcome>[] = new Array(items.length);
  const missing: number[] = [];
  const client = await db.pool.connect();
  let broken = false;
  try {
    const read = await readBatch(db, client, items);
    const out: BatchWrites = { submissions: [], writes: new Map(), finals: new Map(), finalGames: new Set() };
    for (const [i, item] of items.entries()) {
      try {
        const outcome = await stageSubmission(db, client, item, read, out);
        if (outcome === 'missing') missing.push(i);
        else outcomes[i] = { ok: true, value: outcome };
      } catch (error) {
        outcomes[i] = { ok: false, error };
      }
    }
    // Round trip 2: the raw submissions (in order of arrival), the standing orders they win and the
    // "final" flags in one statement, and the commit.
    await writeAndCommit(client, out.submissions, [...out.writes.values()], [...out.finals.values()]);
    await markTurnsDue(client, items, outcomes, out.finalGames);
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
      outcomes[i] = { ok: true, value: await whyMissing(db, input.gameId, input.nationId) };
    } catch (error) {
      outcomes[i] = { ok: false, error };
    }
  }
  return outcomes;
}

/** Why a submission found no game, nation or turn to store into (or, when all exist now, that the turn changed meanwhile). */
export async function whyMissing(db: Db, gameId: string, nationId: string): Promise<SubmissionOutcome> {
  // The hot path uses the pg pool directly with named (prepared) statements: a submission is a handful of
  // short queries, and the ORM layer would cost more than the database work (docs/benchmarks.md, API).
  const rows = await db.pool.query<{
    name: string; ruleset: string; status: 'active' | 'paused' | 'finished'; timeZone: string; currentTurn: number;
    turnStatus: TurnStatus | null; deadline: Date | null; openedAt: Date | null; nationName: string | null;
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
  if (r === undefined) return refusal('game-not-found', `There is no game "${gameId}".`);
  if (r.nationName === null) return refusal('nation-not-found', `Game "${gameId}" has no nation "${nationId}".`);
  if (r.turnStatus === null || r.deadline === null || r.openedAt === null) {
    return refusal('turn-not-found', `Game "${gameId}" has no turn ${r.currentTurn}.`);
  }
  return refusal('turn-closed', 'The turn changed while your orders were being stored. Nothing was stored; send them again.');
}
