// A game in a fresh test database, made the way the GM makes one (@arbiter/intake createGame).
import type { Db } from '@arbiter/db';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { createGame, type CreatedGame } from '@arbiter/intake';
import { exampleScenario } from '@arbiter/intake/testing';

export interface TestGame {
  database: TestDatabase;
  game: CreatedGame;
  secret(nationId: string): string;
}

export async function createTestGame(poolMax = 10): Promise<TestGame> {
  const database = await createTestDatabase({ poolMax });
  return testGameOf(database, await addGame(database.db));
}

/** A TestGame for another game in the same database (e.g. a fresh game per test). */
export function testGameOf(database: TestDatabase, game: CreatedGame): TestGame {
  return {
    database,
    game,
    secret(nationId) {
      const n = game.nations.find((x) => x.nationId === nationId);
      if (n === undefined) throw new Error(`no nation ${nationId}`);
      return n.secret;
    },
  };
}

/** Another game (the first-turn scenario, nations north, south, east) in the same database, with these settings. */
export async function addGame(db: Db, name = 'Mail test game', settings: { runEarlyWhenAllFinal?: boolean } = {}): Promise<CreatedGame> {
  return createGame(db, {
    ...settings,
    name,
    scenario: exampleScenario(),
    schedule: { kind: 'weekly', days: ['mon'], time: '18:00' },
    timeZone: 'Europe/Berlin',
    nations: [
      { nationId: 'north', email: 'north@players.test' },
      { nationId: 'south', email: 'south@players.test' },
      { nationId: 'east', email: 'east@players.test' },
    ],
    firstDeadline: new Date(Date.now() + 7 * 86_400_000),
  });
}
