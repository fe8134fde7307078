import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertNever } from '@arbiter/engine';
import { getStandingOrders, receiptJson, receiveOrders, renderReceiptText, type Receipt } from '@arbiter/intake';
import type { RouteDeps } from '../route-deps.ts';
import { principalOf } from '../auth.ts';
import { negotiate } from '../negotiate.ts';
import { refusalProblem } from '../intake-status.ts';
import { HttpProblem } from '../problem.ts';
import { gameParams, ordersBody, problems, receiptSchema, standingOrdersSchema, standingQuery } from '../schemas.ts';

export const orderRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth, dispatcher, orderLimits, submissionQuota }) => {
  app.post('/v1/games/:gameId/orders', {
    schema: {
      tags: ['players'],
      summary: "Submit orders for the nation's units",
      description:
        'Body: the order text as `text/plain` (exactly what you would mail), or JSON `{ "orders": "...", "final": true }`. ' +
        'Every order is checked against the current state at once; the receipt lists each order as accepted or rejected with ' +
        'the reason and warnings, and your whole standing order set after the merge. `Accept: text/plain` gives the receipt as text. ' +
        'A submission of which nothing could be accepted is refused (422, every problem listed) and not stored.',
      security: [{ bearer: [] }],
      consumes: ['text/plain', 'application/json'],
      params: gameParams,
      body: ordersBody,
      response: { 200: receiptSchema, ...problems(400, 401, 403, 404, 409, 413, 415, 422, 429) },
    },
    preParsing: auth.hook('nation'),
    handler: async (request, reply) => {
      const receivedAt = new Date();
      const who = principalOf(request);
      if (who.kind !== 'nation') throw new HttpProblem(403, 'nation-only', 'Orders are given by a nation.');
      const body = request.body;
      const rawText = typeof body === 'string' ? body : Array.isArray(body.orders) ? body.orders.join('\n') : body.orders;
      // Past the order text limits the intake refuses it (413 naming the limit), before anything is read or stored.
      const input = { gameId: request.params.gameId, nationId: who.nation.nationId, source: 'rest' as const, rawText, receivedAt, refuseIfNothingAccepted: true, quota: submissionQuota, limits: orderLimits };
      const outcome = await receiveOrders(db, typeof body !== 'string' && body.final !== undefined ? { ...input, final: body.final } : input);
      let receipt: Receipt;
      switch (outcome.kind) {
        case 'accepted':
          receipt = outcome.receipt;
          break;
        case 'accepted-turn-due':
          // The last nation to mark its orders final in a game that runs early: the turn runs now.
          await dispatcher.dispatch(outcome.receipt.gameId, outcome.turn);
          receipt = outcome.receipt;
          break;
        case 'accepted-move':
          // A game played as each move arrives: the move is adjudicated now. A queue that does not answer
          // loses nothing: the move is stored, and the worker's sweep dispatches it.
          await dispatcher.dispatchMove?.(outcome.receipt.gameId, outcome.turn, outcome.seq).catch((err: unknown) => request.log.warn({ err }, 'could not dispatch the move; the sweep will'));
          receipt = outcome.receipt;
          break;
        case 'out-of-turn': // 409 not-your-move, the message naming whose move it is
        case 'refused':
          throw refusalProblem(outcome.refusal);
        default:
          return assertNever(outcome);
      }
      if (negotiate(request.headers.accept, ['application/json', 'text/plain']) === 'text/plain') {
        return reply.type('text/plain; charset=utf-8').send(renderReceiptText(receipt) as never);
      }
      // The JSON the intake stored, sent as it is (the receipt's type is the schema's; a test checks the
      // answer against the schema, so the hot path skips validating and serialising it a second time).
      return reply.type('application/json; charset=utf-8').send(receiptJson(receipt) as never);
    },
  });

  app.get('/v1/games/:gameId/orders', {
    schema: {
      tags: ['players'],
      summary: "The nation's standing orders and its submission history",
      security: [{ bearer: [] }],
      params: gameParams,
      querystring: standingQuery,
      response: { 200: standingOrdersSchema, ...problems(400, 401, 403, 404, 429) },
    },
    preParsing: auth.hook('nation'),
    handler: async (request) => {
      const who = principalOf(request);
      if (who.kind !== 'nation') throw new HttpProblem(403, 'nation-only', 'Standing orders belong to a nation.');
      return getStandingOrders(db, request.params.gameId, who.nation.nationId, request.query.turn);
    },
  });
};
