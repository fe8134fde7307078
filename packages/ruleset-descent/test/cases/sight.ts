// Line of sight (rules version 2, issue 29): closed doors and walls block sight and attacks, not only
// movement; the line runs from centre to centre, touching a corner is not crossing; figures and blocking
// obstacles in the way block it; a hero reveals an area it can see. Each rule: a case where it applies
// and one where it must not.
import type { Case } from './types.ts';

const noSight = (message: string) => ({ event: 'refused', where: { code: 'no-line-of-sight', message } });
/** A wall down the line between columns H and I, rows 1-8, but row 4 (where a door may go). */
const wallHI = [1, 2, 3, 5, 6, 7, 8].map((r) => [`H${r}`, `I${r}`]);
const vault = { id: 'vault', squares: ['I1:L8'], monsters: [{ id: 'spider-1', name: 'Giant spider', square: 'K4', speed: 5 }] };

export const sight: Case[] = [
  {
    id: 'LS-1',
    rule: 'Closed doors block movement, line of sight, and all attacks (even those that don\'t require line of sight): an attack across a closed door is refused, adjacent or not.',
    source: 'reference',
    position: { heroes: ['grisban H4 speed 4'], monsters: ['skel-1 I4 speed 4'], squares: ['A1:L8'], more: { walls: wallHI, doors: [{ id: 'd1', between: ['H4', 'I4'] }] } },
    orders: ['grisban, advance, attack skel-1'],
    expect: [noSight('grisban has no line of sight to skel-1: door d1 between H4 and I4 is closed'), { event: 'attack-declared', count: 0 }, { receipt: 'p-grisban', status: 'accepted', warning: 'no line of sight' }],
  },
  {
    id: 'LS-2',
    rule: 'An open door blocks nothing: the attack through it is declared.',
    source: 'reference',
    position: { heroes: ['grisban H4 speed 4'], monsters: ['skel-1 I4 speed 4'], squares: ['A1:L8'], more: { walls: wallHI, doors: [{ id: 'd1', between: ['H4', 'I4'], open: true }] } },
    orders: ['grisban, advance, attack skel-1'],
    expect: [{ event: 'attack-declared', where: { figure: 'grisban', target: 'skel-1' } }, { event: 'refused', count: 0 }],
  },
  {
    id: 'LS-3',
    rule: 'Walls block line of sight: a line from the centre of the attacker\'s square to the centre of the target\'s that crosses a wall is blocked.',
    source: 'reference',
    position: { heroes: ['grisban D4 speed 4'], monsters: ['skel-1 F4 speed 4'], more: { walls: [['E4', 'F4']] } },
    orders: ['grisban, advance, attack skel-1'],
    expect: [noSight('grisban has no line of sight to skel-1: a wall stands between E4 and F4')],
  },
  {
    id: 'LS-4',
    rule: 'A line that only touches the corner of a wall is not blocked (diagonally past the end of a wall).',
    source: 'reference',
    position: { heroes: ['grisban D4 speed 4'], monsters: ['skel-1 E5 speed 4'], more: { walls: [['D4', 'E4']] } },
    orders: ['grisban, advance, attack skel-1'],
    expect: [{ event: 'attack-declared', count: 1 }],
  },
  {
    id: 'LS-5',
    rule: 'A line through a corner where the wall goes on (a wall line) is blocked: both ways round the corner are shut.',
    source: 'house rule',
    position: { heroes: ['grisban D4 speed 4'], monsters: ['skel-1 E5 speed 4'], more: { walls: [['D4', 'E4'], ['D5', 'E5']] } },
    orders: ['grisban, advance, attack skel-1'],
    expect: [noSight('grisban has no line of sight to skel-1: a wall or closed door closes the corner between D4 and E5')],
  },
  {
    id: 'LS-6',
    rule: 'Figures block line of sight (setting figuresBlockSight, default on): a monster in the line shields the one behind it.',
    source: 'reference',
    position: { heroes: ['grisban A4 speed 4'], monsters: ['skel-1 D4 speed 4', 'skel-2 C4 speed 4'] },
    orders: ['grisban, advance, attack skel-1'],
    expect: [noSight('grisban has no line of sight to skel-1: skel-2 on C4 is in the way')],
  },
  {
    id: 'LS-7',
    rule: 'With figuresBlockSight off, figures in the line do not block it.',
    source: 'house rule',
    position: { heroes: ['grisban A4 speed 4'], monsters: ['skel-1 D4 speed 4', 'skel-2 C4 speed 4'], more: { settings: { figuresBlockSight: false } } },
    orders: ['grisban, advance, attack skel-1'],
    expect: [{ event: 'attack-declared', where: { target: 'skel-1' } }],
  },
  {
    id: 'LS-8',
    rule: 'A figure beside the line (whose square the line only touches at a corner) does not block it.',
    source: 'reference',
    position: { heroes: ['grisban A1 speed 4'], monsters: ['skel-1 C3 speed 4', 'skel-2 B1 speed 4'] },
    orders: ['grisban, advance, attack skel-1'],
    expect: [{ event: 'attack-declared', where: { target: 'skel-1' } }],
  },
  {
    id: 'LS-9',
    rule: 'A blocking obstacle in the line blocks it; an obstacle that does not block movement does not block sight.',
    source: 'house rule',
    position: { heroes: ['grisban A4 speed 4', 'jain A6 speed 4'], monsters: ['skel-1 D4 speed 4', 'skel-2 D6 speed 4'], more: { obstacles: [{ square: 'C4', kind: 'rubble', blocking: true }, { square: 'C6', kind: 'ice', blocking: false }] } },
    orders: ['grisban, advance, attack skel-1', 'jain, advance, attack skel-2'],
    expect: [noSight('grisban has no line of sight to skel-1: a blocking obstacle on C4 is in the way'), { event: 'attack-declared', where: { figure: 'jain', target: 'skel-2' } }],
  },
  {
    id: 'LS-10',
    rule: 'When a hero gains line of sight to an unrevealed area, the overlord reveals it: through an open door, from four squares away.',
    source: 'reference',
    position: { heroes: ['grisban D4 speed 4'], more: { areas: [vault], walls: wallHI, doors: [{ id: 'd1', between: ['H4', 'I4'], open: true }] } },
    orders: ['grisban, advance, e'],
    expect: [{ revealed: 'vault' }, { event: 'area-revealed', where: { by: 'grisban', area: 'vault' } }, { figure: 'grisban', final: 'E4' }],
  },
  {
    id: 'LS-11',
    rule: 'Setting revealBy "adjacent" (rules version 1): only a square next to the hero reveals its area.',
    source: 'house rule',
    position: { heroes: ['grisban D4 speed 4'], more: { settings: { revealBy: 'adjacent' }, areas: [vault], walls: wallHI, doors: [{ id: 'd1', between: ['H4', 'I4'], open: true }] } },
    orders: ['grisban, advance, e'],
    expect: [{ notRevealed: 'vault' }],
  },
  {
    id: 'LS-12',
    rule: 'A closed door blocks the sight that reveals: a hero next to a closed door into an unrevealed area does not reveal it.',
    source: 'reference',
    position: { heroes: ['grisban G4 speed 4'], more: { areas: [vault], walls: wallHI, doors: [{ id: 'd1', between: ['H4', 'I4'] }] } },
    orders: ['grisban, advance, e'],
    expect: [{ notRevealed: 'vault' }, { figure: 'grisban', final: 'H4' }],
  },
];

/** Where the seed's and the table's rules must not apply (issue 29: a case on each side of a rule). */
export const strict: Case[] = [
  {
    id: 'DM-16b',
    rule: 'Aura wounds an enemy figure moving next to it: a friendly figure moving next to it, or a figure moving away from it, takes no wound.',
    source: 'seed',
    position: { heroes: ['grisban E4 speed 4'], monsters: ['fire-1 F4 speed 4 aura', 'skel-1 H4 speed 4'] },
    orders: ['grisban, advance, w', 'skel-1, move, w'],
    expect: [{ figure: 'grisban', final: 'D4', wounds: 0 }, { figure: 'skel-1', final: 'G4', wounds: 0 }, { event: 'aura-wound', count: 0 }],
  },
  {
    id: 'DM-17b',
    rule: 'Grapple holds an adjacent enemy figure: a friendly figure next to it, and a figure not next to it, move freely.',
    source: 'seed',
    position: { heroes: ['grisban B4 speed 4'], monsters: ['zombie-1 E4 speed 3 grapple', 'skel-1 E5 speed 4'] },
    orders: ['grisban, advance, w', 'skel-1, move, s'],
    expect: [{ figure: 'grisban', final: 'A4' }, { figure: 'skel-1', final: 'E6' }, { event: 'refused', count: 0 }],
  },
  {
    id: 'DA-16b',
    rule: 'Monsters cannot open doors that lead to an unrevealed area: a door between revealed squares they may open.',
    source: 'reference',
    position: { heroes: ['grisban D4 speed 4'], monsters: ['skel-1 H7 speed 4'], more: { doors: [{ id: 'd1', between: ['H7', 'H8'] }] } },
    orders: ['skel-1, move, open d1'],
    expect: [{ door: 'd1', open: true }, { event: 'refused', count: 0 }],
  },
  {
    id: 'LS-13',
    rule: 'Closed doors block ... all attacks: the overlord\'s monsters\' too.',
    source: 'reference',
    position: { heroes: ['grisban H4 speed 4'], monsters: ['skel-1 I4 speed 4'], squares: ['A1:L8'], more: { walls: wallHI, doors: [{ id: 'd1', between: ['H4', 'I4'] }] } },
    orders: ['skel-1, move, attack grisban'],
    expect: [noSight('skel-1 has no line of sight to grisban: door d1 between H4 and I4 is closed')],
  },
  {
    id: 'LS-14',
    rule: 'A large monster sees from any square of its base: a wall in front of one square does not hide a target the other squares see.',
    source: 'house rule',
    position: { heroes: ['grisban D1 speed 4'], monsters: ['ogre-1 A1 speed 3 size 2x2'], more: { walls: [['B1', 'C1']] } },
    orders: ['ogre-1, move, attack grisban'],
    expect: [{ event: 'attack-declared', where: { figure: 'ogre-1', target: 'grisban' } }],
  },
];
