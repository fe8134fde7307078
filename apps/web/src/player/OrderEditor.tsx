// The order editor: the same syntax as by mail, checked against the open turn as the player types
// (debounced; the server's dry-run check, nothing stored), every mistake at its line and column, each
// order accepted or rejected with its unopposed path; then submitted for the receipt.
import { useRef, useState } from 'preact/hooks';
import { ApiError, enc, json } from '../api.ts';
import { errorText } from '../hooks.ts';
import type { OrderCheck, Receipt } from '../types.ts';
import type { Words } from '../words.ts';
import { CheckedOrders, CheckMistakes } from './CheckedOrders.tsx';
import { checkStatusText, useOrderCheck } from './useOrderCheck.ts';

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
  const checked = useOrderCheck(props);
  const c = checked.check;
  const [final, setFinal] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    const mistakes = c === null ? 0 : c.errors.length + c.orders.filter((o) => o.status === 'rejected').length;
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
        {checkStatusText(props.open, text, checked)}
      </p>
      {c !== null && c.errors.length > 0 && <CheckMistakes check={c} area={area} />}
      {c !== null && (c.orders.length > 0 || c.cancels.length > 0) && <CheckedOrders check={c} />}
      <label class="inline">
        <input type="checkbox" checked={final} onChange={(e) => setFinal(e.currentTarget.checked)} disabled={!props.open} /> Mark my orders final for this turn
      </label>
      {submitError && <p class="error" role="alert">{submitError}</p>}
      <button type="submit" disabled={busy || !props.open || text.trim() === ''}>Submit orders</button>
    </form>
  );
}
