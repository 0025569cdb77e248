// bench:browser pairs each wasm result with the native one of the same variant, engine, input and data.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareRows, renderComparison } from './compare.mjs';

const row = (variant, engine, median, extra = {}) => ({
  variant, engine, input: 'valid', data: 'serial', outcome: 'ok', size: 1,
  runs_ns: [median], median_ns: median, min_ns: median * 0.9, max_ns: median * 1.1, mean_ns: median, ...extra,
});
const report = (target, results) => ({
  scenario: 'demo', env: { target, engine_version: '0' }, settings: { iterations: 1000, runs: 5, warmup: 100 },
  timer: { resolution_ns: 5, overhead_ns: 20 }, results,
});

test('wasm rows meet their native twins; browser-only variants and errors have none', () => {
  const wasm = report('wasm', [row('de', 'compiled', 160, { flags: ['noisy'] }), row('from-js', 'compiled', 500), row('de', 'interpreted', 1, { outcome: 'error' })]);
  const native = report('native', [row('de', 'interpreted', 150), row('de', 'compiled', 100)]);
  const rows = compareRows(wasm, native);
  assert.equal(rows[0].ratio, 1.6);
  assert.equal(rows[1].native, null);
  assert.equal(rows[2].native, null);
  const text = renderComparison(wasm, native);
  assert.match(text, /^demo: 5 runs × 1,000 iterations after 100 warm-up, both sides\n/);
  assert.match(text, /de +compiled +valid +160 ns +144–176 ns +100 ns +90\.0–110 ns +1\.60× +wasm:noisy/);
  assert.match(text, /from-js +compiled +valid +500 ns +450–550 ns +—/);
});
