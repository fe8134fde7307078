// One figure's activation: its movement points by action (heroes) or speed (monsters), then its order's
// entries in order: steps through the kernel's path walker with Descent's step rules, movement actions
// paid from the same points, attacks declared. A refused entry ends the activation (the rest is not done).
// At the end the figure must stand in an empty space: it goes back along its path to the last one.
import { SQUARE_DIRECTIONS, formatSquare, parseSquare, walkPath, type EventLog, type Random, type StepRefusal, type StepRules } from '@arbiter/engine';
import { Dungeon } from './board.ts';
import type { DsEvent, RefusalCode } from './events.ts';
import { assertNever } from '@arbiter/engine';
import { type DsOrder, type Entry } from './orders.ts';
import { footprint } from './scenario.ts';
import { occupancy, sightBetween, sightOf } from './sight.ts';
import type { DsState, Figure } from './types.ts';

/** Movement points an action gives: run 2 x speed, advance speed, ready speed unless it attacks, battle none; monsters speed. */
export function actionMp(f: Figure, order: DsOrder): number {
  switch (order.action) {
    case 'run':
      return 2 * f.speed;
    case 'advance':
      return f.speed;
    case 'ready':
      return order.entries.some((e) => e.kind === 'attack') ? 0 : f.speed;
    case 'battle':
      return 0;
    case 'move':
      return f.speed;
    default:
      return assertNever(order.action);
  }
}

/** Attacks an action allows: run none, advance one, ready one (instead of moving), battle two; monsters their card's. */
export function actionAttacks(f: Figure, order: DsOrder): number {
  switch (order.action) {
    case 'run':
      return 0;
    case 'advance':
    case 'ready':
      return 1;
    case 'battle':
      return 2;
    case 'move':
      return f.attacks;
    default:
      return assertNever(order.action);
  }
}

/** Movement action costs (the 1st-edition table). */
export const ACTION_COST = { pickup: 0, drop: 0, glyph: 1, stairs: 1, give: 1, drink: 1, door: 2, chest: 2, reequip: 2, climb: 2, jumpPerPit: 3 } as const;

const stepOf = (square: string, direction: string): string | null => {
  const d = SQUARE_DIRECTIONS.find((x) => x.name === direction)!;
  const p = parseSquare(square)!;
  return p.col + d.dx < 1 || p.row + d.dy < 1 ? null : formatSquare({ col: p.col + d.dx, row: p.row + d.dy });
};

class Refused extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
  }
}

export interface ActivationResult {
  /** The squares the figure's reference square stood on, the start first. */
  path: string[];
}

export class Activation {
  private readonly d: Dungeon;
  private mp = 0;
  private left = 0;
  private attacks = 0;
  private attacksAllowed = 0;
  private readonly path: string[] = [];

  constructor(
    private readonly s: DsState,
    private readonly f: Figure,
    private readonly rng: Random | null,
    private readonly log: EventLog<DsEvent>,
  ) {
    this.d = new Dungeon(s);
  }

  private push(e: DsEvent): void {
    this.log.push(e);
  }

  private enemy(o: Figure): boolean {
    return o.side !== this.f.side;
  }

  private pay(cost: number, what: string): void {
    if (cost > this.left) throw new Refused('out-of-mp', `${what} costs ${cost} MP and ${this.f.id} has ${this.left} left`);
    this.left -= cost;
  }

  private heroOnly(what: string): void {
    if (this.f.side !== 'heroes') throw new Refused('hero-only', `only heroes may ${what}`);
  }

  private here(): string {
    if (this.f.square === null) throw new Refused('in-town', `${this.f.id} is in town: only "glyph <square>" brings it back to the dungeon`);
    return this.f.square;
  }

  private inPit(): boolean {
    return this.d.squaresOf(this.f).every((q) => this.d.isPit(q));
  }

  /** Why a figure may not stand on `squares` while moving (never the end check), or null. */
  private entering(squares: readonly string[]): StepRefusal | null {
    for (const q of squares) {
      if (!this.d.topology.has(q)) return { code: 'off-board', message: `${q} is off the board: figures must remain on the board` };
      if (!this.d.revealed(q)) return { code: 'unrevealed', message: `${q} is in an unrevealed area` };
      if (this.d.blockingObstacle(q)) return { code: 'obstacle', message: `a blocking obstacle stands on ${q}` };
      const foe = this.d.figuresOn(q, this.f).find((o) => this.enemy(o));
      if (foe !== undefined) return { code: 'enemy', message: `${foe.id} (an enemy figure) stands on ${q}` };
    }
    return null;
  }

  private crossing(from: string, to: string): StepRefusal | null {
    const door = this.d.doorBetween(from, to);
    if (door !== undefined && !door.open) return { code: 'closed-door', message: `door ${door.id} between ${from} and ${to} is closed` };
    return null;
  }

  private grappledBy(): Figure | undefined {
    const mine = this.d.squaresOf(this.f);
    return this.s.figures.find((o) => o.grapple && this.enemy(o) && o.square !== null && this.d.adjacent(mine, this.d.squaresOf(o)));
  }

  /** Grapple: a figure next to an enemy with Grapple cannot spend MP to move (steps, jumps, climbs, stairs, glyphs). */
  private notGrappled(): void {
    const g = this.grappledBy();
    if (g !== undefined) throw new Refused('grappled', `${g.id} grapples ${this.f.id}: an adjacent enemy figure may not spend MP to move`);
  }

  private rules(): StepRules<string, Figure> {
    const large = this.f.size[0] > 1 || this.f.size[1] > 1;
    const fitEveryStep = large && this.s.settings.largeMonsters === 'step-and-fit';
    return {
      cost: (_u, from, to, edge) => {
        const g = this.grappledBy();
        if (g !== undefined) return { ok: false, refusal: { code: 'grappled', message: `${g.id} grapples ${this.f.id}: an adjacent enemy figure may not spend MP to move` } };
        if (this.inPit()) return { ok: false, refusal: { code: 'in-pit', message: `${this.f.id} is in a pit: it leaves only by climbing out ("climb <direction>", ${ACTION_COST.climb} MP)` } };
        if (fitEveryStep) {
          for (const q of footprint(from, this.f.size)) {
            const next = stepOf(q, edge.direction!);
            if (next === null || !this.d.topology.has(next)) return { ok: false, refusal: { code: 'large-monster', message: `the base of ${this.f.id} does not fit: ${next ?? 'a square'} is off the board` } };
            const e = this.d.topology.neighbours(q).find((x) => x.to === next);
            if (e === undefined) return { ok: false, refusal: { code: 'large-monster', message: `the base of ${this.f.id} cannot pass from ${q} to ${next} (a wall)` } };
            const shut = this.crossing(q, next);
            if (shut !== null) return { ok: false, refusal: shut };
          }
        }
        if (this.d.crossesWall(from, to)) return { ok: false, refusal: { code: 'wall', message: `the diagonal step from ${from} to ${to} would cross a wall` } };
        const shut = this.crossing(from, to);
        return shut === null ? { ok: true, cost: 1 } : { ok: false, refusal: shut };
      },
      blocks: (_u, to) => this.entering(fitEveryStep ? footprint(to, this.f.size) : [to]),
      watch: (_u, _from, to) =>
        this.s.figures
          .filter((o) => o.aura && this.enemy(o) && o.square !== null && this.d.adjacent(footprint(to, this.f.size), this.d.squaresOf(o)))
          .map((o) => ({ kind: 'effect' as const, by: o.id, message: `moving into ${to} next to ${o.id} (Aura): 1 wound` })),
    };
  }

  private step(direction: string): void {
    const from = this.here();
    const to = stepOf(from, direction);
    if (to === null || !this.d.topology.has(to)) throw new Refused('off-board', `${direction} of ${from} is off the board: figures must remain on the board`);
    if (!this.d.topology.neighbours(from).some((e) => e.to === to)) throw new Refused('wall', `a wall stands between ${from} and ${to}`);
    const walk = walkPath(this.d.topology, this.rules(), this.f, from, [to], this.left);
    if (walk.stop?.kind === 'refused') throw new Refused(walk.stop.refusal.code as RefusalCode, walk.stop.refusal.message);
    if (walk.stop?.kind === 'out-of-points') throw new Refused('out-of-mp', `the step to ${to} costs ${walk.stop.cost} MP and ${this.f.id} has ${walk.stop.left} left`);
    const s = walk.steps[0]!;
    this.left = s.left;
    this.f.square = to;
    this.path.push(to);
    this.push({ type: 'moved', figure: this.f.id, from, to, direction, cost: s.cost, mpLeft: this.left });
    for (const w of s.watched) {
      this.f.wounds += 1;
      this.push({ type: 'aura-wound', figure: this.f.id, by: w.by, square: to });
    }
    if (this.inPit()) {
      this.f.wounds += 1;
      this.push({ type: 'fell-into-pit', figure: this.f.id, square: to });
    }
    this.sight();
  }

  /** Reveals an area (its monsters, doors and tokens placed from the scenario); heroes only. */
  private reveal(areaId: string): void {
    const a = this.s.areas.find((x) => x.id === areaId)!;
    if (a.revealed) return;
    a.revealed = true;
    this.s.figures.push(...a.monsters);
    this.s.tokens.push(...a.tokens);
    this.push({ type: 'area-revealed', by: this.f.id, area: a.id, monsters: a.monsters.map((m) => m.id), tokens: a.tokens.map((t) => t.id) });
    a.monsters = [];
    a.tokens = [];
  }

  /**
   * A hero gains sight of an unrevealed area: with `revealBy: "line-of-sight"` a clear line of sight to any
   * of its squares (src/sight.ts); with `"adjacent"` (rules version 1) a neighbour square not behind a wall
   * or a closed door (docs/rules-descent.md, "Revealing").
   */
  private sight(): void {
    if (this.f.side !== 'heroes' || this.f.square === null) return;
    const at = this.f.square;
    if (this.s.settings.revealBy === 'adjacent') {
      for (const e of this.d.topology.neighbours(at)) {
        if (this.crossing(at, e.to) !== null || this.d.crossesWall(at, e.to)) continue;
        const a = this.d.areaOf(e.to);
        if (a !== undefined && !a.revealed) this.reveal(a.id);
      }
      return;
    }
    const standing = occupancy(this.d);
    for (const a of this.s.areas) {
      if (!a.revealed && a.squares.some((q) => sightBetween(this.d, at, q, [this.f], standing) === null)) this.reveal(a.id);
    }
  }

  private door(entry: Extract<Entry, { kind: 'open' | 'close' }>): void {
    const door = this.s.doors.find((x) => x.id === entry.door && (this.d.revealed(x.between[0]) || this.d.revealed(x.between[1])));
    if (door === undefined) throw new Refused('not-here', `there is no door ${entry.door} on the revealed board`);
    if (!this.d.near(this.d.squaresOf(this.f), door.between)) throw new Refused('not-adjacent', `${this.f.id} is not next to door ${door.id}`);
    const opening = entry.kind === 'open';
    if (door.open === opening) throw new Refused('door-state', `door ${door.id} is already ${opening ? 'open' : 'closed'}`);
    if (door.kind === 'rune') {
      this.heroOnly('open or close a rune-locked door');
      if (!door.unlocked) throw new Refused('locked', `rune door ${door.id} is locked (its ${door.rune} rune key unlocks it)`);
    }
    if (this.f.side === 'overlord' && door.between.some((q) => !this.d.revealed(q))) {
      throw new Refused('unrevealed-door', `monsters cannot open a door that leads to an unrevealed area`);
    }
    this.pay(ACTION_COST.door, `${entry.kind === 'open' ? 'opening' : 'closing'} a door`);
    door.open = opening;
    this.push({ type: opening ? 'door-opened' : 'door-closed', figure: this.f.id, door: door.id, cost: ACTION_COST.door, mpLeft: this.left });
    if (opening && this.f.side === 'heroes') for (const q of door.between) if (!this.d.revealed(q)) this.reveal(this.d.areaOf(q)!.id);
  }

  private tokenAt(id: string, squares: readonly string[], near: boolean) {
    const t = this.s.tokens.find((x) => x.id === id);
    if (t === undefined) throw new Refused('not-here', `there is no token ${id} on the revealed board`);
    const ok = near ? this.d.near(squares, [t.square]) : squares.includes(t.square);
    if (!ok) throw new Refused('not-adjacent', `token ${id} is on ${t.square}, not ${near ? 'next to' : 'in the space of'} ${this.f.id}`);
    return t;
  }

  private entry(e: Entry): void {
    switch (e.kind) {
      case 'step':
        return this.step(e.direction);
      case 'fatigue':
        return this.spendFatigue(e);
      case 'attack':
        return this.attack(e);
      case 'open':
      case 'close':
        return this.door(e);
      case 'chest':
        return this.openChest(e);
      case 'pickup':
        return this.pickUp(e);
      case 'drop':
        return this.drop(e);
      case 'drink':
        return this.drink(e);
      case 'reequip':
        return this.reequip();
      case 'give':
        return this.give(e);
      case 'glyph':
        return this.glyph(e);
      case 'stairs':
        return this.takeStairs(e);
      case 'jump':
        return this.jump(e);
      case 'climb':
        return this.climb(e);
      default:
        return assertNever(e);
    }
  }

  /** A hero spends fatigue for as many more movement points. */
  private spendFatigue(e: Extract<Entry, { kind: 'fatigue' }>): void {
    this.heroOnly('spend fatigue for movement points');
    if (this.f.fatigue < e.points) throw new Refused('no-fatigue', `${this.f.id} has ${this.f.fatigue} fatigue, not ${e.points}`);
    this.f.fatigue -= e.points;
    this.mp += e.points;
    this.left += e.points;
    this.push({ type: 'fatigue-spent', figure: this.f.id, points: e.points, fatigueLeft: this.f.fatigue, mpLeft: this.left });
  }

  /** An attack declared on an enemy figure in line of sight (resolved outside movement). */
  private attack(e: Extract<Entry, { kind: 'attack' }>): void {
    const square = this.here();
    if (this.attacks >= this.attacksAllowed) throw new Refused('no-attack-left', `${this.f.id} has no attack left this turn (${this.attacksAllowed} allowed by its action)`);
    if (this.d.squaresOf(this.f).some((q) => this.d.figuresOn(q, this.f).length > 0)) throw new Refused('shared-space', `${this.f.id} cannot attack while in the same space as another figure`);
    const target = this.s.figures.find((o) => o.id === e.target);
    if (target === undefined || target.square === null || !this.enemy(target)) throw new Refused('no-such-target', `${e.target} is not an enemy figure on the board`);
    // Closed doors and walls block line of sight and every attack, adjacent or not.
    const blocked = sightOf(this.d, this.f, target);
    if (blocked !== null) throw new Refused('no-line-of-sight', `${this.f.id} has no line of sight to ${target.id}: ${blocked}`);
    this.attacks += 1;
    this.push({ type: 'attack-declared', figure: this.f.id, target: target.id, square, targetSquare: target.square });
  }

  /** A hero opens a chest next to it: a treasure drawn from the deck, if any is left. */
  private openChest(e: Extract<Entry, { kind: 'chest' }>): void {
    this.heroOnly('open a chest');
    const t = this.tokenAt(e.token, this.d.squaresOf(this.f), true);
    if (t.kind !== 'chest') throw new Refused('not-here', `token ${t.id} is a ${t.kind}, not a chest`);
    this.pay(ACTION_COST.chest, 'opening a chest');
    let treasure: string | null = null;
    if (this.rng !== null && this.s.treasureDeck.length > 0) {
      const i = this.rng.draw('treasure', this.s.treasureDeck.length, { figure: this.f.id, token: t.id });
      treasure = this.s.treasureDeck.splice(i, 1)[0]!;
      this.f.items.push(treasure);
    }
    this.s.tokens = this.s.tokens.filter((x) => x !== t);
    this.push({ type: 'chest-opened', figure: this.f.id, token: t.id, treasure, cost: ACTION_COST.chest, mpLeft: this.left });
  }

  /** A hero picks up the token on its square (a rune key unlocks its doors). */
  private pickUp(e: Extract<Entry, { kind: 'pickup' }>): void {
    this.heroOnly('pick up a token');
    const sq = this.here();
    const t = this.s.tokens.find((x) => x.square === sq && x.kind !== 'chest');
    if (t === undefined) throw new Refused('not-here', `there is no token to pick up on ${sq}`);
    const item = t.item ?? t.kind;
    this.f.items.push(item);
    this.s.tokens = this.s.tokens.filter((x) => x !== t);
    if (t.kind === 'rune-key') for (const door of this.s.doors) if (door.kind === 'rune' && door.rune === t.item) door.unlocked = true;
    this.push({ type: 'token-picked-up', figure: this.f.id, token: t.id, item, square: sq });
  }

  /** A figure drops a carried item as a token on its square. */
  private drop(e: Extract<Entry, { kind: 'drop' }>): void {
    const sq = this.here();
    const i = this.f.items.indexOf(e.item);
    if (i < 0) throw new Refused('not-here', `${this.f.id} does not carry ${e.item}`);
    this.f.items.splice(i, 1);
    const token = `dropped-${this.s.turn}-${this.s.tokens.length + 1}`;
    this.s.tokens.push({ id: token, kind: 'item', square: sq, item: e.item });
    this.push({ type: 'item-dropped', figure: this.f.id, item: e.item, square: sq, token });
  }

  /** A hero drinks a carried potion. */
  private drink(e: Extract<Entry, { kind: 'drink' }>): void {
    this.heroOnly('drink a potion');
    const i = this.f.items.findIndex((x) => x.includes('potion'));
    if (i < 0) throw new Refused('not-here', `${this.f.id} carries no potion`);
    this.pay(ACTION_COST.drink, 'drinking a potion');
    const item = this.f.items.splice(i, 1)[0]!;
    this.push({ type: 'potion-drunk', figure: this.f.id, item, cost: ACTION_COST.drink, mpLeft: this.left });
  }

  /** A hero gives a carried item to an adjacent hero. */
  private give(e: Extract<Entry, { kind: 'give' }>): void {
    this.heroOnly('give an item');
    const other = this.s.figures.find((o) => o.id === e.hero && o.side === 'heroes' && o !== this.f);
    if (other === undefined || other.square === null || this.f.square === null || !this.d.adjacent([this.f.square], [other.square])) {
      throw new Refused('not-adjacent', `${e.hero} is not a hero next to ${this.f.id}`);
    }
    const i = this.f.items.indexOf(e.item);
    if (i < 0) throw new Refused('not-here', `${this.f.id} does not carry ${e.item}`);
    this.pay(ACTION_COST.give, 'giving an item');
    this.f.items.splice(i, 1);
    other.items.push(e.item);
    this.push({ type: 'item-given', figure: this.f.id, to: other.id, item: e.item, cost: ACTION_COST.give, mpLeft: this.left });
  }

  /** A hero re-equips (its MP spent, nothing else changes in movement). */
  private reequip(): void {
    this.heroOnly('re-equip');
    this.pay(ACTION_COST.reequip, 're-equipping');
    this.push({ type: 're-equipped', figure: this.f.id, cost: ACTION_COST.reequip, mpLeft: this.left });
  }

  /** A hero goes to town from an active glyph ("glyph"), or comes back to one ("glyph <square>"). */
  private glyph(e: Extract<Entry, { kind: 'glyph' }>): void {
    this.heroOnly('use a glyph');
    if (e.square === null) {
      const sq = this.here();
      if (this.d.glyphAt(sq)?.active !== true) throw new Refused('not-here', `there is no active glyph on ${sq}`);
      this.notGrappled();
      this.pay(ACTION_COST.glyph, 'going to town');
      this.f.square = null;
      this.push({ type: 'went-to-town', figure: this.f.id, from: sq, cost: ACTION_COST.glyph, mpLeft: this.left });
      return;
    }
    if (this.f.square !== null) throw new Refused('not-here', `${this.f.id} is not in town ("glyph" alone goes to town from a glyph)`);
    if (this.d.glyphAt(e.square)?.active !== true) throw new Refused('not-here', `there is no active glyph on ${e.square}`);
    const blocked = this.entering([e.square]);
    if (blocked !== null) throw new Refused(blocked.code as RefusalCode, blocked.message);
    this.pay(ACTION_COST.glyph, 'coming back from town');
    this.f.square = e.square;
    this.path.push(e.square);
    this.push({ type: 'came-from-town', figure: this.f.id, to: e.square, cost: ACTION_COST.glyph, mpLeft: this.left });
    this.sight();
  }

  /** A hero takes a staircase to another of its colour, revealing the area there. */
  private takeStairs(e: Extract<Entry, { kind: 'stairs' }>): void {
    this.heroOnly('take a staircase');
    const sq = this.here();
    const colour = this.d.stairsAt(sq);
    if (colour === null) throw new Refused('not-here', `there is no staircase on ${sq}`);
    if (e.square === sq || this.d.stairsAt(e.square) !== colour) throw new Refused('not-here', `${e.square} is not another ${colour} staircase`);
    this.notGrappled();
    this.pay(ACTION_COST.stairs, 'taking a staircase');
    const area = this.d.areaOf(e.square)!;
    if (!area.revealed) this.reveal(area.id);
    const blocked = this.entering([e.square]);
    if (blocked !== null) throw new Refused(blocked.code as RefusalCode, blocked.message);
    this.f.square = e.square;
    this.path.push(e.square);
    this.push({ type: 'took-stairs', figure: this.f.id, from: sq, to: e.square, cost: ACTION_COST.stairs, mpLeft: this.left });
    this.sight();
  }

  /** A figure jumps over one or more pit spaces in a straight line. */
  private jump(e: Extract<Entry, { kind: 'jump' }>): void {
    const from = this.here();
    if (this.inPit()) throw new Refused('in-pit', `${this.f.id} is in a pit: climb out first`);
    let at = from;
    let pits = 0;
    for (;;) {
      const next = stepOf(at, e.direction);
      if (next === null || !this.d.topology.has(next)) throw new Refused('off-board', `the jump ${e.direction} from ${from} leaves the board`);
      if (!this.d.topology.neighbours(at).some((x) => x.to === next)) throw new Refused('wall', `a wall stands between ${at} and ${next}`);
      const shut = this.crossing(at, next);
      if (shut !== null) throw new Refused('closed-door', shut.message);
      at = next;
      if (!this.d.isPit(at)) break;
      pits += 1;
    }
    if (pits === 0) throw new Refused('not-a-pit', `there is no pit ${e.direction} of ${from} to jump`);
    const blocked = this.entering(footprint(at, this.f.size));
    if (blocked !== null) throw new Refused(blocked.code as RefusalCode, blocked.message);
    this.notGrappled();
    this.pay(ACTION_COST.jumpPerPit * pits, `jumping ${pits} pit space${pits === 1 ? '' : 's'}`);
    this.f.square = at;
    this.path.push(at);
    this.push({ type: 'jumped', figure: this.f.id, from, to: at, pits, cost: ACTION_COST.jumpPerPit * pits, mpLeft: this.left });
    this.sight();
  }

  /** A figure in a pit climbs out to a neighbouring square. */
  private climb(e: Extract<Entry, { kind: 'climb' }>): void {
    const from = this.here();
    if (!this.inPit()) throw new Refused('not-a-pit', `${this.f.id} is not in a pit`);
    const to = stepOf(from, e.direction);
    if (to === null || !this.d.topology.neighbours(from).some((x) => x.to === to)) throw new Refused('off-board', `${this.f.id} cannot climb out ${e.direction} of ${from}`);
    if (this.d.isPit(to)) throw new Refused('in-pit', `${to} is a pit too: climb out to a square next to the pit`);
    const blocked = this.entering([to]) ?? this.crossing(from, to);
    if (blocked !== null) throw new Refused(blocked.code as RefusalCode, blocked.message);
    this.notGrappled();
    this.pay(ACTION_COST.climb, 'climbing out of a pit');
    this.f.square = to;
    this.path.push(to);
    this.push({ type: 'climbed-out', figure: this.f.id, from, to, cost: ACTION_COST.climb, mpLeft: this.left });
    this.sight();
  }

  /** Whether the figure may end its movement with its reference square on `sq`. */
  private mayEnd(sq: string | null): boolean {
    if (sq === null) return true;
    return footprint(sq, this.f.size).every((q) => this.d.topology.has(q) && this.d.figuresOn(q, this.f).length === 0 && (q === sq || this.entering([q]) === null));
  }

  run(order: DsOrder): ActivationResult {
    const f = this.f;
    this.mp = actionMp(f, order);
    this.left = this.mp;
    this.attacksAllowed = actionAttacks(f, order);
    f.readied = order.action === 'ready' ? order.ready : null;
    this.path.push(...(f.square === null ? [] : [f.square]));
    this.push({ type: 'activation-started', figure: f.id, action: order.action, ready: order.ready, mp: this.mp, square: f.square });
    let done = 0;
    for (const [i, e] of order.entries.entries()) {
      try {
        this.entry(e);
        done += 1;
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        this.push({ type: 'refused', figure: f.id, entry: i + 1, code: err.code, message: err.message });
        break;
      }
    }
    if (!this.mayEnd(f.square)) {
      const end = f.square!;
      let j = this.path.length - 1;
      while (j > 0 && !this.mayEnd(this.path[j]!)) j--;
      f.square = this.path[j]!;
      this.push({ type: 'moved-back', figure: f.id, from: end, to: f.square, reason: `a figure must end its movement in an empty space (${end} is taken)` });
      this.path.push(f.square);
    }
    this.push({ type: 'activation-ended', figure: f.id, square: f.square, mp: this.mp, spent: this.mp - this.left, attacks: this.attacks, entriesNotDone: order.entries.length - done });
    return { path: this.path };
  }
}
