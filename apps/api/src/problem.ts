// Errors as RFC 9457 problem details (application/problem+json), with a message a user understands.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { IntakeError } from '@arbiter/intake';
import { GmActionError, QueueUnavailableError } from '@arbiter/turns';
import { HttpProblem } from './http-problem.ts';
import { httpStatusOf } from './intake-status.ts';

export { HttpProblem } from './http-problem.ts';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  /** Stable machine code, e.g. "turn-closed". */
  code: string;
  /** Field-level problems: JSON path and message. */
  issues?: { path: string; message: string }[];
}

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  409: 'Conflict',
  413: 'Request body too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

export function problem(status: number, code: string, detail: string, instance?: string, issues?: { path: string; message: string }[]): Problem {
  const p: Problem = { type: `urn:arbiter:problem:${code}`, title: TITLES[status] ?? 'Error', status, detail, code };
  if (instance !== undefined) p.instance = instance;
  if (issues !== undefined && issues.length > 0) p.issues = issues;
  return p;
}

export function sendProblem(reply: FastifyReply, p: Problem, headers: Record<string, string> = {}): FastifyReply {
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.code(p.status).type('application/problem+json; charset=utf-8').send(JSON.stringify(p));
}

function pathOf(segments: readonly PropertyKey[], prefix: string): string {
  let out = prefix;
  for (const s of segments) out += typeof s === 'number' ? `[${s}]` : `${out === '' ? '' : '.'}${String(s)}`;
  return out === '' ? '(root)' : out;
}

const FASTIFY_CODES: Record<string, { code: string; detail?: (e: FastifyError) => string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'malformed-json', detail: (e) => `The request body is not valid JSON: ${e.message.replace(/^Body is not valid JSON but content-type is set to 'application\/json'\s*/, '').trim() || 'it could not be parsed'}.` },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'empty-body', detail: () => 'The request body is empty, but Content-Type says JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body-too-large', detail: () => 'The request body is larger than this server accepts.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported-media-type', detail: (e) => `${e.message}. Send orders as text/plain or application/json.` },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad-content-length', detail: () => 'The Content-Length header does not match the body.' },
  FST_ERR_CTP_EMPTY_TYPE: { code: 'missing-content-type', detail: () => 'The request has a body but no Content-Type.' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'bad-content-type', detail: () => 'The Content-Type header is not valid.' },
  FST_RATE_LIMITED: { code: 'too-many-requests' },
};

/** The one error handler: every error becomes a problem; 5xx details are logged, never sent. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const instance = request.url.split('?')[0];
  if (error instanceof HttpProblem) {
    return sendProblem(reply, problem(error.status, error.code, error.message, instance, error.issues), error.headers);
  }
  if (error instanceof IntakeError) {
    return sendProblem(reply, problem(httpStatusOf(error.code), error.code, error.message, instance, error.issues));
  }
  if (error instanceof QueueUnavailableError) {
    request.log.warn({ err: error }, 'turn queue unavailable');
    const detail = `${capitalise(error.message)}. Try again shortly; a turn whose deadline was already moved runs when the queue is back (the worker's deadline sweep).`;
    return sendProblem(reply, problem(503, 'queue-unavailable', detail, instance), { 'retry-after': '10' });
  }
  if (error instanceof GmActionError) {
    const status = error.code.endsWith('-not-found') ? 404 : error.code === 'conflict' ? 409 : 400;
    return sendProblem(reply, problem(status, error.code === 'invalid' ? 'invalid-input' : error.code, capitalise(error.message) + '.', instance));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    const issues = error.validation.map((v) => {
      const segments = v.instancePath.split('/').filter((s) => s !== '').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
      const keys = (v.params as { keys?: unknown }).keys;
      const message = v.keyword === 'unrecognized_keys' && Array.isArray(keys) ? `unknown field(s): ${keys.join(', ')}` : (v.message ?? 'is not valid');
      return { path: pathOf(segments, where === 'body' ? '' : where), message };
    });
    const detail = `The request ${where} is not valid: ` + issues.map((i) => `${i.path}: ${i.message}`).join('; ');
    return sendProblem(reply, problem(400, 'invalid-request', detail, instance, issues));
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return sendProblem(reply, problem(500, 'internal', 'Something went wrong on the server; it has been logged.', instance));
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const detail = known?.detail?.(error) ?? error.message;
    return sendProblem(reply, problem(status, known?.code ?? 'bad-request', detail, instance));
  }
  request.log.error({ err: error }, 'request failed');
  const p = status === 503 ? problem(503, 'unavailable', 'The service is temporarily unavailable; try again shortly.', instance) : problem(500, 'internal', 'Something went wrong on the server; it has been logged.', instance);
  return sendProblem(reply, p);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
