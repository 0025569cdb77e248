// The real build, twice: the second time, with nothing changed, wasm-bindgen,
// wasm-opt and the site are skipped (cargo keeps its own freshness), which is
// what lets `npm start` serve in seconds. `npm test` has just built, so both
// runs are the quick kind here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { env, root } from '../lib.mjs';

function build() {
  const result = spawnSync('node', ['scripts/build.mjs'], { cwd: root, env, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

test('a second build with nothing changed skips every step after cargo', { timeout: 1_800_000 }, () => {
  build();
  const again = build();
  for (const step of [
    'overhead_wasm_analyzer: wasm-bindgen and wasm-opt -Oz',
    'overhead_wasm: wasm-bindgen and wasm-opt -O3',
    'site (vite build)',
    'scenario catalog',
  ]) {
    assert.ok(again.includes(`✓ ${step}: unchanged since its last build, skipped`), `${step} ran again:\n${again}`);
  }
  assert.ok(!again.includes('$ wasm-opt'), again);
  assert.ok(!again.includes('$ npm run build'), again);
});
