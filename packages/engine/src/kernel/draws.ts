// What a draw of the seeded random source is and how rules code asks for one: the recorded draw and its
// context, and the `Random` rules code draws with. Types only, shared by the contract (ruleset.ts) and
// the generator (rng.ts) so that neither imports the other.

/** A recorded draw of the seeded random source: every roll is an event, so a turn replays byte for byte. */
export interface RollRecord {
  /** What the roll decided, e.g. "overrun", "evasion", "block-order", "morale", "tie". */
  purpose: string;
  /** Integer drawn, in [0, sides). */
  value: number;
  sides: number;
}

/**
 * What a draw is for beyond its purpose, as the ruleset gives it (mepbm's unit, pulse and hex; Mage
 * Knight's hero and position; Expeditions' mech and location...): recorded as given, the kernel knows
 * no key. `purpose`, `sides` and `value` are the record's own and may not be context keys.
 */
export type DrawContextValues = Readonly<Record<string, string | number>>;

/** `Rng.int`'s context: the purpose and the ruleset's own context values. */
export type DrawContext = { readonly purpose: string } & DrawContextValues;

/** A recorded draw: purpose, sides and value, with the draw's context keys as the ruleset gave them. */
export interface DrawRecord extends RollRecord {
  [context: string]: string | number;
}

/** What rules code draws with; `Rng` implements it (also `int(sides, context)`, mepbm's spelling). */
export interface Random {
  draw(purpose: string, sides: number, context?: DrawContextValues): number;
  draws(): readonly DrawRecord[];
}
