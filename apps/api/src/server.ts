// Builds the fastify instance around the app plugin, and runs it as a process (listen, graceful close).
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '@arbiter/config';
import app, { type AppOptions } from './app.ts';
import { requestLogFields } from './log-redact.ts';

export interface ServerOptions extends AppOptions {
  bodyLimit: number;
  /** false, or the reverse proxies whose X-Forwarded-For names the client (API_TRUST_PROXY). */
  trustProxy: false | string[];
  logLevel?: Config['logLevel'];
  /** Log with pino-pretty (development). */
  prettyLogs?: boolean;
  /** Where the log goes (default standard output). */
  logStream?: DestinationStream;
  /**
   * Longest time to receive a whole request, headers and body (API_REQUEST_TIMEOUT_MS, default 30 s): a
   * body that trickles in is cut off with 408 instead of holding its connection for minutes.
   */
  requestTimeoutMs?: number;
}

export async function buildServer(opts: ServerOptions): Promise<FastifyInstance> {
  const requestTimeoutMs = opts.requestTimeoutMs ?? 30_000;
  const fastify = Fastify({
    logger:
      opts.logLevel === 'silent' || opts.logLevel === undefined
        ? false
        : {
            level: opts.logLevel,
            redact: ['req.headers.authorization'],
            // The URL without query values: a secret put in a query string is not logged.
            serializers: { req: requestLogFields },
            ...(opts.logStream !== undefined ? { stream: opts.logStream } : {}),
            ...(opts.prettyLogs ? { transport: { target: 'pino-pretty' } } : {}),
          },
    bodyLimit: opts.bodyLimit,
    // Node checks the request timeout every connectionsCheckingInterval ms: a quarter of it, so a slow
    // request is cut off between 1 and 1.25 times the timeout. Given to http.createServer too: set only
    // afterwards (as fastify's own option does), Node did not cut a trickling body off (checked here).
    requestTimeout: requestTimeoutMs,
    connectionTimeout: 2 * requestTimeoutMs,
    http: { requestTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(requestTimeoutMs / 4))) },
    trustProxy: opts.trustProxy,
    // Unknown query fields are refused by the schemas; a duplicated slash is not a different route.
    routerOptions: { ignoreDuplicateSlashes: true },
    return503OnClosing: true,
  });
  await fastify.register(app, opts);
  return fastify;
}
