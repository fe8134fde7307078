// The colours of foreign nations on a map (docs/rules-mepbm.md "Reading the turn report", the map): 25 colours
// chosen to be told apart (after Kelly's colours of maximum contrast; every two, and each and the reader's
// own blue, at least 20 apart in CIELAB, test/map-labels.test.ts), in two groups of 12 and one more; the second group's symbols also have a dashed outline, a second
// cue where two colours look alike (on a small symbol, or to a reader who sees colours differently). A
// 25-nation game's 24 foreign nations each get their own, and the game master's map its 25.
/** The reader's own units and centres. */
export const OWN_COLOUR = '#1f5fbf';

/** How a nation's symbols are painted: the fill colour, and whether the outline is dashed. */
export interface NationStyle {
  colour: string;
  dashed: boolean;
}

export const FOREIGN_COLOURS: readonly string[] = [
  // Solid outline.
  '#be0032', // red
  '#f3c300', // yellow
  '#875692', // purple
  '#f38400', // orange
  '#008856', // green
  '#a1caf1', // light blue
  '#5a5aff', // periwinkle
  '#882d17', // reddish brown
  '#8db600', // yellow green
  '#f0f0f0', // white
  '#00a3a3', // teal
  '#848482', // grey
  // Dashed outline.
  '#654522', // brown
  '#e25822', // reddish orange
  '#2f4f4f', // slate
  '#556b2f', // olive
  '#b3446c', // purplish red
  '#c2b280', // buff
  '#f99379', // salmon
  '#7a0177', // plum
  '#00c2ff', // sky blue
  '#1b1b1b', // black
  '#b6e880', // pale green
  '#ff7eb6', // light magenta
  // The 25th, for the game master's whole map, where no nation is the reader's (blue is free there).
  '#0067a5', // strong blue
]

/** The solid group's size: styles from this index on have a dashed outline. */
export const SOLID_COLOURS = 12;

/** The style of the reader's own nation (own units are also edged in white). */
export const OWN_STYLE: NationStyle = { colour: OWN_COLOUR, dashed: false };

/** The style of the foreign nation at `index` in the order of their ids (past 25 the styles repeat). */
export function foreignStyle(index: number): NationStyle {
  const i = index % FOREIGN_COLOURS.length;
  return { colour: FOREIGN_COLOURS[i] as string, dashed: i >= SOLID_COLOURS };
}

/** The outline dash of a dashed style (SVG stroke-dasharray), or undefined. */
export function dashOf(dashed: boolean | undefined): string | undefined {
  return dashed === true ? '2.2 1.4' : undefined;
}
