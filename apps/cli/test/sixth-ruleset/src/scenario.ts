// The scenario document: its zod schema, the checks across its parts (squares on the board, walls between
// neighbours, ids used once, the lantern free), and the initial state. Every problem has its JSON path.
import { checkScenarioDocument, formatSquare, MAX_SCENARIO_TURN, parseSquare, rngFromSeed, type ScenarioIssue, type ScenarioParse } from '@arbiter/engine';
import { z } from 'zod';
import { RULESET_ID, type LrState } from './types.ts';

const id = z.string().regex(/^[a-z][a-z0-9-]*$/, 'use lower-case letters, digits and -, starting with a letter');
const square = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => parseSquare(s) !== null, 'a square is its column letter and row number, e.g. "C4"');

const scenarioSchema = z.strictObject({
  ruleset: z.literal(RULESET_ID),
  seed: z.number().int().refine(Number.isSafeInteger, 'the seed must be a safe integer'),
  turn: z.number().int().positive().max(MAX_SCENARIO_TURN).default(1),
  settings: z
    .strictObject({
      speed: z.number().int().min(1).max(4).default(2),
      sight: z.number().int().min(1).max(4).default(2),
      stumbleOn: z.number().int().min(0).max(5).default(1),
    })
    .default({ speed: 2, sight: 2, stumbleOn: 1 }),
  board: z.strictObject({
    columns: z.number().int().min(2).max(12),
    rows: z.number().int().min(2).max(12),
    walls: z.array(z.tuple([square, square])).max(100).default([]),
  }),
  lantern: square,
  crews: z
    .array(z.strictObject({ id, name: z.string().trim().min(1).max(64), runners: z.array(z.strictObject({ id, at: square })).min(1).max(3) }))
    .min(1)
    .max(6),
  orders: z.array(z.string()).default([]), // the first turn's order lines, for `arbiter adjudicate`
});

export type Scenario = z.infer<typeof scenarioSchema>;

function crossCheck(s: Scenario): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const onBoard = (sq: string) => {
    const c = parseSquare(sq)!;
    return c.col <= s.board.columns && c.row <= s.board.rows;
  };
  const offBoard = (sq: string) => `${sq} is not on the board (A1 to ${formatSquare({ col: s.board.columns, row: s.board.rows })})`;
  if (!onBoard(s.lantern)) issues.push({ path: 'lantern', message: offBoard(s.lantern) });
  s.board.walls.forEach(([a, b], i) => {
    for (const [j, sq] of [a, b].entries()) if (!onBoard(sq)) issues.push({ path: `board.walls[${i}][${j}]`, message: offBoard(sq) });
    const ca = parseSquare(a)!;
    const cb = parseSquare(b)!;
    if (Math.abs(ca.col - cb.col) + Math.abs(ca.row - cb.row) !== 1) issues.push({ path: `board.walls[${i}]`, message: `a wall stands between two squares side by side; ${a} and ${b} are not` });
  });
  const crews = new Set<string>();
  const runners = new Set<string>();
  s.crews.forEach((c, i) => {
    if (crews.has(c.id)) issues.push({ path: `crews[${i}].id`, message: `crew ${c.id} is listed twice` });
    crews.add(c.id);
    c.runners.forEach((r, j) => {
      if (runners.has(r.id)) issues.push({ path: `crews[${i}].runners[${j}].id`, message: `runner ${r.id} is listed twice` });
      runners.add(r.id);
      if (!onBoard(r.at)) issues.push({ path: `crews[${i}].runners[${j}].at`, message: offBoard(r.at) });
      else if (r.at === s.lantern) issues.push({ path: `crews[${i}].runners[${j}].at`, message: 'a runner may not start on the lantern' });
    });
  });
  return issues;
}

export function initialState(s: Scenario, seed?: number): LrState {
  return {
    ruleset: RULESET_ID,
    turn: s.turn,
    settings: { ...s.settings },
    board: { columns: s.board.columns, rows: s.board.rows, walls: s.board.walls.map(([a, b]) => [a, b]) },
    lantern: s.lantern,
    players: s.crews.map((c) => ({ id: c.id, name: c.name })),
    runners: s.crews.flatMap((c) => c.runners.map((r) => ({ id: r.id, crew: c.id, at: r.at }))),
    winner: null,
    rng: rngFromSeed(seed ?? s.seed),
  };
}

/** A scenario document checked: the scenario, or every issue with its path. */
export const parseScenario = (input: unknown): ScenarioParse<Scenario> => checkScenarioDocument(scenarioSchema, input, crossCheck);
