// The answer to creating a game: its id, its first deadline, and each nation's secret, shown only once.
import { localTime } from '../components/Countdown.tsx';
import { navigate } from '../router.ts';
import { capital, type Words } from '../words.ts';
import { GmHeader } from './GmGames.tsx';

export interface Created {
  gameId: string;
  turn: number;
  deadline: string;
  nations: { nationId: string; name: string; email: string; secret: string }[];
}

export function CreatedGame(props: { created: Created; name: string; words: Words }) {
  const { created, name, words } = props;
  return (
    <>
      <GmHeader title="Game created" />
      <main class="wide">
        <section class="card" aria-labelledby="secrets-heading">
          <h2 id="secrets-heading">{name}: the {words.players}' secrets</h2>
          <p>
            Game id <code>{created.gameId}</code>; turn {created.turn} is open until {localTime(created.deadline)}. The welcome mails with these secrets are on their way.
            <strong> They are shown only now</strong> (the server keeps only their hashes); a lost one can be replaced from the game's page.
          </p>
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{capital(words.player)}</th>
                  <th scope="col">Address</th>
                  <th scope="col">Secret</th>
                </tr>
              </thead>
              <tbody>
                {created.nations.map((n) => (
                  <tr key={n.nationId}>
                    <th scope="row">{n.name}</th>
                    <td>{n.email}</td>
                    <td>
                      <code class="secret">{n.secret}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" onClick={() => navigate('gm', 'game', created.gameId)}>Open the game</button>
        </section>
      </main>
    </>
  );
}
