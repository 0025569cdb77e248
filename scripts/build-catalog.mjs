// `node scripts/build-catalog.mjs [--scenarios DIR[,DIR…]] [--out SITE | --dev]`:
// the site's scenario catalog alone (build.mjs writes it with the site);
// `--dev` writes the one `npm run dev` serves. Builds the release CLI that
// writes it (a no-op once `npm start` has).
import { join } from 'node:path';
import { CLI_PACKAGES, fail, root, run } from './lib.mjs';
import { catalogStep, DEFAULT_OUT, DEV_OUT } from './catalog/step.mjs';
import { takeFlag, typedPath } from './catalog/folders.mjs';

const args = process.argv.slice(2);
const dev = args.includes('--dev');
const { value: scenarios, rest } = takeFlag(args.filter((a) => a !== '--dev'), '--scenarios');
const { value: out, rest: unknown } = takeFlag(rest, '--out');
if (unknown.length) fail(`unknown arguments: ${unknown.join(' ')} (takes --scenarios DIR[,DIR…] and --out SITE or --dev)`);
run('cargo', ['build', '--release', '--locked', ...CLI_PACKAGES]);
try {
  catalogStep({
    out: dev ? DEV_OUT : out ? typedPath(out) : DEFAULT_OUT,
    extraDirs: (scenarios ?? '').split(',').filter(Boolean).map(typedPath),
    overhead: join(root, 'target', 'release', 'overhead'),
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
