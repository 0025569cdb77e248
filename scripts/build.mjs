// The static site in web/dist (wasm first, then the page), and the release CLI
// that `npm start`'s "Run natively" runs.
import { run } from './lib.mjs';

run('node', ['scripts/build-wasm.mjs']);
run('npm', ['run', 'build', '-w', 'web']);
run('cargo', ['build', '--release', '--locked', '-p', 'overhead-cli']);
