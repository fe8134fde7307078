// The events of a Descent turn, in the order they happened: a discriminated union on `type`.
import type { Action } from './orders.ts';
import type { ReadyOrder } from './types.ts';

export type RefusalCode =
  | 'off-board'
  | 'unrevealed'
  | 'closed-door'
  | 'no-line-of-sight'
  | 'enemy'
  | 'obstacle'
  | 'wall'
  | 'grappled'
  | 'in-pit'
  | 'in-town'
  | 'out-of-mp'
  | 'no-fatigue'
  | 'hero-only'
  | 'locked'
  | 'unrevealed-door'
  | 'not-adjacent'
  | 'not-here'
  | 'no-attack-left'
  | 'shared-space'
  | 'no-such-target'
  | 'large-monster'
  | 'not-a-pit'
  | 'door-state';

interface Base {
  figure: string;
}
export type DsEvent =
  | (Base & { type: 'activation-started'; action: Action; ready: ReadyOrder | null; mp: number; square: string | null })
  | (Base & { type: 'moved'; from: string; to: string; direction: string; cost: number; mpLeft: number })
  | (Base & { type: 'fatigue-spent'; points: number; fatigueLeft: number; mpLeft: number })
  | (Base & { type: 'attack-declared'; target: string; square: string; targetSquare: string | null })
  | (Base & { type: 'door-opened' | 'door-closed'; door: string; cost: number; mpLeft: number })
  | { type: 'area-revealed'; by: string; area: string; monsters: string[]; tokens: string[] }
  | (Base & { type: 'aura-wound'; by: string; square: string })
  | (Base & { type: 'fell-into-pit'; square: string })
  | (Base & { type: 'climbed-out'; from: string; to: string; cost: number; mpLeft: number })
  | (Base & { type: 'jumped'; from: string; to: string; pits: number; cost: number; mpLeft: number })
  | (Base & { type: 'token-picked-up'; token: string; item: string; square: string })
  | (Base & { type: 'item-dropped'; item: string; square: string; token: string })
  | (Base & { type: 'chest-opened'; token: string; treasure: string | null; cost: number; mpLeft: number })
  | (Base & { type: 'potion-drunk'; item: string; cost: number; mpLeft: number })
  | (Base & { type: 're-equipped'; cost: number; mpLeft: number })
  | (Base & { type: 'item-given'; to: string; item: string; cost: number; mpLeft: number })
  | (Base & { type: 'went-to-town'; from: string; cost: number; mpLeft: number })
  | (Base & { type: 'came-from-town'; to: string; cost: number; mpLeft: number })
  | (Base & { type: 'took-stairs'; from: string; to: string; cost: number; mpLeft: number })
  | (Base & { type: 'refused'; entry: number; code: RefusalCode; message: string })
  | (Base & { type: 'moved-back'; from: string; to: string; reason: string })
  | (Base & { type: 'activation-ended'; square: string | null; mp: number; spent: number; attacks: number; entriesNotDone: number });
