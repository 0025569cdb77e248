// Compiled code for a docs author's scenario without a server: the module the
// site prebuilt for its definitions (scripts/catalog/), found in the catalog
// when the definitions being run are that scenario's (line endings and
// trailing blanks aside, as for the benchmark module's bundled code).
import { sameSchema } from '../bench/compiled-client';
import type { RunRequest } from '../bench/protocol';
import type { ScenarioDocument } from '../report';
import { type Catalog, type CatalogEntry, loadDocument } from './catalog';

/** The prebuilt module for `doc`'s definitions, or null when the site has none. */
export async function prebuiltFor(
  doc: ScenarioDocument,
  catalog: Catalog,
  load: (entry: CatalogEntry) => Promise<ScenarioDocument> = loadDocument,
): Promise<RunRequest['compiled'] | null> {
  // The scenario of the same name first: usually the only one worth a fetch.
  const candidates = catalog.scenarios
    .filter((s) => s.compiled !== null)
    .sort((a, b) => Number(b.name === doc.name) - Number(a.name === doc.name));
  for (const entry of candidates) {
    const shipped = await load(entry).catch(() => null);
    if (shipped && entry.compiled && sameSchema(shipped.schema, doc.schema)) {
      const { js, wasm, notes } = entry.compiled;
      return { js, wasm, notes: [...notes] };
    }
  }
  return null;
}
