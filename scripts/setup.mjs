// Installs what building and testing need, only what is missing, so a second run
// takes a second: the wasm32 target, wasm-bindgen-cli at the version Cargo.lock
// pins, the npm packages, with --browser Debian's chromium, with --valgrind
// Debian's valgrind (`overhead run --measure instructions`), and with --docs
// mdbook (the docs book: `npm run docs`, and its test).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fail, read, root, run } from './lib.mjs';

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

function lockedVersion(crate) {
  const lock = readFileSync(join(root, 'Cargo.lock'), 'utf8');
  const match = lock.match(new RegExp(`\\[\\[package\\]\\]\\nname = "${crate}"\\nversion = "([^"]+)"`));
  if (!match) fail(`${crate} is not in Cargo.lock`);
  return match[1];
}

function wasmBindgen() {
  // The CLI must match the library exactly, or the generated glue is refused.
  const want = lockedVersion('wasm-bindgen');
  const have = read('wasm-bindgen', ['--version'])?.trim().split(' ')[1];
  if (have !== want) {
    console.log(`wasm-bindgen-cli ${have ?? 'is missing'}; installing ${want} (about 3 minutes, once)`);
    run('cargo', ['install', 'wasm-bindgen-cli', '--version', want, '--force']);
  }
}

function npmPackages() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (!existsSync(marker)) run('npm', ['ci', '--no-audit', '--no-fund']);
  else if (statSync(lock).mtimeMs > statSync(marker).mtimeMs) run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Debian's `pkg`, installed with apt-get when `binary` is missing (we are root in CI). */
function debianPackage(binary, pkg, why) {
  if (existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    fail(`${why}: run \`sudo apt-get install ${pkg}\` (Debian/Ubuntu), then again`);
  }
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
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
wasmBindgen();
npmPackages();
if (wantBrowser) debianPackage('/usr/bin/chromium', 'chromium', 'the end-to-end tests need Chromium');
if (wantValgrind) debianPackage('/usr/bin/valgrind', 'valgrind', 'instruction counts (and their tests) need Valgrind');
if (wantDocs) mdbook();
console.log('setup: everything needed is installed');
