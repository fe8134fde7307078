// The GM desk's moves card (a game played as each move arrives): whose move it is, the time limit, the
// move log, and the controls: skip the seat, give the move more time, take back the last move (each a
// POST /v1/games/:id/moves/... route; docs/api.md, "Sequential games").
import { useState } from 'preact/hooks';
import { enc, json } from '../api.ts';
import { MoveLogView, useMoves } from '../components/MoveLog.tsx';
import { errorText } from '../hooks.ts';

export function GmMoves(props: { token: string; gameId: string; onChanged: () => void }) {
  const moves = useMoves(props.token, props.gameId);
  const [minutes, setMinutes] = useState('720');
  const [message, setMessage] = useState<string | null>(null);
  if (moves.value === null && moves.error === null) return null;
  const m = moves.value;
  const base = `/v1/games/${enc(props.gameId)}/moves`;
  const act = async (label: string, path: string, body: unknown) => {
    try {
      await json(props.token, `${base}/${path}`, { method: 'POST', body });
      setMessage(`${label}: done.`);
      moves.reload();
      props.onChanged();
    } catch (e) {
      setMessage(`${label}: ${errorText(e)}`);
    }
  };
  const last = m?.moves.filter((x) => x.status === 'done').at(-1);
  return (
    <section class="card" aria-labelledby="gm-moves-heading">
      <h2 id="gm-moves-heading">Moves of turn {m?.turn ?? ''}</h2>
      {moves.error !== null && <p class="error">{moves.error}</p>}
      {message !== null && <p class="notice" role="status">{message}</p>}
      {m !== null && (
        <>
          <MoveLogView moves={m} />
          <div class="actions">
            {m.toMove.length > 0 && (
              <button type="button" onClick={() => act('Skip', 'skip', {})}>
                Skip {m.toMove[0]!.name}
              </button>
            )}
            {last !== undefined && (
              <button type="button" class="secondary" onClick={() => act('Take back', 'take-back', {})}>
                Take back move {last.seq} ({last.name})
              </button>
            )}
          </div>
          {m.moveDeadline !== null && (
            <form
              class="row"
              onSubmit={(e) => {
                e.preventDefault();
                void act('More time', 'extend', { minutes: Number(minutes) });
              }}
            >
              <label>
                More time for the move (minutes) <input type="number" min={1} max={43200} value={minutes} onInput={(e) => setMinutes((e.target as HTMLInputElement).value)} />
              </label>
              <button type="submit" class="secondary">Give more time</button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
