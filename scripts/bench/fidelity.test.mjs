// The fidelity table pairs runs, compares the engines' shapes and marks what strays.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fidelityRows, renderFidelity } from './fidelity.mjs';

const row = (variant, engine, input, runs, outcome = 'ok') => ({
  variant, engine, input, data: 'serial', outcome, size: 10, runs_ns: runs,
  median_ns: [...runs].sort((a, b) => a - b)[runs.length >> 1], min_ns: Math.min(...runs), max_ns: Math.max(...runs), mean_ns: 0,
});

const report = (results) => ({ scenario: 'demo', env: { target: 'native', engine_version: '0' }, results });

test('validation overhead and validate-on-de/de+validate per engine, paired run by run', () => {
  const [r] = fidelityRows(report([
    row('de', 'compiled', 'valid', [100, 200, 100]),
    row('de', 'interpreted', 'valid', [150, 300, 150]),
    // Compiled: per-run 1.10, 1.10, 1.10 → +10%; interpreted: 1.20, 1.40, 1.20 → +20%.
    row('de+validate', 'compiled', 'valid', [110, 220, 110]),
    row('de+validate', 'interpreted', 'valid', [180, 420, 180]),
    row('validate-on-de', 'compiled', 'valid', [110, 220, 110]),
    row('validate-on-de', 'interpreted', 'valid', [198, 462, 198]),
  ]));
  assert.ok(Math.abs(r.compiled.overhead - 0.1) < 1e-9);
  assert.ok(Math.abs(r.interpreted.overhead - 0.2) < 1e-9);
  assert.ok(Math.abs(r.overheadGap - 10) < 1e-9);
  assert.equal(r.overheadOk, false);
  assert.ok(Math.abs(r.compiled.onDe - 1) < 1e-9);
  assert.ok(Math.abs(r.onDeGap - 0.1) < 1e-9);
  assert.equal(r.onDeOk, false);
});

test('an input that does not decode, or one engine missing, makes no row', () => {
  assert.deepEqual(fidelityRows(report([
    row('de', 'compiled', 'bad', [1, 1, 1], 'error'),
    row('de', 'interpreted', 'bad', [2, 2, 2], 'error'),
    row('de+validate', 'compiled', 'bad', [1, 1, 1], 'error'),
    row('de+validate', 'interpreted', 'bad', [2, 2, 2], 'error'),
    row('de', 'compiled', 'valid', [100, 100, 100]),
    row('de+validate', 'compiled', 'valid', [110, 110, 110]),
  ])), []);
  assert.equal(renderFidelity([report([row('de', 'compiled', 'valid', [1, 1, 1])])]), '');
});

test('the text marks each shape ok or OFF against the tolerance', () => {
  const text = renderFidelity([report([
    row('de', 'compiled', 'valid', [100, 100, 100]),
    row('de', 'interpreted', 'valid', [130, 130, 130]),
    row('de+validate', 'compiled', 'valid', [110, 110, 110]),
    row('de+validate', 'interpreted', 'valid', [146.9, 146.9, 146.9]),
  ])]);
  assert.match(text, /^FIDELITY/);
  assert.match(text, /valid\s+\+10\.0%\s+\+13\.0%\s+\+3\.0 pp\s+ok\s+—\s+—/);
});
