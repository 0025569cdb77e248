// The site's scenario catalog: `<site>/scenarios/index.json` and the files it
// names, which the page and the embeds read (web/src/scenarios/catalog.ts).
// Every folder under the repository's scenarios/ is listed as bundled (its
// compiled code is in the benchmark module); each extra folder (`--scenarios`)
// with its own prebuilt module. The documents are written by the CLI
// (`overhead document`), which reads scenario folders for everything else:
// no second reader of scenario.toml here.
//
// index.json: { version: 1, notes: [...], scenarios: [{ name, title, bundled,
//   document, native, compiled: { js, wasm, notes } | null, notes? }] },
// every path relative to index.json.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { env } from '../lib.mjs';
import { MODULE_FILES, prebuiltModule } from './module.mjs';

export const CATALOG_VERSION = 1;
/** The optimised modules kept under the cache root (about 2 MB each), the most recently used. */
const KEEP_MODULES = 32;

/** One scenario folder as its document (JSON text), by the CLI. */
function documentOf(overhead, dir) {
  const result = spawnSync(overhead, ['document', dir], { env, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`${dir}: ${result.stderr.trim() || result.error?.message}`);
  return result.stdout;
}

/**
 * Writes `<out>/scenarios/` afresh for the `bundled` and `extras` folders
 * (`[{ name, dir }]`, see folders.mjs) and returns the index it wrote.
 * `build` is the steps runner (wasm-opt runs once per module), `cacheRoot`
 * where optimised modules are kept.
 */
export function writeCatalog({ out, bundled, extras, overhead, build, cacheRoot, log = console.log }) {
  const site = join(out, 'scenarios');
  // Only what this catalog lists: a plain build after a docs build drops the extras.
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  const entries = [];
  for (const [isBundled, list] of [[true, bundled], [false, extras]]) {
    for (const { name, dir } of list) {
      const text = documentOf(overhead, dir);
      writeFileSync(join(site, `${name}.json`), text);
      const native = existsSync(join(dir, 'native.json')) ? `${name}.native.json` : null;
      if (native) copyFileSync(join(dir, 'native.json'), join(site, native));
      const entry = { name, title: JSON.parse(text).title, bundled: isBundled, document: `${name}.json`, native, compiled: null };
      if (!isBundled) {
        log(`\n${name} (${dir}): its compiled code`);
        const module = prebuiltModule({ overhead, dir, cacheRoot, build, log });
        if (module.dir) {
          const to = join(site, 'compiled', name);
          mkdirSync(to, { recursive: true });
          for (const file of Object.values(MODULE_FILES)) copyFileSync(join(module.dir, file), join(to, file));
          const now = new Date();
          utimesSync(module.dir, now, now);
          entry.compiled = { js: `compiled/${name}/${MODULE_FILES.js}`, wasm: `compiled/${name}/${MODULE_FILES.wasm}`, notes: module.notes };
        } else {
          log(`  ${module.reason}; the interpreter runs it`);
          entry.notes = [`${module.reason}; the interpreter runs it alone`];
        }
      }
      entries.push(entry);
    }
  }
  const index = {
    version: CATALOG_VERSION,
    notes: extras.length
      ? ['Extra scenarios run compiled code prebuilt with the site (the per-document module), the bundled ones the benchmark module.']
      : [],
    scenarios: entries,
  };
  writeFileSync(join(site, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  if (existsSync(cacheRoot)) prune(cacheRoot);
  return index;
}

/** Keeps the most recently used modules of the cache. */
function prune(cacheRoot) {
  const dirs = readdirSync(cacheRoot)
    .map((name) => ({ path: join(cacheRoot, name), used: statSync(join(cacheRoot, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { path } of dirs.slice(KEEP_MODULES)) rmSync(path, { recursive: true, force: true });
}
