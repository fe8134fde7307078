// The one game and nation the outbox tests send mail for.
import type { Db } from '@arbiter/db';

export async function createOutboxGame(db: Db): Promise<void> {
  await db.prisma.game.create({
    data: {
      id: 'g1', name: 'Test', ruleset: 'mepbm', settings: {}, scenario: {}, timeZone: 'UTC',
      schedule: { kind: 'every', days: 1, time: '18:00' },
      nations: { create: [{ nationId: 'north', name: 'North', email: 'north@players.example', secretHash: 'a'.repeat(64) }] },
    },
  });
}
