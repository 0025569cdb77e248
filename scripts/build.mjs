// The static site in web/dist (wasm first, then the page), and the release CLI
// that `npm start`'s "Run natively" runs. Each step is skipped when what it is
// made from is unchanged (scripts/steps.mjs), so a start with nothing changed
// serves in seconds.
import { join } from 'node:path';
import { root, run } from './lib.mjs';
import { steps, treeHash } from './steps/steps.mjs';

run('node', ['scripts/build-wasm.mjs']);
// The site: the page's sources and modules, the recorded native numbers it
// shows, and the packages it is built with.
steps(join(root, 'target', 'steps')).run(
  'site (vite build)',
  {
    fingerprint: treeHash(root, ['web', 'scenarios', 'package-lock.json'], ['node_modules', 'dist', 'e2e']),
    outputs: [join(root, 'web', 'dist', 'index.html'), join(root, 'web', 'dist', 'methodology.html')],
  },
  () => run('npm', ['run', 'build', '-w', 'web']),
);
run('cargo', ['build', '--release', '--locked', '-p', 'overhead-cli']);
// What compiled code built on demand depends on, built once here, so that a
// person's first edited definitions compile in seconds (a no-op once built).
run('target/release/overhead', ['prebuild']);
