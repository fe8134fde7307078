// NUL bytes (U+0000) in a request (issue 13, finding 9): PostgreSQL cannot store or compare them in text
// (error 22021), so a NUL in a path parameter, the query or a body field is answered 400 `nul-byte`,
// naming where it is, before anything reaches the database: the path and query in onRequest (before the
// authentication hook, which queries with the game id), the body in preValidation.
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problem.ts';

/** The path (`nations[0].name`) of the first string holding a NUL in `value`, or null. */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = nulPath(value[i], `${path}[${i}]`);
      if (p !== null) return p;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const keyPath = path === '' ? k : `${path}.${k}`;
      if (k.includes('\u0000')) return keyPath;
      const p = nulPath(v, keyPath);
      if (p !== null) return p;
    }
  }
  return null;
}

function nulProblem(where: string): HttpProblem {
  return new HttpProblem(400, 'nul-byte', `${where} holds a NUL byte (\\u0000), which Arbiter does not accept in any text.`);
}

/** Adds the two hooks to every route of `fastify`. */
export function refuseNulBytes(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request) => {
    // Percent-decoding is what the router does; a malformed escape is the router's own 400 later.
    let url: string;
    try {
      url = decodeURIComponent(request.url);
    } catch {
      return;
    }
    if (url.includes('\u0000')) throw nulProblem(url.split('?')[0]?.includes('\u0000') ? 'The request path' : 'The query string');
  });
  fastify.addHook('preValidation', async (request) => {
    const p = nulPath(request.body);
    if (p !== null) throw nulProblem(p === '' ? 'The request body' : `The request body field ${p}`);
  });
}
