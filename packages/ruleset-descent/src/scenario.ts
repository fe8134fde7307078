// The scenario document (docs/scenario-format-descent.md): its zod schema, the checks across its parts,
// and the initial state. Every problem comes back with its JSON path.
import { checkScenarioDocument, formatSquare, gridPositionProblem, MAX_SCENARIO_TURN, parseSquare, rngFromSeed, spaceCountProblem, withinLimit, type ScenarioIssue } from '@arbiter/engine';
import { z } from 'zod';
import type { Area, Door, DsState, Figure, Token } from './types.ts';

const lowerId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'use lower-case letters, digits and -, starting with a letter');
const name = z.string().trim().min(1).max(64);
/** Why a square id is off the largest board (BOARD_LIMITS), or null (a malformed id is the pattern's issue). */
const squareProblem = (id: string): string | null => {
  const p = parseSquare(id);
  return p === null ? null : gridPositionProblem(p.col, p.row);
};
const square = z.string().regex(/^[A-Z]+[1-9][0-9]*$/, 'a square is column letters and row number, e.g. "C7"').superRefine(withinLimit(squareProblem));
/** One square ("C7") or a rectangle of squares ("A1:D4"). */
const squareRange = z
  .string()
  .regex(/^[A-Z]+[1-9][0-9]*(:[A-Z]+[1-9][0-9]*)?$/, 'a square ("C7") or a rectangle ("A1:D4")')
  .superRefine(withinLimit((range: string) => range.split(':').map(squareProblem).find((p) => p !== null) ?? null));
const side = z.tuple([square, square]);

const monster = z.strictObject({
  id: lowerId,
  name,
  square,
  speed: z.number().int().min(0).max(12),
  attacks: z.number().int().min(0).max(4).default(1),
  aura: z.boolean().default(false),
  grapple: z.boolean().default(false),
  size: z.tuple([z.number().int().min(1).max(3), z.number().int().min(1).max(3)]).default([1, 1]),
});
const token = z.strictObject({
  id: lowerId,
  kind: z.enum(['chest', 'potion', 'treasure', 'coin', 'rune-key', 'item']),
  square,
  item: z.string().min(1).max(64).optional(),
});

export const scenarioSchema = z.strictObject({
  ruleset: z.literal('descent'),
  name,
  seed: z.number().int().refine(Number.isSafeInteger, 'the seed must be a safe integer'),
  turn: z.number().int().positive().max(MAX_SCENARIO_TURN).default(1),
  settings: z
    .strictObject({
      largeMonsters: z.enum(['step-and-fit', 'reference-square']).default('step-and-fit'),
      diagonalsPastWalls: z.boolean().default(true),
      figuresBlockSight: z.boolean().default(true),
      revealBy: z.enum(['line-of-sight', 'adjacent']).default('line-of-sight'),
    })
    .default({ largeMonsters: 'step-and-fit', diagonalsPastWalls: true, figuresBlockSight: true, revealBy: 'line-of-sight' }),
  areas: z
    .array(
      z.strictObject({
        id: lowerId,
        revealed: z.boolean().default(false),
        squares: z.array(squareRange).min(1).max(50),
        monsters: z.array(monster).max(30).default([]),
        tokens: z.array(token).max(30).default([]),
      }),
    )
    .min(1)
    .max(40)
    .superRefine(withinLimit((areas: { squares: string[] }[]) => spaceCountProblem(areas.reduce((n, a) => n + a.squares.reduce((m, r) => m + rangeSize(r), 0), 0), 'squares'))),
  walls: z.array(side).max(2000).default([]),
  doors: z
    .array(
      z.strictObject({
        id: lowerId,
        between: side,
        kind: z.enum(['normal', 'rune']).default('normal'),
        rune: z.string().regex(/^[a-z]+$/).optional(),
        unlocked: z.boolean().default(false),
        open: z.boolean().default(false),
      }),
    )
    .max(60)
    .default([]),
  pits: z.array(square).max(200).default([]),
  obstacles: z.array(z.strictObject({ square, kind: z.string().regex(/^[a-z-]+$/), blocking: z.boolean() })).max(200).default([]),
  stairs: z.array(z.strictObject({ square, colour: z.string().regex(/^[a-z]+$/) })).max(40).default([]),
  glyphs: z.array(z.strictObject({ square, active: z.boolean().default(false) })).max(20).default([]),
  treasureDeck: z.array(z.string().min(1).max(64)).max(60).default([]),
  players: z.array(z.strictObject({ id: lowerId, name, side: z.enum(['heroes', 'overlord']) })).min(2).max(6),
  heroes: z
    .array(
      z.strictObject({
        id: lowerId,
        name,
        player: lowerId,
        square: square.nullable(),
        speed: z.number().int().min(1).max(8),
        fatigue: z.number().int().min(0).max(10),
        wounds: z.number().int().min(0).default(0),
        items: z.array(z.string().min(1).max(64)).max(20).default([]),
      }),
    )
    .min(1)
    .max(4),
  orders: z.array(z.string().max(500)).max(40).default([]),
});

export type Scenario = z.output<typeof scenarioSchema>;

/** How many squares a range covers, without listing them. */
function rangeSize(range: string): number {
  const [a, b = a] = range.split(':') as [string, string?];
  const p = parseSquare(a);
  const q = parseSquare(b as string);
  if (p === null || q === null) return 0;
  return (Math.abs(p.col - q.col) + 1) * (Math.abs(p.row - q.row) + 1);
}

/** The squares of a range: one square, or every square of the rectangle between two corners. */
export function expandRange(range: string): string[] {
  const [a, b = a] = range.split(':') as [string, string?];
  const p = parseSquare(a)!;
  const q = parseSquare(b as string)!;
  const out: string[] = [];
  for (let row = Math.min(p.row, q.row); row <= Math.max(p.row, q.row); row++) {
    for (let col = Math.min(p.col, q.col); col <= Math.max(p.col, q.col); col++) out.push(formatSquare({ col, row }));
  }
  return out;
}

/** The squares a figure's base covers from its reference (top-left) square. */
export function footprint(ref: string, size: readonly [number, number]): string[] {
  const p = parseSquare(ref)!;
  const out: string[] = [];
  for (let dy = 0; dy < size[1]; dy++) for (let dx = 0; dx < size[0]; dx++) out.push(formatSquare({ col: p.col + dx, row: p.row + dy }));
  return out;
}

function crossChecks(s: Scenario): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const areaOf = new Map<string, string>();
  s.areas.forEach((a, i) =>
    a.squares.forEach((r, j) => {
      for (const sq of expandRange(r)) {
        const prev = areaOf.get(sq);
        if (prev !== undefined) issues.push({ path: `areas[${i}].squares[${j}]`, message: `${sq} is already in area ${prev}` });
        else areaOf.set(sq, a.id);
      }
    }),
  );
  const onBoard = (sq: string | null, path: string) => {
    if (sq !== null && !areaOf.has(sq)) issues.push({ path, message: `${sq} is not a square of any area` });
  };
  const unique = (ids: string[], path: (i: number) => string, what: string) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) issues.push({ path: path(i), message: `${what} ${id} is listed twice` });
      seen.add(id);
    });
  };
  unique(s.areas.map((a) => a.id), (i) => `areas[${i}].id`, 'area');
  unique(s.players.map((p) => p.id), (i) => `players[${i}].id`, 'player');
  const figureIds = [...s.heroes.map((h) => h.id), ...s.areas.flatMap((a) => a.monsters.map((m) => m.id))];
  unique(figureIds, () => 'heroes', 'figure');
  unique(s.areas.flatMap((a) => a.tokens.map((t) => t.id)), () => 'areas', 'token');
  unique(s.doors.map((d) => d.id), (i) => `doors[${i}].id`, 'door');
  if (s.players.filter((p) => p.side === 'overlord').length !== 1) issues.push({ path: 'players', message: 'a game has exactly one overlord player' });
  if (!s.areas.some((a) => a.revealed)) issues.push({ path: 'areas', message: 'at least one area must start revealed' });
  s.heroes.forEach((h, i) => {
    const p = s.players.find((x) => x.id === h.player);
    if (p === undefined) issues.push({ path: `heroes[${i}].player`, message: `${h.player} is not a player of the scenario` });
    else if (p.side !== 'heroes') issues.push({ path: `heroes[${i}].player`, message: `${h.player} is the overlord, not a hero player` });
    onBoard(h.square, `heroes[${i}].square`);
    if (h.square !== null && s.areas.find((a) => a.id === areaOf.get(h.square!))?.revealed === false) {
      issues.push({ path: `heroes[${i}].square`, message: `${h.square} is in an unrevealed area` });
    }
  });
  s.players.forEach((p, i) => {
    if (p.side === 'heroes' && !s.heroes.some((h) => h.player === p.id)) issues.push({ path: `players[${i}]`, message: `hero player ${p.id} has no hero` });
  });
  s.areas.forEach((a, i) => {
    a.monsters.forEach((m, j) => footprint(m.square, m.size).forEach((sq) => onBoard(sq, `areas[${i}].monsters[${j}].square`)));
    a.tokens.forEach((t, j) => onBoard(t.square, `areas[${i}].tokens[${j}].square`));
  });
  const sideOk = (pair: [string, string], path: string) => {
    const [p, q] = pair.map((x) => parseSquare(x)!);
    onBoard(pair[0], path);
    onBoard(pair[1], path);
    if (Math.abs(p!.col - q!.col) + Math.abs(p!.row - q!.row) !== 1) issues.push({ path, message: `${pair[0]} and ${pair[1]} are not orthogonally adjacent` });
  };
  s.walls.forEach((w, i) => sideOk(w, `walls[${i}]`));
  s.doors.forEach((d, i) => {
    sideOk(d.between, `doors[${i}].between`);
    if (d.kind === 'rune' && d.rune === undefined) issues.push({ path: `doors[${i}].rune`, message: 'a rune-locked door names its rune colour' });
    if (d.kind === 'normal' && (d.rune !== undefined || d.unlocked)) issues.push({ path: `doors[${i}]`, message: 'only a rune door has a rune or is unlocked' });
  });
  s.pits.forEach((p, i) => onBoard(p, `pits[${i}]`));
  s.obstacles.forEach((o, i) => onBoard(o.square, `obstacles[${i}].square`));
  s.stairs.forEach((o, i) => onBoard(o.square, `stairs[${i}].square`));
  s.glyphs.forEach((o, i) => onBoard(o.square, `glyphs[${i}].square`));
  return issues;
}

export function parseScenario(input: unknown): { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] } {
  return checkScenarioDocument(scenarioSchema, input, crossChecks);
}

const overlordOf = (s: Scenario): string => s.players.find((p) => p.side === 'overlord')!.id;

function monsterFigure(m: Scenario['areas'][number]['monsters'][number], overlord: string): Figure {
  return { ...m, side: 'overlord', player: overlord, fatigue: 0, wounds: 0, items: [], readied: null };
}

const tokenOf = (t: Scenario['areas'][number]['tokens'][number]): Token => ({ id: t.id, kind: t.kind, square: t.square, item: t.item ?? null });

export function initialState(s: Scenario, seed?: number): DsState {
  const overlord = overlordOf(s);
  const areas: Area[] = s.areas.map((a) => ({
    id: a.id,
    squares: a.squares.flatMap(expandRange).sort(),
    revealed: a.revealed,
    monsters: a.revealed ? [] : a.monsters.map((m) => monsterFigure(m, overlord)),
    tokens: a.revealed ? [] : a.tokens.map(tokenOf),
  }));
  const shown = s.areas.filter((a) => a.revealed);
  const doors: Door[] = s.doors.map((d) => ({ id: d.id, between: d.between, kind: d.kind, rune: d.rune ?? null, unlocked: d.unlocked, open: d.open }));
  return {
    ruleset: 'descent',
    turn: s.turn,
    settings: s.settings,
    areas,
    walls: s.walls,
    doors,
    pits: [...s.pits],
    obstacles: s.obstacles,
    stairs: s.stairs,
    glyphs: s.glyphs,
    tokens: shown.flatMap((a) => a.tokens.map(tokenOf)),
    treasureDeck: [...s.treasureDeck],
    players: s.players,
    figures: [
      ...s.heroes.map((h): Figure => ({ ...h, side: 'heroes', attacks: 1, aura: false, grapple: false, size: [1, 1], readied: null })),
      ...shown.flatMap((a) => a.monsters.map((m) => monsterFigure(m, overlord))),
    ],
    moved: [],
    rng: rngFromSeed(seed ?? s.seed),
  };
}
