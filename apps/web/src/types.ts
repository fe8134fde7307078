// The API's answers as the client reads them: the intake's own types (type-only imports, erased from
// the bundle), and the dry-run check's answer (apps/api/src/routes/check.ts; the OpenAPI document at
// /docs has them all).
import type { GameListEntry, GameStatusView, Receipt, ReceiptCancel, ReceiptOrder, StandingUnitOrders, TurnListEntry } from '@arbiter/intake';

export type { GameListEntry, Receipt };
export type GameStatus = GameStatusView;
export type ReportDelivery = NonNullable<GameStatusView['you']>['reportDelivery'];

export interface MapPath {
  line: number;
  unit: string;
  points: { space: string; x: number; y: number }[];
}

export interface OrderCheck {
  turn: number;
  deadline: string;
  orders: ReceiptOrder[];
  cancels: ReceiptCancel[];
  errors: Receipt['errors'];
  summary: Receipt['summary'];
  map: { turn: number; opening: boolean; paths: MapPath[] } | null;
}

export interface TurnList {
  turns: TurnListEntry[];
}

export interface StandingOrders {
  turn: number;
  standingOrders: StandingUnitOrders[];
  submissions: { id: string; receivedAt: string; source: string; summary: Receipt['summary'] }[];
}
