// @arbiter/worker: BullMQ processors for turns, outbox mail and the deadline sweep.
export { startWorker } from './worker.ts';
export type { AnyQueues, RunningWorker, WorkerDeps, WorkerSettings } from './worker.ts';
// The job handlers, for a process that wires its own queues.
export { adjudicateProcessor } from './processors/adjudicate.ts';
export type { AdjudicateDeps, AdjudicateJobResult } from './processors/adjudicate.ts';
export { mailProcessor } from './processors/mail.ts';
export type { MailDeps } from './processors/mail.ts';
export { sweep, sweepProcessor } from './processors/sweep.ts';
export type { SweepDeps, SweepResult } from './processors/sweep.ts';
export {
  MAIL_QUEUE,
  SCHEDULE_QUEUE,
  TURN_QUEUE,
  TURN_JOB_OPTIONS,
  HOUSEKEEPING_JOB_OPTIONS,
  SEND_OUTBOX_JOB,
  SWEEP_JOB,
  SWEEP_SCHEDULER_ID,
  OUTBOX_SCHEDULER_ID,
  createQueues,
  createBackendQueues,
} from './queues.ts';
export type { BackendQueue, Queues, WorkerQueueHome, RedisWorkerQueueHome, PostgresWorkerQueueHome } from './queues.ts';
