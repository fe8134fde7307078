// Reading a scenario file the GM chose: JSON, an object, and each nation's opening map from the server
// (which also checks the scenario); or what is wrong with it.
import { json } from '../api.ts';
import { errorText } from '../hooks.ts';
import type { Words } from '../words.ts';

export interface ScenarioMaps {
  ruleset: { id: string; title: string; words: Words };
  nations: { nationId: string; name: string; svg: string }[];
}

export type ScenarioRead = { doc: Record<string, unknown>; maps: ScenarioMaps } | { error: string };

export async function readScenario(token: string, file: File): Promise<ScenarioRead> {
  let doc: unknown;
  try {
    doc = JSON.parse(await file.text());
  } catch (err) {
    return { error: `${file.name} is not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return { error: `${file.name} is not a scenario: a scenario is a JSON object (docs/scenario-format-mepbm.md).` };
  }
  try {
    const maps = await json<ScenarioMaps>(token, '/v1/scenarios/maps', { body: { scenario: doc } });
    return { doc: doc as Record<string, unknown>, maps };
  } catch (err) {
    return { error: errorText(err) };
  }
}
