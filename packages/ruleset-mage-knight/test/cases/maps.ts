// The maps the cases share. Positions: see POSITIONS in ../helpers.ts (s the starting tile at (0, 0)).
import { tile } from '../helpers.ts';

/** A starting tile with every terrain, the portal at its centre. */
export const startAll = tile('A', 'starting', { c: 'plains portal', ne: 'hills', e: 'forest', se: 'wasteland', sw: 'desert', w: 'swamp', nw: 'lake' });
/** A plain starting tile: plains everywhere, the portal at its centre. */
export const startPlain = tile('A', 'starting', { c: 'plains portal' });
/** A countryside tile of plains. */
export const plainTile = (id: string) => tile(id, 'countryside', {});

/**
 * The orc marauders map (the seed's movement examples): the portal at s.e, rampaging Orc Marauders at
 * a.w, a village at a.c; tile T2 to the north-east to go around.
 */
export const orcMap = {
  s: tile('A', 'starting', { c: 'plains', ne: 'forest', e: 'plains portal', se: 'hills', sw: 'plains', w: 'lake', nw: 'mountain' }),
  a: tile('T1', 'countryside', { c: 'plains village', ne: 'plains', e: 'hills', se: 'forest', w: 'plains orc-marauders' }),
  f: tile('T2', 'countryside', { c: 'forest', ne: 'hills', w: 'wasteland', nw: 'swamp' }),
};

/**
 * The explore diagram: tiles on s and a; the map shape s, a, f, g, h (the other positions are behind the
 * coastline). s.ne is a mountain and a.se a lake.
 */
export const exploreShape = ['s', 'a', 'f', 'g', 'h'];
export const exploreMap = {
  s: tile('A', 'starting', { c: 'plains portal', ne: 'mountain', nw: 'forest', w: 'lake', se: 'hills' }),
  a: tile('T1', 'countryside', { se: 'lake', sw: 'forest', nw: 'hills' }),
};
