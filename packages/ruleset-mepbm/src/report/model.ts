// The view digested once into the words and rows that both the text and the HTML report print,
// so the two always say the same thing.
import type {
  Direction,
  Fortification,
  HexId,
  HexsideFeature,
  NationView,
  PopulationCentreSize,
  PopulationCentreView,
  Sighting,
  Terrain,
  UnitResult,
} from '../types.ts';
import { type ReportContext, nationLabel } from './context.ts';
import { when } from './days.ts';
import { type ForcesModel, type ForeignUnitRow, foreignUnits, forcesModel, observerWords } from './forces.ts';

export { when };
import { DIRECTIONS, distance, opposite, requireCoord } from './geometry.ts';

export const TERRAIN_WORDS: Record<Terrain, string> = {
  shore: 'shore',
  plains: 'plains',
  hills: 'hills & rough',
  forest: 'forest',
  desert: 'desert',
  swamp: 'swamp',
  mountains: 'mountains',
  coast: 'coastal water',
  sea: 'open sea',
};

export const FEATURE_ORDER: readonly HexsideFeature[] = ['road', 'bridge', 'ford', 'minor-river', 'major-river'];

export const FEATURE_WORDS: Record<HexsideFeature, string> = {
  road: 'road',
  bridge: 'bridge',
  ford: 'ford',
  'minor-river': 'minor river',
  'major-river': 'major river',
};

export const SIZE_WORDS: Record<PopulationCentreSize, string> = {
  camp: 'camp',
  village: 'village',
  town: 'town',
  'major-town': 'major town',
  city: 'city',
};

export const KIND_WORDS: Record<UnitResult['kind'], string> = {
  army: 'Army',
  character: 'Character',
  navy: 'Navy',
};

const SIGHTING_WORDS: Record<string, string> = {
  met: 'was met by our units',
  'passed-through': 'passed through',
  'blocked-us': 'blocked our army',
  'we-blocked': 'was blocked by our army',
  'overran-us': 'overran our army',
  'we-overran': 'was overrun by our army',
  nearby: 'was near at the end of the turn',
};

export function sightingWords(what: string): string {
  return Object.hasOwn(SIGHTING_WORDS, what) ? (SIGHTING_WORDS[what] as string) : what.replaceAll('-', ' ');
}

export function fortificationWords(f: Fortification): string {
  return f === 'none' ? 'unfortified' : `fortified (${f})`;
}

export interface StepRow {
  /** Day (pulse) as text, "-" when the engine gave none. */
  day: string;
  from: HexId;
  to: HexId;
  dir: string;
  /** Terrain entered, in words; "rest" for a day of rest. */
  terrain: string;
  /** Hexside features crossed, in words joined with " + "; empty when none. */
  crossing: string;
  cost: number;
  mpLeft: number;
}

export interface UnitSection {
  unit: UnitResult;
  kindWord: string;
  from: HexId;
  to: HexId;
  /** After the hexes: "10 MP spent", "6 hexes", "did not move". */
  summary: string;
  rows: StepRow[];
  stop: string | null;
  morale: string | null;
  /** An army's food: what is left, and whether it feeds the army next turn (docs/rules-mepbm.md "Food"). */
  food: string | null;
  destroyed: boolean;
}

/** A population centre's line, and its anchor in the HTML report (the map links to it). */
export interface CentreRow {
  anchor: string;
  text: string;
}

export interface ReportModel {
  units: UnitSection[];
  forces: ForcesModel;
  /** Each foreign army and navy seen, once, with where and when it was seen last. */
  foreign: ForeignUnitRow[];
  sightings: string[];
  populationCentres: CentreRow[];
  events: string[];
  orderTemplate: string[];
  nextTurn: number;
}

/** The hexside features of a side, whichever of its two hexes the view recorded them on. */
export class SideIndex {
  readonly #bySide = new Map<string, Set<HexsideFeature>>();

  constructor(view: NationView) {
    view.map.hexsides.forEach((s, i) => {
      requireCoord(s.hex, `view.map.hexsides[${i}].hex`);
      if (!DIRECTIONS.includes(s.dir)) {
        throw new Error(`view.map.hexsides[${i}].dir: ${JSON.stringify(s.dir)} is not a direction (ne, e, se, sw, w, nw)`);
      }
      const key = `${s.hex}:${s.dir}`;
      let set = this.#bySide.get(key);
      if (set === undefined) {
        set = new Set();
        this.#bySide.set(key, set);
      }
      for (const f of s.features) set.add(f);
    });
  }

  /** Features on the side of `from` facing `dir`, whose other hex is `to`, in FEATURE_ORDER. */
  features(from: HexId, dir: Direction, to: HexId): HexsideFeature[] {
    const a = this.#bySide.get(`${from}:${dir}`);
    const b = this.#bySide.get(`${to}:${opposite(dir)}`);
    if (a === undefined && b === undefined) return [];
    return FEATURE_ORDER.filter((f) => a?.has(f) === true || b?.has(f) === true);
  }
}

export function terrainIndex(view: NationView): Map<HexId, Terrain> {
  const m = new Map<HexId, Terrain>();
  view.map.hexes.forEach((h, i) => {
    requireCoord(h.hex, `view.map.hexes[${i}].hex`);
    if (!Object.hasOwn(TERRAIN_WORDS, h.terrain)) {
      throw new Error(`view.map.hexes[${i}].terrain: ${JSON.stringify(h.terrain)} is not a terrain`);
    }
    m.set(h.hex, h.terrain);
  });
  return m;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function unitSection(
  u: UnitResult,
  i: number,
  terrain: Map<HexId, Terrain>,
  sides: SideIndex,
  carrier: string | null,
): UnitSection {
  const path = `view.units[${i}]`;
  const start = requireCoord(u.startHex, `${path}.startHex`);
  const final = requireCoord(u.finalHex, `${path}.finalHex`);
  const rows: StepRow[] = u.steps.map((s, j) => {
    requireCoord(s.from, `${path}.steps[${j}].from`);
    requireCoord(s.to, `${path}.steps[${j}].to`);
    const rest = s.dir === 'h';
    const t = terrain.get(s.to);
    return {
      day: s.pulse === undefined ? '-' : String(s.pulse),
      from: s.from,
      to: s.to,
      dir: s.dir,
      terrain: rest ? 'rest' : t === undefined ? 'unknown' : TERRAIN_WORDS[t],
      crossing: rest
        ? ''
        : sides
            .features(s.from, s.dir as Direction, s.to)
            .map((f) => FEATURE_WORDS[f])
            .join(' + '),
      cost: s.cost,
      mpLeft: s.mpLeft,
    };
  });
  let summary: string;
  if (u.steps.length > 0 && u.mpSpent === 0) {
    // Carried (an army aboard a navy, a character with an army): the step table shows its carrier's MP.
    const by = carrier === null ? 'carried' : `carried by ${carrier}`;
    summary = `${by}, ${plural(distance(start, final), 'hex', 'hexes')}; the MP below are the carrier's`;
  } else if (u.kind === 'character' && u.startHex !== u.finalHex) {
    summary = `${plural(distance(start, final), 'hex', 'hexes')}`;
  } else if (u.startHex === u.finalHex) {
    summary = u.mpSpent > 0 ? `stayed, ${u.mpSpent} MP spent` : 'did not move';
  } else {
    summary = `${u.mpSpent} MP spent`;
  }
  let stop: string | null = null;
  if (u.stop !== null) {
    requireCoord(u.stop.hex, `${path}.stop.hex`);
    stop = `Stopped at ${u.stop.hex}: ${u.stop.message}`;
  }
  let morale: string | null = null;
  if (u.morale !== undefined) {
    const d = u.morale.after - u.morale.before;
    morale = `Morale went from ${u.morale.before} to ${u.morale.after} (${d > 0 ? '+' : ''}${d})`;
  }
  return {
    unit: u,
    kindWord: KIND_WORDS[u.kind],
    from: u.startHex,
    to: u.finalHex,
    summary,
    rows,
    stop,
    morale,
    food: u.food === undefined ? null : foodWords(u.food),
    destroyed: u.destroyed === true,
  };
}

/** The army or navy a unit travels with after the turn, from the view's forces ("navy swan"), or null. */
function carrierOf(view: NationView, id: string): string | null {
  const f = view.forces;
  if (f === undefined) return null;
  const aboard = f.armies.find((a) => a.id === id)?.aboard;
  if (aboard !== undefined && aboard !== null) return `navy ${aboard}`;
  const w = f.characters.find((c) => c.id === id)?.with;
  if (w === undefined || w === null) return null;
  return f.navies.some((n) => n.id === w) ? `navy ${w}` : `army ${w}`;
}

/** "Food: 120 left after eating 300; not enough to be fed next turn". */
export function foodWords(f: NonNullable<UnitResult['food']>): string {
  const drawn = f.supplied === undefined ? '' : ` (${f.supplied} drawn from our population centre)`;
  return `Food: ${f.left} left after eating ${f.eaten}${drawn}${f.fed ? '' : ' (unfed this turn)'}; ${f.fedNextTurn ? 'enough to be fed next turn' : 'not enough to be fed next turn'}`;
}

/** The anchor of a population centre's entry in the HTML report. */
export function centreAnchor(hex: HexId): string {
  return `pc-${hex}`;
}

/** "Greyhaven, city of Kingdom of the North (ours)"; without a name, "city of ...". */
export function centreWords(p: PopulationCentreView, view: NationView, ctx: ReportContext): string {
  const owner = p.nation === view.nation ? `${ctx.nationName} (ours)` : nationLabel(ctx, view, p.nation);
  const what = `${SIZE_WORDS[p.size]} of ${owner}`;
  return p.name === undefined || p.name === '' ? what : `${p.name}, ${what}`;
}

/** A centre's capital, dock and loyalty, as its report line shows them: ["capital", "port", "loyalty 80"]. */
export function centreFacts(p: PopulationCentreView): string[] {
  const out: string[] = [];
  if (p.capital === true) out.push('capital');
  if (p.dock !== undefined) out.push(p.dock);
  if (p.loyalty !== undefined) out.push(`loyalty ${p.loyalty}`);
  return out;
}

export function sightingSentence(s: Sighting, view: NationView, ctx: ReportContext): string {
  const aboard = s.aboard === undefined ? '' : ` aboard navy ${s.aboard}`;
  const commander = s.commander === undefined ? '' : `, commanded by ${s.commander}`;
  const by = observerWords(s, view);
  return `${when(s.pulse)} at ${s.hex}: ${s.kind} ${s.unit} of ${nationLabel(ctx, view, s.nation)} (${s.size}${commander})${aboard} ${sightingWords(s.what)}${by === '' ? '' : ` (${by})`}.`;
}

export function buildModel(view: NationView, ctx: ReportContext): ReportModel {
  const terrain = terrainIndex(view);
  const sides = new SideIndex(view);
  return {
    units: view.units.map((u, i) => unitSection(u, i, terrain, sides, carrierOf(view, u.id))),
    forces: forcesModel(view),
    foreign: foreignUnits(view, ctx),
    sightings: view.sightings.map((s, i) => {
      requireCoord(s.hex, `view.sightings[${i}].hex`);
      return sightingSentence(s, view, ctx);
    }),
    populationCentres: view.populationCentres.map((p, i) => {
      requireCoord(p.hex, `view.populationCentres[${i}].hex`);
      return { anchor: centreAnchor(p.hex), text: `${p.hex}: ${[centreWords(p, view, ctx), ...centreFacts(p), fortificationWords(p.fortification)].join(', ')}` };
    }),
    events: view.events.map((e) => `${when(e.pulse)}: ${e.message}`),
    orderTemplate: view.orderTemplate,
    nextTurn: view.turn + 1,
  };
}
