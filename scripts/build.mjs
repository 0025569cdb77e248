// The static site in web/dist: wasm first, then the page.
import { run } from './lib.mjs';

run('node', ['scripts/build-wasm.mjs']);
run('npm', ['run', 'build', '-w', 'web']);
