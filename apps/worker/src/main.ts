// The worker process: `npm run start -w @arbiter/worker` (or `tsx apps/worker/src/main.ts`).
import { loadConfig } from '@arbiter/config';
import { createDb } from '@arbiter/db';
import { pino } from 'pino';
import { startWorker } from './worker.ts';

const config = loadConfig(process.env, { components: ['worker'] });
const settings = config.worker;
const log = pino({ level: config.logLevel, base: { service: 'worker', workerId: settings.workerId } });
const db = createDb(config.database.url, { poolMax: config.database.poolMax, applicationName: `arbiter-worker ${settings.workerId}` });

const pauseMs = settings.testPauseBeforeCommitMs;
const running = await startWorker({
  db,
  queue: { kind: 'redis', url: config.redis.url, prefix: settings.queuePrefix },
  smtpUrl: config.smtp.url,
  mailFrom: config.mail.from,
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

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping: finishing jobs in progress');
  const force = setTimeout(() => {
    log.error('jobs did not finish within 60 s; exiting (their turns are recovered by the next worker)');
    process.exit(1);
  }, 60_000);
  force.unref();
  try {
    await running.close();
    await db.close();
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'error while stopping');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
