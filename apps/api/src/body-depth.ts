// How deeply a JSON body may nest (issue 27): every reader of a body (the NUL check, zod, the rulesets'
// scenario checks) walks it recursively, and 10,000 nested arrays overflowed the stack (a 500). A body
// nested deeper than MAX_BODY_DEPTH is answered 400 `body-too-deep` before anything reads it; the check
// itself walks with its own stack. No Arbiter document comes near it (a scenario nests about 6 deep).
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problem.ts';

export const MAX_BODY_DEPTH = 64;

/** Whether `value` nests arrays and objects more than `max` deep (without recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop() as { value: unknown; depth: number };
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/** Adds the check to every route of `fastify`, ahead of the hooks registered after it. */
export function refuseDeepBodies(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request) => {
    if (nestsDeeperThan(request.body, MAX_BODY_DEPTH)) {
      throw new HttpProblem(400, 'body-too-deep', `The request body nests arrays or objects more than ${MAX_BODY_DEPTH} deep; no Arbiter request needs that.`);
    }
  });
}
