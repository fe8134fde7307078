// Test and benchmark fixtures (`@arbiter/turns/testing`): a generated scenario of any size and a game
// seeded into the database with its first turn, submissions and standing orders. Not used in production.
// The games are mepbm's, built through the registry like any game (the services depend on no ruleset
// package; `@arbiter/ruleset-mepbm` is a devDependency for its types only).
import { randomBytes } from 'node:crypto';
import type { Db, Prisma } from '@arbiter/db';
import { formatHexId } from '@arbiter/engine';
import { rulesetFor } from '@arbiter/rulesets';
import type { GameState, Scenario } from '@arbiter/ruleset-mepbm';

export interface FixtureOptions {
  nations: number;
  unitsPerNation: number;
  seed?: number;
}

const TERRAIN_CYCLE = ['plains', 'plains', 'forest', 'plains', 'hills', 'plains', 'swamp', 'plains', 'desert', 'forest'] as const;

/** Nation i's id: n1, n2, ... */
export function nationIdOf(i: number): string {
  return `n${i + 1}`;
}

/**
 * A valid scenario: nation i holds a block of hexes 5 columns wide and `rows` rows tall, with armies and
 * characters in it; rivers, fords and roads here and there. Big enough layouts use 6-digit hex ids.
 * Returns the scenario input (JSON) and, per nation, order lines that move every unit.
 */
export function buildScenarioInput(o: FixtureOptions): { input: Record<string, unknown>; orders: Map<string, Map<string, string[]>> } {
  const blockW = 5;
  const blockH = Math.max(2, Math.ceil(o.unitsPerNation / 3));
  const blocksPerRow = Math.max(1, Math.min(o.nations, Math.floor(150 / blockW)));
  const width = blocksPerRow * blockW + 1;
  const height = Math.ceil(o.nations / blocksPerRow) * blockH + 1;
  const hexes: { hex: string; terrain: string }[] = [];
  const hexsides: { hex: string; dir: string; features: string[] }[] = [];
  for (let row = 1; row <= height; row++) {
    for (let col = 1; col <= width; col++) {
      hexes.push({ hex: formatHexId({ col, row }), terrain: TERRAIN_CYCLE[(col * 7 + row * 3) % TERRAIN_CYCLE.length]! });
      if (col % 5 === 3 && col < width) hexsides.push({ hex: formatHexId({ col, row }), dir: 'e', features: row % 4 === 0 ? ['minor-river', 'ford'] : ['minor-river'] });
      else if (row % 3 === 1 && col < width) hexsides.push({ hex: formatHexId({ col, row }), dir: 'e', features: ['road'] });
    }
  }
  const nations = [];
  const units: Record<string, unknown>[] = [];
  const populationCentres: Record<string, unknown>[] = [];
  const orders = new Map<string, Map<string, string[]>>();
  for (let i = 0; i < o.nations; i++) {
    const nation = nationIdOf(i);
    const neighbour = i + 1 < o.nations ? nationIdOf(i + 1) : null;
    nations.push({ id: nation, name: `Nation ${i + 1}`, relations: neighbour === null ? {} : { [neighbour]: i % 2 === 0 ? 'friendly' : 'hated' } });
    const bx = (i % blocksPerRow) * blockW + 1;
    const by = Math.floor(i / blocksPerRow) * blockH + 1;
    populationCentres.push({ hex: formatHexId({ col: bx + 4, row: by }), nation, size: 'town', fortification: 'tower', capital: true });
    const perNation = new Map<string, string[]>();
    orders.set(nation, perNation);
    for (let u = 0; u < o.unitsPerNation; u++) {
      const col = bx + (u % 3);
      const row = by + Math.floor(u / 3);
      const hex = formatHexId({ col, row });
      if (u % 5 === 4) {
        const id = `${nation}-c${u}`;
        units.push({ id, kind: 'character', nation, hex, name: `Envoy ${u} of ${nation}` });
        perNation.set(id, [`${id}, 810, ${formatHexId({ col: col + 2, row })}`]);
      } else {
        const id = `${nation}-a${u}`;
        units.push({
          id, kind: 'army', nation, hex,
          commander: { name: `Captain ${u}`, command: 30 + ((i + u) % 50) },
          troops: u % 2 === 0 ? { heavyCavalry: 200 + u * 10, lightCavalry: 100 } : { heavyInfantry: 300 + u * 10, archers: 100 },
          food: u % 7 === 0 ? 0 : 5000,
          morale: 60,
        });
        const steps = u % 3 === 0 ? 'e, e, se, h' : u % 3 === 1 ? 'e, ne, e' : 'se, e, e, e';
        perNation.set(id, [`${id}, ${u % 4 === 1 ? 860 : 850}, ${u % 6 === 0 ? 'ev' : 'no'}, ${steps}`]);
      }
    }
  }
  return {
    input: { ruleset: 'mepbm', seed: o.seed ?? 20261130, turn: 1, map: { hexes, hexsides }, nations, populationCentres, units },
    orders,
  };
}

/** The parsed scenario and its first game state; throws naming the issues if the generator is wrong. */
export function buildScenario(o: FixtureOptions): { scenario: Scenario; state: GameState; input: Record<string, unknown>; orders: Map<string, Map<string, string[]>> } {
  const { input, orders } = buildScenarioInput(o);
  const mepbm = rulesetFor('mepbm');
  const parsed = mepbm.scenario.parse(input);
  if (!parsed.ok) throw new Error(`fixture scenario is invalid: ${parsed.issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  return { scenario: parsed.scenario as Scenario, state: mepbm.scenario.initialState(parsed.scenario) as GameState, input, orders };
}

export interface SeedGameOptions extends FixtureOptions {
  gameId?: string;
  name?: string;
  deadline: Date;
  timeZone?: string;
  schedule?: Record<string, unknown>;
  gmEmail?: string | null;
  /** Nations (ids) that send no orders this turn. */
  silentNations?: string[];
  missingOrdersHoldShare?: number;
  runEarlyWhenAllFinal?: boolean;
}

/** Inserts a game with its nations, turn 1 (open, at `deadline`), one submission per nation and the standing orders. */
export async function seedGame(db: Db, o: SeedGameOptions): Promise<{ gameId: string; nations: string[]; orderLines: number }> {
  const gameId = o.gameId ?? `g${randomBytes(6).toString('hex')}`;
  const { state, input, orders } = buildScenario(o);
  const silent = new Set(o.silentNations ?? []);
  const nationIds = [...orders.keys()];
  await db.prisma.game.create({
    data: {
      id: gameId,
      name: o.name ?? `Fixture ${gameId}`,
      ruleset: 'mepbm',
      settings: state.settings as unknown as Prisma.InputJsonValue,
      scenario: input as Prisma.InputJsonValue,
      timeZone: o.timeZone ?? 'Europe/London',
      schedule: (o.schedule ?? { kind: 'every', days: 1, time: '18:00' }) as Prisma.InputJsonValue,
      gmEmail: o.gmEmail === undefined ? 'gm@arbiter.example' : o.gmEmail,
      missingOrdersHoldShare: o.missingOrdersHoldShare ?? 0.5,
      runEarlyWhenAllFinal: o.runEarlyWhenAllFinal ?? false,
    },
  });
  const CHUNK = 1000;
  const nationRows = nationIds.map((nationId, i) => ({
    gameId, nationId, name: `Nation ${i + 1}`, email: `${nationId}@players.example`, secretHash: randomBytes(32).toString('hex'),
  }));
  for (let i = 0; i < nationRows.length; i += CHUNK) await db.prisma.nation.createMany({ data: nationRows.slice(i, i + CHUNK) });
  await db.prisma.turn.create({ data: { gameId, number: 1, status: 'open', deadline: o.deadline, state: state as unknown as Prisma.InputJsonValue } });
  const submissions: Prisma.SubmissionCreateManyInput[] = [];
  const standing: Prisma.StandingOrderCreateManyInput[] = [];
  let orderLines = 0;
  const receivedAt = new Date(o.deadline.getTime() - 3_600_000);
  for (const nationId of nationIds) {
    if (silent.has(nationId)) continue;
    const lines = [...orders.get(nationId)!.entries()];
    const id = crypto.randomUUID();
    const rawText = lines.flatMap(([, l]) => l).join('\n');
    submissions.push({ id, gameId, turnNumber: 1, nationId, source: 'rest', rawText, receivedAt, parsed: {}, receipt: {} });
    for (const [unitId, l] of lines) {
      standing.push({ gameId, turnNumber: 1, unitId, nationId, orders: l, submissionId: id, receivedAt });
      orderLines += l.length;
    }
  }
  for (let i = 0; i < submissions.length; i += CHUNK) await db.prisma.submission.createMany({ data: submissions.slice(i, i + CHUNK) });
  for (let i = 0; i < standing.length; i += CHUNK) await db.prisma.standingOrder.createMany({ data: standing.slice(i, i + CHUNK) });
  return { gameId, nations: nationIds, orderLines };
}
