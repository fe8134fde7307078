// The JOverseer import (docs/import.md): each quirk of the files with a small hand-made file, and the
// real 2950 and 1650 maps (test/fixtures/joverseer/, BSD-3, see LICENSE and SOURCE there) with their
// notes in golden files.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCE, formatNote, importJoverseer, parseScenario } from '../src/index.ts';
import type { ImportNote, ImportOptions, JoverseerFiles } from '../src/index.ts';

const opts = (more: Partial<ImportOptions> = {}): ImportOptions => ({ game: '9999', seed: 1, prefer: DEFAULT_PREFERENCE, ...more });

// Four land hexes in a row pair: 0101 0201 / 0102 0202 (row 1 odd: 0101's se is 0102... by the kernel's layout).
const TERRAIN = '"0101",1\n"0201",2\n"0102",3\n"0202",5\n';
// One nation with one village, so that a scenario of a game without a nation table has a nation.
const ONE_PC = '"0202",0,2,0,1,1,0,"Staddle",40,False,True,1,False\n';
const files = (traffic: string, pcs = ONE_PC, terrain = TERRAIN): JoverseerFiles => ({
  terrain: { name: 't.terrain', text: terrain },
  traffic: { name: 't.traffic', text: traffic },
  pcs: { name: 't.pcs', text: pcs },
});
const of = (notes: ImportNote[], kind: ImportNote['kind']) => notes.filter((n) => n.kind === kind).map((n) => n.message);

function imported(f: JoverseerFiles, o: ImportOptions = opts()) {
  const r = importJoverseer(f, o);
  if (r.scenario === null) throw new Error(`import failed: ${r.notes.map(formatNote).join('; ')}`);
  const parsed = parseScenario(r.scenario);
  if (!parsed.ok) throw new Error(`scenario invalid: ${JSON.stringify(parsed.issues)}`);
  return { scenario: r.scenario, notes: r.notes };
}

describe('terrain codes', () => {
  it('reads 1 plains 2 shore 3 forest 4 swamp 5 hills 6 mountains 7 desert, 8 sea as coast and 9 ocean as sea', () => {
    const text = ['"0101",1', '"0201",2', '"0301",3', '"0401",4', '"0501",5', '"0601",6', '"0701",7', '"0801",8', '"0901",9'].join('\n');
    const { scenario } = imported({ terrain: { name: 't.terrain', text }, pcs: { name: 't.pcs', text: ONE_PC.replace('0202', '0101') } });
    expect(scenario.map.hexes.map((h) => h.terrain)).toEqual(['plains', 'shore', 'forest', 'swamp', 'hills', 'mountains', 'desert', 'coast', 'sea']);
  });

  it('drops a byte-order mark at the start of a file', () => {
    const { scenario } = imported(files('\uFEFF"0101",0,2,5\n"0201",0,5,5\n', undefined, `\uFEFF${TERRAIN}`));
    expect(scenario.map.hexes[0]).toEqual({ hex: '0101', terrain: 'plains' });
    expect(scenario.map.hexsides).toEqual([{ hex: '0101', dir: 'e', features: ['road'] }]);
  });

  it('names a bad code and a bad hex number with line and column, and writes no scenario', () => {
    const r = importJoverseer({ terrain: { name: 't.terrain', text: '"0101",1\n"0201",12\n"01x1",1\n' } }, opts());
    expect(r.scenario).toBeNull();
    expect(r.notes.filter((n) => n.kind === 'error').map(formatNote)).toEqual([
      'error: t.terrain line 2, col 8: hex 0201: terrain code "12" is not one of 1 to 9',
      'error: t.terrain line 3, col 1: "01x1" is not a hex number (four digits, column then row, such as "2915")',
    ]);
  });
});

describe('hexsides', () => {
  it('reads sides 1-6 as ne e se sw w nw', () => {
    // Around 0202 (row 2, even): ne 0301? Only those on the map count; each side is named from its e/se/sw owner.
    const terrain = ['0101', '0201', '0301', '0102', '0202', '0302', '0103', '0203', '0303'].map((h) => `"${h}",1`).join('\n');
    // 0202 holds the one village: its sides are what is tested.
    const sides = ['1', '2', '3', '4', '5', '6'].map((s) => `"0202",0,${s},5`).join('\n');
    const { scenario } = imported(files(sides, undefined, terrain));
    const named = [...scenario.map.hexsides].sort((a, b) => (a.hex + a.dir < b.hex + b.dir ? -1 : 1));
    // 0202's neighbours by the kernel's even-row layout: ne 0301, e 0302, se 0303, sw 0203, w 0102, nw 0201.
    expect(named).toEqual([
      { hex: '0102', dir: 'e', features: ['road'] },
      { hex: '0201', dir: 'se', features: ['road'] },
      { hex: '0202', dir: 'e', features: ['road'] },
      { hex: '0202', dir: 'se', features: ['road'] },
      { hex: '0202', dir: 'sw', features: ['road'] },
      { hex: '0301', dir: 'sw', features: ['road'] },
    ]);
    // Every one was recorded from 0202 only.
    expect(of(imported(files(sides, undefined, terrain)).notes, 'warning')).toHaveLength(6);
  });

  it('reads elements 1 ford 2 bridge 3 major river 4 minor river 5 road', () => {
    const sides = ['"0101",0,2,1', '"0101",0,2,2', '"0101",0,2,4', '"0101",0,2,5', '"0201",0,5,1', '"0201",0,5,2', '"0201",0,5,4', '"0201",0,5,5', '"0102",0,2,3', '"0202",0,5,3'].join('\n');
    const { scenario, notes } = imported(files(sides));
    expect(scenario.map.hexsides).toEqual([
      { hex: '0101', dir: 'e', features: ['road', 'bridge', 'ford', 'minor-river'] },
      { hex: '0102', dir: 'e', features: ['major-river'] },
    ]);
    expect(of(notes, 'warning')).toEqual([]);
  });

  it('unions a side recorded from one hex only, with a warning', () => {
    const { scenario, notes } = imported(files('"0101",0,2,5\n"0101",0,2,4\n"0201",0,5,4\n'));
    expect(scenario.map.hexsides).toEqual([{ hex: '0101', dir: 'e', features: ['road', 'minor-river'] }]);
    expect(of(notes, 'warning')).toEqual(['0101/0201: road is recorded from 0101 only; put on the side for both hexes']);
  });

  it('resolves two river kinds on one side by the larger river, and the GM can choose per side', () => {
    const traffic = '"0101",0,2,3\n"0201",0,5,4\n';
    const major = imported(files(traffic));
    expect(major.scenario.map.hexsides).toEqual([{ hex: '0101', dir: 'e', features: ['major-river'] }]);
    expect(of(major.notes, 'decision')).toContain(
      '0101/0201: major-river recorded from 0101, minor-river from 0201; kept major-river by the default rule, --prefer major (give --prefer 0101/0201=minor for the other)',
    );
    const minor = imported(files(traffic), opts({ prefer: { default: 'major-river', sides: { '0201/0101': 'minor-river' } } }));
    expect(minor.scenario.map.hexsides).toEqual([{ hex: '0101', dir: 'e', features: ['minor-river'] }]);
    expect(of(minor.notes, 'decision').some((m) => m.includes('kept minor-river by --prefer 0101/0201=minor'))).toBe(true);
    const all = imported(files(traffic), opts({ prefer: { default: 'minor-river', sides: {} } }));
    expect(all.scenario.map.hexsides[0]!.features).toEqual(['minor-river']);
  });

  it('warns about a choice for a side that has nothing to choose, and about sides off the map', () => {
    const { notes } = imported(files('"0101",0,6,5\n"0909",0,2,5\n'), opts({ prefer: { default: 'major-river', sides: { '0101/0102': 'minor-river' } } }));
    expect(of(notes, 'warning')).toEqual([
      'the nw side of 0101 leads off the map: its road is left out',
      'hex 0909 is not in the terrain file: its road (e) is left out',
      '--prefer 0101/0102: that side does not carry two river kinds; nothing to choose',
    ]);
  });
});

describe('population centres', () => {
  const pc = (hex: string, size: number, fort: number, nation: number, allegiance: number, harbour: number, name: string, capital = false, hidden = false) =>
    `"${hex}",0,${size},${fort},${nation},${allegiance},${harbour},"${name}",55,${capital ? 'True' : 'False'},True,1,${hidden ? 'True' : 'False'}`;

  it('reads sizes, fortifications, nations, capitals, hidden centres and ruins', () => {
    const pcs = [pc('0101', 3, 2, 1, 1, 0, 'Bree', true), pc('0201', 5, 5, 2, 2, 0, 'Barad', false, true), pc('0102', 6, 2, 0, 0, 0, 'Annúminas')].join('\n');
    const { scenario, notes } = imported(files('', pcs), opts({ game: '1650' }));
    expect(scenario.populationCentres).toEqual([
      { hex: '0101', nation: 'woodmen', name: 'Bree', size: 'town', fortification: 'fort', capital: true, dock: 'none' },
      { hex: '0201', nation: 'northmen', name: 'Barad', size: 'city', fortification: 'citadel', capital: false, dock: 'none', hidden: true },
    ]);
    expect(scenario.map.ruins).toEqual([{ hex: '0102', name: 'Annúminas' }]);
    expect(scenario.nations.slice(0, 3).map((n) => [n.id, n.name, n.allegiance, n.joverseer.nation])).toEqual([
      ['woodmen', 'Woodmen', 'free-peoples', 1],
      ['northmen', 'Northmen', 'dark-servants', 2],
      ['eothraim', 'Éothraim', undefined, 3],
    ]);
    expect(scenario.nations).toHaveLength(25);
    expect(of(notes, 'warning')).toContain('nation 3 (Éothraim) has no population centre giving its allegiance; it has none (neutral to all)');
  });

  it('reads harbour codes 1 port 2 harbour, swapped in the 2950 files', () => {
    const pcs = [pc('0101', 3, 0, 1, 1, 1, 'A'), pc('0201', 3, 0, 1, 1, 2, 'B')].join('\n');
    const docks = (game: string) => imported(files('', pcs), opts({ game })).scenario.populationCentres.map((p) => p.dock);
    expect(docks('1650')).toEqual(['port', 'harbour']);
    expect(docks('2950')).toEqual(['harbour', 'port']);
  });

  it('leaves out, with a warning, a centre on water, a second one in a hex and one of no nation', () => {
    const terrain = `${TERRAIN}"0302",8\n`;
    const pcs = [pc('0302', 3, 0, 1, 1, 0, 'Wet'), pc('0101', 3, 0, 1, 1, 0, 'First'), pc('0101', 2, 0, 1, 1, 0, 'Second'), pc('0201', 2, 0, 0, 0, 0, 'Nobody')].join('\n');
    const { scenario, notes } = imported(files('', pcs, terrain));
    expect(scenario.populationCentres.map((p) => p.name)).toEqual(['First']);
    expect(of(notes, 'warning')).toEqual([
      'Wet (0302): the hex is water (coast); left out',
      'Second (0101): the hex already has First; left out',
      'Nobody (0201) belongs to no nation (0); left out',
    ]);
  });

  it('names a line with too few fields', () => {
    const r = importJoverseer(files('', '"0101",0,3,2'), opts());
    expect(r.scenario).toBeNull();
    expect(r.notes.filter((n) => n.kind === 'error').map(formatNote)).toEqual(['error: t.pcs line 1, col 12: a population centre line has 13 fields; this one has 4']);
  });
});

describe('starting forces', () => {
  // 0301 is coastal water; the one population centre (0202) is the nation's home.
  const terrain = `${TERRAIN}"0301",8\n`;
  const element = (counts: Record<string, string> = {}) => ['HC', 'LC', 'HI', 'LI', 'AR', 'MA', 'WM', 'WA', 'TR'].map((t) => `${t};${counts[t] ?? ''};;;`).join(';');
  const armies = [
    '#hex;commander;allegiance;nation;navy;size;troops;morale;<element type;number;training;weapons;armor>+',
    `0101;Unknown (Map Icon);1;1;0;1;100;40;${element({ HI: '100', WM: '2' })};`,
    `0201;Unknown (Map Icon);1;1;1;1;50;30;${element({ LI: '50', WA: '2', TR: '1' })};`,
    `0301;Unknown (Map Icon);1;1;0;1;100;30;${element({ HI: '100' })};`,
    `0102;Unknown (Map Icon);1;7;0;1;100;30;${element({ HI: '100' })};`,
  ].join('\n');
  const chars = '1;Ren the Unclean;50;0;20;50;30;73\n1;Tonn Varthkur;30;0;0;30;0;47\n1;Uthcu?;0;0;0;0;0;30\n';
  const withForces = (more: Partial<JoverseerFiles> = {}): JoverseerFiles => ({
    ...files('', ONE_PC, terrain),
    startArmies: { name: 't.startarmies', text: armies },
    characters: { name: 't.chars.csv', text: chars },
    ...more,
  });

  it('makes units of the armies, navies and characters, each JOverseer id mapped, with the decisions and warnings', () => {
    const { scenario, notes } = imported(withForces());
    expect(scenario.units).toEqual([
      { id: 'ren the unclean', kind: 'army', nation: 'nation-1', hex: '0101', commander: { name: 'Ren the Unclean', command: 50 }, troops: { heavyInfantry: 100 }, food: 400, morale: 40 },
      { id: 'tonn varthkur', kind: 'navy', nation: 'nation-1', hex: '0201', commander: { name: 'Tonn Varthkur', command: 30 }, ships: { warships: 2, transports: 1 }, food: 0, morale: 30 },
      { id: "tonn varthkur's army", kind: 'army', nation: 'nation-1', hex: '0201', commander: { name: 'Tonn Varthkur', command: 30 }, troops: { lightInfantry: 50 }, food: 200, morale: 30, aboard: 'tonn varthkur' },
      { id: 'uthcu', kind: 'character', nation: 'nation-1', hex: '0202', name: 'Uthcu?', spells: [] },
    ]);
    expect(scenario.nations[0]!.joverseer.characters).toEqual({ 'ren t': 'ren the unclean', 'tonn ': 'tonn varthkur', uthcu: 'uthcu' });
    expect(of(notes, 'warning')).toEqual([
      '2 war machines at 0101: Arbiter\'s armies have none; left out',
      'nation-1\'s force at 0301: the hex is water and the force has no ships; left out',
      "the force at 0102 is nation 7's, a nation no population centre names; left out",
    ]);
    expect(of(notes, 'decision').filter((m) => /leads|navy|food|capital/.test(m))).toHaveLength(4);
  });

  it('gives the food asked for, and places characters where .startchars says (an army led by one standing in its hex)', () => {
    const placed = { name: 't.startchars', text: '#hex;name;allegiance;nation\n0101;Tonn Varthkur;1;1\n0102;Ren the Unclean;1;1\n' };
    const { scenario } = imported(withForces({ startCharacters: placed }), opts({ foodTurns: 1 }));
    const byId = new Map(scenario.units.map((u) => [u.id, u]));
    expect(byId.get('tonn varthkur')).toMatchObject({ kind: 'army', hex: '0101', food: 100, commander: { command: 30 } });
    expect(byId.get('ren the unclean')).toMatchObject({ kind: 'character', hex: '0102' });
    // No one stands at 0201: its fleet has no commander and no JOverseer id.
    expect(byId.get('nation-1 navy 0201')).toMatchObject({ kind: 'navy', commander: { command: 0 } });
    expect(byId.get('nation-1 army 0201')).toMatchObject({ aboard: 'nation-1 navy 0201' });
  });

  it('names a line it cannot read with line and column, and writes no scenario', () => {
    const r = importJoverseer(withForces({ startArmies: { name: 't.startarmies', text: `0101;x;1;1;0;1;100;fifty;${element()}` } }), opts());
    expect(r.scenario).toBeNull();
    expect(r.notes.filter((n) => n.kind === 'error').map(formatNote)).toEqual(['error: t.startarmies line 1, col 20: "fifty" is not a morale (0 to 100)']);
  });
});

describe('the real maps', () => {
  const dir = new URL('./fixtures/joverseer/', import.meta.url);
  const real = (game: string): JoverseerFiles => {
    const f = (ext: string) => ({ name: `${game}.${ext}`, text: readFileSync(new URL(`${game}.${ext}`, dir), 'utf8') });
    const optional = (ext: string) => (existsSync(new URL(`${game}.${ext}`, dir)) ? f(ext) : undefined);
    const [startArmies, characters] = [optional('startarmies'), optional('chars.csv')];
    return { terrain: f('terrain'), traffic: f('traffic'), pcs: f('pcs'), ...(startArmies ? { startArmies } : {}), ...(characters ? { characters } : {}) };
  };

  for (const game of ['2950', '1650']) {
    it(`imports ${game} into a valid scenario with every decision and warning listed`, async () => {
      const { scenario, notes } = imported(real(game), opts({ game }));
      expect(scenario.map.hexes).toHaveLength(1716);
      expect(scenario.nations).toHaveLength(25);
      const summary = [
        `${scenario.map.hexes.length} hexes, ${scenario.map.hexsides.length} hexsides, ${scenario.populationCentres.length} population centres (${scenario.populationCentres.filter((p) => p.hidden).length} hidden), ${scenario.map.ruins?.length ?? 0} ruins`,
        ...scenario.nations.map((n) => `${n.joverseer.nation} ${n.id} (${n.name}): ${n.allegiance ?? 'no allegiance'}, ${scenario.populationCentres.filter((p) => p.nation === n.id).length} population centres`),
        '',
        ...notes.map(formatNote),
        '',
      ];
      await expect(summary.join('\n')).toMatchFileSnapshot(`./__golden__/import-${game}.txt`);
    });
  }

  it('2950: the starting forces, every unit and every JOverseer id', async () => {
    const { scenario } = imported(real('2950'), opts({ game: '2950', gameNumber: 77 }));
    const count = (kind: string) => scenario.units.filter((u) => u.kind === kind).length;
    expect([count('army'), count('navy'), count('character')]).toEqual([64, 12, 135]);
    // Every one of the 199 characters is a unit or leads one, each under its JOverseer id.
    expect(scenario.nations.reduce((n, x) => n + Object.keys(x.joverseer.characters).length, 0)).toBe(199);
    const line = (u: (typeof scenario.units)[number]): string => {
      const what =
        u.kind === 'character'
          ? `character ${u.name}`
          : u.kind === 'navy'
            ? `navy, ${u.commander.name ?? 'no commander'} (command ${u.commander.command}), ${u.ships.warships} warships, ${u.ships.transports} transports, morale ${u.morale}`
            : `army, ${u.commander.name ?? 'no commander'} (command ${u.commander.command}), ${Object.entries(u.troops).map(([t, n]) => `${n} ${t}`).join(' ')}, food ${u.food}, morale ${u.morale}${u.aboard ? `, aboard ${u.aboard}` : ''}`;
      return `${u.nation} ${u.hex} ${u.id}: ${what}`;
    };
    const ids = scenario.nations.map((n) => `${n.id}: ${Object.entries(n.joverseer.characters).map(([k, v]) => `"${k}" ${v}`).join(', ')}`);
    await expect([...scenario.units.map(line), '', ...ids, ''].join('\n')).toMatchFileSnapshot('./__golden__/import-2950-forces.txt');
  });

  it('2950: ids with spaces as JOverseer writes them (ren t, tonn )', () => {
    const { scenario } = imported(real('2950'), opts({ game: '2950' }));
    const of18 = scenario.nations.find((n) => n.joverseer.nation === 18)!.joverseer.characters;
    const of13 = scenario.nations.find((n) => n.joverseer.nation === 13)!.joverseer.characters;
    expect(of18['ren t']).toBe('ren the unclean');
    expect(of13['tonn ']).toBe('tonn varthkur');
  });

  it('2950: the two sides with two river kinds are decisions', () => {
    const { notes } = imported(real('2950'), opts({ game: '2950' }));
    expect(of(notes, 'decision').filter((m) => m.includes('river recorded from')).map((m) => m.slice(0, 9))).toEqual(['2527/2627', '3027/3028']);
  });
});
