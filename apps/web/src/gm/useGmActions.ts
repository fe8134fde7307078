// What the GM does to a game's turn from the desk (run now, release, pause, resume, move the deadline,
// set reminders, ...), with the message that says how it went; and the preview of the open turn.
import { useState } from 'preact/hooks';
import { enc, json } from '../api.ts';
import { errorText, type Loaded } from '../hooks.ts';
import type { GameStatus } from '../types.ts';
import type { Preview } from './TurnPreview.tsx';

export interface GmActions {
  preview: Preview | null;
  message: string | null;
  setMessage(m: string | null): void;
  /** Calls the API at `path` and says how it went, under `label`. */
  act(label: string, path: string, method?: 'POST' | 'PUT', body?: unknown): Promise<void>;
  runNow(s: GameStatus): void;
  /** The open turn's preview, for a nation (the one shown last, or the first). */
  loadPreview(nation?: string): Promise<void>;
}

/** `g`: the game's API path. */
export function useGmActions(token: string, g: string, status: Loaded<GameStatus>, reload: () => void): GmActions {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const act = async (label: string, path: string, method: 'POST' | 'PUT' = 'POST', body?: unknown) => {
    setMessage(null);
    try {
      // An answer that says more than "done" (run now: the turn will be held for missing orders) is shown.
      const r = await json<{ message?: unknown } | null>(token, path, { method, ...(body === undefined ? {} : { body }) });
      const said = r !== null && typeof r === 'object' && typeof r.message === 'string' ? r.message.replace(/\.$/u, '') : 'done';
      setPreview(null); // what the turn would do was true before this action, not after it
      setMessage(`${label}: ${said}.`);
      reload();
    } catch (e) {
      setMessage(`${label}: ${errorText(e)}`);
    }
  };
  /** Run now, after a warning when some players have sent no orders: the turn may then be held. */
  const runNow = (s: GameStatus) => {
    const missing = s.nations.filter((n) => n.active && !n.submitted).map((n) => n.name);
    const w = s.ruleset.words;
    if (
      missing.length > 0 &&
      !confirm(
        `${missing.length} of ${s.nations.filter((n) => n.active).length} ${w.players} have sent no orders (${missing.join(', ')}). ` +
          `With orders missing the turn may be held for you instead of running (then use "Release the held turn"). Run turn ${s.turn} now anyway?`,
      )
    )
      return;
    void act('Run now', `${g}/turns/${s.turn}/run`);
  };
  const [previewFor, setPreviewFor] = useState('');
  const loadPreview = async (nation = previewFor || status.value!.nations[0]?.nationId || '') => {
    setPreviewFor(nation);
    try {
      setPreview(await json<Preview>(token, `${g}/turns/${status.value!.turn}/preview${nation === '' ? '' : `?nation=${enc(nation)}`}`));
    } catch (e) {
      setMessage(`Preview: ${errorText(e)}`);
    }
  };
  return { preview, message, setMessage, act, runNow, loadPreview };
}
