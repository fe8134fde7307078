// The worker process: `npm run start -w @arbiter/worker` (or `tsx apps/worker/src/main.ts`).
// Start, stop on SIGTERM/SIGINT (jobs in progress finish, forced exit 1 after 60 s) and configuration
// errors (exit 78): @arbiter/process.
import { loadConfig } from '@arbiter/config';
import { createDb } from '@arbiter/db';
import { runProcess } from '@arbiter/process';
import { pino } from 'pino';
import { startWorker } from './worker.ts';

runProcess({
  name: 'worker',
  config: () => loadConfig(process.env, { components: ['worker'] }),
  stopTimeoutMs: 60_000,
  stopTimeoutMessage: 'jobs did not finish within 60 s; exiting (their turns are recovered by the next worker)',
  async start(config) {
    const settings = config.worker;
    const log = pino({ level: config.logLevel, base: { service: 'worker', workerId: settings.workerId } });
    const db = createDb(config.database.url, { poolMax: config.database.poolMax, applicationName: `arbiter-worker ${settings.workerId}` });
    const pauseMs = settings.testPauseBeforeCommitMs;
    const running = await startWorker({
      db,
      queue: { kind: 'redis', url: config.redis.url, prefix: settings.queuePrefix },
      smtpUrl: config.smtp.url,
      mailFrom: config.mail.from,
      playerLinks: { ordersTo: config.mail.ordersTo, apiUrl: config.api.publicUrl },
      settings,
      log,
      ...(pauseMs === undefined
        ? {}
        : {
            // Test hook (NODE_ENV=test only, see @arbiter/config): announce and wait inside the write transaction.
            beforeCommit: async ({ gameId, turn }) => {
              process.stdout.write(`${JSON.stringify({ msg: 'paused-before-commit', gameId, turn })}\n`);
              await new Promise((r) => setTimeout(r, pauseMs));
            },
          }),
    });
    return {
      log,
      async stop() {
        await running.close();
        await db.close();
      },
    };
  },
});
