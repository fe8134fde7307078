// The move processor (a game played as each move arrives): validates the job's ids and adjudicates the
// move through @arbiter/turns, on the turn queue (job name `move`, id `move-<game>-<turn>-<seq>`).
import { assertNever } from '@arbiter/engine';
import { UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import type { Db } from '@arbiter/db';
import { moveJobData, runMove, type MoveJobData, type MoveMailSettings } from '@arbiter/turns';
import type { Logger } from 'pino';

export interface MoveDeps {
  db: Db;
  workerId: string;
  mail: MoveMailSettings;
  log: Logger;
  /** Called after a move was adjudicated, to send its mail at once. */
  afterMove: (gameId: string, turn: number, seq: number) => Promise<void>;
}

export type MoveJobResult = { outcome: 'done' | 'failed'; hash?: string };

export function moveProcessor(deps: MoveDeps) {
  return async (job: Job<MoveJobData>): Promise<MoveJobResult> => {
    const data = moveJobData.safeParse(job.data);
    if (!data.success) {
      throw new UnrecoverableError(`job ${job.id}: data is not { gameId, turn, seq }: ${data.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
    }
    const { gameId, turn, seq } = data.data;
    const outcome = await runMove(deps.db, { gameId, turn, seq, workerId: deps.workerId }, deps.mail);
    const log = deps.log.child({ gameId, turn, seq, jobId: job.id });
    switch (outcome.kind) {
      case 'done':
        if (!outcome.alreadyDone) {
          log.info({ hash: outcome.hash, mails: outcome.mails, roundComplete: outcome.roundComplete }, 'move adjudicated');
          await deps.afterMove(gameId, turn, seq).catch((err: unknown) => log.warn({ err }, 'could not wake the mail sender; the outbox poll will send the mail'));
        }
        return { outcome: 'done', hash: outcome.hash };
      case 'failed':
        // Deterministic: not retried. The move is set aside and the GM told (turns' moves.ts).
        log.error({ reason: outcome.reason }, 'move failed and was set aside');
        return { outcome: 'failed' };
      case 'not-found':
        throw new UnrecoverableError(outcome.message);
      default:
        return assertNever(outcome);
    }
  };
}
