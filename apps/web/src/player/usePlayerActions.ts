// What the player does beside the editor: orders sent from the standing orders (cancel, mark final),
// the receipt of what was sent, and how reports are mailed; with the error of the last one.
import { useState } from 'preact/hooks';
import { enc, json } from '../api.ts';
import { errorText, type Loaded } from '../hooks.ts';
import type { GameStatus, Receipt, ReportDelivery } from '../types.ts';

/** `g`: the game's API path; `refresh` loads the page's game again. */
export function usePlayerActions(secret: string, g: string, status: Loaded<GameStatus>, refresh: () => void) {
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const submitted = (r: Receipt) => {
    setReceipt(r);
    refresh();
  };
  const send = async (body: { orders: string; final?: boolean }) => {
    setActionError(null);
    try {
      submitted(await json<Receipt>(secret, `${g}/orders`, { body }));
    } catch (e) {
      setActionError(errorText(e));
    }
  };
  const setDelivery = async (reportDelivery: ReportDelivery) => {
    setActionError(null);
    try {
      await json(secret, `${g}/nations/${enc(status.value!.you!.nationId)}/report-delivery`, { method: 'PUT', body: { reportDelivery } });
      status.reload();
    } catch (e) {
      setActionError(errorText(e));
    }
  };
  return { receipt, setReceipt, actionError, submitted, send, setDelivery };
}
