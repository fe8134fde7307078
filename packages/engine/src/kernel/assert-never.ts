/**
 * The default of an exhaustive switch over a discriminated union (orders, events, outcomes): the compiler
 * refuses a switch that misses a case, and a value that slips past the types at run time is a bug.
 */
export function assertNever(x: never, what = 'case'): never {
  throw new Error(`unhandled ${what}: ${typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x)}`);
}
