// Terrain, sites and the Day/Night board's Move costs (the reference note's table; the seed points to it).
export const TERRAINS = ['plains', 'hills', 'forest', 'wasteland', 'desert', 'swamp', 'lake', 'mountain'] as const;
export type Terrain = (typeof TERRAINS)[number];

export type TimeOfDay = 'day' | 'night';

/** Cost of entering a space of this terrain, by day and by night; null: inaccessible (the red X). */
export const MOVE_COSTS: Readonly<Record<Terrain, { day: number | null; night: number | null }>> = Object.freeze({
  plains: { day: 2, night: 2 },
  hills: { day: 3, night: 3 },
  forest: { day: 3, night: 5 },
  wasteland: { day: 4, night: 4 },
  desert: { day: 5, night: 3 },
  swamp: { day: 5, night: 5 },
  lake: { day: null, night: null },
  mountain: { day: null, night: null },
});

/** A city space costs 2 whatever terrain is printed under it. */
export const CITY_COST = 2;

/** Exploring a new tile costs 2 Move points. */
export const EXPLORE_COST = 2;

export const SITES = [
  'portal',
  'village',
  'monastery',
  'keep',
  'mage-tower',
  'city',
  'dungeon',
  'tomb',
  'monster-den',
  'spawning-grounds',
  'ancient-ruins',
  'mine',
  'magical-glade',
  'orc-camp',
] as const;
export type Site = (typeof SITES)[number];

/** Fortified sites: entering one that is unconquered ends movement as an assault. */
export const FORTIFIED_SITES: ReadonlySet<Site> = new Set<Site>(['keep', 'mage-tower', 'city']);

export const RAMPAGING_ENEMIES = ['orc-marauders', 'draconum'] as const;
export type RampagingKind = (typeof RAMPAGING_ENEMIES)[number];

export const ENEMY_NAMES: Readonly<Record<RampagingKind, string>> = { 'orc-marauders': 'Orc Marauders', draconum: 'Draconum' };

/** The Move cost of entering a space, or null when it cannot be entered. */
export function enterCost(terrain: Terrain, site: Site | null, time: TimeOfDay): number | null {
  if (site === 'city') return CITY_COST;
  return MOVE_COSTS[terrain][time];
}
