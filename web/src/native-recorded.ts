// The native numbers recorded with the site's scenarios (`npm run bench --
// --record` writes <scenario>/native.json; the build lists it in the site's
// catalog, for the bundled scenarios and a docs author's alike). Each is
// fetched only when results of its scenario are on screen.
import type { ScenarioDocument } from './report';
import { type NativeNumbers, nativeProblem, unchangedInputs } from './native';
import { type Catalog, catalogOrEmpty, findScenario, loadDocument } from './scenarios/catalog';
import { checkReport } from './state/report-check';

/**
 * The recorded figures for `doc`, if the site ships a scenario of its name
 * with a recording, for the inputs it still has unchanged. `known` are
 * documents the page already holds (the bundled ones), fetched otherwise;
 * `catalog` is the site's (read here when not given).
 */
export async function recordedNative(doc: ScenarioDocument, known: readonly ScenarioDocument[], catalog?: Catalog): Promise<NativeNumbers | null> {
  const entry = findScenario(catalog ?? (await catalogOrEmpty()), doc.name);
  if (!entry?.native) return null;
  const shipped = known.find((s) => s.name === entry.name) ?? (await loadDocument(entry));
  const inputs = unchangedInputs(doc, shipped);
  if (inputs.size === 0) return null;
  const response = await fetch(entry.native);
  if (!response.ok) return null;
  const report = checkReport(JSON.parse(await response.text()));
  if (!report || nativeProblem(report, entry.name) !== null) return null;
  return { report, source: 'recorded', inputs };
}
