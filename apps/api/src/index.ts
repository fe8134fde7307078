// @arbiter/api: the REST API as a fastify plugin (app.ts) and the server around it (server.ts).
export { default as app, type AppOptions, type RouteDeps } from './app.ts';
export { buildServer, type ServerOptions } from './server.ts';
export { serverOptionsFor } from './wiring.ts';
export { AuthFailureLimiter } from './auth.ts';
export { negotiate } from './negotiate.ts';
export { createTurnQueue, QueueUnavailableError, type ApiTurnQueue } from '@arbiter/turns';
