// Builds the wasm module in release mode, generates its JS glue with wasm-bindgen,
// and optimises it with wasm-opt (from the npm package `binaryen`).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const outDir = join(root, 'web', 'src', 'wasm-pkg');
const wasm = join(root, 'target', 'wasm32-unknown-unknown', 'release', 'overhead_wasm.wasm');

run('cargo', ['build', '--release', '--locked', '--target', 'wasm32-unknown-unknown', '-p', 'overhead-wasm']);
rmSync(outDir, { recursive: true, force: true });
run('wasm-bindgen', ['--target', 'web', '--out-dir', outDir, wasm]);
// The features rustc enables by default for wasm32-unknown-unknown; wasm-opt must
// accept them. -O3: this module is measured, so speed beats size.
const bg = join(outDir, 'overhead_wasm_bg.wasm');
run('wasm-opt', [
  '-O3',
  '--enable-bulk-memory',
  '--enable-nontrapping-float-to-int',
  '--enable-sign-ext',
  '--enable-mutable-globals',
  '--enable-reference-types',
  '--enable-multivalue',
  bg,
  '-o',
  bg,
]);
