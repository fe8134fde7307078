// A real MEPBM game from JOverseer's files, through the services (the shared harness of
// game-services.ts: real PostgreSQL, Redis, SMTP): the 2950 files imported (packages/ruleset-mepbm/test/
// fixtures/joverseer: the map and the starting forces, no unit typed by hand), a game of 25 nations
// created over REST; every nation sends the order file JOverseer 1.19.01 saves (joverseer-export.ts:
// CRLF, Windows-1252, ids padded to 5 and with spaces, unused slots, 870 in JOverseer's field order):
// by REST, pasted into a mail body, and as the attachment me03v0.077 sent as application/octet-stream;
// every order is accepted with no error, and the worker adjudicates turn 1 and reports all 25.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distance, parseHexId } from '@arbiter/engine';
import { DEFAULT_PREFERENCE, buildMap, hexIdOfIndex, hexIndexOf, importJoverseer, neighbourIndex } from '@arbiter/ruleset-mepbm';
import { waitFor } from '../../worker/test/helpers.ts';
import { decodeCp1252, orderFileName, savedOrderFile, type JoCharacter } from '../../../packages/ruleset-mepbm/test/joverseer-export.ts';
import { bearer, newGame, startGameServices, submitOrders, submitText, type GameServices } from './game-services.ts';
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

/** The 2950 scenario as `arbiter import joverseer` writes it from JOverseer's files, units and ids included. */
function scenario2950() {
  const dir = join(root, 'packages/ruleset-mepbm/test/fixtures/joverseer');
  const f = (ext: string) => ({ name: `2950.${ext}`, text: readFileSync(join(dir, `2950.${ext}`), 'utf8') });
  const files = { terrain: f('terrain'), traffic: f('traffic'), pcs: f('pcs'), startArmies: f('startarmies'), characters: f('chars.csv') };
  const { scenario } = importJoverseer(files, { game: '2950', seed: 2950, prefer: DEFAULT_PREFERENCE, gameNumber: GAME_NUMBER });
  if (scenario === null) throw new Error('the 2950 import failed');
  return scenario;
}

type Scenario = ReturnType<typeof scenario2950>;

/**
 * A nation's turn as its player gives it in JOverseer: its first army steps to a land hex next to it, a
 * character moves to that hex and joins it (870, hex then commander) when it is in reach, every other
 * character's slots are unused; and the same orders as Arbiter stores them.
 */
function nationTurn(scenario: Scenario, nation: Scenario['nations'][number]) {
  const map = buildMap(scenario.map).map;
  const terrain = new Map(scenario.map.hexes.map((h) => [h.hex, h.terrain]));
  const byId = new Map(scenario.units.map((u) => [u.id, u]));
  const ids = Object.entries(nation.joverseer.characters);
  const landStep = (hex: string): number =>
    DIRECTIONS.findIndex((_, d) => {
      const to = neighbourIndex(map, hexIndexOf(map, hex), d);
      return to >= 0 && !['sea', 'coast'].includes(terrain.get(hexIdOfIndex(map, to)) ?? 'sea');
    });
  // The first army with land next to it (the Corsairs' armies stand in ports among the sea).
  const armyEntry = ids.find(([, unit]) => byId.get(unit)?.kind === 'army' && landStep(byId.get(unit)!.hex) >= 0);
  const orders = new Map<string, JoCharacter['orders']>();
  const typed: { unit: string; orders: string[] }[] = [];
  if (armyEntry !== undefined) {
    const army = byId.get(armyEntry[1])!;
    const k = landStep(army.hex);
    const dir = DIRECTIONS[k]!;
    const to = hexIdOfIndex(map, neighbourIndex(map, hexIndexOf(map, army.hex), k));
    orders.set(armyEntry[0], [{ order: 850, params: [dir, 'no'] }]);
    typed.push({ unit: army.id, orders: [`${army.id}, 850, no, ${dir}`] });
    const reach = (hex: string) => distance(parseHexId(hex)!, parseHexId(to)!);
    const joiner = ids.find(([, unit]) => byId.get(unit)?.kind === 'character' && reach(byId.get(unit)!.hex) <= 12);
    if (joiner !== undefined) {
      orders.set(joiner[0], [{ order: 870, params: [to, armyEntry[0]] }]);
      typed.push({ unit: joiner[1], orders: [`${joiner[1]}, 870, ${to}, ${army.id}`] });
    }
  }
  const characters = ids.map(([id]) => ({ id, orders: orders.get(id) ?? [] }));
  const header = { game: GAME_NUMBER, nation: nation.joverseer.nation, player: `Player of ${nation.name}` };
  return { header, bytes: savedOrderFile(header, characters), typed: typed.sort((a, b) => (a.unit < b.unit ? -1 : 1)) };
}

async function standing(gameId: string, nationId: string) {
  const rows = await services.tdb.db.prisma.standingOrder.findMany({ where: { gameId, nationId }, orderBy: { unitId: 'asc' } });
  return rows.map((r) => ({ unit: r.unitId, orders: r.orders }));
}

describe('a 2950 game from JOverseer files', () => {
  it('takes the files JOverseer saves by REST, mail body and attachment with no error, and adjudicates a turn of 25 nations', async () => {
    const scenario = scenario2950();
    expect(scenario.units.length).toBeGreaterThan(200);
    const players = scenario.nations.map((n) => ({ nationId: n.id, email: `${n.id}@players.test`, name: n.name }));
    expect(players).toHaveLength(25);
    const game = await newGame(services, { name: 'JOverseer 2950', scenario, nations: players }, { runEarlyWhenAllFinal: true });
    const turns = new Map(scenario.nations.map((n) => [n.id, nationTurn(scenario, n)]));

    // A file for another nation is refused, naming the numbers.
    const foreign = await submitText(services, game.gameId, game.secret('woodmen'), decodeCp1252(turns.get('northmen')!.bytes));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.body).toContain('the order file is for nation 2; woodmen is JOverseer nation 1');

    // Nation 2 pastes the file into a mail body; nation 3 attaches it as JOverseer saved it.
    const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: services.intake.port, secure: false, ignoreTLS: true });
    try {
      const head = (id: string) => `game: ${game.gameId}\nsecret: ${game.secret(id)}\nfinal: yes\n`;
      await mailer.sendMail({ from: `<northmen@players.test>`, to: 'orders@arbiter.test', subject: 'orders', messageId: '<jo-body@players.test>', text: `${head('northmen')}\n${decodeCp1252(turns.get('northmen')!.bytes)}` });
      const rohan = turns.get('riders-of-rohan')!;
      expect(orderFileName(rohan.header)).toBe('me03v0.077');
      await mailer.sendMail({
        from: '<riders-of-rohan@players.test>',
        to: 'orders@arbiter.test',
        subject: 'orders',
        messageId: '<jo-attachment@players.test>',
        text: head('riders-of-rohan'),
        attachments: [{ filename: orderFileName(rohan.header), contentType: 'application/octet-stream', content: Buffer.from(rohan.bytes) }],
      });
    } finally {
      mailer.close();
    }
    // Nation 4 posts the file's bytes as they are (Windows-1252, `curl --data-binary @me04v0.077`), then
    // declares its orders final; the text is read with its accents (the header's player name).
    const rangers = turns.get('dunadan-rangers')!;
    const raw = await services.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/orders`, headers: { ...bearer(game.secret('dunadan-rangers')), 'content-type': 'text/plain' }, payload: Buffer.from(rangers.bytes) });
    expect(raw.statusCode, raw.body).toBe(200);
    expect((raw.json() as { errors: unknown[] }).errors).toEqual([]);
    const stored = await services.tdb.db.prisma.submission.findFirstOrThrow({ where: { gameId: game.gameId, nationId: 'dunadan-rangers' } });
    expect(stored.rawText).toContain(',Player of Dúnadan Rangers,');

    // Every other nation by REST, the file's text as the player's client sends it.
    for (const n of scenario.nations.filter((x) => x.joverseer.nation !== 2 && x.joverseer.nation !== 3)) {
      const r = await submitOrders(services, game.gameId, game.secret(n.id), decodeCp1252(turns.get(n.id)!.bytes), true);
      expect(r.statusCode, r.body).toBe(200);
      const receipt = r.json() as { errors: unknown[]; orders: { status: string; reason?: string }[] };
      expect(receipt.errors, n.id).toEqual([]);
      expect(receipt.orders.filter((o) => o.status !== 'accepted'), n.id).toEqual([]);
    }

    const turn = await waitFor('turn 1 of the 2950 game done', async () => {
      const t = await services.tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 1 } } });
      return t.status === 'done' ? t : undefined;
    }, 120_000);
    // Every submission, the mailed ones too: nothing rejected, no line unreadable; stored as typed orders.
    const submissions = await services.tdb.db.prisma.submission.findMany({ where: { gameId: game.gameId, turnNumber: 1 } });
    const summaries = submissions.filter((x) => (x.receipt as { summary: { accepted: number } }).summary.accepted > 0).map((x) => [x.nationId, (x.receipt as { summary: unknown }).summary]);
    expect(new Set(summaries.map(([nation]) => nation)).size).toBe(25);
    for (const [nation, summary] of summaries) expect(summary, String(nation)).toMatchObject({ rejected: 0, unreadable: 0 });
    for (const n of scenario.nations) expect(await standing(game.gameId, n.id), n.id).toEqual(turns.get(n.id)!.typed);

    const result = turn.result as { units: { id: string; steps: unknown[] }[]; inputErrors: unknown[] };
    expect(result.inputErrors).toEqual([]);
    expect(result.units).toHaveLength(scenario.units.length);
    expect(turn.resultHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await services.tdb.db.prisma.nationReport.count({ where: { gameId: game.gameId, turnNumber: 1 } })).toBe(25);
  }, 180_000);
});
