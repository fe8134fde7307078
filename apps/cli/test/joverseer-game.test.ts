// A real MEPBM game from JOverseer's files, through the services (the shared harness of
// game-services.ts: real PostgreSQL, Redis, SMTP): the 2950 map imported (packages/ruleset-mepbm/test/
// fixtures/joverseer), one army and one character per nation added, a game of 25 nations created over
// REST; a JOverseer order file by REST and as a mail attachment gives the same standing orders as the
// same orders typed by hand; every nation final, the worker adjudicates turn 1 and reports all 25.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCE, buildMap, hexIdOfIndex, hexIndexOf, importJoverseer, neighbourIndex } from '@arbiter/ruleset-mepbm';
import { waitFor } from '../../worker/test/helpers.ts';
import { newGame, startGameServices, submitOrders, submitText, type GameServices } from './game-services.ts';
import { root } from './run-arbiter.ts';

let services: GameServices;

beforeAll(async () => {
  services = await startGameServices('gm-token-for-joverseer-0123456789abcdef012345');
}, 60_000);

afterAll(async () => {
  await services?.close();
}, 60_000);

const DIRECTIONS = ['ne', 'e', 'se', 'sw', 'w', 'nw'] as const;
const GAME_NUMBER = 77;

/** The imported 2950 scenario with, per nation, an army (character id n<nn>a) and a character (n<nn>c) at its capital. */
function scenario2950() {
  const dir = join(root, 'packages/ruleset-mepbm/test/fixtures/joverseer');
  const f = (ext: string) => ({ name: `2950.${ext}`, text: readFileSync(join(dir, `2950.${ext}`), 'utf8') });
  const { scenario } = importJoverseer({ terrain: f('terrain'), traffic: f('traffic'), pcs: f('pcs') }, { game: '2950', seed: 2950, prefer: DEFAULT_PREFERENCE, gameNumber: GAME_NUMBER });
  if (scenario === null) throw new Error('the 2950 import failed');
  const map = buildMap(scenario.map).map;
  const terrain = new Map(scenario.map.hexes.map((h) => [h.hex, h.terrain]));
  const moves = new Map<string, string>();
  const units: Record<string, unknown>[] = [];
  const nations = scenario.nations.map((n) => {
    const home = scenario.populationCentres.find((p) => p.nation === n.id && p.capital) ?? scenario.populationCentres.find((p) => p.nation === n.id);
    if (home === undefined) throw new Error(`${n.id} has no population centre`);
    const idx = hexIndexOf(map, home.hex);
    // The first side leading to land: the army's one-step move.
    const d = DIRECTIONS.findIndex((_, k) => {
      const to = neighbourIndex(map, idx, k);
      return to >= 0 && !['sea', 'coast'].includes(terrain.get(hexIdOfIndex(map, to)) ?? 'sea');
    });
    moves.set(n.id, DIRECTIONS[d] ?? 'e');
    const number = String(n.joverseer.nation).padStart(2, '0');
    units.push(
      { id: `${n.id} host`, kind: 'army', nation: n.id, hex: home.hex, commander: { command: 40 }, troops: { heavyInfantry: 300, lightCavalry: 100 }, food: 20 },
      { id: `${n.id} lord`, kind: 'character', nation: n.id, hex: home.hex, spells: [] },
    );
    return { ...n, joverseer: { nation: n.joverseer.nation, characters: { [`n${number}a`]: `${n.id} host`, [`n${number}c`]: `${n.id} lord` } } };
  });
  return { scenario: { ...scenario, nations, units }, moves };
}

const typedOrders = (nation: string, dir: string) => `${nation} host, 850, no, ${dir}, h\n${nation} lord, 870, ${nation} host`;

/** The same orders as JOverseer writes them for nation `n` of game 77. */
function orderFile(n: number, dir: string): string {
  const id = `n${String(n).padStart(2, '0')}`;
  const line = (who: string, order: number, ...params: string[]) => `${who.padEnd(5, ' ')},${order},${[...params, ...Array(15 - params.length).fill('--')].join(',')}`;
  return ['BEGINMEAUTOINPUT', `${GAME_NUMBER},${n},1234,5678,A Player,15Jan2027,NO,2`, '', line(`${id}a`, 850, 'no', dir, 'h'), '', line(`${id}c`, 870, `${id}a`), '', 'ENDMEAUTOINPUT', 'JO1.17.3', ''].join('\r\n');
}

async function standing(gameId: string, nationId: string) {
  const rows = await services.tdb.db.prisma.standingOrder.findMany({ where: { gameId, nationId }, orderBy: { unitId: 'asc' } });
  return rows.map((r) => ({ unit: r.unitId, orders: r.orders }));
}

describe('a 2950 game from JOverseer files', () => {
  it('takes order files by REST and by mail as typed orders, and adjudicates a turn of 25 nations', async () => {
    const { scenario, moves } = scenario2950();
    const players = scenario.nations.map((n) => ({ nationId: n.id, email: `${n.id}@players.test`, name: n.name }));
    expect(players).toHaveLength(25);
    const typed = await newGame(services, { name: 'Typed 2950', scenario, nations: players }, { runEarlyWhenAllFinal: true });
    const filed = await newGame(services, { name: 'Filed 2950', scenario, nations: players }, {});

    // Woodmen (nation 1) by REST: the order file in one game, the same orders typed in the other.
    const byFile = await submitText(services, filed.gameId, filed.secret('woodmen'), orderFile(1, moves.get('woodmen')!));
    expect(byFile.statusCode, byFile.body).toBe(200);
    expect(byFile.body).toContain('woodmen host');
    expect((await submitOrders(services, typed.gameId, typed.secret('woodmen'), typedOrders('woodmen', moves.get('woodmen')!), true)).statusCode).toBe(200);
    const woodmen = await standing(typed.gameId, 'woodmen');
    expect(woodmen).toEqual([
      { unit: 'woodmen host', orders: [`woodmen host, 850, no, ${moves.get('woodmen')}, h`] },
      { unit: 'woodmen lord', orders: ['woodmen lord, 870, woodmen host'] },
    ]);
    expect(await standing(filed.gameId, 'woodmen')).toEqual(woodmen);

    // A file for another nation is refused, naming the numbers.
    const foreign = await submitText(services, filed.gameId, filed.secret('woodmen'), orderFile(2, 'e'));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.body).toContain('the order file is for nation 2; woodmen is JOverseer nation 1');

    // Northmen (nation 2) by mail, the file as a text/plain attachment and nothing but game and secret in the body.
    const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: services.intake.port, secure: false, ignoreTLS: true });
    try {
      await mailer.sendMail({
        from: 'Northmen <northmen@players.test>',
        to: 'orders@arbiter.test',
        subject: 'orders',
        messageId: '<jo-northmen-1@players.test>',
        text: `game: ${filed.gameId}\nsecret: ${filed.secret('northmen')}\n`,
        attachments: [{ filename: 'me77n02.csv', contentType: 'text/plain', content: orderFile(2, moves.get('northmen')!) }],
      });
    } finally {
      mailer.close();
    }
    const mailed = await waitFor('the mailed order file stored', async () => {
      const rows = await standing(filed.gameId, 'northmen');
      return rows.length === 2 ? rows : undefined;
    }, 30_000);
    expect(mailed).toEqual([
      { unit: 'northmen host', orders: [`northmen host, 850, no, ${moves.get('northmen')}, h`] },
      { unit: 'northmen lord', orders: ['northmen lord, 870, northmen host'] },
    ]);

    // Every nation final in the typed game: the worker adjudicates the turn of 25 nations.
    for (const p of players.slice(1)) {
      const r = await submitOrders(services, typed.gameId, typed.secret(p.nationId), typedOrders(p.nationId, moves.get(p.nationId)!), true);
      expect(r.statusCode, r.body).toBe(200);
    }
    const turn = await waitFor('turn 1 of the 2950 game done', async () => {
      const t = await services.tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: typed.gameId, number: 1 } } });
      return t.status === 'done' ? t : undefined;
    }, 120_000);
    const result = turn.result as { units: { id: string; steps: unknown[] }[]; inputErrors: unknown[] };
    expect(result.inputErrors).toEqual([]);
    expect(result.units).toHaveLength(50);
    // Most armies took their step (some face terrain they cannot enter, or another nation's army).
    expect(result.units.filter((u) => u.id.endsWith(' host') && u.steps.length > 0).length).toBeGreaterThan(12);
    expect(turn.resultHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await services.tdb.db.prisma.nationReport.count({ where: { gameId: typed.gameId, turnNumber: 1 } })).toBe(25);
  }, 180_000);
});
