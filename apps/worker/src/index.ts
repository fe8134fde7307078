// @arbiter/worker: BullMQ processors for turns, outbox mail and the deadline sweep.
export { startWorker } from './worker.ts';
export type { RunningWorker, WorkerDeps } from './worker.ts';
export { loadWorkerSettings, workerEnvSchema } from './env.ts';
export type { WorkerSettings } from './env.ts';
export { sweep } from './processors/sweep.ts';
export type { SweepResult } from './processors/sweep.ts';
export { MAIL_QUEUE, SCHEDULE_QUEUE, TURN_QUEUE, TURN_JOB_OPTIONS, createQueues } from './queues.ts';
export type { Queues } from './queues.ts';
