// Every test: lints, Rust (cargo test), TypeScript and wasm (Vitest), and the
// page end to end in headless Chromium, and the docs book with its embeds.
// Expects setup (--browser --docs) and build to have run.
import { run } from './lib.mjs';

run('cargo', ['fmt', '--all', '--', '--check']);
run('cargo', ['clippy', '--workspace', '--all-targets', '--locked', '--', '-D', 'warnings']);
run('cargo', ['test', '--workspace', '--locked']);
run('node', ['--test', 'scripts/bench/', 'scripts/steps/', 'scripts/catalog/', 'scripts/docs/', 'scripts/setup/']);
run('npm', ['run', 'typecheck', '-w', 'web']);
// The book the e2e tests open (web/e2e/book.test.ts).
run('node', ['scripts/docs.mjs']);
run('npm', ['test', '-w', 'web']);
console.log('\nall tests passed');
