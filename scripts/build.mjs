// The static site (wasm first, then the page, then its scenario catalog), and
// the release CLI that `npm start`'s "Run natively" runs. Each step is skipped
// when what it is made from is unchanged (scripts/steps.mjs), so a start with
// nothing changed serves in seconds.
//
// `--scenarios DIR[,DIR…]` adds an author's scenario folders to the site,
// each with compiled code of its own (scripts/catalog/); `--out SITE` builds
// the site there instead of web/dist, so that a docs build leaves the
// playground's alone.
import { join, resolve } from 'node:path';
import { CLI_PACKAGES, fail, root, run } from './lib.mjs';
import { steps, treeHash } from './steps/steps.mjs';
import { catalogStep, DEFAULT_OUT, siteLabel } from './catalog/step.mjs';
import { takeFlag, typedPath } from './catalog/folders.mjs';

const { value: scenarios, rest } = takeFlag(process.argv.slice(2), '--scenarios');
const { value: outFlag, rest: unknown } = takeFlag(rest, '--out');
if (unknown.length) fail(`unknown arguments: ${unknown.join(' ')} (takes --scenarios DIR[,DIR…] and --out SITE)`);
const out = outFlag ? typedPath(outFlag) : DEFAULT_OUT;
const extraDirs = (scenarios ?? '').split(',').filter(Boolean).map(typedPath);

run('node', ['scripts/build-wasm.mjs']);
// The page: its sources and modules, and the packages it is built with. The
// scenarios reach it through the catalog below.
steps(join(root, 'target', 'steps')).run(
  `site (vite build)${siteLabel(out)}`,
  {
    fingerprint: `${treeHash(root, ['web', 'package-lock.json'], ['node_modules', 'dist', 'e2e'])} ${resolve(out)}`,
    outputs: [join(out, 'index.html'), join(out, 'methodology.html')],
  },
  () => run('npm', ['run', 'build', '-w', 'web', ...(out === DEFAULT_OUT ? [] : ['--', '--outDir', out, '--emptyOutDir'])]),
);
run('cargo', ['build', '--release', '--locked', ...CLI_PACKAGES]);
// What compiled code built on demand depends on, built once here, so that a
// person's first edited definitions compile in seconds (a no-op once built).
run('target/release/overhead', ['prebuild']);
try {
  catalogStep({ out, extraDirs, overhead: join(root, 'target', 'release', 'overhead') });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
