// The real server for the browser tests, as apps/api's tests run it: the API app (with the web client's
// built files) on a fresh test database, the real in-process turn runner, listening on loopback.
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { buildServer } from '@arbiter/api';
import { InProcessTurnDispatcher, runTurn } from '@arbiter/turns';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const GM_TOKEN = 'gm-token-for-web-tests-0123456789abcdef01234';

export interface WebServer {
  url: string;
  app: FastifyInstance;
  t: TestDatabase;
  /** Resolves when every turn run dispatched so far has finished. */
  turnsDone(): Promise<void>;
  errors: unknown[];
  close(): Promise<void>;
}

export async function startServer(): Promise<WebServer> {
  const built = fileURLToPath(new URL('../dist/index.html', import.meta.url));
  if (!existsSync(built)) throw new Error(`the web client is not built (${built} is missing): run "npm run build -w @arbiter/web" (npm install does it)`);
  const t = await createTestDatabase();
  const errors: unknown[] = [];
  const dispatcher = new InProcessTurnDispatcher(
    (gameId, turn) => runTurn(t.db, { gameId, turn, workerId: 'web-test' }, { mailFrom: 'Arbiter <arbiter@example.org>' }),
    (err) => errors.push(err),
  );
  const app = await buildServer({
    db: t.db,
    gmToken: GM_TOKEN,
    dispatcher,
    authFailureLimit: { max: 1000, windowMs: 60_000 },
    rateLimit: { max: 100_000, windowMs: 60_000 },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    logLevel: 'silent',
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    app,
    t,
    errors,
    turnsDone: () => dispatcher.close(),
    async close() {
      await dispatcher.close();
      await app.close();
      await t.drop();
    },
  };
}
