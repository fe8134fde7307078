// The group-commit queue on its own: what goes into which batch, in which order, and who learns what.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GroupCommit, type Outcome } from '../src/group-commit.ts';

interface Gate {
  items: string[];
  open: () => void;
}

/** A queue whose batches wait until the test opens them; records every batch. */
function gated(maxBatch: number, maxInFlight: number, keyOf?: (item: string) => string) {
  const batches: Gate[] = [];
  const gc = new GroupCommit<string, string>(
    (items) =>
      new Promise<Outcome<string>[]>((resolve) => {
        batches.push({ items, open: () => resolve(items.map((i) => ({ ok: true, value: `done ${i}` }))) });
      }),
    keyOf === undefined ? { maxBatch, maxInFlight } : { maxBatch, maxInFlight, keyOf },
  );
  return { gc, batches };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('a lone item goes out at once, as a batch of one', async () => {
    const { gc, batches } = gated(10, 1);
    const p = gc.submit('a');
    expect(batches.map((b) => b.items)).toEqual([['a']]);
    batches[0]?.open();
    await expect(p).resolves.toBe('done a');
  });

  it('items that arrive while the batches in flight run go together in the next one, at most maxBatch', async () => {
    const { gc, batches } = gated(3, 1);
    const all = ['a', 'b', 'c', 'd', 'e', 'f'].map((i) => gc.submit(i));
    expect(batches.map((b) => b.items)).toEqual([['a']]);
    expect(gc.stats.waiting).toBe(5);
    batches[0]?.open();
    await tick();
    expect(batches.map((b) => b.items)).toEqual([['a'], ['b', 'c', 'd']]);
    batches[1]?.open();
    await tick();
    batches[2]?.open();
    expect(await Promise.all(all)).toEqual(['done a', 'done b', 'done c', 'done d', 'done e', 'done f']);
    expect(gc.stats).toEqual({ batches: 3, items: 6, largestBatch: 3, waiting: 0 });
  });

  it('an item whose key is in a running batch waits (in order); other keys pass it', async () => {
    const { gc, batches } = gated(10, 2, (i) => i[0] as string);
    void gc.submit('x1');
    void gc.submit('x2');
    void gc.submit('y1');
    void gc.submit('x3');
    // x1 runs; x2 waits for it; y1 takes the second slot alone; x3 stays behind x2.
    expect(batches.map((b) => b.items)).toEqual([['x1'], ['y1']]);
    batches[1]?.open();
    await tick();
    expect(batches.map((b) => b.items)).toEqual([['x1'], ['y1']]);
    batches[0]?.open();
    await tick();
    expect(batches.map((b) => b.items)).toEqual([['x1'], ['y1'], ['x2', 'x3']]);
  });

  it('items gathered together go in one batch even when slots are idle; a lone gathered item goes at the next turn', async () => {
    const { gc, batches } = gated(10, 2);
    const all = ['a', 'b', 'c'].map((i) => gc.submit(i, { gather: true }));
    expect(batches).toEqual([]); // nothing started before the event loop's next turn
    expect(gc.stats.waiting).toBe(3);
    await tick();
    expect(batches.map((b) => b.items)).toEqual([['a', 'b', 'c']]); // not a and b alone in the two idle slots
    batches[0]?.open();
    expect(await Promise.all(all)).toEqual(['done a', 'done b', 'done c']);
    const lone = gc.submit('d', { gather: true });
    await tick();
    expect(batches.map((b) => b.items)).toEqual([['a', 'b', 'c'], ['d']]);
    batches[1]?.open();
    await expect(lone).resolves.toBe('done d');
    // An item not gathered still goes at once, and takes the gathered ones queued before it along.
    void gc.submit('e', { gather: true });
    void gc.submit('f');
    expect(batches.map((b) => b.items)).toEqual([['a', 'b', 'c'], ['d'], ['e', 'f']]);
    expect(gc.stats).toEqual({ batches: 3, items: 6, largestBatch: 3, waiting: 0 });
  });

  it('each item learns its own outcome; a batch that throws fails all of its items', async () => {
    const gc = new GroupCommit<number, number>(
      async (items) => {
        if (items.includes(13)) throw new Error('the batch failed');
        return items.map((i) => (i % 2 === 0 ? { ok: true, value: i * 10 } : { ok: false, error: new Error(`odd ${i}`) }));
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const results = await Promise.allSettled([gc.submit(1), gc.submit(2), gc.submit(3), gc.submit(4)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['odd 1', 20, 'odd 3', 40]);
    const failed = await Promise.allSettled([gc.submit(2), gc.submit(12), gc.submit(13)]);
    expect(failed.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect((failed[2] as PromiseRejectedResult).reason.message).toBe('the batch failed');
  });

  it('a run that answers for the wrong number of items is a bug: every item of the batch is rejected', async () => {
    const gc = new GroupCommit<number, number>(async () => [], { maxBatch: 10, maxInFlight: 1 });
    await expect(gc.submit(1)).rejects.toThrow('0 outcomes for 1 items');
  });

  it('refuses limits below one', () => {
    expect(() => new GroupCommit(async () => [], { maxBatch: 0, maxInFlight: 1 })).toThrow('at least 1');
  });

  it('property: every item is answered once; per key, in order of arrival; a key is never in two running batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd'), gap: fc.nat(3), cost: fc.nat(3) }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        async (arrivals, maxBatch, maxInFlight) => {
          const running = new Set<string>();
          const ranOrder: number[] = [];
          let violation = '';
          const gc = new GroupCommit<number, number>(
            async (items) => {
              const keys = new Set(items.map((i) => (arrivals[i] as { key: string }).key));
              for (const k of keys) if (running.has(k)) violation = `key ${k} in two running batches`;
              for (const k of keys) running.add(k);
              ranOrder.push(...items);
              for (let t = 0; t < Math.max(...items.map((i) => (arrivals[i] as { cost: number }).cost)); t++) await tick();
              for (const k of keys) running.delete(k);
              return items.map((i) => ({ ok: true, value: i }));
            },
            { maxBatch, maxInFlight, keyOf: (i) => (arrivals[i] as { key: string }).key },
          );
          const answers: Promise<number>[] = [];
          for (const [i, a] of arrivals.entries()) {
            for (let t = 0; t < a.gap; t++) await tick();
            answers.push(gc.submit(i));
          }
          expect(await Promise.all(answers)).toEqual(arrivals.map((_, i) => i));
          expect(violation).toBe('');
          expect([...ranOrder].sort((x, y) => x - y)).toEqual(arrivals.map((_, i) => i));
          for (const key of ['a', 'b', 'c', 'd']) {
            const mine = ranOrder.filter((i) => (arrivals[i] as { key: string }).key === key);
            expect(mine).toEqual([...mine].sort((x, y) => x - y));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
