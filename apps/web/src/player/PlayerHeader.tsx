// The top of the player's page: the game, the player's nation, the turn and its deadline; switch to
// another of their games, sign in to one more, refresh, sign out.
import { Countdown } from '../components/Countdown.tsx';
import { navigate } from '../router.ts';
import { session, type PlayerSession } from '../session.ts';
import type { GameStatus } from '../types.ts';

/** Signs out of this game: to the player's other game if there is one, else to the sign-in page. */
export function signOut(): void {
  session.signOutPlayer();
  navigate(session.player() === null ? '' : 'play');
}

function switchTo(games: PlayerSession[], gameId: string): void {
  const to = games.find((p) => p.gameId === gameId);
  if (to === undefined) return;
  session.setPlayer(to);
  navigate('play');
}

export function PlayerHeader(props: { gameId: string; status: GameStatus; me: GameStatus['nations'][number] | undefined; onRefresh(): void }) {
  const { gameId, status: s, me } = props;
  const games = session.players();
  return (
    <header class="top">
      <div>
        <h1>{s.name}</h1>
        <p>
          {me?.name ?? s.you?.nationId} · turn {s.turn} ({s.status === 'active' ? s.turnStatus : s.status})
          {me?.final && ' · your orders are final'}
        </p>
      </div>
      <div class="top-right">
        <p>
          Deadline: <Countdown deadline={s.deadline} />
        </p>
        {games.length > 1 && (
          <label class="inline">
            Your games
            <select value={gameId} onChange={(e) => switchTo(games, e.currentTarget.value)}>
              {games.map((p) => (
                <option key={p.gameId} value={p.gameId}>
                  {p.gameId === gameId ? s.name : (p.name ?? p.gameId)}
                </option>
              ))}
            </select>
          </label>
        )}
        <a href="#/play/add">Sign in to another game</a>{' '}
        <button type="button" class="secondary" onClick={props.onRefresh}>Refresh</button> <button type="button" class="secondary" onClick={signOut}>Sign out</button>
      </div>
    </header>
  );
}
