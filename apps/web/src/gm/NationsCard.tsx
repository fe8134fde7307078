// The GM desk's table of a game's players: who has sent orders, their address (and its last bounce),
// how their reports are mailed; replace an address, issue a new secret.
import { useState } from 'preact/hooks';
import { enc, json } from '../api.ts';
import { localTime } from '../components/Countdown.tsx';
import { errorText } from '../hooks.ts';
import type { GameStatus } from '../types.ts';
import { capital } from '../words.ts';

function NationRow(props: { token: string; gameId: string; n: GameStatus['nations'][number]; onChanged(): void; onMessage(m: string): void }) {
  const { n } = props;
  const [email, setEmail] = useState('');
  const base = `/v1/games/${enc(props.gameId)}/nations/${enc(n.nationId)}`;
  const replaceEmail = async (e: Event) => {
    e.preventDefault();
    try {
      await json(props.token, `${base}/email`, { method: 'PUT', body: { email } });
      setEmail('');
      props.onMessage(`${n.name}'s address is now ${email}.`);
      props.onChanged();
    } catch (err) {
      props.onMessage(errorText(err));
    }
  };
  const newSecret = async () => {
    if (!confirm(`Issue ${n.name} a new secret? The old one stops working at once.`)) return;
    try {
      const r = await json<{ secret: string }>(props.token, `${base}/secret`, { method: 'POST' });
      props.onMessage(`${n.name}'s new secret (shown once, send it to the player): ${r.secret}`);
    } catch (err) {
      props.onMessage(errorText(err));
    }
  };
  return (
    <tr>
      <th scope="row">
        {n.name} <code>{n.nationId}</code>
      </th>
      <td>{n.submitted ? (n.final ? 'sent, final' : 'sent') : 'not yet'}</td>
      <td>
        {n.email}
        {n.lastBounce && <div class="error">bounced {localTime(n.lastBounce.at)}{n.lastBounce.reason ? `: ${n.lastBounce.reason}` : ''}</div>}
      </td>
      <td>{n.reportDelivery}</td>
      <td>
        <form onSubmit={replaceEmail} class="row">
          <label class="sr-only" for={`email-${n.nationId}`}>New address for {n.name}</label>
          <input id={`email-${n.nationId}`} type="email" placeholder="new address" value={email} onInput={(e) => setEmail(e.currentTarget.value)} required />
          <button type="submit" class="secondary">Replace</button>
        </form>
        <button type="button" class="secondary" onClick={newSecret}>New secret</button>
      </td>
    </tr>
  );
}

export function NationsCard(props: { token: string; gameId: string; status: GameStatus; onChanged(): void; onMessage(m: string): void }) {
  const { token, gameId, status: s } = props;
  return (
    <section class="card" aria-labelledby="nations-heading">
      <h2 id="nations-heading">{capital(s.ruleset.words.players)}</h2>
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{capital(s.ruleset.words.player)}</th>
              <th scope="col">Orders this turn</th>
              <th scope="col">Address</th>
              <th scope="col">Reports</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {s.nations.map((n) => (
              <NationRow key={n.nationId} token={token} gameId={gameId} n={n} onChanged={props.onChanged} onMessage={props.onMessage} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
