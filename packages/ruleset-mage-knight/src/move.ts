// One hero's movement: the walk through a move order's entries (steps, explores, more cards), with
// every refusal as a value and every event recorded. Used by adjudication (with the seeded generator:
// explores draw tiles) and by the order check's preview (without one: the walk stops at an explore,
// because the tile is unknown until it is revealed).
import type { EventLog, HexDirection, Random } from '@arbiter/engine';
import { Board } from './board.ts';
import type { MkEvent, RefusalCode, StopReason } from './events.ts';
import type { Entry, MoveOrder, TurnAction } from './orders.ts';
import { nextTile, placementProblem } from './placement.ts';
import { DIRECTION_WORDS } from './orders.ts';
import { tileContents } from './scenario.ts';
import { ENEMY_NAMES, EXPLORE_COST, FORTIFIED_SITES, enterCost, type Terrain } from './terrain.ts';
import type { Enemy, Hero, MkState, Space, TileDef } from './types.ts';

export interface WalkResult {
  /** Spaces the hero stood on, in order, the start first. */
  path: string[];
  stop: StopReason | null;
  /** 1-based entry that was refused, or that the preview stopped at (an explore). */
  stoppedAt: number | null;
  mpPlayed: number;
  mpSpent: number;
  /** The preview reached an explore: what follows depends on the tile revealed. */
  previewStoppedAtExplore: boolean;
}

interface Refusal {
  code: RefusalCode;
  message: string;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function describeSpace(s: Space): string {
  return s.site === null ? `${s.id} (${s.terrain})` : `${s.id} (${s.terrain}, ${s.site}${FORTIFIED_SITES.has(s.site) && s.conquered ? ', conquered' : ''})`;
}

/** A space where any number of heroes may end (the portal, a conquered city). */
export function holdsManyHeroes(s: Space | undefined): boolean {
  return s !== undefined && (s.site === 'portal' || (s.site === 'city' && s.conquered));
}

export function otherHeroesOn(state: MkState, hero: Hero, space: string): Hero[] {
  return state.heroes.filter((h) => h.id !== hero.id && h.space === space);
}

export function undefeatedEnemyOn(state: MkState, space: string): Enemy | undefined {
  return state.enemies.find((e) => e.space === space && !e.defeated);
}

/** The undefeated rampaging enemies a step from `from` to `to` provokes: those next to both spaces. */
export function provokedBy(state: MkState, board: Board, from: string, to: string): Enemy[] {
  const topo = board.topology;
  return state.enemies.filter((e) => !e.defeated && topo.distance(e.space, from) === 1 && topo.distance(e.space, to) === 1);
}

/** The spaces from which an open tile position can be explored (the seed's explore diagram). */
export function explorableFrom(state: MkState, position: string): string[] {
  return new Board(state).spacesExploring(position, (space) => undefeatedEnemyOn(state, space) !== undefined);
}

export class HeroWalk {
  private pool = 0;
  private played = 0;
  private spent = 0;
  /** A card was played since the last explore (or no explore yet): a card that may still be powered. */
  private unfixedCard = false;
  /** Cost reductions played so far (by terrain, or `all`). */
  private readonly reductions = new Map<Terrain | 'all', number>();
  /** The turn's action, once the order reached it: nothing may follow it. */
  private action: TurnAction | null = null;
  readonly path: string[];

  constructor(
    private readonly state: MkState,
    private readonly board: Board,
    private readonly hero: Hero,
    private readonly rng: Random | null,
    private readonly events: EventLog<MkEvent>,
  ) {
    if (hero.space === null) throw new Error(`hero ${hero.id} must be on the map to move`);
    this.path = [hero.space];
  }

  private get at(): string {
    return this.hero.space!;
  }

  run(order: MoveOrder): WalkResult {
    this.addPoints(order.cards);
    let stop: StopReason | null = null;
    let stoppedAt: number | null = null;
    let previewStoppedAtExplore = false;
    let done = 0;
    for (let i = 0; i < order.entries.length; i++) {
      const entry = order.entries[i]!;
      if (this.action !== null) {
        stop = this.refuse(i, { code: 'after-action', message: `all movement comes before the action: nothing may follow "${this.action}" (entry ${i})` });
        stoppedAt = i + 1;
        done = i;
        break;
      }
      if (entry.kind === 'explore' && this.rng === null) {
        const r = this.exploreRefusal(entry.direction);
        if (r !== null) {
          stop = this.refuse(i, r);
        } else previewStoppedAtExplore = true;
        stoppedAt = i + 1;
        break;
      }
      const outcome = this.entry(entry);
      if (outcome === null) {
        done = i + 1;
        continue;
      }
      if ('code' in outcome) {
        stop = this.refuse(i, outcome);
        stoppedAt = i + 1;
        done = i;
      } else {
        stop = outcome.stop;
        done = i + 1;
      }
      break;
    }
    this.events.push({
      type: 'movement-ended',
      hero: this.hero.id,
      space: this.at,
      mpPlayed: this.played,
      mpSpent: this.spent,
      mpLost: this.pool,
      stop,
      entriesNotDone: order.entries.length - done,
    });
    if (this.action !== null) this.events.push({ type: 'action', hero: this.hero.id, space: this.at, action: this.action });
    return { path: this.path, stop, stoppedAt, mpPlayed: this.played, mpSpent: this.spent, previewStoppedAtExplore };
  }

  private refuse(i: number, r: Refusal): RefusalCode {
    this.events.push({ type: 'step-refused', hero: this.hero.id, entry: i + 1, code: r.code, message: r.message });
    return r.code;
  }

  private addPoints(cards: readonly number[]): void {
    const points = sum(cards);
    this.pool += points;
    this.played += points;
    this.unfixedCard = true;
    this.events.push({ type: 'cards-played', hero: this.hero.id, cards: [...cards], points, mpLeft: this.pool });
  }

  /** Null: done, go on. A refusal: movement stops before this entry. `stop`: done, and movement ends. */
  private entry(e: Entry): null | Refusal | { stop: StopReason } {
    switch (e.kind) {
      case 'play':
        this.addPoints(e.cards);
        return null;
      case 'power':
        if (!this.unfixedCard) {
          return { code: 'cards-fixed', message: 'cards played before exploring cannot be changed or powered afterwards; play another card (only a card played after the explore can be powered)' };
        }
        this.pool += e.points;
        this.played += e.points;
        this.events.push({ type: 'card-powered', hero: this.hero.id, points: e.points, mpLeft: this.pool });
        return null;
      case 'step':
        return this.step(e.direction);
      case 'explore':
        return this.explore(e.direction);
      case 'reduce':
        this.reductions.set(e.terrain, (this.reductions.get(e.terrain) ?? 0) + e.points);
        this.events.push({ type: 'cost-reduced', hero: this.hero.id, terrain: e.terrain, points: e.points });
        return null;
      case 'action':
        this.action = e.action;
        return null;
      default: {
        const never: never = e;
        throw new Error(`unknown entry ${JSON.stringify(never)}`);
      }
    }
  }

  /** Why the step in direction d cannot be taken now, or its cost and the enemies it provokes. */
  stepRefusal(d: HexDirection): Refusal | { to: Space; cost: number; provokes: Enemy[] } {
    const from = this.at;
    const toId = this.board.neighbour(from, d);
    const dir = DIRECTION_WORDS[d];
    if (toId === null) return { code: 'off-map', message: `there is no land to the ${dir} of ${from} (the edge of the map, or behind the coastline)` };
    const to = this.board.space(toId);
    if (to === undefined) return { code: 'unrevealed', message: `to the ${dir} of ${from} lies a tile not yet revealed (explore it first)` };
    const cost = this.costOf(to);
    if (cost === null) return { code: 'inaccessible', message: `${describeSpace(to)} is inaccessible` };
    const enemy = undefeatedEnemyOn(this.state, to.id);
    if (enemy !== undefined) return { code: 'rampaging-enemy', message: `${to.id} is occupied by rampaging ${ENEMY_NAMES[enemy.kind]} and cannot be entered` };
    const provokes = provokedBy(this.state, this.board, from, to.id);
    const others = otherHeroesOn(this.state, this.hero, to.id);
    if (provokes.length > 0 && others.length > 0) {
      return {
        code: 'provoke-onto-hero',
        message: `the step onto ${to.id}, where ${others.map((h) => h.name).join(' and ')} stands, would provoke ${provokes.map((p) => `${ENEMY_NAMES[p.kind]} at ${p.space}`).join(' and ')}: not allowed`,
      };
    }
    if (this.pool < cost) {
      return { code: 'insufficient-move', message: `entering ${describeSpace(to)} costs ${cost} Move points by ${this.state.time}; ${this.pool} left` };
    }
    return { to, cost, provokes };
  }

  /**
   * The Move cost of entering a space with the reductions played so far, never below 0; null: inaccessible
   * (a reduction never opens a lake or a mountain). A city costs 2 whatever its terrain, so only `all` reduces it.
   */
  private costOf(to: Space): number | null {
    const base = enterCost(to.terrain, to.site, this.state.time);
    if (base === null) return null;
    const off = (this.reductions.get('all') ?? 0) + (to.site === 'city' ? 0 : (this.reductions.get(to.terrain) ?? 0));
    return Math.max(0, base - off);
  }

  private step(d: HexDirection): Refusal | null | { stop: StopReason } {
    const r = this.stepRefusal(d);
    if ('code' in r) return r;
    const from = this.at;
    this.pool -= r.cost;
    this.spent += r.cost;
    this.hero.space = r.to.id;
    this.path.push(r.to.id);
    this.events.push({ type: 'moved', hero: this.hero.id, from, to: r.to.id, direction: d, cost: r.cost, mpLeft: this.pool });
    // A step can be both: an assault that also provokes is one combat against the defenders and the provoked.
    const provoked = r.provokes.map((e) => ({ space: e.space, kind: e.kind }));
    if (provoked.length > 0) this.events.push({ type: 'provoked', hero: this.hero.id, space: r.to.id, enemies: provoked });
    if (r.to.site !== null && FORTIFIED_SITES.has(r.to.site) && !r.to.conquered) {
      this.events.push({ type: 'assault', hero: this.hero.id, space: r.to.id, site: r.to.site, provoked });
      return { stop: 'assault' };
    }
    return provoked.length > 0 ? { stop: 'provoked' } : null;
  }

  /** Why an explore (towards d, or the only open position) cannot be done now; null when it can. */
  exploreRefusal(d: HexDirection | null): Refusal | null {
    const p = this.explorePosition(d);
    if ('code' in p) return p;
    if (this.pool < EXPLORE_COST) return { code: 'insufficient-move', message: `exploring costs ${EXPLORE_COST} Move points; ${this.pool} left` };
    const next = nextTile(this.state);
    if (next === null) {
      const reserve = this.state.settings.emptyDeck === 'reserve' ? ' and so is the reserve' : '';
      return { code: 'deck-empty', message: `the tile deck is empty${reserve}: no more tiles to explore` };
    }
    const problem = placementProblem(this.state, p.position, next);
    return problem === null ? null : { code: 'explore-placement', message: problem };
  }

  private explorePosition(d: HexDirection | null): Refusal | { position: string } {
    const from = this.at;
    const open = this.board.openPositionsFrom(from);
    if (d !== null) {
      const n = this.board.neighbour(from, d);
      const dir = DIRECTION_WORDS[d];
      if (n === null) return { code: 'explore-no-position', message: `no tile can be placed to the ${dir} of ${from} (the edge of the map, or behind the coastline)` };
      const position = this.board.topology.positionOf(n);
      if (this.board.isPlaced(position)) return { code: 'explore-revealed', message: `the tile to the ${dir} of ${from} (position ${position}) is already revealed` };
      return { position };
    }
    if (open.length === 0) return { code: 'explore-nothing', message: `${from} borders no open tile position (only revealed tiles, or empty space behind the coastline)` };
    if (open.length > 1) {
      const choices = open.map((o) => `explore ${o.directions[0]!} (position ${o.position})`).join(' or ');
      return { code: 'explore-ambiguous', message: `two tiles could be explored from ${from}: name the one first, ${choices}` };
    }
    return { position: open[0]!.position };
  }

  /**
   * The top tile of the deck (countryside, then core), or with an empty deck a tile of the reserve
   * (countryside, then non-city core): a recorded draw, at random from the pile with tileOrder `shuffled`.
   */
  private drawTile(position: string): { tile: TileDef & { kind: 'countryside' | 'core' }; fromReserve: boolean } {
    const { deck, reserve } = this.state;
    const fromReserve = deck.countryside.length + deck.core.length === 0;
    let pile: TileDef[];
    if (!fromReserve) pile = deck.countryside.length > 0 ? deck.countryside : deck.core;
    else {
      const countryside = reserve.filter((t) => t.kind === 'countryside');
      pile = countryside.length > 0 ? countryside : reserve;
    }
    const index = this.rng!.draw('tile', this.state.settings.tileOrder === 'shuffled' ? pile.length : 1, { hero: this.hero.id, position });
    const tile = pile[index];
    if (tile === undefined || tile.kind === 'starting') throw new Error('the tile deck holds a tile it should not');
    if (fromReserve) reserve.splice(reserve.indexOf(tile), 1);
    else pile.splice(index, 1);
    return { tile: tile as TileDef & { kind: 'countryside' | 'core' }, fromReserve };
  }

  private explore(d: HexDirection | null): Refusal | null {
    const refusal = this.exploreRefusal(d);
    if (refusal !== null) return refusal;
    const { position } = this.explorePosition(d) as { position: string };
    const { tile, fromReserve } = this.drawTile(position);
    this.pool -= EXPLORE_COST;
    this.spent += EXPLORE_COST;
    this.unfixedCard = false;
    const contents = tileContents(position, tile);
    this.state.tiles.push({ position, tile: tile.id, kind: tile.kind });
    this.state.spaces.push(...contents.spaces);
    this.state.enemies.push(...contents.enemies);
    this.board.reveal(position, contents.spaces);
    const reserve = fromReserve ? { fromReserve: true as const } : {};
    this.events.push({ type: 'explored', hero: this.hero.id, from: this.at, position, tile: tile.id, tileKind: tile.kind, cost: EXPLORE_COST, mpLeft: this.pool, ...reserve });
    for (const e of contents.enemies) this.events.push({ type: 'enemy-revealed', space: e.space, kind: e.kind });
    const fame = this.state.settings.famePerTile;
    if (fame > 0) {
      this.hero.fame += fame;
      this.events.push({ type: 'fame-gained', hero: this.hero.id, fame, total: this.hero.fame, reason: 'tile-revealed' });
    }
    return null;
  }
}
