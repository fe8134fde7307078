// A game played as each move arrives (docs/web.md, "Moves"): whose move it is, the move's time limit and
// the open turn's move log, from GET /v1/games/:id/moves. Shown on the player page and the GM desk; it
// renders nothing for a game not played move by move (the route answers 409 there).
import type { SequentialStatus } from '@arbiter/turns';
import { ApiError, enc, json } from '../api.ts';
import { useLoad } from '../hooks.ts';
import { Countdown, localTime } from './Countdown.tsx';

const KIND_WORDS: Record<string, string> = { orders: 'moved', timeout: 'passed (time ran out)', skip: 'skipped by the game master' };

/** The move log's data, or null for a game not played move by move. */
export function useMoves(token: string, gameId: string) {
  return useLoad(
    () =>
      json<SequentialStatus>(token, `/v1/games/${enc(gameId)}/moves`).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 409) return null;
        throw e;
      }),
    [token, gameId],
  );
}

export function MoveLogView(props: { moves: SequentialStatus; you?: string }) {
  const m = props.moves;
  const yours = props.you !== undefined && m.toMove.some((p) => p.id === props.you);
  return (
    <>
      <p class={yours ? 'notice' : ''} role="status">
        {m.toMove.length === 0
          ? `Every seat has moved in turn ${m.turn}; the next turn opens at the deadline.`
          : yours
            ? 'It is your move.'
            : `It is ${m.toMove.map((p) => p.name).join(' or ')}'s move.`}
        {m.moveDeadline !== null && (
          <>
            {' '}
            Time limit: <Countdown deadline={m.moveDeadline} />
          </>
        )}
      </p>
      {m.moves.length === 0 ? (
        <p>No move yet in turn {m.turn}.</p>
      ) : (
        <ol class="move-log">
          {m.moves.map((x) => (
            <li key={x.seq} class={x.status === 'takenBack' ? 'taken-back' : ''}>
              Move {x.seq}: {x.name} {KIND_WORDS[x.kind] ?? x.kind}
              {x.status === 'pending' && ' (being adjudicated)'}
              {x.status === 'takenBack' && ' (taken back)'}
              {x.adjudicatedAt !== null && <> · <time dateTime={x.adjudicatedAt}>{localTime(x.adjudicatedAt)}</time></>}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** The player page's card: whose move it is and the move log. */
export function MoveLog(props: { token: string; gameId: string; you: string }) {
  const moves = useMoves(props.token, props.gameId);
  if (moves.value === null && moves.error === null) return null;
  return (
    <section class="card" aria-labelledby="moves-heading">
      <h2 id="moves-heading">Moves of turn {moves.value?.turn ?? ''}</h2>
      {moves.error !== null ? <p class="error">{moves.error}</p> : moves.value !== null && <MoveLogView moves={moves.value} you={props.you} />}
    </section>
  );
}
