// One small loop for the once-per-turn phases. A phase that loops over thousands of items itself gets
// compiled by the optimising compiler a turn or two later (with the item's code copied into it), work
// that is thrown away or done twice; a phase that hands its items to `each` stays small and cold, while
// the item functions, called thousands of times, are compiled early, each once. `each` is called with many
// different item functions, so it does not copy any of them into itself either.

/** Calls fn(ctx, list[i], i) for every item, in order. */
export function each<C, T>(ctx: C, list: ArrayLike<T>, fn: (ctx: C, item: T, i: number) => void): void {
  for (let i = 0; i < list.length; i++) fn(ctx, list[i]!, i);
}
