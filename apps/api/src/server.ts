// Builds the fastify instance around the app plugin, and runs it as a process (listen, graceful close).
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '@arbiter/config';
import app, { type AppOptions } from './app.ts';

export interface ServerOptions extends AppOptions {
  bodyLimit: number;
  /** false, or the reverse proxies whose X-Forwarded-For names the client (API_TRUST_PROXY). */
  trustProxy: false | string[];
  logLevel?: Config['logLevel'];
  /** Log with pino-pretty (development). */
  prettyLogs?: boolean;
}

export async function buildServer(opts: ServerOptions): Promise<FastifyInstance> {
  const fastify = Fastify({
    logger:
      opts.logLevel === 'silent' || opts.logLevel === undefined
        ? false
        : { level: opts.logLevel, redact: ['req.headers.authorization'], ...(opts.prettyLogs ? { transport: { target: 'pino-pretty' } } : {}) },
    bodyLimit: opts.bodyLimit,
    trustProxy: opts.trustProxy,
    // Unknown query fields are refused by the schemas; a duplicated slash is not a different route.
    routerOptions: { ignoreDuplicateSlashes: true },
    return503OnClosing: true,
  });
  await fastify.register(app, opts);
  return fastify;
}
