// Each nation's opening map of a scenario being set up as a new game, one at a time.
import { MapView } from '../components/MapView.tsx';
import type { ScenarioMaps } from './scenario-file.ts';

export function OpeningMaps(props: { maps: ScenarioMaps; shown: number; onShow(i: number): void }) {
  const { maps, shown } = props;
  return (
    <>
      <nav aria-label="Opening map of" class="turns">
        {maps.nations.map((n, i) => (
          <button type="button" key={n.nationId} aria-pressed={i === shown} onClick={() => props.onShow(i)}>
            {n.name}
          </button>
        ))}
      </nav>
      <MapView svg={maps.nations[shown]!.svg} label={`Opening map of ${maps.nations[shown]!.name}`} />
    </>
  );
}
