// The bench summary pairs runs as DESIGN.md's methodology says and labels rows as the table heads say.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatNs, pairedRatio, renderSummary, summaryRows } from './summary.mjs';

const row = (variant, engine, input, runs, outcome = 'ok') => ({
  variant, engine, input, data: 'serial', outcome, size: 10, runs_ns: runs,
  median_ns: [...runs].sort((a, b) => a - b)[runs.length >> 1], min_ns: Math.min(...runs), max_ns: Math.max(...runs), mean_ns: 0,
});

const report = {
  scenario: 'demo',
  env: { target: 'native', engine_version: '0.1.0', cpu: 'Test CPU' },
  results: [
    row('de', 'compiled', 'valid', [100, 200, 100]),
    row('de', 'interpreted', 'valid', [150, 300, 150]),
    row('de+validate', 'compiled', 'valid', [150, 240, 130]),
    row('de+validate', 'interpreted', 'valid', [210, 400, 200]),
    row('de+validate', 'peer:validator', 'valid', [300, 300, 300]),
    row('de+validate', 'peer:garde', 'valid', [1, 1, 1], 'error'),
  ],
};

test('a ratio is the median of per-run ratios, not the ratio of medians', () => {
  // Per-run ratios 1.5, 1.2, 1.3 → 1.3; medians 150/100 would say 1.5.
  assert.equal(pairedRatio(report.results[2], report.results[0]), 1.3);
  assert.equal(pairedRatio(report.results[5], report.results[0]), null);
  assert.equal(pairedRatio(undefined, report.results[0]), null);
});

test('rows: one per variant and input, ours beside the baseline, the interpreter and the peers', () => {
  const { baseline, rows } = summaryRows(report);
  assert.equal(baseline, 'de');
  assert.equal(rows.length, 2);
  assert.deepEqual(rows[1], {
    variant: 'de+validate', input: 'valid', outcome: 'ok', compiled: '150 ns', overBaseline: '1.30×',
    interpreted: '210 ns', interpretedOverCompiled: '1.54×', peers: 'validator 300 ns, garde error',
  });
  assert.equal(rows[0].overBaseline, '');
  assert.match(renderSummary([report]), /demo \(baseline de; Test CPU\)\nVARIANT +INPUT/);
});

test('durations read as the CLI prints them', () => {
  assert.equal(formatNs(84.55), '84.5 ns');
  assert.equal(formatNs(1370), '1.37 µs');
  assert.equal(formatNs(Number.NaN), '—');
});
