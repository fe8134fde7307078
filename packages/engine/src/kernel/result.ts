// The event log and the seal at one boundary: rules code appends events in the order they happen and
// never orders keys by hand; a ruleset's turn returns an unsealed outcome (views built on demand), and
// the kernel seals it, outside the turn, with the SHA-256 of its canonical JSON.
import { CanonicalHashSink, writeCanonical } from './canonical.ts';
import type { PlayerId, TurnOutcome, TurnResult } from './ruleset.ts';

/** A turn's events in the order they happened; each is a ruleset's union member, `type` as its tag. */
export class EventLog<Ev extends { type: string }> {
  private readonly list: Ev[] = [];

  push(event: Ev): void {
    this.list.push(event);
  }

  events(): readonly Ev[] {
    return this.list;
  }
}

/** A result's members before its views, in canonical (sorted) key order. */
const OUTCOME_MEMBERS = ['errors', 'events', 'nextState', 'rolls', 'turn', 'units'] as const;

/** What the seal hands on of each player's view: the view and, when asked for, its canonical JSON. */
export type OnSealedView<V> = (player: PlayerId, view: V, json: string | undefined) => void;

/**
 * The hash of a turn: SHA-256 of the canonical JSON of {turn, units, events, rolls, errors, views,
 * nextState} (views included: what a player is told is part of what must replay), the same bytes a result
 * sealed before issue 30 was hashed over, so every stored hash still replays. `views` sorts last, so the
 * outcome's members are written first (by the ruleset's `writer` where it has one), then each player's
 * view, built one at a time in key order, written and handed to `onView` (a renderer), and not kept here.
 * With `viewJson`, each view's canonical JSON (the very text hashed) is handed on with it, so a caller that
 * stores or posts the view as JSON does not serialise it again.
 */
export function sealOutcome<St, Ev, V, U>(outcome: TurnOutcome<St, Ev, V, U>, onView?: OnSealedView<V>, options?: { viewJson?: boolean }): string {
  const out = new CanonicalHashSink();
  const writer = outcome.writer;
  if (writer === undefined) writeMembers(out, outcome);
  else writer.outcome(out);
  out.put(',"views":{');
  const text = options?.viewJson === true ? new ViewTextSink() : null;
  let first = true;
  for (const player of keyOrder(outcome.players)) {
    const view = outcome.view(player);
    let json: string | undefined;
    // A member JSON leaves out (as canonicalJson does) is not written.
    if (view !== undefined && typeof view !== 'function' && typeof view !== 'symbol') {
      out.put(`${first ? '' : ','}${JSON.stringify(player)}:`);
      const sink = text ?? out;
      if (writer === undefined) sink.putCanonical(view);
      else writer.view(sink, player, view);
      if (text !== null) {
        json = text.take();
        out.put(json);
      }
      first = false;
    }
    // Handed on once written: what a renderer does with it cannot change the hash.
    onView?.(player, view, json);
  }
  out.put('}}');
  return out.digest();
}

/**
 * A sink that keeps the text written to it instead of hashing it: a view's canonical JSON, taken whole and
 * then written to the seal's own sink, so the bytes hashed are the same as when the view is written there.
 */
class ViewTextSink extends CanonicalHashSink {
  private parts: string[] = [];

  override put(json: string): void {
    this.parts.push(json);
  }

  /** The same text as the hash sink's slice-by-slice writing of a long array. */
  override putArray(list: readonly unknown[]): void {
    this.parts.push(JSON.stringify(list));
  }

  /** Everything written since the last take. */
  take(): string {
    const json = this.parts.join('');
    this.parts = [];
    return json;
  }

  override digest(): string {
    throw new Error('ViewTextSink: a view\'s text is taken, not hashed');
  }
}

/**
 * The result sealed (what is stored): the outcome with every player's view and the hash. A result with its
 * views already built (a ruleset written before issue 30 seals its own) is sealed as it is, to the same hash.
 * `onView` sees each view as it is sealed (with its canonical JSON when `viewJson`): a caller can start
 * rendering the first views while the seal writes the rest.
 */
export function sealTurn<St, Ev, V, U>(
  outcome: TurnOutcome<St, Ev, V, U> | Omit<TurnResult<St, Ev, V, U>, 'hash'>,
  options?: { onView?: OnSealedView<V>; viewJson?: boolean },
): TurnResult<St, Ev, V, U> {
  const o = 'views' in outcome ? outcomeWithViews(outcome) : outcome;
  const views: Record<PlayerId, V> = {};
  const onView = options?.onView;
  const hash = sealOutcome(
    o,
    (player, view, json) => {
      views[player] = view;
      onView?.(player, view, json);
    },
    { viewJson: options?.viewJson === true },
  );
  return { turn: o.turn, units: o.units, events: o.events, rolls: o.rolls, errors: o.errors, views, nextState: o.nextState, hash };
}

/** An outcome whose views are already built (small rulesets build them all at once; a sealed result read back). */
export function outcomeWithViews<St, Ev, V, U>(r: Omit<TurnResult<St, Ev, V, U>, 'hash'>): TurnOutcome<St, Ev, V, U> {
  const views = r.views;
  return {
    turn: r.turn,
    units: r.units,
    events: r.events,
    rolls: r.rolls,
    errors: r.errors,
    nextState: r.nextState,
    players: Object.keys(views).sort(),
    view: (player) => views[player]!,
  };
}

/**
 * An outcome's `players` and `view` from the players' ids and how one view is built: each view is built
 * when asked (none before), and a player with no view is a caller's bug (a TypeError naming it).
 */
export function viewsOnDemand<V>(ids: Iterable<PlayerId>, build: (player: PlayerId) => V): Pick<TurnOutcome<unknown, unknown, V>, 'players' | 'view'> {
  const players = [...new Set(ids)].sort();
  const known = new Set(players);
  return {
    players,
    view: (player) => {
      if (!known.has(player)) throw new TypeError(`no view for ${JSON.stringify(player)}: the turn's players are ${players.join(', ')}`);
      return build(player);
    },
  };
}

function writeMembers(out: CanonicalHashSink, outcome: TurnOutcome<unknown, unknown, unknown, unknown>): void {
  let first = true;
  for (const key of OUTCOME_MEMBERS) {
    const value: unknown = outcome[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    out.put(`${first ? '{' : ','}${JSON.stringify(key)}:`);
    writeCanonical(out, value);
    first = false;
  }
  if (first) throw new TypeError('sealOutcome: an outcome with no members (its turn is missing)');
}

/**
 * Player ids in the order canonicalJson writes an object's keys: sorted, except that keys that are array
 * indexes ("0", "12") come first in numeric order, as every object's own keys do in JavaScript.
 */
function keyOrder(players: readonly PlayerId[]): string[] {
  const order: Record<string, true> = {};
  for (const p of [...players].sort()) order[p] = true;
  return Object.keys(order);
}
