// The GM desk's maps: the whole board of the open turn (every unit, every population centre, where the
// ruleset draws one) and any player's latest report, its map and its text, as the player reads it.
import { useState } from 'preact/hooks';
import { enc, text } from '../api.ts';
import { MapView } from '../components/MapView.tsx';
import { useLoad } from '../hooks.ts';
import type { GameStatus } from '../types.ts';

export function GmMaps(props: { token: string; status: GameStatus }) {
  const s = props.status;
  const g = `/v1/games/${enc(s.gameId)}`;
  const lastReport = s.turn - 1;
  const [shown, setShown] = useState<string>('board');
  const path = shown === 'board' ? `${g}/board-map` : `${g}/turns/${lastReport}/reports/${enc(shown)}`;
  const svg = useLoad(() => text(props.token, path, { accept: 'image/svg+xml' }), [path]);
  const words = useLoad(() => (shown === 'board' ? Promise.resolve(null) : text(props.token, path, { accept: 'text/plain' })), [path]);
  const label = shown === 'board' ? `The whole map, turn ${s.turn}` : `${s.nations.find((n) => n.nationId === shown)?.name ?? shown}'s report of turn ${lastReport}`;
  return (
    <section class="card" aria-labelledby="maps-heading">
      <h2 id="maps-heading">Maps</h2>
      <label>
        Show
        <select value={shown} onChange={(e) => setShown(e.currentTarget.value)}>
          <option value="board">The whole map now (every {s.ruleset.words.unit}, every place)</option>
          {lastReport >= 1 &&
            s.nations.map((n) => (
              <option key={n.nationId} value={n.nationId}>
                {n.name}'s report of turn {lastReport}
              </option>
            ))}
        </select>
      </label>
      {svg.error ? <p class="hint">{svg.error}</p> : svg.value ? <MapView svg={svg.value} label={label} /> : <p>Loading the map…</p>}
      {words.value && (
        <details class="report-text">
          <summary>{label} in words</summary>
          <pre>{words.value}</pre>
        </details>
      )}
    </section>
  );
}
