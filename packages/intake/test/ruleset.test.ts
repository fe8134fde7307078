// Integration: a game's ruleset is chosen by its scenario's `ruleset` and read back from Game.ruleset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { RULESET_IDS } from '@arbiter/rulesets';
import { createGame, IntakeError, submitOrders } from '../src/index.ts';
import { exampleScenario, players } from '../src/testing.ts';

let t: TestDatabase;
const input = (scenario: Record<string, unknown>) => ({
  name: 'Rulesets',
  scenario,
  schedule: { kind: 'every' as const, days: 3, time: '18:00' },
  timeZone: 'Europe/Berlin',
  nations: players,
});

beforeAll(async () => {
  t = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

describe("the game's ruleset", () => {
  it('is stored from the scenario', async () => {
    const game = await createGame(t.db, input(exampleScenario()));
    const row = await t.db.prisma.game.findUniqueOrThrow({ where: { id: game.gameId }, select: { ruleset: true } });
    expect(row.ruleset).toBe('mepbm');
  });

  it('a scenario naming no known ruleset is refused at scenario.ruleset, listing the known ones', async () => {
    const before = await t.db.prisma.game.count({ where: { name: 'Rulesets' } });
    for (const ruleset of ['chess', undefined]) {
      const scenario = { ...exampleScenario(), ruleset };
      const err = await createGame(t.db, input(scenario)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(IntakeError);
      expect((err as IntakeError).code).toBe('invalid-scenario');
      expect((err as IntakeError).issues).toEqual([
        { path: 'scenario.ruleset', message: expect.stringContaining(`one of ${RULESET_IDS.map((id) => `"${id}"`).join(', ')}`) },
      ]);
    }
    // Nothing was stored (other tests of this file create games of the same name, in any order).
    expect(await t.db.prisma.game.count({ where: { name: 'Rulesets' } })).toBe(before);
  });

  it('a stored game whose ruleset this server does not run takes no orders, and says why', async () => {
    const game = await createGame(t.db, input(exampleScenario()));
    await t.db.prisma.game.update({ where: { id: game.gameId }, data: { ruleset: 'chess' } });
    const north = game.nations.find((n) => n.nationId === 'north')!;
    await expect(submitOrders(t.db, { gameId: game.gameId, nationId: north.nationId, source: 'rest', rawText: 'aragorn, 850, no, e' })).rejects.toThrow(
      'there is no ruleset "chess" on this server',
    );
    expect(await t.db.prisma.submission.count({ where: { gameId: game.gameId } })).toBe(0);
  });
});
