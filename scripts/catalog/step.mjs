// The catalog as a build step: written again only when a scenario folder, the
// CLI that reads them, or the set of folders changed, or when it is missing
// (vite empties the site's folder when it builds the page again).
import { join, relative, resolve } from 'node:path';
import { root } from '../lib.mjs';
import { contentHash, steps, treeHash } from '../steps/steps.mjs';
import { writeCatalog } from './catalog.mjs';
import { extraFolders, scenarioFolders } from './folders.mjs';

export const DEFAULT_OUT = join(root, 'web', 'dist');
/** Where `npm run dev`'s catalog is written; web/catalog-server.ts serves it. */
export const DEV_OUT = join(root, 'target', 'dev-site');

/** A step's name says which site it builds, as a file name can hold it. */
export function siteLabel(out) {
  const where = relative(root, resolve(out)) || '.';
  return resolve(out) === DEFAULT_OUT ? '' : ` for ${where.replace(/[^\w.-]+/g, '_')}`;
}

/**
 * `<out>/scenarios/` for the bundled scenarios and the scenario folders in
 * `extraDirs`, unless unchanged since the last time. `overhead` is the
 * release CLI, already built.
 */
export function catalogStep({ out = DEFAULT_OUT, extraDirs = [], overhead, stateDir = join(root, 'target', 'steps'), log = console.log }) {
  const bundled = scenarioFolders(join(root, 'scenarios'));
  const extras = extraFolders(extraDirs, bundled.map((s) => s.name));
  const build = steps(stateDir, log);
  const index = join(out, 'scenarios', 'index.json');
  const folders = [...bundled, ...extras].map((s) => `${s.name} ${s.dir} ${treeHash(s.dir, ['.'])}`);
  return build.run(
    `scenario catalog${siteLabel(out)}`,
    { fingerprint: `${folders.join('\n')}\n${contentHash(overhead)}`, outputs: [index] },
    () => {
      const written = writeCatalog({ out, bundled, extras, overhead, build, cacheRoot: join(root, 'target', 'site-modules'), log });
      log(`\n✓ ${index}: ${written.scenarios.length} scenarios (${extras.length} extra)`);
    },
  );
}
