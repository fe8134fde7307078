// The receipt of a submission: what was accepted, rejected and why, what became of each unit named.
import { useEffect, useRef } from 'preact/hooks';
import type { Receipt } from '../types.ts';
import { localTime } from '../components/Countdown.tsx';

export function ReceiptView(props: { receipt: Receipt; onClose(): void }) {
  const r = props.receipt;
  const box = useRef<HTMLElement>(null);
  // The focus moves to a new receipt once (screen readers read it), never again on a later render: the
  // player may be typing in the editor beside it.
  useEffect(() => box.current?.focus(), [r]);
  return (
    <section class="card receipt" aria-labelledby="receipt-heading" tabIndex={-1} ref={box}>
      <h2 id="receipt-heading">Receipt</h2>
      <p>
        Turn {r.turn}, received {localTime(r.receivedAt)}: {r.summary.accepted} accepted, {r.summary.rejected} rejected, {r.summary.unreadable} unreadable.
        {r.final && ' Your orders are marked final.'}
      </p>
      <ul class="checked">
        {r.orders.map((o) => (
          <li key={`o${o.line}`} class={o.status}>
            <strong>{o.status === 'accepted' ? 'Accepted' : 'Rejected'}:</strong> {o.words}
            {o.reason && <div class="reason">{o.reason}</div>}
            {o.preview && <div class="preview">{o.preview}</div>}
          </li>
        ))}
        {r.cancels.map((c) => (
          <li key={`c${c.line}`} class={c.status}>
            <strong>{c.status === 'accepted' ? 'Cancelled' : 'Not cancelled'}:</strong> {c.unit}
            {c.reason && <div class="reason">{c.reason}</div>}
          </li>
        ))}
        {r.errors.map((e) => (
          <li key={`e${e.line}:${e.column}`} class="rejected">
            <strong>Unreadable, line {e.line}, column {e.column}:</strong> {e.message}
          </li>
        ))}
      </ul>
      {r.units.length > 0 && (
        <ul class="plain">
          {r.units.map((u) => (
            <li key={u.unit}>
              {u.unit}: {u.note}
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={props.onClose}>Close the receipt</button>
    </section>
  );
}
