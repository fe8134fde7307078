// Group commit: work items that arrive while the database is busy with earlier ones are written together,
// in one transaction and one round trip per step, instead of one transaction each. There is no timer:
// an item that arrives while fewer than `maxInFlight` batches are running goes out at once (a lone
// submission waits for nothing; one submitted with `gather` waits for the event loop's next turn, so the
// items its caller starts with it join its batch); under load the queue fills while batches are in flight, and the next
// batch takes up to `maxBatch` of what has queued. See docs/api.md ("How a submission is stored").

export interface GroupCommitOptions<I> {
  /** Most items in one batch. */
  maxBatch: number;
  /** Most batches running at once (each holds one database connection while it runs). */
  maxInFlight: number;
  /**
   * Items with the same key never run in two batches at once (nor out of order): an item whose key is
   * in a running batch waits for the next one. For submissions the key is the nation, whose row each
   * batch locks; two batches in flight therefore never wait for each other's locks.
   */
  keyOf?: (item: I) => string;
}

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (reason: unknown) => void;
}

/** One outcome per item of a batch, in the batch's order: a value, or the error for that item alone. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * Runs `run(items)` over batches of queued items. `run` returns one outcome per item; if it throws, every
 * item of the batch is rejected with that error (the caller decides about retries inside `run`).
 */
export class GroupCommit<I, O> {
  private queue: Pending<I, O>[] = [];
  private inFlight = 0;
  /** Keys of the items in running batches, with how many of each. */
  private readonly busy = new Map<string, number>();

  constructor(
    private readonly run: (items: I[]) => Promise<Outcome<O>[]>,
    private readonly options: GroupCommitOptions<I>,
  ) {
    if (!(options.maxBatch >= 1 && options.maxInFlight >= 1)) throw new Error('group commit: maxBatch and maxInFlight must be at least 1');
  }

  /**
   * Queues `item`. With `gather`, the item is one of several its caller starts together (a batch of mails'
   * submissions): no batch is started for it before the event loop's next turn, so the others, queued in
   * the meantime, go in the same batch instead of the first ones each going alone to the idle slots.
   */
  submit(item: I, options?: { gather?: boolean }): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (options?.gather === true) this.pumpNextTurn();
      else this.pump();
    });
  }

  private pumpScheduled = false;

  /** One pump at the event loop's next turn (setImmediate), however many gathered items ask for it. */
  private pumpNextTurn(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Counters since start: batches run, items in them, the largest batch; and items waiting now. */
  get stats(): { batches: number; items: number; largestBatch: number; waiting: number } {
    return { ...this.counts, waiting: this.queue.length };
  }
  private readonly counts = { batches: 0, items: 0, largestBatch: 0 };

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const { batch, keys } = this.take();
      if (batch.length === 0) return; // every queued item waits for a running batch
      this.inFlight++;
      this.counts.batches++;
      this.counts.items += batch.length;
      this.counts.largestBatch = Math.max(this.counts.largestBatch, batch.length);
      void this.runBatch(batch).finally(() => {
        this.inFlight--;
        for (const k of keys) {
          const n = (this.busy.get(k) as number) - 1;
          if (n === 0) this.busy.delete(k);
          else this.busy.set(k, n);
        }
        this.pump();
      });
    }
  }

  /** The next batch: queued items in order, skipping (and keeping) those whose key is busy. */
  private take(): { batch: Pending<I, O>[]; keys: string[] } {
    const keyOf = this.options.keyOf;
    if (keyOf === undefined) return { batch: this.queue.splice(0, this.options.maxBatch), keys: [] };
    const batch: Pending<I, O>[] = [];
    const keys: string[] = [];
    const rest: Pending<I, O>[] = [];
    const taken = new Set<string>();
    for (const p of this.queue) {
      const k = keyOf(p.item);
      if (batch.length < this.options.maxBatch && (taken.has(k) || !this.busy.has(k))) {
        batch.push(p);
        keys.push(k);
        taken.add(k);
      } else {
        rest.push(p);
      }
    }
    for (const k of keys) this.busy.set(k, (this.busy.get(k) ?? 0) + 1);
    this.queue = rest;
    return { batch, keys };
  }

  private async runBatch(batch: Pending<I, O>[]): Promise<void> {
    let outcomes: Outcome<O>[];
    try {
      outcomes = await this.run(batch.map((p) => p.item));
      if (outcomes.length !== batch.length) throw new Error(`group commit: ${outcomes.length} outcomes for ${batch.length} items`);
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    batch.forEach((p, i) => {
      const o = outcomes[i] as Outcome<O>;
      if (o.ok) p.resolve(o.value);
      else p.reject(o.error);
    });
  }
}
