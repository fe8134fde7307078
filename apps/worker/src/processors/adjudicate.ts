// The turn processor: validates the job's ids and runs the turn through @arbiter/turns.
import { assertNever } from '@arbiter/engine';
import { DelayedError, UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import type { Db } from '@arbiter/db';
import { adjudicateJobData, runTurn } from '@arbiter/turns';
import type { AdjudicateJobData, RunTurnOutcome, TurnServiceConfig } from '@arbiter/turns';
import type { Logger } from 'pino';

export interface AdjudicateDeps {
  db: Db;
  workerId: string;
  turnConfig: TurnServiceConfig;
  log: Logger;
  /** Called after a turn was adjudicated, to send its mail at once. */
  afterTurn: (gameId: string, turn: number) => Promise<void>;
}

/** What the job returns (kept in Redis only while the job is). */
export type AdjudicateJobResult = { outcome: RunTurnOutcome['kind']; hash?: string; reason?: string };

export function adjudicateProcessor(deps: AdjudicateDeps) {
  return async (job: Job<AdjudicateJobData>, token?: string): Promise<AdjudicateJobResult> => {
    const data = adjudicateJobData.safeParse(job.data);
    if (!data.success) {
      throw new UnrecoverableError(`job ${job.id}: data is not { gameId, turn }: ${data.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
    }
    const { gameId, turn } = data.data;
    const outcome = await runTurn(deps.db, { gameId, turn, workerId: deps.workerId }, deps.turnConfig);
    const log = deps.log.child({ gameId, turn, jobId: job.id });
    switch (outcome.kind) {
      case 'done':
        if (!outcome.alreadyDone) {
          log.info({ hash: outcome.hash, mails: outcome.mails, recovered: outcome.recovered, timings: outcome.timings, nextDeadline: outcome.nextDeadline }, 'turn adjudicated');
          await deps.afterTurn(gameId, turn).catch((err: unknown) => log.warn({ err }, 'could not wake the mail sender; the outbox poll will send the mail'));
        }
        return { outcome: 'done', hash: outcome.hash };
      case 'held':
        if (!outcome.alreadyHeld) log.warn({ reason: outcome.reason }, 'turn held for the GM');
        return { outcome: 'held', reason: outcome.reason };
      case 'not-due':
        // The deadline moved (extended) after this job was scheduled: wait for the new one.
        log.info({ deadline: outcome.deadline }, 'turn not due yet; job delayed to the deadline');
        await job.moveToDelayed(outcome.deadline.getTime(), token);
        throw new DelayedError();
      case 'paused':
        log.info('game paused; the turn is dispatched again when the GM resumes it');
        return { outcome: 'paused' };
      case 'busy':
        // A live run holds the turn; retry later (with backoff) to confirm it finished.
        throw new Error(`turn ${turn} of game ${gameId} is being adjudicated by ${outcome.claimedBy ?? 'another run'}`);
      case 'claim-lost':
        log.warn('another run took the turn over while this one worked; nothing was written by this run');
        return { outcome: 'claim-lost' };
      case 'not-found':
        throw new UnrecoverableError(outcome.message);
      default:
        return assertNever(outcome);
    }
  };
}
