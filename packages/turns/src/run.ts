// runTurn: claim a turn, adjudicate it, and store everything it produced in one transaction.
import { assertNever, sealTurn, type TurnOutcome } from '@arbiter/engine';
import { performance } from 'node:perf_hooks';
import type { Db } from '@arbiter/db';
import { isConnectionError, supportsLz4, transaction } from '@arbiter/db';
import { uuidv7 } from '@arbiter/intake';
import type pg from 'pg';
import type { TurnResult } from '@arbiter/engine';
import { messageIdDomain, supersedePendingReports } from '@arbiter/mail';
import { claimTurn, lockTurn, type ClaimDecision } from './claim.ts';
import type { NextSlot } from './deadlines.ts';
import { deadlineAfter, scheduleSlots } from './deadlines.ts';
import { loadTurnInputs, TurnInputError, type TurnInputs } from './inputs.ts';
import { holdTurnInTx } from './hold.ts';
import { ReportRenderer } from './render.ts';
import { queueTurnOpening } from './moves.ts';
import { finishRound, playsMoveByMove, type ReplayedMove } from './round.ts';
import type { NationForReport, RenderInput } from './render.ts';
import { storedOf, type StoredTurnResult } from './stored-result.ts';
import type { RenderPool } from './render-pool.ts';
import { chunksOf, RenderAhead, RenderFailure, writeReports, type ReportWrites, type WrittenReports } from './report-writes.ts';

export interface TurnServiceConfig {
  /** From: of every mail (`Arbiter <arbiter@example.org>`); its domain names the Message-IDs. */
  mailFrom: string;
  /** The game's schedule as a function; default `scheduleSlots` (intake's DST-aware `nextDeadline`). */
  nextSlotFor?: (schedule: unknown, timeZone: string) => NextSlot;
  /** A claim older than this is taken over even if its worker's lock is still held (ms). Default 15 min. */
  claimTimeoutMs?: number;
  /**
   * Outage guard: a turn first claimed more than this long after its deadline is held for the GM (ms).
   * Default 2 h (a backlog of due turns on a healthy worker clears much faster).
   */
  outageGraceMs?: number;
  /**
   * Worker threads that render the reports while the main thread writes (a long-lived process creates
   * one and reuses it). Without one, reports are rendered on the main thread, interleaved with the writes.
   */
  renderPool?: RenderPool;
  /** Called inside the write transaction just before it commits (crash tests pause here). */
  beforeCommit?: (info: { gameId: string; turn: number }) => Promise<void>;
}

export interface RunTurnInput {
  gameId: string;
  turn: number;
  /** Who runs it (process name); stored in Turn.claimedBy with a per-run suffix. */
  workerId: string;
}

/** Milliseconds per stage of one run (wall time; rendering overlaps the seal and the write). */
export interface StageTimings {
  claim: number;
  load: number;
  /** The ruleset's turn (a game played move by move: finishing its round, the moves' seals included). */
  adjudicate: number;
  /** The seal: every view built and the SHA-256 of the result (`sealTurn`); 0 for a round of moves. */
  seal: number;
  /** Time the write waited for rendering (all of the rendering when there is no render pool). */
  render: number;
  /** The rest of the write phase: the one transaction. */
  write: number;
  total: number;
  /** Rendering time inside the pool's threads (in parallel with the write), when a pool was used. */
  renderThreads: number | null;
}

export type RunTurnOutcome =
  | {
      kind: 'done';
      gameId: string;
      turn: number;
      hash: string;
      /** True when the turn had already been adjudicated (by this or another run): nothing was written. */
      alreadyDone: boolean;
      /** True when this run took over the claim of a crashed or timed-out run. */
      recovered: boolean;
      nextTurn: number;
      nextDeadline: Date;
      reports: number;
      mails: number;
      timings: StageTimings | null;
    }
  | { kind: 'held'; gameId: string; turn: number; reason: string; alreadyHeld: boolean }
  /** Not due yet (the deadline was extended after the job was scheduled). */
  | { kind: 'not-due'; gameId: string; turn: number; deadline: Date }
  | { kind: 'paused'; gameId: string; turn: number }
  /** Another live run holds the turn; it will finish it. */
  | { kind: 'busy'; gameId: string; turn: number; claimedBy: string | null }
  /** Another run took the claim over while this one worked (this one was presumed dead): nothing written. */
  | { kind: 'claim-lost'; gameId: string; turn: number }
  | { kind: 'not-found'; gameId: string; turn: number; message: string };

class ClaimLost extends Error {}

/**
 * Adjudicates turn `turn` of `gameId` at most once, whatever calls it (duplicate jobs, retries, two
 * workers, a restart after a crash). Returns what happened; throws only on infrastructure failures
 * (the database is down...), which the caller retries.
 */
export async function runTurn(db: Db, input: RunTurnInput, config: TurnServiceConfig): Promise<RunTurnOutcome> {
  const { gameId, turn } = input;
  const t0 = performance.now();
  const mail = { from: config.mailFrom, domain: messageIdDomain(config.mailFrom) };
  const nextSlotFor = config.nextSlotFor ?? scheduleSlots;
  const lock = await lockTurn(db, gameId, turn);
  try {
    const decision = await claimTurn(db, {
      gameId,
      turn,
      workerId: input.workerId,
      locked: lock.locked,
      claimTimeoutMs: config.claimTimeoutMs ?? 15 * 60_000,
      outageGraceMs: config.outageGraceMs ?? 2 * 3_600_000,
      nextSlotFor,
      mail,
    });
    const claim = await outcomeOfClaim(db, gameId, turn, decision);
    if (claim.kind !== 'claimed') return claim;
    return await adjudicateClaimed({ db, input, config, mail, nextSlotFor, claim, t0, tClaim: performance.now() });
  } finally {
    await lock.release();
  }
}

type Claimed = Extract<ClaimDecision, { kind: 'claimed' }>;

/** The claim's decision as the run's outcome, or the claim to go on with. */
async function outcomeOfClaim(db: Db, gameId: string, turn: number, decision: ClaimDecision): Promise<RunTurnOutcome | Claimed> {
  switch (decision.kind) {
    case 'done':
      return storedOutcome(db, gameId, turn);
    case 'held':
      return { kind: 'held', gameId, turn, reason: decision.reason, alreadyHeld: decision.alreadyHeld };
    case 'not-due':
      return { kind: 'not-due', gameId, turn, deadline: decision.deadline };
    case 'paused':
      return { kind: 'paused', gameId, turn };
    case 'busy':
      return { kind: 'busy', gameId, turn, claimedBy: decision.claimedBy };
    case 'not-found':
      return { kind: 'not-found', gameId, turn, message: decision.message };
    case 'claimed':
      return decision;
    default:
      return assertNever(decision);
  }
}

/** A claimed run: what every step after the claim needs. */
interface ClaimedRun {
  db: Db;
  input: RunTurnInput;
  config: TurnServiceConfig;
  mail: { from: string; domain: string };
  nextSlotFor: (schedule: unknown, timeZone: string) => NextSlot;
  claim: Claimed;
  t0: number;
  tClaim: number;
}

/** The game's row as the run needs it. */
interface RunGame {
  name: string;
  schedule: unknown;
  timeZone: string;
  gmEmail: string | null;
  sequentialMode: string;
  moveTimeLimitMinutes: number;
}

/**
 * A failure of the turn itself (unusable stored inputs, an engine or renderer error) would fail the same
 * way on every retry: the turn is held for the GM with the error instead.
 */
async function holdForFailure(run: ClaimedRun, game: RunGame, stage: string, err: unknown): Promise<RunTurnOutcome> {
  const { gameId, turn } = run.input;
  const reason = `${stage} failed: ${err instanceof Error ? err.message : String(err)}. This is a fault of the server, not of the players' orders: report it to the operator; release the turn once it is fixed.`;
  const held = await transaction(run.db, (tx) =>
    holdTurnInTx(tx, { gameId, gameName: game.name, turn, reason, gmEmail: game.gmEmail, actor: run.input.workerId, mail: run.mail, claimToken: run.claim.token }),
  );
  return held ? { kind: 'held', gameId, turn, reason, alreadyHeld: false } : { kind: 'claim-lost', gameId, turn };
}

/** Load (intake is frozen: the turn is `adjudicating`), adjudicate, then store and report the result. */
async function adjudicateClaimed(run: ClaimedRun): Promise<RunTurnOutcome> {
  const { db } = run;
  const { gameId, turn } = run.input;
  const game: RunGame = await db.prisma.game.findUniqueOrThrow({
    where: { id: gameId },
    select: { name: true, schedule: true, timeZone: true, gmEmail: true, sequentialMode: true, moveTimeLimitMinutes: true },
  });
  let inputs: TurnInputs;
  try {
    inputs = await loadTurnInputs(db.prisma, gameId, turn);
  } catch (err) {
    if (err instanceof TurnInputError) return holdForFailure(run, game, "reading the turn's stored inputs", err);
    throw err;
  }
  const nations = (
    await db.prisma.nation.findMany({ where: { gameId }, select: { nationId: true, name: true, email: true, active: true, reportDelivery: true }, orderBy: { nationId: 'asc' } })
  ).map(({ reportDelivery, ...n }) => ({ ...n, delivery: reportDelivery }));
  const tLoad = performance.now();
  // A game played as each move arrives: the turn is its chain of moves, finished at the deadline (round.ts).
  const moveByMove = playsMoveByMove(game, inputs.ruleset);
  let adjudicated: { outcome: TurnOutcome; moves: null } | { result: TurnResult; moves: ReplayedMove[] };
  try {
    adjudicated = moveByMove ? await finishRound(db, gameId, turn, run.claim.token, run.mail) : { outcome: inputs.ruleset.adjudicate(inputs.state, inputs.orders), moves: null };
  } catch (err) {
    return holdForFailure(run, game, 'adjudication', err);
  }
  return finishTurn(run, { game, inputs, nations, moveByMove, adjudicated, tLoad, tAdjudicate: performance.now() });
}

/** What a turn adjudicated comes with, for its sealing and writing. */
interface Adjudicated {
  game: RunGame;
  inputs: TurnInputs;
  nations: NationForReport[];
  moveByMove: boolean;
  /** The turn unsealed, or a round of moves (each sealed as it was played) and its result. */
  adjudicated: { outcome: TurnOutcome; moves: null } | { result: TurnResult; moves: ReplayedMove[] };
  tLoad: number;
  tAdjudicate: number;
}

/** The next deadline, the stored result, the reports and the next turn written in one transaction; the outcome. */
async function finishTurn(run: ClaimedRun, a: Adjudicated): Promise<RunTurnOutcome> {
  const { db, config, claim } = run;
  const { gameId, turn } = run.input;
  const { game } = a;
  const adj = a.adjudicated;
  const moves = adj.moves;
  let nextDeadline: Date;
  try {
    nextDeadline = deadlineAfter(run.nextSlotFor(game.schedule, game.timeZone), claim.deadline, claim.now);
  } catch (err) {
    return holdForFailure(run, game, "computing the next turn's deadline from the game's schedule", err);
  }
  // Filled in as the seal hands each view on (a round of moves comes sealed, its views built).
  const views: Record<string, unknown> = adj.moves === null ? {} : adj.result.views;
  const viewJson: Record<string, string> = {};
  const renderInput: RenderInput = {
    ruleset: a.inputs.ruleset.id,
    gameId,
    gameName: game.name,
    turn,
    nextDeadline,
    timeZone: game.timeZone,
    gmEmail: game.gmEmail,
    nations: a.nations,
    views,
    ...(adj.moves === null ? { players: adj.outcome.players } : {}),
    viewJson,
    mail: run.mail,
  };
  const renderer = new ReportRenderer(renderInput);
  const chunkIds = chunksOf(renderer.ids);
  // With a pool, its threads render the first chunks while the seal builds the later views.
  const ahead = config.renderPool === undefined ? null : new RenderAhead(config.renderPool, renderInput, chunkIds);
  let result: TurnResult;
  if (adj.moves !== null) result = adj.result;
  else {
    try {
      result = sealTurn(adj.outcome, {
        viewJson: true,
        onView: (player, view, json) => {
          views[player] = view;
          if (json !== undefined) viewJson[player] = json;
          ahead?.offer();
        },
      });
    } catch (err) {
      return holdForFailure(run, game, 'adjudication', err);
    }
  }
  const tSeal = performance.now();
  const stored: StoredTurnResult = {
    ...storedOf(a.inputs.ruleset, result, moves === null ? a.inputs.orders.length : moves.length), // played move by move: its moves
    inputErrors: a.inputs.inputErrors,
    ...(moves === null ? {} : { moves: moves.map((m) => ({ seq: m.seq, player: m.player, kind: m.kind, hash: m.result.hash })) }),
  };
  let written: WrittenReports;
  try {
    written = await writeTurn(db, {
      gameId,
      turn,
      token: claim.token,
      stored,
      nextState: result.nextState,
      nextDeadline,
      nextMoveDeadline: a.moveByMove ? new Date(Date.now() + game.moveTimeLimitMinutes * 60_000) : null,
      reports: { gameId, turn, renderer, chunkIds, ahead, viewJson },
      beforeCommit: config.beforeCommit,
    });
  } catch (err) {
    if (err instanceof ClaimLost) return { kind: 'claim-lost', gameId, turn };
    if (err instanceof RenderFailure) return holdForFailure(run, game, 'rendering the reports', err.cause);
    throw err;
  }
  const tWrite = performance.now();
  if (a.moveByMove) await queueTurnOpening(db, gameId, turn + 1, run.mail);
  return {
    kind: 'done',
    gameId,
    turn,
    hash: result.hash,
    alreadyDone: false,
    recovered: claim.recovered,
    nextTurn: turn + 1,
    nextDeadline,
    reports: renderer.ids.length,
    mails: written.mails,
    timings: {
      claim: run.tClaim - run.t0,
      load: a.tLoad - run.tClaim,
      adjudicate: a.tAdjudicate - a.tLoad,
      seal: tSeal - a.tAdjudicate,
      render: written.renderMs,
      write: tWrite - tSeal - written.renderMs,
      total: tWrite - run.t0,
      renderThreads: written.renderThreadsMs,
    },
  };
}

interface WriteInput {
  gameId: string;
  turn: number;
  token: string;
  stored: StoredTurnResult;
  nextState: unknown;
  nextDeadline: Date;
  /** A game played as each move arrives: the next turn's first move's time limit. */
  nextMoveDeadline: Date | null;
  reports: ReportWrites;
  beforeCommit: TurnServiceConfig['beforeCommit'];
}

/**
 * The one transaction: result, reports, outbox, next turn, on a plain pg connection (the rows are
 * megabytes: Prisma's per-value processing of them cost more than PostgreSQL's work). Reports are
 * rendered chunk by chunk inside it and each chunk is sent before the next is rendered, so PostgreSQL
 * stores one chunk while Node renders the next. Returns the report mails queued and the render time.
 */
async function writeTurn(db: Db, w: WriteInput): Promise<WrittenReports> {
  const client = await db.pool.connect();
  let broken = false;
  try {
    const lz4 = await supportsLz4(db.pool);
    await client.query('BEGIN');
    try {
      // Big report texts compress several times faster with lz4 than with the default pglz.
      if (lz4) await client.query(`SET LOCAL default_toast_compression = 'lz4'`);
      await storeResult(client, w);
      // The next turn before the reports: PostgreSQL stores its state while the first reports render.
      await openNextTurn(client, w);
      const written = await writeReports(client, w.reports);
      await auditTurn(client, w, written.mails);
      if (w.beforeCommit) await w.beforeCommit({ gameId: w.gameId, turn: w.turn });
      await client.query('COMMIT');
      return written;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    }
  } catch (err) {
    if (!(err instanceof ClaimLost)) broken = broken || isConnectionError(err);
    throw err;
  } finally {
    client.release(broken ? true : undefined);
  }
}

/** The turn's result, guarded: only the run holding the claim token may finish the turn (else ClaimLost). */
async function storeResult(client: pg.PoolClient, w: WriteInput): Promise<void> {
  const done = await client.query(
    `UPDATE "Turn" SET "status" = 'done', "result" = $1::jsonb, "resultHash" = $2, "adjudicatedAt" = now()
      WHERE "gameId" = $3 AND "number" = $4 AND "status" = 'adjudicating' AND "claimedBy" = $5`,
    [JSON.stringify(w.stored), w.stored.hash, w.gameId, w.turn, w.token],
  );
  if (done.rowCount !== 1) throw new ClaimLost();
  // A report that has not gone out yet is out of date now: drop it, the new one replaces it.
  await supersedePendingReports(client, w.gameId, w.reports.renderer.ids);
}

/** The next turn open, the game moved on to it, the nations' final flags reset. */
async function openNextTurn(client: pg.PoolClient, w: WriteInput): Promise<void> {
  await client.query(`INSERT INTO "Turn" ("gameId", "number", "status", "deadline", "state", "moveDeadline") VALUES ($1, $2, 'open', $3, $4::jsonb, $5)`, [
    w.gameId,
    w.turn + 1,
    w.nextDeadline,
    JSON.stringify(w.nextState),
    w.nextMoveDeadline,
  ]);
  await client.query(`UPDATE "Game" SET "currentTurn" = $2, "updatedAt" = now() WHERE "id" = $1`, [w.gameId, w.turn + 1]);
  await client.query(`UPDATE "Nation" SET "ordersFinal" = false, "updatedAt" = now() WHERE "gameId" = $1 AND "ordersFinal"`, [w.gameId]);
}

/** The audit entry of the turn adjudicated, with the report mails queued. */
async function auditTurn(client: pg.PoolClient, w: WriteInput, mails: number): Promise<void> {
  await client.query(`INSERT INTO "AuditEntry" ("id", "gameId", "actor", "action", "detail") VALUES ($1::uuid, $2, $3, 'turn.adjudicated', $4::jsonb)`, [
    uuidv7(),
    w.gameId,
    w.token,
    JSON.stringify({ turn: w.turn, hash: w.stored.hash, mails, nextDeadline: w.nextDeadline.toISOString() }),
  ]);
}

/** The outcome of a turn adjudicated earlier, from what is stored (nothing is written). */
async function storedOutcome(db: Db, gameId: string, turn: number): Promise<RunTurnOutcome> {
  const [t, next, reports, mails] = await Promise.all([
    db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: turn } }, select: { resultHash: true } }),
    db.prisma.turn.findUnique({ where: { gameId_number: { gameId, number: turn + 1 } }, select: { deadline: true } }),
    db.prisma.nationReport.count({ where: { gameId, turnNumber: turn } }),
    db.prisma.outboxMail.count({ where: { gameId, kind: 'report', messageId: { startsWith: `report.${gameId}.`, contains: `.t${turn}@` } } }),
  ]);
  if (t.resultHash === null || next === null) {
    throw new Error(`turn ${turn} of game ${gameId} is marked done but its result or its next turn is missing`);
  }
  return { kind: 'done', gameId, turn, hash: t.resultHash, alreadyDone: true, recovered: false, nextTurn: turn + 1, nextDeadline: next.deadline, reports, mails, timings: null };
}
