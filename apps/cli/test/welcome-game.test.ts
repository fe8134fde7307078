// The player mails of a game through the services, as players and the game master meet them: created over
// REST, every nation finds its welcome mail (delivered by the worker's outbox sender to a real SMTP peer)
// with a secret that works when mailed back with orders; the GM's reminder setting is validated; a pause
// and a new secret reach the players. Real PostgreSQL, Redis and SMTP on loopback (game-services.ts).
import { describe, expect, it } from 'vitest';
import { exampleScenario } from '@arbiter/intake/testing';
import { waitFor } from '../../worker/test/helpers.ts';
import { mailOrders, newGame, PLAYER_LINKS, type GameServices, useGameServices } from './game-services.ts';

let services: GameServices;
const GM = 'gm-token-for-welcomes-0123456789abcdef012345';
useGameServices(GM, (started) => (services = started));

const nations = [
  { nationId: 'north', email: 'north@players.test', name: 'Kingdom of the North' },
  { nationId: 'south', email: 'south@players.test', name: 'Dark Lord' },
  { nationId: 'east', email: 'east@players.test', name: 'Free Traders' },
];
const gm = { authorization: `Bearer ${GM}` };

function mailsOf(gameId: string, subject: string) {
  return services.sink.received.filter((m) => m.parsed.headers.get('x-arbiter-game') === gameId && (m.parsed.subject ?? '').includes(subject));
}

describe('the player mails of a game', () => {
  it('welcomes every nation with a working secret, validates the reminder setting, and tells players of a pause and a new secret', async () => {
    const { app } = services;
    const game = await newGame(services, { name: 'Welcome Road', scenario: exampleScenario(), nations }, { reminderHours: 12 });

    const welcomes = await waitFor('three welcome mails', async () => {
      const m = mailsOf(game.gameId, ': welcome, ');
      return m.length === 3 ? m : undefined;
    }, 60_000);
    for (const n of nations) {
      const mail = welcomes.find((m) => m.envelopeTo.includes(n.email));
      expect(mail, n.nationId).toBeDefined();
      const text = mail!.parsed.text ?? '';
      expect(/^secret: (\S+)$/m.exec(text)?.[1]).toBe(game.secret(n.nationId));
      expect(text).toContain(`By mail: to ${PLAYER_LINKS.ordersTo}`);
      expect(text).toContain(`POST ${PLAYER_LINKS.apiUrl}/v1/games/${game.gameId}/orders`);
      expect(mail!.parsed.html).toContain('<svg');
      expect(mail!.parsed.attachments.map((a) => [a.filename, a.contentType, a.content.subarray(1, 4).toString('latin1')])).toEqual([['map-turn-1-start.png', 'image/png', 'PNG']]);
    }

    // The secret as the welcome carries it works: orders mailed back with it get a receipt.
    const north = welcomes.find((m) => m.envelopeTo.includes('north@players.test'))!;
    const secret = /^secret: (\S+)$/m.exec(north.parsed.text ?? '')![1]!;
    await mailOrders(services, game.gameId, { name: 'North', email: 'north@players.test', secret }, 'aragorn, 850, no, e, e, e', '<welcome-orders-1@players.test>');
    await waitFor('the receipt', async () => services.sink.received.find((m) => m.envelopeTo.includes('north@players.test') && /receipt/.test(m.parsed.subject ?? '')), 30_000);

    // The reminder setting: refused with the reason, then set.
    for (const bad of [-1, 1.5, 400, 'twelve']) {
      const r = await app.inject({ method: 'PUT', url: `/v1/games/${game.gameId}/reminder-hours`, headers: gm, payload: { reminderHours: bad } });
      expect(r.statusCode, String(bad)).toBe(400);
      expect(r.body).toContain('reminderHours');
    }
    const set = await app.inject({ method: 'PUT', url: `/v1/games/${game.gameId}/reminder-hours`, headers: gm, payload: { reminderHours: 6 } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ gameId: game.gameId, reminderHours: 6 });
    expect((await app.inject({ method: 'GET', url: `/v1/games/${game.gameId}`, headers: gm })).json()).toMatchObject({ reminderHours: 6 });

    // A pause reaches every nation; a new secret reaches its nation in a new welcome.
    expect((await app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/pause`, headers: gm })).statusCode).toBe(200);
    await waitFor('three pause notices', async () => (mailsOf(game.gameId, 'the game is paused').length === 3 ? true : undefined), 30_000);
    const rotated = await app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/nations/south/secret`, headers: gm });
    expect(rotated.statusCode).toBe(200);
    const renewed = await waitFor('the new secret', async () => mailsOf(game.gameId, 'your new secret')[0], 30_000);
    expect(renewed.envelopeTo).toEqual(['south@players.test']);
    expect(/^secret: (\S+)$/m.exec(renewed.parsed.text ?? '')?.[1]).toBe((rotated.json() as { secret: string }).secret);
  });
});
