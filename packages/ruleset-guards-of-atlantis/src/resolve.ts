// One card's resolution on the board as the earlier cards left it: the hero's chosen action (the
// secondary Movement action, the primary Movement action with its card text, Fast Travel, or nothing).
// Works on a working copy of the state (the turn's), appending events in the order they happen.
import type { Direction, EventLog, HexId } from '@arbiter/engine';
import { boardOf } from './board.ts';
import type { GoaEvent, MovementKind } from './events.ts';
import { fastTravelProblem, startLimits, walkSteps, type Piece, type Refusal } from './move.ts';
import { assertNever } from '@arbiter/engine';
import { type GoaOrder, type TextEntry } from './orders.ts';
import type { Card, CardEffect, GoaState, Hero, Status } from './types.ts';

/** Why an order cannot be resolved at all (before anything happens), or null. */
export function orderProblem(state: GoaState, order: GoaOrder): string | null {
  const hero = state.heroes.find((h) => h.id === order.hero);
  if (hero === undefined) return `there is no hero ${order.hero} in this game`;
  const card = state.cards[order.card];
  if (card === undefined) return `there is no card ${order.card} in this game`;
  if (!(state.hands[hero.id] ?? []).includes(order.card)) return `${order.card} is not in ${hero.name}'s hand (hand: ${(state.hands[hero.id] ?? []).join(', ') || 'empty'})`;
  if (card.initiative !== order.initiative) return `${card.name} (${order.card}) has initiative ${card.initiative}, not ${order.initiative}`;
  const a = order.action;
  if (a.kind === 'move' && card.movement === 0) return `${card.name} has no secondary Movement value`;
  if (a.kind === 'fast-travel' && card.movement === 0 && card.primary.action !== 'movement') return `${card.name} has no Movement action for Fast Travel to replace`;
  if (a.kind === 'primary') {
    if (card.primary.action !== 'movement') return `${card.name}'s primary action is ${card.primary.action}, not movement: only movement is adjudicated (use "move" for its secondary Movement action)`;
    const plan = textPlan(card, a.text);
    if (typeof plan === 'string') return plan;
  }
  return null;
}

/** The card text's movement effects, each with the text entries of the order it takes. */
type PlannedEffect = { effect: Extract<CardEffect, { kind: 'move' | 'movement-action' }>; entries: TextEntry[] };

export function textPlan(card: Card, text: readonly TextEntry[]): PlannedEffect[] | string {
  const moves = card.effects.filter((e): e is PlannedEffect['effect'] => e.kind === 'move' || e.kind === 'movement-action');
  const stray = text.find((e) => e.kind === 'step' && e.target !== undefined) as Extract<TextEntry, { kind: 'step' }> | undefined;
  if (stray !== undefined && !moves.some((m) => m.kind === 'move' && m.target !== 'self')) {
    return `${card.name}'s text moves no other unit or token: "text ${stray.target!} ${stray.direction}" names one`;
  }
  const out: PlannedEffect[] = [];
  let i = 0;
  for (const effect of moves) {
    if (effect.kind === 'movement-action' && text[i]?.kind === 'fast-travel') {
      out.push({ effect, entries: [text[i] as TextEntry] });
      i += 1;
      continue;
    }
    const entries: TextEntry[] = [];
    const other = effect.kind === 'move' && effect.target !== 'self';
    const fits = (e: TextEntry | undefined): boolean =>
      e?.kind === 'step' && (other ? e.target !== undefined && (entries.length === 0 || e.target === (entries[0] as { target?: string }).target) : e.target === undefined);
    while (i < text.length && entries.length < effect.spaces && fits(text[i])) entries.push(text[i++] as TextEntry);
    if (effect.kind === 'move' && text[i]?.kind === 'fast-travel') return `${card.name}'s text says move: movement in the card text cannot Fast Travel`;
    if (effect.kind === 'move' && !effect.upTo && !effect.optional && entries.length !== effect.spaces) {
      const how = other ? `"text <${effect.target}> <direction>"` : '"text <direction>"';
      return `${card.name}'s text moves ${other ? `a ${effect.target}` : ''}${other ? ' ' : ''}exactly ${effect.spaces} ${effect.spaces === 1 ? 'space' : 'spaces'}: write ${effect.spaces} ${how} ${effect.spaces === 1 ? 'step' : 'steps'} (${entries.length} written)`;
    }
    out.push({ effect, entries });
  }
  if (i < text.length) {
    return moves.length === 0 ? `${card.name}'s text has no movement: remove the "text" steps` : `${text.length - i} "text" ${text.length - i === 1 ? 'entry is' : 'entries are'} more than ${card.name}'s text moves`;
  }
  return out;
}

export class CardResolution {
  constructor(
    private readonly state: GoaState,
    private readonly statuses: Status[],
    private readonly log: EventLog<GoaEvent>,
  ) {}

  private hero(id: string): Hero {
    const h = this.state.heroes.find((x) => x.id === id);
    if (h === undefined) throw new Error(`no hero ${id}`);
    return h;
  }

  /** Resolves an order whose `orderProblem` is null. */
  resolve(order: GoaOrder): void {
    const hero = this.hero(order.hero);
    const card = this.state.cards[order.card] as Card;
    this.state.hands[hero.id] = (this.state.hands[hero.id] ?? []).filter((c) => c !== order.card);
    (this.state.played[hero.id] ??= []).push(order.card);
    const a = order.action;
    const base = { hero: hero.id, card: order.card, initiative: card.initiative };
    switch (a.kind) {
      case 'hold':
        this.log.push({ type: 'card-resolved', ...base, action: 'hold' });
        return;
      case 'move':
        this.log.push({ type: 'card-resolved', ...base, action: 'secondary-movement' });
        this.movementAction(hero, card.movement, a.steps);
        return;
      case 'fast-travel':
        // Fast Travel replaces the whole Movement action; the card text is not applied.
        this.log.push({ type: 'card-resolved', ...base, action: 'fast-travel' });
        this.fastTravel(hero, a.to);
        return;
      case 'primary':
        this.log.push({ type: 'card-resolved', ...base, action: 'primary-movement' });
        this.primary(hero, order.card, card, a.steps, a.text);
        return;
      default:
        assertNever(a);
    }
  }

  private primary(hero: Hero, cardId: string, card: Card, steps: readonly Direction[], text: readonly TextEntry[]): void {
    const plan = textPlan(card, text);
    if (typeof plan === 'string') throw new Error(plan);
    // The card text is applied even with zero spaces moved; unless it says otherwise, before movement.
    this.log.push({ type: 'card-text-applied', hero: hero.id, card: cardId, text: card.text });
    for (const e of card.effects) {
      if (e.kind === 'enemies-adjacent-slowed' || e.kind === 'enemies-adjacent-stopped') {
        this.statuses.push({ by: hero.id, card: cardId, effect: e });
        this.log.push({ type: 'effect-in-play', hero: hero.id, card: cardId, effect: effectWords(e) });
      }
    }
    for (const p of plan.filter((x) => x.effect.timing === 'before')) if (!this.textEffect(hero, cardId, card, p)) return;
    this.movementAction(hero, card.primary.value, steps);
    for (const p of plan.filter((x) => x.effect.timing === 'after')) if (!this.textEffect(hero, cardId, card, p)) return;
  }

  /** One movement of the card text; false when a mandatory step failed and the action stops. */
  private textEffect(hero: Hero, cardId: string, card: Card, p: PlannedEffect): boolean {
    const e = p.effect;
    if (e.kind === 'movement-action') {
      const first = p.entries[0];
      if (first?.kind === 'fast-travel') this.fastTravel(hero, first.to);
      else this.movementAction(hero, e.spaces, p.entries.map((x) => (x as Extract<TextEntry, { kind: 'step' }>).direction));
      return true;
    }
    const steps = p.entries.map((x) => (x as Extract<TextEntry, { kind: 'step' }>).direction);
    if (e.target !== 'self') return this.moveOther(hero, cardId, card, e, p.entries as Extract<TextEntry, { kind: 'step' }>[]);
    const walk = walkSteps(this.state, hero, steps, e.spaces, e.through);
    const stop = stopOf(walk);
    const exact = !e.upTo && !e.optional;
    if (exact && (stop !== null || walk.result.steps.length !== e.spaces)) {
      this.log.push({ type: 'action-stopped', hero: hero.id, card: cardId, reason: `${card.name}'s text moves ${hero.name} exactly ${e.spaces} ${e.spaces === 1 ? 'space' : 'spaces'}, and ${stop?.message ?? 'fewer were possible'}: ${hero.name} does not move and the action stops at that step` });
      return false;
    }
    this.apply(hero, walk.result.steps.map((s) => s.to), 'card-text', e.spaces, stop);
    return true;
  }

  /**
   * A card text moving another unit or a token: the same rules as a Movement action for the piece moved
   * (obstacles, the board's edge, the exact number of spaces unless "up to" or "may"); the piece must be of
   * the kind the text names and within its range of the hero when the text is applied. False: the action stops.
   */
  private moveOther(hero: Hero, cardId: string, card: Card, e: Extract<CardEffect, { kind: 'move' }>, entries: readonly Extract<TextEntry, { kind: 'step' }>[]): boolean {
    const exact = !e.upTo && !e.optional;
    const id = entries[0]?.target;
    if (id === undefined) return true;
    const piece = pieceOf(this.state, id);
    const board = boardOf(this.state);
    let problem: string | null = null;
    if (piece === null || piece.kind === 'hero' && piece.piece.id === hero.id) problem = `there is no other unit or token ${id}`;
    else if ((e.target === 'token') !== (piece.kind === 'token')) problem = `${id} is a ${piece.kind}: ${card.name}'s text moves a ${e.target}`;
    else if (board.distance(hero.at, piece.piece.at) > e.within) problem = `${id} is ${board.distance(hero.at, piece.piece.at)} spaces from ${hero.name}: ${card.name}'s text reaches ${e.within}`;
    const steps = entries.map((x) => x.direction);
    const walk = problem === null ? walkSteps(this.state, piece!.piece, steps, e.spaces, e.through) : null;
    const stop = walk === null ? { code: 'target', message: problem! } : stopOf(walk);
    const moved = walk?.result.steps.map((x) => x.to) ?? [];
    if (exact && (stop !== null || moved.length !== e.spaces)) {
      this.log.push({ type: 'action-stopped', hero: hero.id, card: cardId, reason: `${card.name}'s text moves ${id} exactly ${e.spaces} ${e.spaces === 1 ? 'space' : 'spaces'}, and ${stop?.message ?? 'fewer were possible'}: ${id} does not move and the action stops at that step` });
      return false;
    }
    const from = piece === null ? null : piece.piece.at;
    if (piece !== null && problem === null && moved.length > 0) piece.piece.at = moved[moved.length - 1]!;
    this.log.push({ type: 'moved-by-card', hero: hero.id, card: cardId, unit: id, unitKind: piece?.kind ?? null, from, path: moved, stop });
    return true;
  }

  /** A Movement action of `value` spaces: its limits are checked only at its start. */
  private movementAction(hero: Hero, value: number, steps: readonly Direction[]): void {
    const limits = startLimits(this.state, hero, this.statuses);
    if (limits.stopped !== null) {
      this.log.push({ type: 'movement-refused', hero: hero.id, by: 'movement-action', reason: limits.stopped });
      return;
    }
    let allowed = value;
    if (limits.maxSpaces !== null && limits.maxSpaces.spaces < value) {
      allowed = limits.maxSpaces.spaces;
      this.log.push({ type: 'movement-limited', hero: hero.id, spaces: allowed, by: limits.maxSpaces.by });
    }
    const walk = walkSteps(this.state, hero, steps, allowed);
    this.apply(hero, walk.result.steps.map((s) => s.to), 'movement-action', allowed, stopOf(walk));
  }

  private fastTravel(hero: Hero, to: HexId): void {
    const limits = startLimits(this.state, hero, this.statuses);
    const problem = limits.stopped ?? limits.noFastTravel ?? fastTravelProblem(this.state, hero, to);
    if (problem !== null) {
      this.log.push({ type: 'movement-refused', hero: hero.id, by: 'fast-travel', reason: problem });
      return;
    }
    const board = boardOf(this.state);
    const from = hero.at;
    hero.at = to;
    this.log.push({ type: 'fast-travelled', hero: hero.id, from, to, fromZone: board.regionOf(from) as string, toZone: board.regionOf(to) as string });
  }

  private apply(hero: Hero, spaces: readonly HexId[], by: MovementKind, allowed: number, stop: Refusal | null): void {
    for (const to of spaces) {
      this.log.push({ type: 'moved', hero: hero.id, from: hero.at, to, by });
      hero.at = to;
    }
    this.log.push({ type: 'movement-ended', hero: hero.id, by, at: hero.at, spaces: spaces.length, allowed, stop });
  }
}

/** A hero, minion or token by id (the piece itself, to move it), or null. */
function pieceOf(state: GoaState, id: string): { kind: 'hero' | 'minion' | 'token'; piece: Piece } | null {
  const h = state.heroes.find((x) => x.id === id);
  if (h !== undefined) return { kind: 'hero', piece: h };
  const m = state.minions.find((x) => x.id === id);
  if (m !== undefined) return { kind: 'minion', piece: m };
  const t = state.tokens.find((x) => x.id === id);
  return t === undefined ? null : { kind: 'token', piece: t };
}

/** Why a walk stopped short, as a refusal (a blocked step, a step past its budget or the board's edge). */
export function stopOf(walk: ReturnType<typeof walkSteps>): Refusal | null {
  const s = walk.result.stop;
  if (s === null) return walk.offBoard;
  switch (s.kind) {
    case 'refused': return s.refusal;
    case 'out-of-points': return { code: 'too-far', message: `the step to ${s.to} is past the movement value (${walk.result.spent} of ${walk.result.spent + s.left} spaces moved)` };
    case 'watched': return { code: 'watched', message: s.message };
    case 'revealed': return { code: 'revealed', message: `${s.at} revealed something` };
    default: return assertNever(s);
  }
}

export function effectWords(e: CardEffect): string {
  switch (e.kind) {
    case 'move': {
      const who = e.target === 'self' ? 'move' : `move a ${e.target} within ${e.within}`;
      return `${who} ${e.upTo ? 'up to ' : ''}${e.spaces} ${e.spaces === 1 ? 'space' : 'spaces'}${e.through ? ' through obstacles' : ''}${e.optional ? ' (optional)' : ''} ${e.timing} the movement`;
    }
    case 'movement-action': return `a Movement action of ${e.spaces} ${e.timing} the movement`;
    case 'enemies-adjacent-slowed': return `enemy heroes adjacent to you cannot ${e.noFastTravel ? 'fast travel or ' : ''}move more than ${e.maxSpaces} ${e.maxSpaces === 1 ? 'space' : 'spaces'} with a movement action this turn`;
    case 'enemies-adjacent-stopped': return 'enemy heroes adjacent to you cannot perform movement actions this turn';
    default: return assertNever(e);
  }
}
