// @arbiter/embedded: what `arbiter start` needs to run the whole system with nothing installed:
// a real PostgreSQL server from npm-shipped binaries on a folder of the Arbiter home, BullMQ on PostgreSQL
// instead of Redis, and an outbox folder of .eml files instead of an SMTP relay. See docs/embedded.md.
export {
  startEmbeddedPostgres,
  runningEmbeddedPostgres,
  embeddedDatabaseUrl,
  DataDirInUseError,
  EMBEDDED_DB_PORT,
  EMBEDDED_DB_NAME,
  EMBEDDED_DB_USER,
} from './postgres.ts';
export type { EmbeddedPostgres, EmbeddedPostgresOptions, RunningPostgres } from './postgres.ts';
export { freePort } from './free-port.ts';
export { createOutboxTransport, listOutbox, emlFileName, writeEml } from './outbox.ts';
export type { OutboxTransport, OutboxTransportOptions, OutboxSendResult } from './outbox.ts';
export { postgresQueueHome, chooseQueueHome, POSTGRES_QUEUE_DRAIN_DELAY_SECONDS, QUEUE_SCHEMA } from './queue.ts';
export type { QueueHome, PostgresQueueHome, RedisQueueHome } from './queue.ts';
export type { EmbeddedLogger } from './logger.ts';
export { silentLogger } from './logger.ts';
export {
  arbiterHome,
  loadOrCreateGmToken,
  readDemoState,
  writeDemoState,
  readRunInfo,
  writeRunInfo,
  removeRunInfo,
  writeFileAtomic,
  demoStateSchema,
  runInfoSchema,
} from './home.ts';
export type { ArbiterHome, DemoState, RunInfo } from './home.ts';
export { startOutboxSmtpServer, messageIdOf } from './smtp-outbox.ts';
export type { OutboxSmtpServer, OutboxSmtpServerOptions } from './smtp-outbox.ts';
