// The worker's queues and their job options. Jobs carry ids only; everything else is in PostgreSQL.
import { Queue } from 'bullmq';
import type { ConnectionOptions, DefaultJobOptions } from 'bullmq';
import { TURN_QUEUE } from '@arbiter/turns';
import type { AdjudicateJobData } from '@arbiter/turns';

export { TURN_QUEUE };
/** Outbox sending: a poll job every WORKER_MAIL_INTERVAL_MS, and one right after each turn. */
export const MAIL_QUEUE = 'arbiter-mail';
/** The deadline sweep (a job scheduler). */
export const SCHEDULE_QUEUE = 'arbiter-schedule';

export const SEND_OUTBOX_JOB = 'send-outbox';
export const SWEEP_JOB = 'sweep';
export const SWEEP_SCHEDULER_ID = 'deadline-sweep';
export const OUTBOX_SCHEDULER_ID = 'outbox-poll';

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

/** Mail and sweep jobs: a few retries, a short history. */
export const HOUSEKEEPING_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { count: 100 },
  removeOnFail: { count: 500 },
};

export interface Queues {
  turns: Queue<AdjudicateJobData>;
  mail: Queue<Record<string, never>>;
  schedule: Queue<Record<string, never>>;
  close(): Promise<void>;
}

export function createQueues(connection: ConnectionOptions, prefix: string): Queues {
  const turns = new Queue<AdjudicateJobData>(TURN_QUEUE, { connection, prefix, defaultJobOptions: TURN_JOB_OPTIONS });
  const mail = new Queue<Record<string, never>>(MAIL_QUEUE, { connection, prefix, defaultJobOptions: HOUSEKEEPING_JOB_OPTIONS });
  const schedule = new Queue<Record<string, never>>(SCHEDULE_QUEUE, { connection, prefix, defaultJobOptions: HOUSEKEEPING_JOB_OPTIONS });
  return {
    turns,
    mail,
    schedule,
    async close() {
      await Promise.all([turns.close(), mail.close(), schedule.close()]);
    },
  };
}
