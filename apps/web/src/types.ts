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

/** A space on the map the player plans on (GET/POST /v1/games/:id/orders/map); null: not on that map. */
export interface MapSpace {
  space: string;
  x: number | null;
  y: number | null;
}

export interface MapUnits {
  map: { turn: number; opening: boolean } | null;
  byMap: boolean;
  units: (MapSpace & { unit: string })[];
  template: string[];
}

export interface MapStep {
  unit: string;
  line: string | null;
  problem: string | null;
  path: MapSpace[];
  next: (MapSpace & { cost: string | null })[];
  /** The editor's text with the new line in it, and its check (when the text was sent). */
  text?: string;
  check?: OrderCheck;
}
