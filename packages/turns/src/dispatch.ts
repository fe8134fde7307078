// Getting a turn adjudicated: through the BullMQ queue (API, scheduler) or in this process (CLI, tests).
import type { DefaultJobOptions, Queue } from 'bullmq';
import { z } from 'zod';
import type { Db } from '@arbiter/db';
import { messageIdDomain } from '@arbiter/mail';
import { runMove } from './moves.ts';
import { runTurn } from './run.ts';
import type { RunTurnOutcome, TurnServiceConfig } from './run.ts';

/** The queue the worker's turn processor consumes. */
export const TURN_QUEUE = 'arbiter-turns';
/**
 * Turn jobs: retried with backoff on infrastructure failures (database down, another worker busy with the
 * turn), kept a week when they fail for good; completed ones are removed so a later dispatch of the same
 * id (after a GM rollback) is not swallowed. The database claim, not the job id, guarantees exactly once.
 */
export const TURN_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** Job name of "adjudicate this turn". */
export const ADJUDICATE_JOB = 'adjudicate';

/** Job data: ids only (the turn itself is read from PostgreSQL). */
export const adjudicateJobData = z.object({
  gameId: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be a game id (letters, digits, _ and -)'),
  turn: z.number().int().min(1),
});
export type AdjudicateJobData = z.infer<typeof adjudicateJobData>;

/** The job id of a turn: deterministic, so a duplicate enqueue is a no-op (BullMQ ids must not contain ':'). */
export function adjudicateJobId(gameId: string, turn: number): string {
  const data = adjudicateJobData.parse({ gameId, turn });
  return `adjudicate-${data.gameId}-${data.turn}`;
}

/** Job name of "adjudicate this move" (a game played as each move arrives), on the same queue. */
export const MOVE_JOB = 'move';

export const moveJobData = adjudicateJobData.extend({ seq: z.number().int().min(1) });
export type MoveJobData = z.infer<typeof moveJobData>;

/** The job id of a move: deterministic, so a duplicate enqueue is a no-op (the Move row's state guard makes it exactly once). */
export function moveJobId(gameId: string, turn: number, seq: number): string {
  const data = moveJobData.parse({ gameId, turn, seq });
  return `move-${data.gameId}-${data.turn}-${data.seq}`;
}

/** What the API and the scheduler call to have a turn run. */
export interface TurnDispatcher {
  /**
   * Have turn `turn` of `gameId` adjudicated at `at` (default: now), normally the turn's stored deadline.
   * Calling it again for the same turn never runs the turn twice: the one job's timer is moved to `at`
   * (the processor also re-reads the deadline when it runs, and waits for it if it was extended).
   */
  dispatch(gameId: string, turn: number, at?: Date): Promise<void>;
  /**
   * Have move `seq` of turn `turn` adjudicated now (a game played as each move arrives). Optional: without
   * it the worker's sweep adjudicates pending moves.
   */
  dispatchMove?(gameId: string, turn: number, seq: number): Promise<void>;
}

/** The shape of a BullMQ queue used here (a `Queue<AdjudicateJobData>` satisfies it). */
export type TurnQueue = Pick<Queue<AdjudicateJobData | MoveJobData>, 'add' | 'getJob'>;

/** Dispatch through the BullMQ queue: one job per turn with a deterministic id. */
export class QueueTurnDispatcher implements TurnDispatcher {
  constructor(
    private readonly queue: TurnQueue,
    private readonly now: () => number = Date.now,
  ) {}

  async dispatch(gameId: string, turn: number, at?: Date): Promise<void> {
    const jobId = adjudicateJobId(gameId, turn);
    const delay = Math.max(0, (at?.getTime() ?? this.now()) - this.now());
    const existing = await this.queue.getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state === 'delayed') {
        // A job waiting out a retry backoff keeps its backoff.
        if (existing.attemptsMade > 0) return;
        // The timer of the deadline: set it to `at` (the database's current deadline). Its old due time
        // is not readable from the job (changeDelay and moveToDelayed do not update its timestamp).
        try {
          if (delay === 0) await existing.promote();
          else await existing.changeDelay(delay);
        } catch (err) {
          // The job left the delayed set meanwhile (it started): that run serves this dispatch.
          if (!(await isGone(existing))) throw err;
        }
        return;
      }
      if (state === 'waiting' || state === 'active' || state === 'prioritized' || state === 'waiting-children') return;
      // A finished job with this id still in Redis (kept for inspection): remove it so a new run can be
      // enqueued. The database claim, not the job id, is what makes the turn run at most once.
      try {
        await existing.remove();
      } catch (err) {
        // It was picked up meanwhile (locked by a worker): that run serves this dispatch.
        if ((await existing.getState()) === 'active') return;
        throw err;
      }
    }
    await this.queue.add(ADJUDICATE_JOB, { gameId, turn }, { jobId, delay });
  }

  dispatchMove(gameId: string, turn: number, seq: number): Promise<void> {
    return addMoveJob(this.queue, gameId, turn, seq);
  }
}

/** Adds the move's job unless one with its id is waiting or running (a finished one is replaced: the Move row decides). */
export async function addMoveJob(queue: TurnQueue, gameId: string, turn: number, seq: number): Promise<void> {
  const jobId = moveJobId(gameId, turn, seq);
  const existing = await queue.getJob(jobId);
  if (existing) {
    const state = await existing.getState();
    if (state !== 'completed' && state !== 'failed') return;
    await existing.remove().catch(() => undefined);
  }
  await queue.add(MOVE_JOB, { gameId, turn, seq }, { jobId });
}

async function isGone(job: { getState(): Promise<string> }): Promise<boolean> {
  return (await job.getState()) !== 'delayed';
}

/**
 * Dispatch in this process: runs the turn at once (a later `at` waits with a timer). For the embedded
 * mode and the CLI, where there is no Redis; the database claim makes it exactly-once all the same.
 */
export class InProcessTurnDispatcher implements TurnDispatcher {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly run: (gameId: string, turn: number) => Promise<unknown>,
    private readonly onError: (err: unknown, gameId: string, turn: number) => void,
    private readonly now: () => number = Date.now,
    private readonly runMoveJob?: (gameId: string, turn: number, seq: number) => Promise<unknown>,
  ) {}

  async dispatchMove(gameId: string, turn: number, seq: number): Promise<void> {
    if (this.runMoveJob === undefined) return;
    const p = this.runMoveJob(gameId, turn, seq).catch((err: unknown) => this.onError(err, gameId, turn));
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  async dispatch(gameId: string, turn: number, at?: Date): Promise<void> {
    const key = adjudicateJobId(gameId, turn);
    const delay = Math.max(0, (at?.getTime() ?? this.now()) - this.now());
    const old = this.timers.get(key);
    if (old !== undefined) clearTimeout(old);
    const start = (): void => {
      this.timers.delete(key);
      const p = this.run(gameId, turn).catch((err: unknown) => this.onError(err, gameId, turn));
      this.running.add(p);
      void p.finally(() => this.running.delete(p));
    };
    if (delay === 0) start();
    else this.timers.set(key, setTimeout(start, delay));
  }

  /** An in-process dispatcher that runs `runTurn` (with its outcome passed to `onOutcome`). */
  static forRunTurn(
    db: Db,
    input: { workerId: string; config: TurnServiceConfig },
    handlers: { onOutcome?: (o: RunTurnOutcome) => void; onError: (err: unknown, gameId: string, turn: number) => void },
  ): InProcessTurnDispatcher {
    const mail = { from: input.config.mailFrom, domain: messageIdDomain(input.config.mailFrom) };
    return new InProcessTurnDispatcher(
      async (gameId, turn) => {
        const outcome = await runTurn(db, { gameId, turn, workerId: input.workerId }, input.config);
        handlers.onOutcome?.(outcome);
        return outcome;
      },
      handlers.onError,
      Date.now,
      (gameId, turn, seq) => runMove(db, { gameId, turn, seq, workerId: input.workerId }, mail),
    );
  }

  /** Cancels timers and waits for runs in progress. */
  async close(): Promise<void> {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.all([...this.running]);
  }
}
