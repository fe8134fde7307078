// Creating a game: upload a scenario file, see each nation's opening map before creating, set the
// schedule and the players' addresses; the answer shows each nation's secret once.
import { useState } from 'preact/hooks';
import { json } from '../api.ts';
import { errorText } from '../hooks.ts';
import { GmHeader } from './GmGames.tsx';
import { NEUTRAL_WORDS } from '../words.ts';
import { CreatedGame, type Created } from './CreatedGame.tsx';
import { OpeningMaps } from './OpeningMaps.tsx';
import { PlayerAddresses } from './PlayerAddresses.tsx';
import { readScenario, type ScenarioMaps } from './scenario-file.ts';
import { ScheduleFields } from './ScheduleFields.tsx';
import { scheduleOf, useSchedule } from './useSchedule.ts';

export function GmCreate(props: { token: string }) {
  const [scenario, setScenario] = useState<Record<string, unknown> | null>(null);
  const [maps, setMaps] = useState<ScenarioMaps | null>(null);
  const [shown, setShown] = useState(0);
  const [name, setName] = useState('');
  const [emails, setEmails] = useState<Record<string, string>>({});
  const schedule = useSchedule();
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
    const read = await readScenario(props.token, file);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setScenario(read.doc);
    setMaps(read.maps);
    setShown(0);
    if (name === '') setName(file.name.replace(/\.json$/i, ''));
  };

  const create = async (e: Event) => {
    e.preventDefault();
    if (scenario === null || maps === null) return;
    setBusy(true);
    setError(null);
    try {
      const nations = maps.nations.map((n) => ({ nationId: n.nationId, email: (emails[n.nationId] ?? '').trim() }));
      setCreated(await json<Created>(props.token, '/v1/games', { body: { name, scenario, schedule: scheduleOf(schedule), timeZone: schedule.timeZone, nations } }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (created !== null) return <CreatedGame created={created} name={name} words={words} />;

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
              <OpeningMaps maps={maps} shown={shown} onShow={setShown} />
              <label>
                Game name
                <input value={name} onInput={(e) => setName(e.currentTarget.value)} required maxLength={200} />
              </label>
              <PlayerAddresses maps={maps} emails={emails} onEmails={setEmails} />
              <ScheduleFields form={schedule} />
              <button type="submit" disabled={busy}>Create the game</button>
            </>
          )}
        </form>
      </main>
    </>
  );
}
