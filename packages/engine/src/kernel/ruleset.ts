// The Ruleset contract: what every game's ruleset gives the kernel and the services (issue #11). Drafted
// by the lead, refined with the kernel (every change to the draft is listed in docs/architecture.md,
// "Changes to the lead's draft"). Every ruleset must fit it without kernel changes.
// Everything crossing the contract is plain JSON-serialisable data (states are stored in PostgreSQL), but
// for a turn's unsealed outcome, whose views are built on demand (`TurnOutcome`, sealed by the kernel).
import type { DrawRecord } from './draws.ts';
import type { CanonicalHashSink } from './canonical.ts';

export type { DrawRecord, Random } from './draws.ts';

/** A player's seat in a game: mepbm's nation, Mage Knight's hero's player, GoA's team member... */
export type PlayerId = string;
/**
 * A ruleset's id, stored with each game: lower-case letters, digits and `-` (`mepbm`, `mage-knight`). The
 * kernel knows no game: any id is a ruleset's, and the registry (@arbiter/rulesets) knows which are run.
 */
export type RulesetId = string;

/** A position in an order text, 1-based. */
export interface SourcePosition { line: number; column: number }
/** A player's mistake, as a value (never an exception). */
export interface OrderError extends SourcePosition { message: string; unit?: string }

// ---- board topology (kernel: packages/engine/src/kernel/topology/*) ----
/** One neighbour of a space: the edge to it, with the board's direction name where it has them. */
export interface Edge<S extends string = string> {
  to: S;
  direction?: string;
  /** What the edge crosses, where the board has edge features: a square grid's `door` (walls are no edge). */
  through?: string;
}
export interface Topology<S extends string = string> {
  /** One spelling: parse what a player wrote, or null; format is the canonical spelling. */
  parseSpace(text: string): S | null;
  formatSpace(space: S): string;
  has(space: S): boolean;
  neighbours(space: S): readonly Edge<S>[];
  /** Steps between two spaces ignoring every obstacle. */
  distance(a: S, b: S): number;
  /** Zone / tile / room a space belongs to, where the board has regions. */
  regionOf?(space: S): string | null;
}
// implementations (packages/engine/src/kernel/topology/): hexOffsetTopology (mepbm's pointy-top offset
// ids), hexTiles (Mage Knight: tiles of 7 hexes placed on a tile grid), hexZonesTopology (GoA),
// squareGridTopology (Descent: 8 neighbours, wall/door edges), locationGraphTopology (Expeditions:
// explicit adjacency).

// ---- a step ----
export type StepRefusal = { code: string; message: string };
export type StepOutcome = { ok: true; cost: number } | { ok: false; refusal: StepRefusal };
/** Hooks a ruleset gives the kernel's path walker (packages/engine/src/kernel/walk.ts). */
export interface StepRules<S extends string, U> {
  cost(unit: U, from: S, to: S, edge: Edge<S>): StepOutcome;
  /** Something on `to` that stops entering it (units, tokens, closed doors): a refusal, or null. */
  blocks?(unit: U, to: S): StepRefusal | null;
  /** Watchers of a step (interception, provoking rampaging enemies, auras): what they do to the mover. */
  watch?(unit: U, from: S, to: S): readonly WatchOutcome[];
  /** What entering `to` reveals (a tile, a face-down location), and whether movement ends there. */
  reveal?(unit: U, to: S): { revealed: boolean; endsMovement: boolean } | null;
}
export type WatchOutcome =
  | { kind: 'stop'; by: string; message: string } // movement ends after this step (provoked, intercepted)
  | { kind: 'effect'; by: string; message: string }; // recorded, movement goes on (aura wound)

// ---- random source, events, hash (kernel) ----
// The seeded random source is the kernel's `Rng` (kernel/rng.ts): its state (`RngState`) lives in the
// ruleset's game state, every draw is recorded as a `DrawRecord` (purpose, sides, value, context).
/** The result hash: canonical JSON (sorted keys) + SHA-256, computed by the kernel at one boundary (`sealTurn`). */
export type ResultHash = string;

// ---- turn structure ----
/** The kernel's turn-order presets (kernel/turn.ts, `TURN_ORDERS`): how play passes from seat to seat. */
export type TurnOrderName = 'seat' | 'initiative' | 'sides';
export type TurnStructure =
  | { kind: 'simultaneous' } // mepbm: every player's orders at the deadline at once
  // MK/Expeditions: seat order; GoA: card initiative; Descent: `sides` (['heroes', 'overlord']): every
  // member of a side, in any order they choose, then the next side.
  | { kind: 'sequential'; order: TurnOrderName; sides?: readonly string[] };
/** Game setting for sequential games: all moves at the deadline in order, or each as soon as it arrives. */
export type SequentialMode = 'at-deadline' | 'as-each-move-arrives';

// ---- checks and results ----
export interface OrderCheck<O> {
  order: O;
  status: 'accepted' | 'rejected';
  reason?: string;
  warnings: string[];
  /** The path as if unopposed, in words (the receipt's preview and the web client's drawn path). */
  preview?: string;
  previewPath?: string[]; // formatted space ids
  /**
   * Optional: what each step of `previewPath` costs (one entry per space after the start), in the
   * ruleset's words ("2 MP"): the web client shows the cost of the step under the pointer.
   */
  previewCosts?: string[];
}

/** A unit the player can order by the map (`orders.byMap`), on its space now (formatted id). */
export interface MapUnit { unit: string; space: string }
/** An order line written from a path on the map, or why none can be. */
export type MapLine = { ok: true; line: string } | { ok: false; message: string };
/** What a turn's result holds, sealed or not: what happened and the next state. */
export interface TurnRecord<St = unknown, Ev = { type: string }, U = unknown> {
  turn: number;
  /** What happened to each of the players' pieces (mepbm's units, MK's heroes...), stored with the result. */
  units: U[];
  events: Ev[]; // a discriminated union per ruleset, `type` as its tag
  rolls: DrawRecord[];
  errors: OrderError[];
  nextState: St;
}

/**
 * A turn as a ruleset resolved it, not sealed (issue 30): what happened and the next state, the players
 * who are told it, and each one's view built only when asked (where it is rendered). Nothing in it is
 * hashed or serialised; the kernel seals it at one boundary (`sealTurn`, `sealOutcome` in result.ts) over
 * the same bytes as the `TurnResult` it gives.
 */
export interface TurnOutcome<St = unknown, Ev = { type: string }, V = unknown, U = unknown> extends TurnRecord<St, Ev, U> {
  /** The players who have a view of the turn, ids sorted. */
  players: readonly PlayerId[];
  /** One player's view, built when asked; asking twice gives equal views. */
  view(player: PlayerId): V;
  /**
   * Optional, for speed: the ruleset's own writer of the sealed bytes, which must be exactly the
   * canonical JSON the kernel would write (`sealOutcome`).
   */
  writer?: SealWriter<V>;
}

/** A ruleset's own writer of a sealed result's canonical JSON, in two parts: the outcome, then each view. */
export interface SealWriter<V> {
  /** `{"errors":…,"events":…,"nextState":…,"rolls":…,"turn":…,"units":…`: every member before the views. */
  outcome(out: CanonicalHashSink): void;
  /** canonicalJson(view), `player`'s view. */
  view(out: CanonicalHashSink, player: PlayerId, view: V): void;
}

/** A turn sealed: the outcome with every player's view and the hash of it all (what is stored). */
export interface TurnResult<St = unknown, Ev = { type: string }, V = unknown, U = unknown> extends TurnRecord<St, Ev, U> {
  views: Record<PlayerId, V>;
  hash: ResultHash;
}

// ---- reports ----
/** What a report needs besides the player's view: the game's names, the next deadline and its zone. */
export interface ReportContext {
  gameName: string;
  gameId: string;
  /** The turn whose results the report shows; equals the view's turn. */
  turn: number;
  /** When orders for the next turn are due, or null (paused game, preview). */
  nextDeadline: Date | null;
  /** IANA time zone of the game's schedule, e.g. "Europe/London". */
  timeZone: string;
  /** The reader, in words. */
  playerName: string;
  /** Other players' names by id, for sightings; ids are shown where a name is missing. */
  playerNames?: Readonly<Record<PlayerId, string>>;
  /** The map picture's heading instead of the reader and turn (e.g. a scenario's opening-position preview). */
  mapTitle?: string;
}
/** One player's report, rendered: the shared mail (@arbiter/reports) wraps text and HTML, the PNG is the SVG's. */
export interface RenderedReport { text: string; html: string; svg: string }

// ---- the contract ----
export interface Ruleset<St = unknown, O = unknown, Ev extends { type: string } = { type: string }, V = unknown, U = unknown> {
  id: RulesetId;
  title: string; // "Middle-earth PBM", "Mage Knight"
  /**
   * The version of the ruleset's rules: raised whenever the same state and orders may adjudicate to
   * another result (a rule mended, a field added to what is hashed). Stored with each turn's result, so
   * that a replay under other rules says so rather than look like tampering. Each version's changes are
   * listed in the ruleset's rules document ("Rules versions").
   */
  rulesVersion: number;
  /** Words of the game used by the shells: what a player is called ("nation", "player"), a unit ("unit", "hero"). */
  words: { player: string; players: string; unit: string; units: string };
  turnStructure: TurnStructure;

  scenario: {
    /** Validate a scenario document; every issue with its JSON path. */
    parse(input: unknown): { ok: true; scenario: unknown } | { ok: false; issues: { path: string; message: string }[] };
    initialState(scenario: unknown, seed?: number): St;
    /** The scenario's rule settings (house rules), stored on the game for the game master to read. */
    settings(scenario: unknown): unknown;
    players(state: St): { id: PlayerId; name: string }[];
    /** The order text a scenario file carries for its first turn (`arbiter adjudicate`), one order a line. */
    orderText(scenario: unknown): string;
  };
  /** The board of a state as the kernel's topology: its space ids, neighbours, distance, regions. */
  board(state: St): Topology;
  /** Stored states are JSON: decode checks a stored value is this ruleset's state (throws an Error naming the problem). */
  state: {
    decode(json: unknown): St;
    turnOf(state: St): number;
    /** The player who owns a unit (hero, figure...), or null when the state has no such unit. */
    ownerOf(state: St, unit: string): PlayerId | null;
  };

  orders: {
    parse(text: string): { orders: O[]; errors: OrderError[] };
    print(order: O): string; // canonical order line
    describe(order: O): string; // in words, for receipts
    unitOf(order: O): string; // the unit (or hero, figure, mech) an order is for
    /** One order line as a player writes it, for help texts where no game is known yet (the mail intake's). */
    example: string;
    /** The order's line in the text it was parsed from (1-based). */
    lineOf(order: O): number;
    /** A unit's name as a player wrote it (a cancel line's first entry): its one spelling, or why not. */
    readUnit(raw: string): { ok: true; unit: string } | { ok: false; message: string };
    /** Checked against the open turn's state for one player: one check per order, in order. */
    check(state: St, player: PlayerId, orders: readonly O[]): OrderCheck<O>[];
    /** The order template lines for a player's units (report and welcome mail). */
    template(state: St, player: PlayerId): string[];
    /**
     * Optional: whether a text is an order file this ruleset reads whatever the file's name and type
     * (mepbm: JOverseer's, by its `BEGINMEAUTOINPUT` line). The mail intake asks every ruleset before the
     * game is known, so that an attachment such as `me03v0.077` sent as `application/octet-stream` is read.
     */
    recognises?(text: string): boolean;
    /**
     * Optional: the ruleset's guide to writing orders, as Markdown. A built-in ruleset's guide is Arbiter's
     * document `docs/orders-<id>.md`; a ruleset module from outside the repository (ARBITER_RULESETS)
     * carries its own here, and the server's `GET /v1/rulesets/<id>/orders-guide` serves it (the welcome
     * mail and the web client point there).
     */
    guide?: string;
    /**
     * Orders by the map (the web client, issue #25), optional: the player's units that a path on the
     * map can move, and the order line that moves one along a path (`path`: the spaces it enters, in
     * order, formatted ids; the line is then checked like any typed line). Which spaces are reachable is
     * the ruleset's own `check` of the line with one more step, so the client knows no rule.
     */
    byMap?: {
      units(state: St, player: PlayerId): MapUnit[];
      line(state: St, player: PlayerId, unit: string, path: readonly string[]): MapLine;
    };
  };

  /** Pure: no clock, no I/O. The seeded generator state is in `state`; every draw is recorded. */
  adjudicate(state: St, orders: readonly O[], options?: { orderErrors?: readonly OrderError[] }): TurnOutcome<St, Ev, V, U>;
  /**
   * Sequential rulesets only (the kernel's `sequentialPlay` gives both): who may move now (one player, or
   * several where the turn order lets a side choose; empty never: a round ends after its last move and
   * the next round opens at once), and one player's move. A move with no orders is the player's pass
   * (what a timed-out or skipped move comes to).
   */
  sequential?: {
    mayMove(state: St): PlayerId[];
    move(state: St, player: PlayerId, orders: readonly O[]): TurnOutcome<St, Ev, V, U>;
  };

  /** Renderers of one player's view: the ruleset's own report model and map. */
  report: {
    /** A whole turn's result in a few lines of text, for the game master (`arbiter adjudicate --summary`). */
    summary(result: TurnResult<St, Ev, V, U>): string;
    text(view: V, ctx: ReportContext): string;
    html(view: V, ctx: ReportContext): string;
    /** The map picture as SVG (the shared reports package turns it into PNG). */
    svg(view: V, ctx: ReportContext): string;
    /** All three from one model (what the turn worker stores and mails). */
    render(view: V, ctx: ReportContext): RenderedReport;
    /**
     * Where each space (formatted id) sits on the map `svg` draws for this view, in the SVG's user units
     * (null where the view's map does not show it): the web client draws order paths over the map with
     * them, knowing nothing of the board. Optional: without it the client shows the path in words only.
     */
    mapPoints?(view: V, spaces: readonly string[]): ({ x: number; y: number } | null)[];
    /**
     * The whole board of a state as the game master sees it (every space and piece, nothing hidden), as a
     * view that `svg` draws: `arbiter map` previews a scenario with it. Optional: without it only the
     * players' opening maps are drawn.
     */
    boardView?(state: St): V;
  };
}

/**
 * What a player or GM is told of a game's ruleset wherever it is played: its id, title and words. Every
 * status, receipt and mail carries it, so that shells and the web client speak the game's words.
 */
export interface RulesetLabel {
  id: RulesetId;
  title: string;
  words: Ruleset['words'];
}

/** A ruleset's label (a copy: the ruleset's own words are never handed out to be changed). */
export function rulesetLabel(r: Pick<Ruleset, 'id' | 'title' | 'words'>): RulesetLabel {
  return { id: r.id, title: r.title, words: { ...r.words } };
}
