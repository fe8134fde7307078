// Issue 30: the turn returns its outcome unsealed, each nation's view built when asked; the kernel's seal
// (through mepbm's own writer) gives the hash of the same bytes as the canonical JSON of the sealed result.
import { readFileSync } from 'node:fs';
import { canonicalJson, canonicalSha256, sealOutcome, sealTurn } from '@arbiter/engine';
import { describe, expect, it } from 'vitest';
import { mepbm } from '../src/index.ts';

const example: unknown = JSON.parse(readFileSync(new URL('../../../examples/scenarios/first-turn.json', import.meta.url), 'utf8'));

function exampleTurn() {
  const parsed = mepbm.scenario.parse(example);
  if (!parsed.ok) throw new Error(`the example scenario does not parse: ${JSON.stringify(parsed.issues)}`);
  const state = mepbm.scenario.initialState(parsed.scenario);
  const { orders, errors } = mepbm.orders.parse(mepbm.scenario.orderText(parsed.scenario));
  return mepbm.adjudicate(state, orders, { orderErrors: errors });
}

describe('the unsealed mepbm turn and its seal', () => {
  it("names every nation, sorted, and builds a nation's view alike however often it is asked", () => {
    const outcome = exampleTurn();
    expect(outcome.players).toEqual([...outcome.nextState.nations.map((n) => n.id)].sort());
    const [first, second] = outcome.players;
    expect(canonicalJson(outcome.view(second!))).toBe(canonicalJson(outcome.view(second!)));
    expect(outcome.view(first!).nation).toBe(first);
    expect(() => outcome.view('nobody')).toThrow('nobody is not a nation of this turn');
  });

  it("seals through mepbm's writer to the hash of the sealed result's canonical JSON, views asked in any order before", () => {
    const outcome = exampleTurn();
    for (const n of [...outcome.players].reverse()) outcome.view(n);
    const sealed = sealTurn(outcome);
    const { hash, ...rest } = sealed;
    expect(hash).toBe(canonicalSha256(rest));
    const { writer, ...generic } = exampleTurn();
    expect(writer).toBeDefined();
    expect(sealOutcome(generic)).toBe(hash);
    expect(sealOutcome(exampleTurn())).toBe(hash);
  });
});
