// The process under test for bench/orders.bench.ts: the real API (mode "api", DATABASE_URL from the
// environment, the GM token from BENCH_GM_TOKEN; BENCH_API_WORKERS > 1 runs that many processes on one port with node:cluster, as
// API_WORKERS does) or a bare fastify route returning a constant (mode "bare").
// Prints {"port": n, "pids": [...]} when ready.
import cluster from 'node:cluster';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { createDb, type Db } from '@arbiter/db';
import { buildServer } from '../src/server.ts';

const mode = process.argv[2];
const workers = mode === 'api' ? Number(process.env.BENCH_API_WORKERS ?? 1) : 1;

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function serve(port: number): Promise<void> {
  let app: FastifyInstance;
  let db: Db | undefined;
  if (mode === 'bare') {
    app = Fastify({ logger: false });
    app.post('/v1/games/:gameId/orders', async () => ({ ok: true }));
  } else {
    db = createDb(process.env.DATABASE_URL as string, { poolMax: Number(process.env.DATABASE_POOL_MAX ?? 20), applicationName: 'arbiter-bench' });
    app = await buildServer({
      db,
      gmToken: process.env.BENCH_GM_TOKEN as string,
      dispatcher: { dispatch: async () => undefined },
      authFailureLimit: { max: 1000, windowMs: 60_000 },
      rateLimit: { max: 10_000_000, windowMs: 60_000 },
      // The benchmark submits for the same turn over and over, far past what a nation may store in play.
      submissionQuota: { submissionsPerTurn: Number.MAX_SAFE_INTEGER, storedBytesPerTurn: Number.MAX_SAFE_INTEGER },
      bodyLimit: 256 * 1024,
      trustProxy: false,
      logLevel: 'silent',
    });
  }
  await app.listen({ host: '127.0.0.1', port });
  process.once('SIGTERM', () => void app.close().then(() => db?.close()).then(() => process.exit(0)));
}

if (workers > 1 && cluster.isPrimary) {
  const port = await freePort();
  const pids: number[] = [];
  for (let i = 0; i < workers; i++) {
    const w = cluster.fork({ BENCH_PORT: String(port) });
    w.on('message', (m: unknown) => {
      if (m === 'listening' && w.process.pid !== undefined) pids.push(w.process.pid);
      if (pids.length === workers) console.log(JSON.stringify({ port, pids }));
    });
  }
  process.once('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  });
} else if (cluster.isWorker) {
  await serve(Number(process.env.BENCH_PORT));
  process.send?.('listening');
} else {
  const port = await freePort();
  await serve(port);
  console.log(JSON.stringify({ port, pids: [process.pid] }));
}
