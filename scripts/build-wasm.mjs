// Builds the page's two wasm modules, generates their JS glue with wasm-bindgen,
// and optimises them with wasm-opt (from the npm package `binaryen`):
// - overhead-wasm-analyzer, which loads with the page (markers, scenarios): built
//   for size, since every visitor downloads it before anything else;
// - overhead-wasm, the benchmark module, which loads at the first run: built for
//   speed, since it is what is measured.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const outDir = join(root, 'web', 'src', 'wasm-pkg');
const modules = [
  { crate: 'overhead-wasm-analyzer', name: 'overhead_wasm_analyzer', profile: 'analyzer', opt: '-Oz' },
  { crate: 'overhead-wasm', name: 'overhead_wasm', profile: 'release', opt: '-O3' },
];

rmSync(outDir, { recursive: true, force: true });
for (const { crate, name, profile, opt } of modules) {
  run('cargo', ['build', '--profile', profile, '--locked', '--target', 'wasm32-unknown-unknown', '-p', crate]);
  const wasm = join(root, 'target', 'wasm32-unknown-unknown', profile, `${name}.wasm`);
  run('wasm-bindgen', ['--target', 'web', '--out-dir', outDir, wasm]);
  // The features rustc enables by default for wasm32-unknown-unknown; wasm-opt
  // must accept them.
  const bg = join(outDir, `${name}_bg.wasm`);
  run('wasm-opt', [
    opt,
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
}
