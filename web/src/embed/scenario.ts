// What an embed shows: the scenario its address names (`?scenario=<name>`, a
// bundled one or one the docs author built in; user-signup without a name),
// or the document a share fragment carries (an Embed snippet of edited work).
// With it, looked up when Run is pressed: the module the site prebuilt for its
// definitions, and the native figures recorded with it.
import type { RunRequest } from '../bench/protocol';
import type { NativeNumbers } from '../native';
import { recordedNative } from '../native-recorded';
import type { ScenarioDocument } from '../report';
import { type Catalog, findScenario, loadCatalog, loadDocument } from '../scenarios/catalog';
import { prebuiltFor } from '../scenarios/prebuilt';
import { isShareFragment, readShareFragment } from '../state/share';

export const DEFAULT_SCENARIO = 'user-signup';

export interface Embedded {
  doc: ScenarioDocument;
  /** The site's prebuilt module for these definitions (an author's scenario); none for a bundled one, whose code is in the benchmark module. */
  compiled(): Promise<RunRequest['compiled']>;
  /** The native figures recorded with the scenario, for the inputs it still has unchanged. */
  native(): Promise<NativeNumbers | null>;
}

export type Found = { ok: true; embedded: Embedded } | { ok: false; error: string };

function embeddedOf(doc: ScenarioDocument, catalog: Catalog, shipped: ScenarioDocument[]): Embedded {
  return {
    doc,
    compiled: async () => (await prebuiltFor(doc, catalog)) ?? undefined,
    native: () => recordedNative(doc, shipped, catalog),
  };
}

export async function embeddedScenario(params: URLSearchParams, hash: string, site: URL): Promise<Found> {
  const catalog = await loadCatalog(site);
  if (isShareFragment(hash)) {
    const checked = readShareFragment(hash);
    return checked.ok ? { ok: true, embedded: embeddedOf(checked.doc, catalog, []) } : { ok: false, error: checked.error };
  }
  const name = params.get('scenario') ?? DEFAULT_SCENARIO;
  const entry = findScenario(catalog, name);
  if (!entry) {
    const names = catalog.scenarios.map((s) => s.name).join(', ');
    return { ok: false, error: `This site has no scenario “${name}”${names ? `; it has: ${names}` : ''}.` };
  }
  const shipped = await loadDocument(entry);
  return { ok: true, embedded: embeddedOf(shipped, catalog, [shipped]) };
}
