// Golden files of the welcome (text, HTML with its report), reminder and notice mails, from fixed inputs:
// the welcome through the turn service's own renderer for mepbm and Mage Knight.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkScenario } from '@arbiter/intake';
import { exampleScenario } from '@arbiter/intake/testing';
import { SECRET_PLACEHOLDER } from '@arbiter/mail';
import { noticeMail, reminderMail, type GameChange } from '@arbiter/reports';
import { playerMailSettings, welcomeMailsFor, type WelcomeGame } from '../src/index.ts';

const settings = playerMailSettings('Arbiter <arbiter@arbiter.example>', 'orders@arbiter.example', 'https://arbiter.example/');
const deadline = new Date('2026-12-10T18:00:00Z');

function gameOf(document: unknown, delivery: 'full' | 'text' | 'none' = 'full'): WelcomeGame {
  const { ruleset, scenario } = checkScenario(document);
  const state = ruleset.scenario.initialState(scenario);
  return {
    gameId: 'g-golden-01',
    name: 'The Golden Game',
    ruleset: ruleset.id,
    timeZone: 'Europe/Berlin',
    gmEmail: 'gm@arbiter.example',
    turn: { number: ruleset.state.turnOf(state), deadline, state },
    nations: ruleset.scenario.players(state).map((p) => ({ nationId: p.id, name: p.name, email: `${p.id}@players.example`, active: true, reportDelivery: delivery })),
  };
}

const mageKnight = JSON.parse(readFileSync(new URL('../../../examples/scenarios/mage-knight/first-reconnaissance.json', import.meta.url), 'utf8')) as unknown;

describe('the welcome mail', () => {
  it('mepbm: the secret as the outbox placeholder, where and how to send orders, the template, the report and its map', async () => {
    const [mail] = welcomeMailsFor(gameOf(exampleScenario()), { gameId: 'g-golden-01', reason: 'game-created', nations: [{ nationId: 'north', secret: 'the-secret' }] }, settings);
    expect(mail).toBeDefined();
    expect(mail!.secret).toBe('the-secret');
    expect(mail!.mail.text).not.toContain('the-secret');
    expect(mail!.mail.text).toContain(`secret: ${SECRET_PLACEHOLDER}`);
    expect(mail!.mail.html).toContain('<svg');
    expect(mail!.attachments?.map((a) => a.filename)).toEqual(['map-turn-1-start.png']);
    expect(mail!.messageId).toBe('welcome.g-golden-01=2enorth@arbiter.example');
    expect(mail!.mail.headers).toEqual({ 'X-Arbiter-Game': 'g-golden-01', 'X-Arbiter-Nation': 'north', 'X-Arbiter-Turn': '1' });
    await expect(`Subject: ${mail!.mail.subject}\n\n${mail!.mail.text}`).toMatchFileSnapshot('golden/welcome-mepbm.txt');
    await expect(mail!.mail.html).toMatchFileSnapshot('golden/welcome-mepbm.html');
  });

  it('Mage Knight: the ruleset\'s words, example, template and report', async () => {
    const game = gameOf(mageKnight);
    const first = game.nations[0]!.nationId;
    const [mail] = welcomeMailsFor(game, { gameId: 'g-golden-01', reason: 'game-created', nations: [{ nationId: first, secret: 'the-secret' }] }, settings);
    expect(mail!.mail.text).toContain('docs/orders-mage-knight.md');
    await expect(`Subject: ${mail!.mail.subject}\n\n${mail!.mail.text}`).toMatchFileSnapshot('golden/welcome-mage-knight.txt');
  });

  it('a new address gets the welcome without a secret; a player who takes text only gets no HTML and no map; "none" gets no report', async () => {
    const [moved] = welcomeMailsFor(gameOf(exampleScenario(), 'text'), { gameId: 'g-golden-01', reason: 'email-replaced', nations: [{ nationId: 'south', secret: null }] }, settings);
    expect(moved!.secret).toBeUndefined();
    expect(moved!.mail.text).not.toContain(SECRET_PLACEHOLDER);
    expect(moved!.mail.html).toBeNull();
    expect(moved!.attachments).toBeUndefined();
    expect(moved!.mail.text).toContain('POPULATION CENTRES');
    await expect(`Subject: ${moved!.mail.subject}\n\n${moved!.mail.text}`).toMatchFileSnapshot('golden/welcome-mepbm-new-address-text.txt');
    const [none] = welcomeMailsFor(gameOf(exampleScenario(), 'none'), { gameId: 'g-golden-01', reason: 'secret-replaced', nations: [{ nationId: 'east', secret: 's' }] }, settings);
    expect(none!.mail.text).not.toContain('POPULATION CENTRES');
    expect(none!.mail.text).toContain('You asked for no report mails');
    expect(none!.mail.subject).toBe('[Arbiter] The Golden Game: your new secret, Free Traders of the East');
  });
});

describe('the welcome mail of every ruleset', () => {
  const scenarios: [string, unknown][] = [
    ['mepbm', exampleScenario()],
    ...['mage-knight/first-reconnaissance', 'guards-of-atlantis/two-lanes', 'descent/sunken-stair', 'expeditions/off-basecamp'].map(
      (f): [string, unknown] => [f.split('/')[0]!, JSON.parse(readFileSync(new URL(`../../../examples/scenarios/${f}.json`, import.meta.url), 'utf8'))],
    ),
  ];
  it.each(scenarios)('%s: one welcome per player, with its template, its orders guide, the report and its map', (id, document) => {
    const game = gameOf(document);
    expect(game.ruleset).toBe(id);
    const mails = welcomeMailsFor(game, { gameId: game.gameId, reason: 'game-created', nations: game.nations.map((n) => ({ nationId: n.nationId, secret: `secret-of-${n.nationId}` })) }, settings);
    expect(mails.map((m) => m.nationId)).toEqual(game.nations.map((n) => n.nationId));
    const guide = /The whole syntax is in (\S+) /.exec(mails[0]!.mail.text)?.[1];
    expect(guide !== undefined && existsSync(new URL(`../../../${guide}`, import.meta.url)), String(guide)).toBe(true);
    for (const m of mails) {
      expect(m.mail.text).toContain(`game: ${game.gameId}\nsecret: ${SECRET_PLACEHOLDER}\n`);
      expect(m.mail.text).not.toContain(`secret-of-${m.nationId}`);
      expect(m.mail.text).toContain('YOUR POSITION');
      expect(m.mail.html).toContain('<svg');
      expect(m.attachments).toHaveLength(1);
    }
  });
});

describe('the reminder and the notices', () => {
  const base = { gameId: 'g-golden-01', gameName: 'The Golden Game', playerId: 'north', playerName: 'Kingdom of the North', turn: 3, deadline, timeZone: 'Europe/Berlin' };

  it('the reminder: the turn, the deadline in the game\'s zone and in UTC, where to send orders', async () => {
    const mail = reminderMail({ ...base, words: { player: 'nation', units: 'units' }, ordersTo: settings.ordersTo, apiUrl: settings.apiUrl });
    expect(mail.html).toBeNull();
    await expect(`Subject: ${mail.subject}\n\n${mail.text}`).toMatchFileSnapshot('golden/reminder.txt');
  });

  const changes: [string, GameChange][] = [
    ['deadline-moved', { kind: 'deadline-moved', from: new Date('2026-12-08T18:00:00Z'), to: deadline }],
    ['paused', { kind: 'paused' }],
    ['resumed', { kind: 'resumed', deadlineMoved: true }],
    ['finished', { kind: 'finished' }],
  ];
  it.each(changes)('the notice: %s', async (name, change) => {
    const mail = noticeMail({ ...base, change });
    await expect(`Subject: ${mail.subject}\n\n${mail.text}`).toMatchFileSnapshot(`golden/notice-${name}.txt`);
  });
});
