// The server's dry-run check of the editor's text (nothing stored): debounced while the player types,
// at once for a line written from the map, and not asked again when the text came with its check.
import { useEffect, useRef, useState } from 'preact/hooks';
import { enc, json } from '../api.ts';
import { errorText } from '../hooks.ts';
import type { OrderCheck } from '../types.ts';
import type { Draft } from './OrderEditor.tsx';

const DEBOUNCE_MS = 350;

export interface OrderCheckState {
  check: OrderCheck | null;
  checking: boolean;
  checkError: string | null;
}

export function useOrderCheck(props: { gameId: string; secret: string; open: boolean; draft: Draft; onCheck(check: OrderCheck | null): void }): OrderCheckState {
  const text = props.draft.text;
  const [check, setCheck] = useState<OrderCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
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

  return { check, checking, checkError };
}

/** The line under the editor: why nothing is checked, or how the check went. */
export function checkStatusText(open: boolean, text: string, state: OrderCheckState): string {
  const c = state.check;
  return !open
    ? 'The turn is not open for orders.'
    : text.trim() === ''
      ? 'Orders are checked as you type; nothing is stored until you submit.'
      : state.checking
        ? 'Checking…'
        : state.checkError !== null
          ? state.checkError
          : c !== null
            ? `${c.summary.accepted} accepted, ${c.summary.rejected} rejected, ${c.summary.unreadable} unreadable (not stored yet)`
            : '';
}
