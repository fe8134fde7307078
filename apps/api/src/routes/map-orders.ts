// Orders by the map (issue #25): the nation's units on the map it plans on, and for a unit and the path
// clicked so far, the order line the ruleset writes and the spaces it can reach next (with the step's
// cost where the ruleset says it). The turn service's mapOrderUnits and mapOrderStep; nothing stored.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mapOrderStep, mapOrderUnits, withMapLine } from '@arbiter/turns';
import { checkAnswer, checkSchema } from './check.ts';
import type { RouteDeps } from '../route-deps.ts';
import { principalOf } from '../auth.ts';
import { HttpProblem } from '../problem.ts';
import { gameParams, problems } from '../schemas.ts';

const point = { space: z.string(), x: z.number().nullable(), y: z.number().nullable() };

export const mapUnitsSchema = z
  .object({
    map: z.object({ turn: z.number().int(), opening: z.boolean() }).nullable().describe('The map the points are on (as in the check)'),
    byMap: z.boolean().describe("False when the game's ruleset writes no orders from the map"),
    units: z.array(z.object({ unit: z.string(), ...point })),
    template: z.array(z.string()).describe("The order template for the nation's units, as its report gives it"),
  })
  .meta({ id: 'MapUnits' });

export const mapStepSchema = z
  .object({
    unit: z.string(),
    line: z.string().nullable().describe('The order line for the path (null: see problem)'),
    problem: z.string().nullable(),
    path: z.array(z.object(point)).describe("The unit's space, then the path's"),
    next: z.array(z.object({ ...point, cost: z.string().nullable() })).describe('The spaces the unit can reach next, by the ruleset\'s own check'),
    text: z.string().optional().describe('With `text` in the request: that text with the line in it (replacing `previous`, or added)'),
    check: checkSchema.optional().describe('With `text`: the dry-run check of the new text, as POST .../orders/check answers'),
  })
  .meta({ id: 'MapStep' });

const stepBody = z.strictObject({
  unit: z.string().min(1).max(200),
  path: z.array(z.string().min(1).max(100)).max(200).describe('The spaces the unit enters, in order (formatted ids)'),
  text: z.string().optional().describe("The editor's order text: the answer then has it with the new line, checked (one request instead of two)"),
  previous: z.string().max(2000).optional().describe('The line the map wrote for this unit before, which the new one replaces'),
});

function nationOf(request: Parameters<typeof principalOf>[0]): string {
  const who = principalOf(request);
  if (who.kind !== 'nation') throw new HttpProblem(403, 'nation-only', 'Orders by the map are a nation\'s; use its secret.');
  return who.nation.nationId;
}

export const mapOrderRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth, orderLimits }) => {
  app.get('/v1/games/:gameId/orders/map', {
    schema: {
      tags: ['players'],
      summary: "The nation's units on the map it plans on, for orders by the map",
      security: [{ bearer: [] }],
      params: gameParams,
      response: { 200: mapUnitsSchema, ...problems(401, 403, 404, 429) },
    },
    preParsing: auth.hook('nation'),
    handler: async (request) => {
      const units = await mapOrderUnits(db, request.params.gameId, nationOf(request));
      if (units === null) throw new HttpProblem(404, 'turn-not-found', 'This game has no open turn.');
      return units;
    },
  });

  app.post('/v1/games/:gameId/orders/map', {
    schema: {
      tags: ['players'],
      summary: 'The order line for a unit along a path on the map, and where it can go next (nothing stored)',
      security: [{ bearer: [] }],
      params: gameParams,
      body: stepBody,
      response: { 200: mapStepSchema, ...problems(400, 401, 403, 404, 429) },
    },
    preParsing: auth.hook('nation'),
    handler: async (request) => {
      const nationId = nationOf(request);
      const { unit, path, text, previous } = request.body;
      const step = await mapOrderStep(db, request.params.gameId, nationId, unit, path);
      if (step === null) throw new HttpProblem(404, 'turn-not-found', 'This game has no open turn, or its ruleset writes no orders from the map.');
      if (text === undefined || step.line === null) return step;
      const next = withMapLine(text, previous, step.line);
      return { ...step, text: next, check: await checkAnswer(db, request.params.gameId, nationId, next, orderLimits) };
    },
  });
};
