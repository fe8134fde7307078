// The example scenarios of examples/scenarios/expeditions/, adjudicated through the Ruleset value (the
// contract the services use): each one's summary and result hash are pinned, the replay gives the same
// bytes, and the reports of one player are strict golden files (a missing one fails the run; rewrite with
// `npm run test:update-golden`, then review and commit).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson, sealTurn, type ReportContext } from '@arbiter/engine';
import { expeditions } from '../src/index.ts';

function load(name: string) {
  const doc: unknown = JSON.parse(readFileSync(new URL(`../../../examples/scenarios/expeditions/${name}.json`, import.meta.url), 'utf8'));
  const parsed = expeditions.scenario.parse(doc);
  if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.issues)}`);
  const state = expeditions.scenario.initialState(parsed.scenario);
  const orders = expeditions.orders.parse(expeditions.scenario.orderText(parsed.scenario));
  return { state, orders, result: sealTurn(expeditions.adjudicate(state, orders.orders, { orderErrors: orders.errors })) };
}

const EXAMPLES: Record<string, { hash: string; summary: string[] }> = {
  'off-basecamp': {
    hash: '5dc288e1b76f9bc0f55875471c777e653799769f47f6692bc1cb9c2b804b352d',
    summary: ['  red (ann) basecamp -> 7 through 1, 4; revealed 7, corruption 4+1+3; +1 map; actions: move, gather'],
  },
  'through-red': {
    hash: 'f90f74caa4bb950e4c443b8fb8577592d60b1d12ca8efbfb6b3659d822e5d857',
    summary: ['  blue (ben) 5 -> 12 through 8; revealed 12, corruption 2+2+2; +1 map; actions: move'],
  },
  'empty-bag': {
    hash: '4f8785cac3bd7e4e87215bf62ce5a71533549bfc64652ed23c9e0bcf70d11c97',
    summary: ['  blue (ben) 10 -> 10, no valid destination (Move forfeited); actions: move, gather', '  red (ann) 13 -> 20 through 16; revealed 20, corruption 20; +1 map; actions: move'],
  },
};

const ctx = (turn: number, playerName: string): ReportContext => ({
  gameName: 'Tunguska',
  gameId: 'g-17',
  turn,
  nextDeadline: new Date('2026-12-08T18:00:00Z'),
  timeZone: 'Europe/Berlin',
  playerName,
  playerNames: { ann: 'Ann', ben: 'Ben', cat: 'Cat' },
});

describe('Expeditions example scenarios', () => {
  for (const [name, want] of Object.entries(EXAMPLES)) {
    it(`${name}: its orders parse, and the turn gives the pinned summary and hash`, () => {
      const { orders, result } = load(name);
      expect(orders.errors).toEqual([]);
      const summary = expeditions.report.summary(result);
      for (const line of want.summary) expect(summary.split('\n'), summary).toContain(line);
      expect(summary).toContain(`hash ${result.hash}`);
      expect(result.hash).toBe(want.hash);
    });
    it(`${name}: replays byte for byte, from the stored (JSON) state`, () => {
      const { state, orders, result } = load(name);
      const stored = expeditions.state.decode(JSON.parse(JSON.stringify(state)));
      expect(canonicalJson(sealTurn(expeditions.adjudicate(stored, orders.orders)))).toBe(canonicalJson(result));
    });
  }

  it('off-basecamp: the text report and the SVG map of Ann (red) match their golden files', async () => {
    const { result } = load('off-basecamp');
    const rendered = expeditions.report.render(result.views.ann!, ctx(1, 'Ann'));
    await expect(rendered.text).toMatchFileSnapshot('./__golden__/off-basecamp-ann.txt');
    await expect(rendered.svg).toMatchFileSnapshot('./__golden__/off-basecamp-ann.svg');
    expect(rendered.html).toContain(rendered.svg.trim());
  });

  it('empty-bag: the text report of Ben (blue) matches its golden file', async () => {
    const { result } = load('empty-bag');
    await expect(expeditions.report.text(result.views.ben!, ctx(3, 'Ben'))).toMatchFileSnapshot('./__golden__/empty-bag-ben.txt');
  });

  it('places spaces on the map picture for the web client (mapPoints), null where the map has no such space', () => {
    const { result } = load('off-basecamp');
    expect(expeditions.report.mapPoints!(result.views.ann!, ['basecamp', '7', 'c1', 'nowhere'])).toEqual([{ x: 300, y: 500 }, { x: 200, y: 260 }, { x: 100, y: 260 }, null]);
  });

  it('the board is the kernel topology over Basecamp, locations and cards, with graph distance', () => {
    const { state } = load('off-basecamp');
    const board = expeditions.board(state);
    expect(board.parseSpace(' Basecamp ')).toBe('basecamp');
    expect(board.neighbours('basecamp').map((e) => e.to)).toEqual(['1', '2', '3']);
    expect(board.distance('basecamp', '20')).toBe(6);
    expect(board.regionOf!('c3')).toBe('card');
  });
});
