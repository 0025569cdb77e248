// The native numbers recorded with the bundled scenarios (`npm run bench --
// --record` writes scenarios/<name>/native.json). Each file is its own small
// chunk, fetched only when results of its scenario are on screen.
import type { ScenarioDocument } from './report';
import { type NativeNumbers, nativeProblem, unchangedInputs } from './native';
import { checkReport } from './state/report-check';

const files = import.meta.glob<string>('../../scenarios/*/native.json', { query: '?raw', import: 'default' });

/** The recorded figures for `doc`, if it is a bundled scenario (by name) with a recording, for its unchanged inputs. */
export async function recordedNative(doc: ScenarioDocument, bundled: readonly ScenarioDocument[]): Promise<NativeNumbers | null> {
  const shipped = bundled.find((s) => s.name !== undefined && s.name === doc.name);
  const load = shipped && files[`../../scenarios/${shipped.name}/native.json`];
  if (!shipped || !load) return null;
  const inputs = unchangedInputs(doc, shipped);
  if (inputs.size === 0) return null;
  const report = checkReport(JSON.parse(await load()));
  if (!report || nativeProblem(report, shipped.name) !== null) return null;
  return { report, source: 'recorded', inputs };
}

/** The bundled scenarios that have recorded native numbers. */
export const recordedScenarios = Object.keys(files).map((path) => path.split('/').at(-2) ?? '');
