// Creating a game: upload a scenario file, see each nation's opening map before creating, set the
// schedule and the players' addresses; the answer shows each nation's secret once.
import { useState } from 'preact/hooks';
import { json } from '../api.ts';
import { localTime } from '../components/Countdown.tsx';
import { MapView } from '../components/MapView.tsx';
import { errorText } from '../hooks.ts';
import { navigate } from '../router.ts';
import { GmHeader } from './GmGames.tsx';
import { capital, NEUTRAL_WORDS, type Words } from '../words.ts';

interface ScenarioMaps {
  ruleset: { id: string; title: string; words: Words };
  nations: { nationId: string; name: string; svg: string }[];
}
interface Created {
  gameId: string;
  turn: number;
  deadline: string;
  nations: { nationId: string; name: string; email: string; secret: string }[];
}
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export function GmCreate(props: { token: string }) {
  const [scenario, setScenario] = useState<Record<string, unknown> | null>(null);
  const [maps, setMaps] = useState<ScenarioMaps | null>(null);
  const [shown, setShown] = useState(0);
  const [name, setName] = useState('');
  const [emails, setEmails] = useState<Record<string, string>>({});
  const [kind, setKind] = useState<'every' | 'weekly'>('every');
  const [every, setEvery] = useState(7);
  const [weekdays, setWeekdays] = useState<string[]>(['mon', 'thu']);
  const [time, setTime] = useState('18:00');
  const [timeZone, setTimeZone] = useState(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [busy, setBusy] = useState(false);
  const words = maps?.ruleset.words ?? NEUTRAL_WORDS;

  const onFile = async (e: Event) => {
    setError(null);
    setMaps(null);
    setScenario(null);
    const file = (e.currentTarget as HTMLInputElement).files?.[0];
    if (!file) return;
    let doc: unknown;
    try {
      doc = JSON.parse(await file.text());
    } catch (err) {
      setError(`${file.name} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
      setError(`${file.name} is not a scenario: a scenario is a JSON object (docs/scenario-format-mepbm.md).`);
      return;
    }
    try {
      const m = await json<ScenarioMaps>(props.token, '/v1/scenarios/maps', { body: { scenario: doc } });
      setScenario(doc as Record<string, unknown>);
      setMaps(m);
      setShown(0);
      if (name === '') setName(file.name.replace(/\.json$/i, ''));
    } catch (err) {
      setError(errorText(err));
    }
  };

  const create = async (e: Event) => {
    e.preventDefault();
    if (scenario === null || maps === null) return;
    setBusy(true);
    setError(null);
    try {
      const schedule = kind === 'every' ? { kind, days: every, time } : { kind, days: weekdays, time };
      const nations = maps.nations.map((n) => ({ nationId: n.nationId, email: (emails[n.nationId] ?? '').trim() }));
      setCreated(await json<Created>(props.token, '/v1/games', { body: { name, scenario, schedule, timeZone, nations } }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (created !== null) {
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

  return (
    <>
      <GmHeader title="New game" />
      <main class="wide">
        <form class="card" onSubmit={create} aria-labelledby="new-heading">
          <h2 id="new-heading">New game from a scenario</h2>
          <label>
            Scenario file (JSON, docs/scenario-format-mepbm.md)
            <input type="file" accept=".json,application/json" onChange={onFile} />
          </label>
          {error && <p class="error" role="alert">{error}</p>}
          {maps && (
            <>
              <nav aria-label="Opening map of" class="turns">
                {maps.nations.map((n, i) => (
                  <button type="button" key={n.nationId} aria-pressed={i === shown} onClick={() => setShown(i)}>
                    {n.name}
                  </button>
                ))}
              </nav>
              <MapView svg={maps.nations[shown]!.svg} label={`Opening map of ${maps.nations[shown]!.name}`} />
              <label>
                Game name
                <input value={name} onInput={(e) => setName(e.currentTarget.value)} required maxLength={200} />
              </label>
              <fieldset>
                <legend>Players' addresses</legend>
                {maps.nations.map((n) => (
                  <label key={n.nationId}>
                    {n.name}
                    <input type="email" required value={emails[n.nationId] ?? ''} onInput={(e) => setEmails({ ...emails, [n.nationId]: e.currentTarget.value })} />
                  </label>
                ))}
              </fieldset>
              <fieldset>
                <legend>Schedule</legend>
                <label class="inline">
                  <input type="radio" name="kind" checked={kind === 'every'} onChange={() => setKind('every')} /> Every
                  <input type="number" min={1} max={365} value={every} onInput={(e) => setEvery(Number(e.currentTarget.value))} aria-label="days between deadlines" class="short" /> days
                </label>
                <label class="inline">
                  <input type="radio" name="kind" checked={kind === 'weekly'} onChange={() => setKind('weekly')} /> Weekly on
                </label>
                <div class="row" role="group" aria-label="Weekdays">
                  {WEEKDAYS.map((d) => (
                    <label class="inline" key={d}>
                      <input
                        type="checkbox"
                        checked={weekdays.includes(d)}
                        disabled={kind !== 'weekly'}
                        onChange={(e) => setWeekdays(e.currentTarget.checked ? [...weekdays, d] : weekdays.filter((x) => x !== d))}
                      />
                      {d}
                    </label>
                  ))}
                </div>
                <label>
                  Deadline time
                  <input type="time" value={time} onInput={(e) => setTime(e.currentTarget.value)} required />
                </label>
                <label>
                  Time zone of the schedule
                  <input value={timeZone} onInput={(e) => setTimeZone(e.currentTarget.value)} required />
                </label>
              </fieldset>
              <button type="submit" disabled={busy}>Create the game</button>
            </>
          )}
        </form>
      </main>
    </>
  );
}
