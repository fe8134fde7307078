// The order editor: the same syntax as by mail, checked against the open turn as the player types
// (debounced; the server's dry-run check, nothing stored), every mistake at its line and column, each
// order accepted or rejected with its unopposed path; then submitted for the receipt.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, enc, json } from '../api.ts';
import { errorText } from '../hooks.ts';
import type { OrderCheck, Receipt } from '../types.ts';
import type { Words } from '../words.ts';

const DEBOUNCE_MS = 350;

/** Puts the caret at a line and column (1-based) of a textarea. */
function focusAt(area: HTMLTextAreaElement, line: number, column: number): void {
  const lines = area.value.split('\n');
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += (lines[i]?.length ?? 0) + 1;
  at += Math.max(0, column - 1);
  area.focus();
  area.setSelectionRange(at, at + 1);
}

/** The editor's text, and whether it was just written from the map (checked at once, not after a pause). */
export interface Draft {
  text: string;
  fromMap: boolean;
  /** The server's check of this very text, when it came with it (orders by the map): not asked again. */
  check?: OrderCheck;
}

export function OrderEditor(props: {
  gameId: string;
  secret: string;
  open: boolean;
  words: Words;
  draft: Draft;
  onDraft(d: Draft): void;
  onCheck(check: OrderCheck | null): void;
  onSubmitted(receipt: Receipt): void;
}) {
  const text = props.draft.text;
  const setText = (t: string) => props.onDraft({ text: t, fromMap: false });
  const [check, setCheck] = useState<OrderCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [final, setFinal] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    if (text.trim() === '' || !props.open) {
      inFlight.current?.abort();
      setCheck(null);
      props.onCheck(null);
      setCheckError(null);
      return;
    }
    const known = props.draft.check;
    if (known !== undefined) {
      inFlight.current?.abort();
      setCheck(known);
      props.onCheck(known);
      setCheckError(null);
      setChecking(false);
      return;
    }
    const timer = setTimeout(() => {
      inFlight.current?.abort();
      const ac = new AbortController();
      inFlight.current = ac;
      setChecking(true);
      json<OrderCheck>(props.secret, `/v1/games/${enc(props.gameId)}/orders/check`, { body: text, signal: ac.signal }).then(
        (c) => {
          if (ac.signal.aborted) return;
          setCheck(c);
          props.onCheck(c);
          setCheckError(null);
          setChecking(false);
        },
        (e: unknown) => {
          if (ac.signal.aborted) return;
          setCheckError(errorText(e));
          setChecking(false);
        },
      );
    }, props.draft.fromMap ? 0 : DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [props.draft, props.open]);

  const submit = async (e: Event) => {
    e.preventDefault();
    const mistakes = check === null ? 0 : check.errors.length + check.orders.filter((o) => o.status === 'rejected').length;
    if (mistakes > 0 && !confirm(`${mistakes} ${mistakes === 1 ? 'line has a mistake' : 'lines have mistakes'} (listed under the editor); those lines will not be stored. Submit the rest anyway?`)) return;
    setBusy(true);
    setSubmitError(null);
    try {
      const receipt = await json<Receipt>(props.secret, `/v1/games/${enc(props.gameId)}/orders`, { body: { orders: text, final } });
      // The text stays in the editor (and its paths on the map), to change and send again.
      props.onSubmitted(receipt);
    } catch (err) {
      setSubmitError(err instanceof ApiError && err.problem.issues ? `${err.message}` : errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const c = check;
  return (
    <form class="card editor" onSubmit={submit} aria-labelledby="orders-heading">
      <h2 id="orders-heading">Orders</h2>
      <label for="orders">One order a line, as in a mail: <code>{props.words.unit}, order, …</code></label>
      <textarea
        id="orders"
        ref={area}
        value={text}
        rows={8}
        spellcheck={false}
        autoCapitalize="off"
        autoComplete="off"
        aria-describedby="check-status"
        aria-invalid={c !== null && c.errors.length > 0}
        disabled={!props.open}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <p id="check-status" class="hint" aria-live="polite">
        {!props.open
          ? 'The turn is not open for orders.'
          : text.trim() === ''
            ? 'Orders are checked as you type; nothing is stored until you submit.'
            : checking
              ? 'Checking…'
              : checkError !== null
                ? checkError
                : c !== null
                  ? `${c.summary.accepted} accepted, ${c.summary.rejected} rejected, ${c.summary.unreadable} unreadable (not stored yet)`
                  : ''}
      </p>
      {c !== null && c.errors.length > 0 && (
        <ul class="errors" aria-label="Mistakes">
          {c.errors.map((e) => (
            <li key={`${e.line}:${e.column}`}>
              <button type="button" class="link" onClick={() => area.current && focusAt(area.current, e.line, e.column)}>
                line {e.line}, column {e.column}
              </button>
              : {e.message}
            </li>
          ))}
        </ul>
      )}
      {c !== null && (c.orders.length > 0 || c.cancels.length > 0) && (
        <ul class="checked" aria-label="Orders as checked">
          {c.orders.map((o) => (
            <li key={`o${o.line}`} class={o.status}>
              <strong>{o.status === 'accepted' ? '✓' : '✗'} line {o.line}</strong> {o.words}
              {o.reason && <div class="reason">{o.reason}</div>}
              {o.preview && <div class="preview">{o.preview}</div>}
              {o.warnings.map((w) => (
                <div class="warning" key={w}>{w}</div>
              ))}
            </li>
          ))}
          {c.cancels.map((x) => (
            <li key={`c${x.line}`} class={x.status}>
              <strong>{x.status === 'accepted' ? '✓' : '✗'} line {x.line}</strong> cancel {x.unit}'s orders{x.reason && <div class="reason">{x.reason}</div>}
            </li>
          ))}
        </ul>
      )}
      <label class="inline">
        <input type="checkbox" checked={final} onChange={(e) => setFinal(e.currentTarget.checked)} disabled={!props.open} /> Mark my orders final for this turn
      </label>
      {submitError && <p class="error" role="alert">{submitError}</p>}
      <button type="submit" disabled={busy || !props.open || text.trim() === ''}>Submit orders</button>
    </form>
  );
}
