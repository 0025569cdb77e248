// The static site in web/dist (wasm first, then the page), and the release CLI
// that `npm start`'s "Run natively" runs.
import { run } from './lib.mjs';

run('node', ['scripts/build-wasm.mjs']);
run('npm', ['run', 'build', '-w', 'web']);
run('cargo', ['build', '--release', '--locked', '-p', 'overhead-cli']);
// What compiled code built on demand depends on, built once here, so that a
// person's first edited definitions compile in seconds.
run('target/release/overhead', ['prebuild']);
