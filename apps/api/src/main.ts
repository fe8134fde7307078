// `node --import tsx apps/api/src/main.ts` (or `npm start -w apps/api`): the API process.
// Config is parsed once here; turns are handed to the worker through the BullMQ queue.
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ConfigError, loadConfig } from '@arbiter/config';
import { createDb } from '@arbiter/db';
import { QueueTurnDispatcher, TURN_QUEUE, type AdjudicateJobData } from '@arbiter/turns';
import { buildServer } from './server.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { require: ['GM_TOKEN'] });
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const db = createDb(config.database.url, { poolMax: config.database.poolMax, applicationName: 'arbiter-api' });
  const redis = new Redis(config.redis.url, { maxRetriesPerRequest: null });
  const queue = new Queue<AdjudicateJobData>(TURN_QUEUE, { connection: redis });
  const server = await buildServer({
    db,
    gmToken: config.gmToken as string,
    dispatcher: new QueueTurnDispatcher(queue),
    authFailureLimit: config.api.authFailureLimit,
    rateLimit: config.api.rateLimit,
    bodyLimit: config.api.bodyLimit,
    trustProxy: config.api.trustProxy,
    logLevel: config.logLevel,
    prettyLogs: config.nodeEnv === 'development',
  });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'closing');
    const timer = setTimeout(() => {
      server.log.error('close timed out after 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await server.close();
      await queue.close();
      redis.disconnect();
      await db.close();
    } finally {
      clearTimeout(timer);
    }
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));

  await server.listen({ host: config.api.host, port: config.api.port });
}

await main();
