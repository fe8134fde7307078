// The GM desk's card of a game's turn: its state and deadline, what the GM can do to it now, its
// settings, and its preview.
import { Countdown } from '../components/Countdown.tsx';
import type { GameStatus } from '../types.ts';
import { TurnPreview } from './TurnPreview.tsx';
import { DeadlineForm, ReminderForm, type TurnSettingsInput } from './TurnSettings.tsx';
import type { GmActions } from './useGmActions.ts';

export function TurnCard(props: { status: GameStatus; g: string; actions: GmActions; input: TurnSettingsInput; onRefresh(): void }) {
  const { status: s, g, actions, input } = props;
  const { act } = actions;
  const preview = actions.preview;
  const pending = s.turnStatus === 'open' || s.turnStatus === 'held';
  return (
    <section class="card" aria-labelledby="turn-heading">
      <h2 id="turn-heading">
        Turn {s.turn}: {s.status === 'active' ? s.turnStatus : s.status}
      </h2>
      <p>
        Game <code>{s.gameId}</code> · deadline <Countdown deadline={s.deadline} /> · game time zone {s.timeZone}
      </p>
      {s.heldReason && <p class="error">Held: {s.heldReason}</p>}
      <div class="actions">
        {s.turnStatus === 'open' && s.status === 'active' && <button type="button" onClick={() => actions.runNow(s)}>Run turn {s.turn} now</button>}
        {s.turnStatus === 'held' && <button type="button" onClick={() => act('Release', `${g}/turns/${s.turn}/release`)}>Release the held turn</button>}
        {s.status === 'active' && <button type="button" class="secondary" onClick={() => act('Pause', `${g}/pause`)}>Pause</button>}
        {s.status === 'paused' && <button type="button" onClick={() => act('Resume', `${g}/resume`)}>Resume</button>}
        {pending && <button type="button" class="secondary" onClick={() => void actions.loadPreview()}>Preview the turn</button>}
        <button type="button" class="secondary" onClick={props.onRefresh}>Refresh</button>
      </div>
      {pending && <DeadlineForm status={s} g={g} act={act} input={input} />}
      {s.reminderHours !== undefined && s.status !== 'finished' && <ReminderForm status={s} hours={s.reminderHours} g={g} act={act} input={input} />}
      {preview && preview.turn === s.turn && pending && <TurnPreview status={s} preview={preview} onNation={(nation) => void actions.loadPreview(nation)} />}
    </section>
  );
}
