// An extra scenario's compiled code for a static site: the page's module that
// `overhead build-browser` builds for any definitions (the generator the local
// server uses; cargo for wasm32 and wasm-bindgen, cached by the CLI under
// target/ondemand/), then wasm-opt -O3 as for the benchmark module. The big
// benchmark module is not rebuilt for an author's scenarios.
//
// Measured on an order of two types (2 cores, dependencies built by
// `overhead prebuild`): cargo 2 s (30 s when the workspace's crates changed),
// wasm-bindgen 0.3 s, wasm-opt -O3 19–21 s (-O2 15 s, -O1 6 s). -O3 made its
// compiled rows 3–14% faster in V8 (four sessions of interleaved rounds;
// -O2 less consistently, -O1 not at all), at the same gzipped size (590 KB).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { env, read } from '../lib.mjs';
import { contentHash } from '../steps/steps.mjs';
import { WASM_OPT_FEATURES } from '../wasm-features.mjs';

/** The files of a module, as wasm-bindgen names them (the Worker loads both). */
export const MODULE_FILES = { js: 'overhead_ondemand.js', wasm: 'overhead_ondemand_bg.wasm' };
const OPT = '-O3';

/**
 * What the CLI says of how the module was built on demand (it starts so):
 * replaced by how the site's was built.
 */
const ON_DEMAND_BUILD = 'compiled (wasm): ';
export const PREBUILT_NOTE = `compiled (wasm): prebuilt with the site for these definitions (cargo's release build without LTO, then wasm-opt ${OPT}); the bundled scenarios' module also has LTO`;

/**
 * Builds the module for the scenario folder `dir` into `cacheRoot`/<content
 * hash>/ (wasm-opt runs as a step: once per module cargo built). Returns
 * `{ dir, notes, seconds }`, or `{ reason, notes }` when the definitions do
 * not compile (the interpreter still runs them).
 */
export function prebuiltModule({ overhead, dir, cacheRoot, build, log = console.log }) {
  const started = performance.now();
  const result = spawnSync(overhead, ['build-browser', dir], { env, encoding: 'utf8', maxBuffer: 1 << 26 });
  let answer;
  try {
    answer = JSON.parse(result.stdout.trim());
  } catch {
    return { reason: `overhead build-browser ended without an answer: ${result.stderr.trim().split('\n').at(-1) ?? ''}`, notes: [] };
  }
  if (result.status !== 0 || typeof answer.dir !== 'string') {
    const first = (answer.messages ?? []).find((m) => m.level === 'error');
    const at = first ? ` (schema.rs${first.line ? `:${first.line}:${first.column ?? 1}` : ''}: ${first.message})` : '';
    return { reason: `no compiled code: ${answer.error ?? 'the build failed'}${at}`, notes: [] };
  }
  const cargoSeconds = (performance.now() - started) / 1000;
  const wasm = join(answer.dir, MODULE_FILES.wasm);
  const key = contentHash(wasm);
  const out = join(cacheRoot, key.slice(0, 16));
  const optStarted = performance.now();
  build.run(
    `site module ${key.slice(0, 16)}: wasm-opt ${OPT}`,
    { fingerprint: `${key} ${read('wasm-opt', ['--version'])?.trim()} ${OPT} ${WASM_OPT_FEATURES.join(' ')}`, outputs: [join(out, MODULE_FILES.wasm), join(out, MODULE_FILES.js)] },
    () => {
      mkdirSync(out, { recursive: true });
      copyFileSync(join(answer.dir, MODULE_FILES.js), join(out, MODULE_FILES.js));
      const opt = spawnSync('wasm-opt', [OPT, ...WASM_OPT_FEATURES, wasm, '-o', join(out, MODULE_FILES.wasm)], { env, encoding: 'utf8' });
      if (opt.status !== 0) throw new Error(`wasm-opt ${OPT} failed on ${wasm}: ${opt.stderr || opt.error?.message}`);
    },
  );
  const optSeconds = (performance.now() - optStarted) / 1000;
  log(`  module: overhead build-browser ${cargoSeconds.toFixed(1)} s, wasm-opt ${OPT} ${optSeconds.toFixed(1)} s`);
  const notes = [PREBUILT_NOTE, ...(answer.notes ?? []).filter((n) => !n.startsWith(ON_DEMAND_BUILD))];
  return { dir: out, notes, seconds: { build: cargoSeconds, opt: optSeconds } };
}
