// A turn in a few lines for the game master (`arbiter adjudicate --summary`): one line per hero.
import type { GoaResult } from './turn.ts';

export function summarise(result: GoaResult): string {
  const lines = result.units.map((u) => {
    const moved = u.path.length === 0 ? `stays on ${u.from}` : `${u.fastTravelled ? 'fast travels' : 'moves'} ${u.path.join(' → ')}`;
    return `${u.hero} (${u.player}): ${u.card ?? 'no card'}, ${moved}${u.stop === null ? '' : ` (${u.stop})`}`;
  });
  return [`turn ${result.turn}: ${result.units.length} heroes, ${result.errors.length} order errors, hash ${result.hash.slice(0, 12)}`, ...lines].join('\n');
}
