// The dry-run check of an order text (issue #19): parsed and checked against the open turn exactly as a
// submission is (the intake's checkOrders), answered with the receipt's content, and nothing stored.
// The web client's editor calls it as the player types. Where the nation has a report, each move's path
// also comes as points in that report map's coordinates, so the client draws it without knowing the
// ruleset's geometry.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrderTextLimits } from '@arbiter/intake';
import { checkOrdersOnMap } from '@arbiter/turns';
import type { Db } from '@arbiter/db';
import type { RouteDeps } from '../route-deps.ts';
import { principalOf } from '../auth.ts';
import { HttpProblem } from '../problem.ts';
import { refusalProblem } from '../intake-status.ts';
import { gameParams, ordersBody, problems, receiptSchema, rulesetSchema } from '../schemas.ts';

const receiptShape = receiptSchema.shape;

const pointSchema = z.object({ space: z.string(), x: z.number(), y: z.number() });

export const checkSchema = z
  .object({
    gameId: z.string(),
    nationId: z.string(),
    ruleset: rulesetSchema,
    turn: z.number().int(),
    deadline: z.string(),
    stored: z.literal(false).describe('A check never stores anything'),
    orders: receiptShape.orders,
    cancels: receiptShape.cancels,
    errors: receiptShape.errors,
    summary: receiptShape.summary,
    map: z
      .object({
        turn: z.number().int().describe('The report whose map (GET .../turns/:turn/report as image/svg+xml) the points are drawn for, or the open turn for an opening map'),
        opening: z.boolean().describe('True before the first report: the points are on the opening map (GET /v1/games/{gameId}/opening-map)'),
        paths: z.array(
          z.object({
            line: z.number().int(),
            unit: z.string(),
            points: z.array(pointSchema).describe("The path's spaces, start first, as points in that map's coordinates"),
          }),
        ),
      })
      .nullable()
      .describe('Null when no map can be drawn for the nation'),
  })
  .meta({ id: 'OrderCheck' });

/**
 * The dry-run check's answer for a nation's text (the route's, and orders by the map's with the new line):
 * the turn service's check, translated (a refusal as its problem).
 */
export async function checkAnswer(db: Db, gameId: string, nationId: string, text: string, limits: OrderTextLimits): Promise<z.infer<typeof checkSchema>> {
  const checked = await checkOrdersOnMap(db, gameId, nationId, text, limits);
  if (checked.kind === 'refused') throw refusalProblem(checked.refusal);
  const { plan } = checked;
  return {
    gameId,
    nationId,
    ruleset: checked.ruleset,
    turn: checked.turn,
    deadline: checked.deadline.toISOString(),
    stored: false as const,
    orders: plan.orders,
    cancels: plan.cancels,
    errors: plan.errors,
    summary: checked.summary,
    map: checked.map,
  };
}

export const checkRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth, orderLimits }) => {
  app.post('/v1/games/:gameId/orders/check', {
    schema: {
      tags: ['players'],
      summary: 'Check an order text against the open turn without storing it (dry run)',
      description:
        'The same body as POST /v1/games/{gameId}/orders (`text/plain`, or JSON `{ "orders": "..." }`). The text is parsed and ' +
        'checked against the open turn exactly as a submission would be: every unreadable line with line and column, each ' +
        "order accepted or rejected with the reason and warnings, and each move's unopposed path, in words and as space ids. " +
        "`map` gives the paths as points on the nation's latest report map (before its first report, its opening map). Nothing is stored, the standing orders do not change.",
      security: [{ bearer: [] }],
      consumes: ['text/plain', 'application/json'],
      params: gameParams,
      body: ordersBody,
      response: { 200: checkSchema, ...problems(400, 401, 403, 404, 409, 413, 415, 429) },
    },
    preParsing: auth.hook('nation'),
    handler: async (request) => {
      const who = principalOf(request);
      if (who.kind !== 'nation') throw new HttpProblem(403, 'nation-only', 'Orders are checked for a nation.');
      const body = request.body;
      const text = typeof body === 'string' ? body : Array.isArray(body.orders) ? body.orders.join('\n') : body.orders;
      // The same limits as a submission (413 naming the limit), enforced by the intake.
      return checkAnswer(db, request.params.gameId, who.nation.nationId, text, orderLimits);
    },
  });
};
