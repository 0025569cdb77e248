// Installs what building and testing need, only what is missing, so a second run
// takes a second: the wasm32 target, wasm-bindgen-cli at the version Cargo.lock
// pins, the npm packages, with --browser Debian's chromium, with --valgrind
// Debian's valgrind (`overhead run --measure instructions`), and with --docs
// mdbook (the docs book: `npm run docs`, and its test).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fail, read, root, run } from './lib.mjs';
import { aptCommands, debianAction, lockedVersion, npmAction, wasmBindgenAction, wasmBindgenVersion } from './setup/decide.mjs';

const wantBrowser = process.argv.includes('--browser');
const wantDocs = process.argv.includes('--docs');
const wantValgrind = process.argv.includes('--valgrind');
// The book (docs/book) is written for mdBook 0.5; this is the release installed
// when none is (about 70 s on two busy cores).
const MDBOOK = '0.5.4';

function wasmTarget() {
  const installed = read('rustup', ['target', 'list', '--installed']);
  if (installed === null) fail('rustup is not on PATH; install Rust from https://rustup.rs first');
  if (!installed.split('\n').includes('wasm32-unknown-unknown')) {
    run('rustup', ['target', 'add', 'wasm32-unknown-unknown']);
  }
}

function wasmBindgen() {
  // The CLI must match the library exactly, or the generated glue is refused.
  const want = lockedVersion(readFileSync(join(root, 'Cargo.lock'), 'utf8'), 'wasm-bindgen');
  if (!want) fail('wasm-bindgen is not in Cargo.lock');
  const have = wasmBindgenVersion(read('wasm-bindgen', ['--version']));
  if (wasmBindgenAction({ have, want }) === 'install') {
    console.log(`wasm-bindgen-cli ${have ?? 'is missing'}; installing ${want} (about 3 minutes, once)`);
    run('cargo', ['install', 'wasm-bindgen-cli', '--version', want, '--force']);
  }
}

/**
 * Every crate any build here may need, downloaded once: the workspace's whole
 * Cargo.lock (all members, all targets and features), which is also the lock
 * file compiled code built on demand is written with. Those crates build
 * `--offline` (crate/ondemand/src/cargo.rs), and `cargo build -p
 * overhead-cli` alone fetches only what the CLI needs: on an empty registry
 * the first on-demand build (prebuild) failed. A no-op once everything is
 * there (about a second).
 */
function cargoFetch() {
  run('cargo', ['fetch', '--locked']);
}

function npmPackages() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const action = npmAction({
    installedAt: existsSync(marker) ? statSync(marker).mtimeMs : null,
    lockChangedAt: statSync(lock).mtimeMs,
  });
  if (action === 'ci') run('npm', ['ci', '--no-audit', '--no-fund']);
  if (action === 'install') run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Debian's `pkg`, installed with apt-get when `binary` is missing (we are root in CI). */
function debianPackage(binary, pkg, why) {
  const action = debianAction({ installed: existsSync(binary), root: process.getuid?.() === 0 });
  if (action === 'ask') fail(`${why}: run \`sudo apt-get install ${pkg}\` (Debian/Ubuntu), then again`);
  if (action !== 'install') return;
  for (const [command, args] of aptCommands(pkg)) {
    run(command, args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
}

function mdbook() {
  const have = read('mdbook', ['--version'])?.trim().replace(/^mdbook v/, '');
  if (have?.startsWith('0.5.')) return;
  console.log(`mdbook ${have ?? 'is missing'}; installing ${MDBOOK} (about a minute, once)`);
  // Without the default features: `serve` and `watch` would compile tokio,
  // axum and a file watcher too; scripts/docs/static-server.mjs serves the book.
  run('cargo', ['install', 'mdbook', '--version', MDBOOK, '--no-default-features', '--features', 'search', '--force']);
}

wasmTarget();
cargoFetch();
wasmBindgen();
npmPackages();
if (wantBrowser) debianPackage('/usr/bin/chromium', 'chromium', 'the end-to-end tests need Chromium');
if (wantValgrind) debianPackage('/usr/bin/valgrind', 'valgrind', 'instruction counts (and their tests) need Valgrind');
if (wantDocs) mdbook();
console.log('setup: everything needed is installed');
