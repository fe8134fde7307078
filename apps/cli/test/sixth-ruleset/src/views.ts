// Per-crew views (fog of war): a crew sees the squares within its sight of each of its runners (one
// further around a runner that held), the rival runners standing on them, and of the turn's events its
// own runners' and the rivals' it saw end on a seen square; the lantern and who lifted it are known to all.
import { assertNever, squareDistance } from '@arbiter/engine';
import { cell, squaresOf } from './board.ts';
import type { LrEvent, LrState, LrView } from './types.ts';

/** Squares a crew sees: within sight of each runner (walls hide nothing), in board order. */
export function seenSquares(state: LrState, crew: string, holding: ReadonlySet<string>): string[] {
  const eyes = state.runners.filter((r) => r.crew === crew).map((r) => ({ at: cell(r.at), range: state.settings.sight + (holding.has(r.id) ? 1 : 0) }));
  return squaresOf(state.board).filter((sq) => {
    const c = cell(sq);
    return eyes.some((e) => squareDistance(e.at, c) <= e.range);
  });
}

function eventSeen(e: LrEvent, crew: string, seen: ReadonlySet<string>): boolean {
  if (e.type === 'won' || e.crew === crew) return true;
  switch (e.type) {
    case 'moved':
      return seen.has(e.path[e.path.length - 1]!);
    case 'stumbled':
    case 'blocked':
    case 'held':
    case 'reached-lantern':
      return seen.has(e.at);
    default:
      return assertNever(e);
  }
}

/** The view of `crew` after a turn: `state` is the state the turn made, `turn` the turn reported on. */
export function viewFor(state: LrState, crew: string, turn: number, events: readonly LrEvent[], errors: readonly LrView['errors'][number][], holding: ReadonlySet<string>): LrView {
  const me = state.players.find((p) => p.id === crew);
  if (me === undefined) throw new Error(`${crew} is not a crew of this game`);
  const seen = seenSquares(state, crew, holding);
  const seenSet = new Set(seen);
  const runners = state.runners.filter((r) => r.crew === crew || seenSet.has(r.at)).map((r) => ({ ...r }));
  const shown = new Set(runners.map((r) => r.id));
  const visible = events.filter((e) => eventSeen(e, crew, seenSet));
  const paths: Record<string, string[]> = {};
  for (const e of visible) if (e.type === 'moved' && shown.has(e.runner)) paths[e.runner] = [...e.path];
  const mine = new Set(state.runners.filter((r) => r.crew === crew).map((r) => r.id));
  return {
    ruleset: state.ruleset,
    turn,
    nextTurn: state.turn,
    crew: { ...me },
    board: { columns: state.board.columns, rows: state.board.rows, walls: state.board.walls.map(([a, b]) => [a, b]) },
    lantern: state.lantern,
    seen,
    runners,
    paths,
    events: structuredClone(visible),
    errors: errors.filter((e) => e.unit !== undefined && mine.has(e.unit)).map((e) => ({ ...e })),
    winner: state.winner === null ? null : { ...state.winner },
  };
}
