// The orders of a JOverseer order file on the game's units (docs/orders-mepbm.md, "Order files"): the file's
// game and nation numbers must be the game's and the submitting nation's (scenario `joverseer` blocks),
// and each character id is read as the unit the nation's `joverseer.characters` maps it to (a character
// id not mapped is read as a unit id). Orders typed by hand pass through unchanged.
import type { Order } from './orders.ts';
import type { GameState } from './state.ts';
import type { NationId } from './types.ts';

export type FileOrderUnit = { ok: true; order: Order } | { ok: false; order: Order; reason: string };

export function unitsOfFileOrders(state: GameState, nation: NationId, orders: readonly Order[]): FileOrderUnit[] {
  if (!orders.some((o) => o.file !== undefined)) return orders.map((order) => ({ ok: true, order }));
  const numbers = state.nations.find((n) => n.id === nation)?.joverseer;
  return orders.map((o): FileOrderUnit => {
    const file = o.file;
    if (file === undefined || numbers === undefined) return { ok: true, order: o };
    if (numbers.game !== undefined && file.game !== numbers.game) {
      return { ok: false, order: o, reason: `the order file is for JOverseer game ${file.game}; this game is game ${numbers.game}` };
    }
    if (file.nation !== numbers.nation) {
      return { ok: false, order: o, reason: `the order file is for nation ${file.nation}; ${nation} is JOverseer nation ${numbers.nation}` };
    }
    const unit = numbers.characters[o.unit] ?? o.unit;
    if (o.kind === 'move-and-join') return { ok: true, order: { ...o, unit, army: numbers.characters[o.army] ?? o.army } };
    return { ok: true, order: { ...o, unit } };
  });
}
