// Builds the page's two wasm modules, generates their JS glue with wasm-bindgen,
// and optimises them with wasm-opt (from the npm package `binaryen`):
// - overhead-wasm-analyzer, which loads with the page (markers, scenarios): built
//   for size, since every visitor downloads it before anything else;
// - overhead-wasm, the benchmark module, which loads at the first run: built for
//   speed, since it is what is measured. Measured with bench:browser (user-signup's
//   compiled `de`, Chromium): no wasm-opt 133–134 ns, -O2 123–127, -O3 123–128,
//   -O4 126–127; so -O3. (LTO and one codegen unit, in Cargo.toml, are worth
//   6% more; panic=abort is already wasm32-unknown-unknown's default.)
import { join } from 'node:path';
import { read, root, run } from './lib.mjs';
import { contentHash, steps } from './steps/steps.mjs';
import { WASM_OPT_FEATURES } from './wasm-features.mjs';

const outDir = join(root, 'web', 'src', 'wasm-pkg');
const modules = [
  { crate: 'overhead-wasm-analyzer', name: 'overhead_wasm_analyzer', profile: 'analyzer', opt: '-Oz' },
  { crate: 'overhead-wasm', name: 'overhead_wasm', profile: 'wasm', opt: '-O3' },
];
const features = WASM_OPT_FEATURES;
const build = steps(join(root, 'target', 'steps'));
const tools = `${read('wasm-bindgen', ['--version'])?.trim()} ${read('wasm-opt', ['--version'])?.trim()}`;

for (const { crate, name, profile, opt } of modules) {
  // cargo decides whether the module is stale; a no-op takes a fraction of a second.
  run('cargo', ['build', '--profile', profile, '--locked', '--target', 'wasm32-unknown-unknown', '-p', crate]);
  const wasm = join(root, 'target', 'wasm32-unknown-unknown', profile, `${name}.wasm`);
  const bg = join(outDir, `${name}_bg.wasm`);
  // wasm-bindgen and wasm-opt (-O3 alone takes about 20 s) only for a module
  // cargo changed, or other tools or flags.
  build.run(
    `${name}: wasm-bindgen and wasm-opt ${opt}`,
    { fingerprint: `${contentHash(wasm)} ${tools} ${opt} ${features.join(' ')}`, outputs: [bg, join(outDir, `${name}.js`)] },
    () => {
      run('wasm-bindgen', ['--target', 'web', '--out-dir', outDir, wasm]);
      run('wasm-opt', [opt, ...features, bg, '-o', bg]);
    },
  );
}
