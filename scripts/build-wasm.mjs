// Builds the page's two wasm modules, generates their JS glue with wasm-bindgen,
// and optimises them with wasm-opt (from the npm package `binaryen`):
// - overhead-wasm-analyzer, which loads with the page (markers, scenarios): built
//   for size, since every visitor downloads it before anything else;
// - overhead-wasm, the benchmark module, which loads at the first run: built for
//   speed, since it is what is measured. Measured with bench:browser (user-signup's
//   compiled `de`, Chromium): no wasm-opt 133–134 ns, -O2 123–127, -O3 123–128,
//   -O4 126–127; so -O3. (LTO and one codegen unit, in Cargo.toml, are worth
//   6% more; panic=abort is already wasm32-unknown-unknown's default.)
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const outDir = join(root, 'web', 'src', 'wasm-pkg');
const modules = [
  { crate: 'overhead-wasm-analyzer', name: 'overhead_wasm_analyzer', profile: 'analyzer', opt: '-Oz' },
  { crate: 'overhead-wasm', name: 'overhead_wasm', profile: 'wasm', opt: '-O3' },
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
