// Under the order editor: each mistake at its line and column (a click puts the caret there), and each
// order as checked, accepted or rejected, with its reason, preview and warnings.
import type { RefObject } from 'preact';
import type { OrderCheck } from '../types.ts';

/** Puts the caret at a line and column (1-based) of a textarea. */
function focusAt(area: HTMLTextAreaElement, line: number, column: number): void {
  const lines = area.value.split('\n');
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += (lines[i]?.length ?? 0) + 1;
  at += Math.max(0, column - 1);
  area.focus();
  area.setSelectionRange(at, at + 1);
}

export function CheckMistakes(props: { check: OrderCheck; area: RefObject<HTMLTextAreaElement | null> }) {
  const { area } = props;
  return (
    <ul class="errors" aria-label="Mistakes">
      {props.check.errors.map((e) => (
        <li key={`${e.line}:${e.column}`}>
          <button type="button" class="link" onClick={() => area.current && focusAt(area.current, e.line, e.column)}>
            line {e.line}, column {e.column}
          </button>
          : {e.message}
        </li>
      ))}
    </ul>
  );
}

export function CheckedOrders(props: { check: OrderCheck }) {
  const c = props.check;
  return (
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
  );
}
