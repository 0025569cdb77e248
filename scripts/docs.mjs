// `npm run docs`: the example book (docs/book, mdBook) with Overhead embedded,
// as a docs author builds theirs: the Overhead site with the book's own
// scenarios (docs/scenarios) added, placed under the book as `overhead/`, so
// every embed is a relative URL and the folder can be hosted anywhere.
// `--serve` then serves it as a static host does (no COOP/COEP headers).
// Expects setup (`--docs`) to have run.
import { cpSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fail, root, run } from './lib.mjs';
import { serveStatic } from './docs/static-server.mjs';

const book = join(root, 'target', 'book');
// Built beside the book, not in it: `mdbook build` empties its output folder.
const site = join(root, 'target', 'docs-site');
const started = Date.now();

// Absolute: build.mjs reads relative paths from where npm was run.
run('node', ['scripts/build.mjs', '--scenarios', join(root, 'docs', 'scenarios'), '--out', site]);
if (!existsSync(join(site, 'index.html'))) fail(`the Overhead site was not built into ${relative(root, site)}`);
run('mdbook', ['build', 'docs/book']);
cpSync(site, join(book, 'overhead'), { recursive: true });

console.log(`\nThe book is in ${relative(root, book)}/ (${((Date.now() - started) / 1000).toFixed(0)} s).`);
if (process.argv.includes('--serve')) {
  // Port 8000 when free, else any.
  const { url } = await serveStatic(book, 8000).catch(() => serveStatic(book, 0));
  console.log(`Serving it at ${url} as a static host would (no COOP/COEP); Ctrl+C stops.`);
} else {
  console.log('Preview it as a static host serves it: npm run docs -- --serve (or node scripts/docs/static-server.mjs target/book)');
}
