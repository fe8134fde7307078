// The nations of the two MEPBM games whose maps JOverseer ships, by nation number (names as JOverseer's
// NationReader gives them), and the Arbiter nation id made from a name.

export const NATION_NAMES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  '2950': Object.freeze([
    'Woodmen', 'Northmen', 'Riders of Rohan', 'Dúnadan Rangers', 'Silvan Elves', 'Northern Gondor', 'Southern Gondor',
    'Dwarves', 'Sinda Elves', 'Noldo Elves', 'Witch-king', 'Dragon Lord', 'Dog Lord', 'Cloud Lord', 'Blind Sorcerer',
    'Ice King', 'Quiet Avenger', 'Fire King', 'Long Rider', 'Dark Lieutenants', 'Corsairs', 'Rhûn Easterlings',
    'Dunlendings', 'White Wizard', 'Khand Easterlings',
  ]),
  '1650': Object.freeze([
    'Woodmen', 'Northmen', 'Éothraim', 'Arthedain', 'Cardolan', 'Northern Gondor', 'Southern Gondor', 'Dwarves',
    'Sinda Elves', 'Noldo Elves', 'Witch-king', 'Dragon Lord', 'Dog Lord', 'Cloud Lord', 'Blind Sorcerer', 'Ice King',
    'Quiet Avenger', 'Fire King', 'Long Rider', 'Dark Lieutenants', 'Corsairs', 'Haradwaith', 'Dunlendings', 'Rhudaur',
    'Easterlings',
  ]),
});

/** The name of nation `n` (1-based) of a game, or "Nation n" for a game or number not in the table. */
export function nationName(game: string, n: number): string {
  return NATION_NAMES[game]?.[n - 1] ?? `Nation ${n}`;
}

/** An Arbiter nation id from a name: "Dúnadan Rangers" -> "dunadan-rangers", "Nation 7" -> "nation-7". */
export function nationIdOf(name: string): string {
  const id = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return /^[a-z]/.test(id) ? id : `nation-${id}`;
}
