// What the player's page shows of their game, loaded together: its status, its turns and their
// standing orders; refreshed together.
import { useCallback } from 'preact/hooks';
import { json } from '../api.ts';
import { useLoad } from '../hooks.ts';
import type { GameStatus, StandingOrders, TurnList } from '../types.ts';

/** `g`: the game's API path. */
export function usePlayerGame(secret: string, g: string) {
  const status = useLoad(() => json<GameStatus>(secret, g), [g]);
  const turns = useLoad(() => json<TurnList>(secret, `${g}/turns`), [g]);
  const standing = useLoad(() => json<StandingOrders>(secret, `${g}/orders`), [g]);
  const refresh = useCallback(() => {
    status.reload();
    turns.reload();
    standing.reload();
  }, [status.reload, turns.reload, standing.reload]);
  return { status, turns, standing, refresh };
}

/** The turns done (whose reports there are), in order. */
export function doneTurns(turns: TurnList | null): number[] {
  return (turns?.turns ?? []).filter((t) => t.status === 'done').map((t) => t.turn);
}
