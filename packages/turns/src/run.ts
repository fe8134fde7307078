// runTurn: claim a turn, adjudicate it, and store everything it produced in one transaction.
import { performance } from 'node:perf_hooks';
import type { Db, Prisma } from '@arbiter/db';
import { transaction } from '@arbiter/db';
import { adjudicate } from '@arbiter/engine';
import type { GameState, TurnResult } from '@arbiter/engine';
import { messageIdDomain } from '@arbiter/mail';
import { claimTurn, lockTurn } from './claim.ts';
import type { NextSlot } from './deadlines.ts';
import { deadlineAfter, scheduleSlots } from './deadlines.ts';
import { loadTurnInputs } from './inputs.ts';
import { renderReports } from './render.ts';
import type { RenderedReport } from './render.ts';

export interface TurnServiceConfig {
  /** From: of every mail (`Arbiter <arbiter@example.org>`); its domain names the Message-IDs. */
  mailFrom: string;
  /** The game's schedule as a function; default `scheduleSlots` (intake's DST-aware `nextDeadline`). */
  nextSlotFor?: (schedule: unknown, timeZone: string) => NextSlot;
  /** A claim older than this is taken over even if its worker's lock is still held (ms). Default 15 min. */
  claimTimeoutMs?: number;
  /** Called inside the write transaction just before it commits (crash tests pause here). */
  beforeCommit?: (info: { gameId: string; turn: number }) => Promise<void>;
}

export interface RunTurnInput {
  gameId: string;
  turn: number;
  /** Who runs it (process name); stored in Turn.claimedBy with a per-run suffix. */
  workerId: string;
}

/** Milliseconds per stage of one run. */
export interface StageTimings {
  claim: number;
  load: number;
  adjudicate: number;
  render: number;
  write: number;
  total: number;
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

/** The stored form of a turn's result (Turn.result): the TurnResult without the views and the next state. */
export interface StoredTurnResult {
  turn: number;
  hash: string;
  units: TurnResult['units'];
  events: TurnResult['events'];
  rolls: TurnResult['rolls'];
  errors: TurnResult['errors'];
  /** Standing orders that could not be used (see loadTurnInputs). */
  inputErrors: { nation: string; unit: string; message: string }[];
  /** How many orders went into the turn. */
  orderCount: number;
}

class ClaimLost extends Error {}

const WRITE_CHUNK = 100;

/**
 * Adjudicates turn `turn` of `gameId` at most once, whatever calls it (duplicate jobs, retries, two
 * workers, a restart after a crash). Returns what happened; throws only on infrastructure failures
 * (the database is down...), which the caller retries.
 */
export async function runTurn(db: Db, input: RunTurnInput, config: TurnServiceConfig): Promise<RunTurnOutcome> {
  const { gameId, turn } = input;
  const t0 = performance.now();
  const domain = messageIdDomain(config.mailFrom);
  const nextSlotFor = config.nextSlotFor ?? scheduleSlots;
  const lock = await lockTurn(db, gameId, turn);
  try {
    const decision = await claimTurn(db, {
      gameId,
      turn,
      workerId: input.workerId,
      locked: lock.locked,
      claimTimeoutMs: config.claimTimeoutMs ?? 15 * 60_000,
      nextSlotFor,
      mail: { from: config.mailFrom, domain },
    });
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
        break;
      default:
        return assertNever(decision);
    }
    const tClaim = performance.now();

    // Load: the stored state and standing orders (intake is frozen: the turn is `adjudicating`).
    const inputs = await loadTurnInputs(db.prisma, gameId, turn);
    const game = await db.prisma.game.findUniqueOrThrow({ where: { id: gameId }, select: { name: true, schedule: true, timeZone: true, gmEmail: true } });
    const nations = await db.prisma.nation.findMany({ where: { gameId }, select: { nationId: true, name: true, email: true, active: true }, orderBy: { nationId: 'asc' } });
    const tLoad = performance.now();

    const result = adjudicate(inputs.state, inputs.orders);
    const tAdjudicate = performance.now();

    const nextDeadline = deadlineAfter(nextSlotFor(game.schedule, game.timeZone), decision.deadline, decision.now);
    const reports = renderReports({
      gameId,
      gameName: game.name,
      turn,
      nextDeadline,
      timeZone: game.timeZone,
      gmEmail: game.gmEmail,
      nations,
      views: result.views,
      mail: { from: config.mailFrom, domain },
    });
    const tRender = performance.now();

    const stored: StoredTurnResult = {
      turn: result.turn,
      hash: result.hash,
      units: result.units,
      events: result.events,
      rolls: result.rolls,
      errors: result.errors,
      inputErrors: inputs.inputErrors,
      orderCount: inputs.orders.length,
    };
    let mails: number;
    try {
      mails = await writeTurn(db, { gameId, turn, token: decision.token, stored, nextState: result.nextState, nextDeadline, reports, beforeCommit: config.beforeCommit });
    } catch (err) {
      if (err instanceof ClaimLost) return { kind: 'claim-lost', gameId, turn };
      throw err;
    }
    const tWrite = performance.now();
    return {
      kind: 'done',
      gameId,
      turn,
      hash: result.hash,
      alreadyDone: false,
      recovered: decision.recovered,
      nextTurn: turn + 1,
      nextDeadline,
      reports: reports.length,
      mails,
      timings: {
        claim: tClaim - t0,
        load: tLoad - tClaim,
        adjudicate: tAdjudicate - tLoad,
        render: tRender - tAdjudicate,
        write: tWrite - tRender,
        total: tWrite - t0,
      },
    };
  } finally {
    await lock.release();
  }
}

interface WriteInput {
  gameId: string;
  turn: number;
  token: string;
  stored: StoredTurnResult;
  nextState: GameState;
  nextDeadline: Date;
  reports: RenderedReport[];
  beforeCommit: TurnServiceConfig['beforeCommit'];
}

/** The one transaction: result, reports, outbox, next turn. Returns the number of report mails queued. */
async function writeTurn(db: Db, w: WriteInput): Promise<number> {
  return transaction(
    db,
    async (tx) => {
      // The guard: only the run holding the claim token may finish the turn.
      const done = await tx.turn.updateMany({
        where: { gameId: w.gameId, number: w.turn, status: 'adjudicating', claimedBy: w.token },
        data: { status: 'done', result: w.stored as unknown as Prisma.InputJsonValue, resultHash: w.stored.hash, adjudicatedAt: new Date() },
      });
      if (done.count !== 1) throw new ClaimLost();

      for (let i = 0; i < w.reports.length; i += WRITE_CHUNK) {
        await tx.nationReport.createMany({
          data: w.reports.slice(i, i + WRITE_CHUNK).map((r) => ({
            gameId: w.gameId,
            turnNumber: w.turn,
            nationId: r.nationId,
            view: r.view as unknown as Prisma.InputJsonValue,
            text: r.text,
            html: r.html,
            svg: r.svg,
          })),
        });
      }

      // A report that has not gone out yet is out of date now: drop it, the new one replaces it.
      const mailed = w.reports.filter((r) => r.mail !== null).map((r) => r.nationId);
      if (mailed.length > 0) {
        await tx.outboxMail.updateMany({
          where: { gameId: w.gameId, kind: 'report', status: 'pending', nationId: { in: mailed } },
          data: { status: 'superseded' },
        });
      }
      let mails = 0;
      for (let i = 0; i < w.reports.length; i += WRITE_CHUNK) {
        const data = w.reports.slice(i, i + WRITE_CHUNK).flatMap((r) =>
          r.mail === null
            ? []
            : [{
                gameId: w.gameId,
                nationId: r.nationId,
                kind: 'report' as const,
                toAddresses: r.mail.toAddresses,
                subject: r.mail.subject,
                text: r.mail.text,
                html: r.mail.html,
                attachments: r.mail.attachments,
                messageId: r.mail.messageId,
                headers: r.mail.headers,
              }],
        );
        if (data.length > 0) mails += (await tx.outboxMail.createMany({ data })).count;
      }

      await tx.turn.create({
        data: { gameId: w.gameId, number: w.turn + 1, status: 'open', deadline: w.nextDeadline, state: w.nextState as unknown as Prisma.InputJsonValue },
      });
      await tx.game.update({ where: { id: w.gameId }, data: { currentTurn: w.turn + 1 } });
      await tx.nation.updateMany({ where: { gameId: w.gameId, ordersFinal: true }, data: { ordersFinal: false } });
      await tx.auditEntry.create({
        data: { gameId: w.gameId, actor: w.token, action: 'turn.adjudicated', detail: { turn: w.turn, hash: w.stored.hash, mails, nextDeadline: w.nextDeadline.toISOString() } },
      });
      if (w.beforeCommit) await w.beforeCommit({ gameId: w.gameId, turn: w.turn });
      return mails;
    },
    // A big game writes tens of megabytes here; the defaults are sized for small API transactions.
    { timeoutMs: 10 * 60_000, maxWaitMs: 60_000, retries: 0 },
  );
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

function assertNever(x: never): never {
  throw new Error(`unexpected claim decision ${JSON.stringify(x)}`);
}
