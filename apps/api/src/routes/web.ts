// The web client (apps/web, docs/web.md) served by the API: its built files from apps/web/dist, with
// the routes only it needs (the dry-run order check, a scenario's opening maps). Hashed asset names are
// cached for a year (immutable); index.html is revalidated on every load (no-cache), so a new build is
// seen at once. A strict Content-Security-Policy: the page runs only its own script, and a map SVG
// inserted into the page can run none.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps.ts';
import { checkRoutes } from './check.ts';
import { gmMapRoutes } from './gm-maps.ts';
import { mapOrderRoutes } from './map-orders.ts';
import { openingMapRoutes } from './opening-map.ts';
import { ordersGuideRoutes } from './orders-guide.ts';
import { scenarioMapRoutes } from './scenario-map.ts';
import { problem, sendProblem } from '../problem.ts';

/** Where `npm install` (the root postinstall) builds the web client. */
export const WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
  "font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const webRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(checkRoutes, deps);
  await app.register(scenarioMapRoutes, deps);
  await app.register(openingMapRoutes, deps);
  await app.register(mapOrderRoutes, deps);
  await app.register(ordersGuideRoutes, deps);
  await app.register(gmMapRoutes, deps);

  if (!existsSync(`${WEB_DIST}index.html`)) {
    app.log.warn({ dist: WEB_DIST }, 'the web client is not built (npm run build -w @arbiter/web); / answers 503');
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      sendProblem(reply, problem(503, 'web-client-not-built', `The web client is not built on this server: run "npm run build -w @arbiter/web" (npm install does it).`, request.url)),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: WEB_DIST,
    prefix: '/',
    // One route per built file (read at start), so unknown paths still get the API's problem+json 404.
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    etag: true,
    lastModified: false,
    setHeaders(res, path) {
      const hashed = path.includes('/assets/');
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('x-content-type-options', 'nosniff');
      if (path.endsWith('.html')) {
        res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
        res.setHeader('referrer-policy', 'no-referrer');
      }
    },
  });
};
