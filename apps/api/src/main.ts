// `npm start -w apps/api` (tsx src/main.ts): the API process. Config is parsed once here; turns are
// handed to the worker through the BullMQ queue. With API_WORKERS > 1 this process forks that many
// workers sharing the port (node:cluster) and restarts one that dies. Start, stop (requests in flight
// finish, forced exit 1 after 10 s) and configuration errors (exit 78): @arbiter/process.
import cluster from 'node:cluster';
import { pino } from 'pino';
import { loadConfig, type Config } from '@arbiter/config';
import { createDb } from '@arbiter/db';
import { runProcess, superviseWorkers, type StartedProcess } from '@arbiter/process';
import { buildServer } from './server.ts';
import { serverOptionsFor } from './wiring.ts';
import { createTurnQueue } from '@arbiter/turns';

async function serve(config: Config): Promise<StartedProcess> {
  const db = createDb(config.database.url, { poolMax: config.database.poolMax, applicationName: 'arbiter-api' });
  // The worker's queue (its prefix and job options), on a connection that fails fast (@arbiter/turns turn-queue.ts).
  const queue = createTurnQueue({ url: config.redis.url, prefix: config.worker.queuePrefix });
  const pretty = config.nodeEnv === 'development' && config.api.workers === 1;
  const server = await buildServer(serverOptionsFor(config, db, { dispatcher: queue.dispatcher, queueReady: queue.ready }, pretty));
  await server.listen({ host: config.api.host, port: config.api.port });
  return {
    log: server.log,
    async stop() {
      await server.close();
      await queue.close();
      await db.close();
    },
  };
}

runProcess({
  name: 'api',
  config: () => loadConfig(process.env, { components: ['api'] }),
  stopTimeoutMs: 10_000,
  async start(config) {
    if (config.api.workers > 1 && cluster.isPrimary) {
      const log = pino({ level: config.logLevel, base: { service: 'api', role: 'primary' } });
      // The workers get 10 s each to stop; the primary waits a little longer for them.
      return { log, stop: superviseWorkers({ name: 'api', count: config.api.workers, log }).stop, stopTimeoutMs: 15_000 };
    }
    return serve(config);
  },
});
