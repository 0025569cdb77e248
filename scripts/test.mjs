// Every test: lints, Rust (cargo test), TypeScript and wasm (Vitest), and the
// page end to end in headless Chromium. Expects setup and build to have run.
import { run } from './lib.mjs';

run('cargo', ['fmt', '--all', '--', '--check']);
run('cargo', ['clippy', '--workspace', '--all-targets', '--locked', '--', '-D', 'warnings']);
run('cargo', ['test', '--workspace', '--locked']);
run('node', ['--test', 'scripts/bench/', 'scripts/steps/', 'scripts/catalog/']);
run('npm', ['run', 'typecheck', '-w', 'web']);
run('npm', ['test', '-w', 'web']);
console.log('\nall tests passed');
