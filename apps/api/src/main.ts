// `npm start -w apps/api` (tsx src/main.ts): the API process. Config is parsed once here; turns are
// handed to the worker through the BullMQ queue. With API_WORKERS > 1 this process forks that many
// workers sharing the port (node:cluster) and restarts one that dies.
import cluster from 'node:cluster';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ConfigError, loadConfig, type Config } from '@arbiter/config';
import { createDb } from '@arbiter/db';
import { QueueTurnDispatcher, TURN_QUEUE, type AdjudicateJobData } from '@arbiter/turns';
import { buildServer } from './server.ts';

function readConfig(): Config {
  try {
    return loadConfig(process.env, { require: ['GM_TOKEN'] });
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }
}

async function serve(config: Config): Promise<void> {
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
    prettyLogs: config.nodeEnv === 'development' && config.api.workers === 1,
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
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));

  await server.listen({ host: config.api.host, port: config.api.port });
}

function supervise(config: Config): void {
  let stopping = false;
  for (let i = 0; i < config.api.workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`API worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

const config = readConfig();
if (config.api.workers > 1 && cluster.isPrimary) supervise(config);
else await serve(config);
