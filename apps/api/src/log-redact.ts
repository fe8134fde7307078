// What the API's log says of a request (issue 13, finding 9): the URL with every query value replaced,
// since a player who puts a secret in a query string (`?secret=...`, `?token=...`) would otherwise have it
// written to the log with the URL; the Authorization header is redacted by pino's `redact` (server.ts).
import type { FastifyRequest } from 'fastify';

/** `url` with the value of every query parameter replaced by `[redacted]` (linear in its length). */
export function redactQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  return url.slice(0, q + 1) + url.slice(q + 1).replace(/(^|&)([^=&]*)=[^&]*/g, '$1$2=[redacted]');
}

/** pino's `req` serializer: fastify's default fields, the URL with its query values redacted. */
export function requestLogFields(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactQuery(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
