// One game on the GM desk: nations and who has sent orders, bounced and undelivered mail, inbound mail,
// the open turn's preview, run now, move the deadline, pause, resume, release a held turn, replace a
// player's address or secret, and the audit log.
import { useState } from 'preact/hooks';
import { enc, json } from '../api.ts';
import { Countdown, localTime } from '../components/Countdown.tsx';
import { errorText, useLoad, usePoll } from '../hooks.ts';
import { GmMoves } from './GmMoves.tsx';
import type { GameStatus } from '../types.ts';
import { GmHeader } from './GmGames.tsx';
import { GmMaps } from './GmMaps.tsx';
import { MapView } from '../components/MapView.tsx';
import { capital } from '../words.ts';

interface Inbound {
  mail: { messageId: string; receivedAt: string; from: string; status: string; reason: string | null }[];
}
interface Audit {
  entries: { id: string; at: string; actor: string; action: string; detail: unknown; words: string }[];
}
interface Preview {
  turn: number;
  report?: { nationId: string; text: string; svg: string | null };
  hash: string;
  unitsWithOrders: number;
  inputErrors: { nation: string; unit: string; message: string }[];
  orderErrors: { line: number; column: number; message: string }[];
  events: unknown[];
}

/** A datetime-local value (the reader's local time) as the ISO instant the API takes. */
function isoOfLocal(value: string): string {
  return new Date(value).toISOString();
}
function localInputOf(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

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

export function GmGame(props: { token: string; gameId: string }) {
  const { token, gameId } = props;
  const g = `/v1/games/${enc(gameId)}`;
  const status = useLoad(() => json<GameStatus>(token, g), [g]);
  const mail = useLoad(() => json<Inbound>(token, `${g}/mail?limit=20`), [g]);
  const audit = useLoad(() => json<Audit>(token, `${g}/audit?limit=30`), [g]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [deadline, setDeadline] = useState('');
  const [reminder, setReminder] = useState('');

  const reload = () => {
    status.reload();
    mail.reload();
    audit.reload();
  };
  usePoll(status.value?.turnStatus === 'adjudicating', 2000, status.reload);
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

  const s = status.value;
  return (
    <>
      <GmHeader title={s ? s.name : 'Game'} />
      <main class="wide">
        {status.error && <p class="error" role="alert">{status.error}</p>}
        {message && <p class="notice" role="status">{message}</p>}
        {s && (
          <>
            <section class="card" aria-labelledby="turn-heading">
              <h2 id="turn-heading">
                Turn {s.turn}: {s.status === 'active' ? s.turnStatus : s.status}
              </h2>
              <p>
                Game <code>{s.gameId}</code> · deadline <Countdown deadline={s.deadline} /> · game time zone {s.timeZone}
              </p>
              {s.heldReason && <p class="error">Held: {s.heldReason}</p>}
              <div class="actions">
                {s.turnStatus === 'open' && s.status === 'active' && <button type="button" onClick={() => runNow(s)}>Run turn {s.turn} now</button>}
                {s.turnStatus === 'held' && <button type="button" onClick={() => act('Release', `${g}/turns/${s.turn}/release`)}>Release the held turn</button>}
                {s.status === 'active' && <button type="button" class="secondary" onClick={() => act('Pause', `${g}/pause`)}>Pause</button>}
                {s.status === 'paused' && <button type="button" onClick={() => act('Resume', `${g}/resume`)}>Resume</button>}
                {(s.turnStatus === 'open' || s.turnStatus === 'held') && <button type="button" class="secondary" onClick={() => void loadPreview()}>Preview the turn</button>}
                <button type="button" class="secondary" onClick={reload}>Refresh</button>
              </div>
              {(s.turnStatus === 'open' || s.turnStatus === 'held') && (
                <form
                  class="row"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void act('Move the deadline', `${g}/turns/${s.turn}/deadline`, 'PUT', { deadline: isoOfLocal(deadline) });
                  }}
                >
                  <label>
                    New deadline (your local time)
                    <input type="datetime-local" value={deadline || localInputOf(s.deadline)} onInput={(e) => setDeadline(e.currentTarget.value)} required />
                  </label>
                  <button type="submit" class="secondary">Move the deadline</button>
                </form>
              )}
              {s.reminderHours !== undefined && s.status !== 'finished' && (
                <form
                  class="row"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void act('Reminders', `${g}/reminder-hours`, 'PUT', { reminderHours: Number(reminder || s.reminderHours) });
                  }}
                >
                  <label>
                    Remind {s.ruleset.words.players} without orders this many hours before the deadline (0: no reminders)
                    <input type="number" min={0} max={336} step={1} value={reminder || String(s.reminderHours)} onInput={(e) => setReminder(e.currentTarget.value)} required />
                  </label>
                  <button type="submit" class="secondary">Set reminders</button>
                </form>
              )}
              {preview && preview.turn === s.turn && (s.turnStatus === 'open' || s.turnStatus === 'held') && (
                <div class="preview-box">
                  <h3>Preview (nothing stored)</h3>
                  <p>
                    {preview.unitsWithOrders} {s.ruleset.words.units} with orders, {preview.events.length} events, result hash <code>{preview.hash.slice(0, 16)}…</code>
                  </p>
                  {[...preview.inputErrors.map((e) => `${e.nation} ${e.unit}: ${e.message}`), ...preview.orderErrors.map((e) => `line ${e.line}:${e.column} ${e.message}`)].map((t) => (
                    <p class="warning" key={t}>{t}</p>
                  ))}
                  <label>
                    What each {s.ruleset.words.unit} of this {s.ruleset.words.player} would do
                    <select value={preview.report?.nationId ?? ''} onChange={(e) => void loadPreview(e.currentTarget.value)}>
                      {s.nations.map((n) => (
                        <option key={n.nationId} value={n.nationId}>
                          {n.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  {preview.report?.svg && <MapView svg={preview.report.svg} label={`Preview of turn ${preview.turn} for ${preview.report.nationId}`} />}
                  {preview.report && <pre class="preview-text">{preview.report.text}</pre>}
                </div>
              )}
            </section>
            <GmMoves token={token} gameId={gameId} onChanged={reload} />
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
                      <NationRow key={n.nationId} token={token} gameId={gameId} n={n} onChanged={reload} onMessage={setMessage} />
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            <GmMaps token={token} status={s} />
            <section class="card" aria-labelledby="undelivered-heading">
              <h2 id="undelivered-heading">Undelivered mail</h2>
              {(s.undeliveredMail ?? []).length === 0 ? (
                <p>None.</p>
              ) : (
                <ul class="plain">
                  {s.undeliveredMail!.map((m) => (
                    <li key={m.id}>
                      {localTime(m.createdAt)} {m.kind} to {m.to.join(', ')}: “{m.subject}”, {m.attempts} attempts{m.lastError ? `, ${m.lastError}` : ''}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
        <section class="card" aria-labelledby="inbound-heading">
          <h2 id="inbound-heading">Inbound mail</h2>
          {mail.error && <p class="error">{mail.error}</p>}
          {mail.value && mail.value.mail.length === 0 && <p>None yet.</p>}
          <ul class="plain">
            {mail.value?.mail.map((m) => (
              <li key={m.messageId}>
                {localTime(m.receivedAt)} from {m.from}: {m.status}
                {m.reason ? ` (${m.reason})` : ''}
              </li>
            ))}
          </ul>
        </section>
        <section class="card" aria-labelledby="audit-heading">
          <h2 id="audit-heading">Audit log</h2>
          {audit.error && <p class="error">{audit.error}</p>}
          <ul class="plain audit">
            {audit.value?.entries.map((e) => (
              <li key={e.id}>
                <time dateTime={e.at}>{localTime(e.at)}</time>: {e.words} <span class="hint">({e.actor === 'gm' ? 'the game master' : e.actor.startsWith('nation:') ? e.actor.slice(7) : 'the turn runner'})</span>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </>
  );
}
