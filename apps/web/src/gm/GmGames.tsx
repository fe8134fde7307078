// The GM desk's front page: every game on the server, who has sent orders this turn.
import { json } from '../api.ts';
import { localTime } from '../components/Countdown.tsx';
import { useLoad } from '../hooks.ts';
import { navigate } from '../router.ts';
import { session } from '../session.ts';
import type { GameListEntry } from '../types.ts';

export function GmHeader(props: { title: string }) {
  return (
    <header class="top">
      <div>
        <h1>{props.title}</h1>
        <p>
          <a href="#/gm">All games</a> · <a href="#/gm/new">New game</a>
        </p>
      </div>
      <div class="top-right">
        <button
          type="button"
          class="secondary"
          onClick={() => {
            session.signOutGm();
            navigate('');
          }}
        >
          Sign out
        </button>
      </div>
    </header>
  );
}

export function GmGames(props: { token: string }) {
  const games = useLoad(() => json<{ games: GameListEntry[] }>(props.token, '/v1/games'), [props.token]);
  return (
    <>
      <GmHeader title="GM desk" />
      <main class="wide">
        <section class="card" aria-labelledby="games-heading">
          <h2 id="games-heading">Games</h2>
          {games.error && <p class="error" role="alert">{games.error}</p>}
          {games.value && games.value.games.length === 0 && <p>No games yet. <a href="#/gm/new">Create one</a>.</p>}
          {games.value && games.value.games.length > 0 && (
            <div class="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Game</th>
                    <th scope="col">Status</th>
                    <th scope="col">Turn</th>
                    <th scope="col">Deadline</th>
                    <th scope="col">Orders in</th>
                  </tr>
                </thead>
                <tbody>
                  {games.value.games.map((g) => (
                    <tr key={g.gameId}>
                      <td>
                        <a href={`#/gm/game/${encodeURIComponent(g.gameId)}`}>{g.name}</a> <code>{g.gameId}</code>
                      </td>
                      <td>{g.status}</td>
                      <td>
                        {g.turn} {g.turnStatus && `(${g.turnStatus})`}
                      </td>
                      <td>{g.deadline ? localTime(g.deadline) : '—'}</td>
                      <td>
                        {g.submitted} of {g.nations}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </main>
    </>
  );
}
