// @arbiter/embedded: what `arbiter start` needs to run the whole system with nothing installed:
// PostgreSQL in this process (PGlite, served on a local port), BullMQ on PostgreSQL instead of Redis,
// and an outbox folder of .eml files instead of an SMTP relay. See docs/embedded.md.
export { startEmbeddedPostgres, DataDirInUseError, EMBEDDED_SEARCH_PATH, QUEUE_SCHEMA } from './postgres.ts';
export type { EmbeddedPostgres, EmbeddedPostgresOptions } from './postgres.ts';
export { createOutboxTransport, listOutbox, emlFileName, writeEml } from './outbox.ts';
export type { OutboxTransport, OutboxTransportOptions, OutboxSendResult } from './outbox.ts';
export { postgresQueueHome, chooseQueueHome, POSTGRES_QUEUE_DRAIN_DELAY_SECONDS } from './queue.ts';
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
export { startStatementProxy, FrontendRewriter, BackendFramer, queryMessage, listenStatements, notificationChannel, sqlOf } from './proxy.ts';
export type { StatementProxy, StatementProxyOptions } from './proxy.ts';
