// The process under test for bench/orders.bench.ts: the real API (mode "api", DATABASE_URL from the
// environment) or a bare fastify route returning a constant (mode "bare"). Prints {"port": n} when ready.
import Fastify from 'fastify';
import { createDb } from '@arbiter/db';
import { buildServer } from '../src/server.ts';

const mode = process.argv[2];
if (mode === 'bare') {
  const app = Fastify({ logger: false });
  app.post('/v1/games/:gameId/orders', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
} else {
  const db = createDb(process.env.DATABASE_URL as string, { poolMax: Number(process.env.DATABASE_POOL_MAX ?? 20), applicationName: 'arbiter-bench' });
  const app = await buildServer({
    db,
    gmToken: 'bench-gm-token-0123456789abcdef0123456789',
    dispatcher: { dispatch: async () => undefined },
    authFailureLimit: { max: 1000, windowMs: 60_000 },
    rateLimit: { max: 10_000_000, windowMs: 60_000 },
    bodyLimit: 256 * 1024,
    trustProxy: false,
    logLevel: 'silent',
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  process.once('SIGTERM', () => void app.close().then(() => db.close()).then(() => process.exit(0)));
}
