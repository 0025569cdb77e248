import { describe, expect, it } from 'vitest';
import { MAX_CALIBRATION_ITERATIONS, coarseTimerNote, nextCalibration, quickSettings } from './presets';
import type { Report, ResultRow } from './report';

const calibration = (medians: number[], resolution_ns = 5000, iterations = 200): Report => ({
  scenario: 's',
  env: { target: 'wasm', engine_version: '0' },
  settings: { iterations, runs: 1, warmup: 10 },
  timer: { resolution_ns, overhead_ns: 30 },
  results: medians.map(
    (m): ResultRow => ({ variant: 'de', engine: 'compiled', input: 'valid', data: 'serial', outcome: 'ok', size: 1, runs_ns: [m], median_ns: m, min_ns: m, max_ns: m, mean_ns: m }),
  ),
});

describe('quickSettings', () => {
  it('sizes runs so the whole run takes about the budget', () => {
    // 10 jobs of 200 ns: 2 µs an iteration of all; 2 s over 5.1 runs.
    const s = quickSettings(calibration(Array(10).fill(200)));
    expect(s.runs).toBe(5);
    expect(s.iterations).toBe(196_078);
    expect(s.warmup).toBe(19_608);
    const total = (s.runs * s.iterations + s.warmup) * 10 * 200;
    expect(total).toBeGreaterThan(1.9e9);
    expect(total).toBeLessThan(2.1e9);
  });

  it('stays within sane bounds for very slow and very fast jobs', () => {
    expect(quickSettings(calibration([1e9])).iterations).toBe(10);
    expect(quickSettings(calibration([0.01])).iterations).toBe(10_000_000);
    expect(quickSettings(calibration([])).iterations).toBe(10_000_000);
  });

  it('makes even the fastest job’s run last 100 timer steps, over the budget if need be', () => {
    // A coarse 100 µs timer (no cross-origin isolation): a 50 ns job needs 200,000
    // iterations for a 10 ms run, though the budget alone would give 3,920.
    const s = quickSettings(calibration([50, 1e5], 100_000));
    expect(s.iterations).toBe(200_000);
    expect(s.iterations * 50).toBeGreaterThanOrEqual(100 * 100_000);
  });

  it('outside cross-origin isolation, makes the fastest job’s run last 1,000 timer steps and says so', () => {
    // 100 µs steps: a 50 ns job needs 2,000,000 iterations for a 100 ms run
    // (2,200,000 with the calibration's margin).
    const s = quickSettings(calibration([50, 1e5], 100_000), undefined, false);
    expect(s.iterations).toBe(2_200_000);
    expect(s.iterations * 50).toBeGreaterThanOrEqual(1_000 * 100_000);
    expect(coarseTimerNote(100_000)).toBe(
      'not cross-origin isolated: the timer steps 100 µs, so each run lasts at least 1,000 steps (100 ms) and the medians and ranges stay precise',
    );
  });
});

describe('nextCalibration', () => {
  it('is done at once when the fastest job’s run lasts 25 steps of the timer', () => {
    // 200 iterations of 500 µs jobs under a 100 µs timer: 1,000 steps.
    expect(nextCalibration(calibration([5e5, 5e4], 100_000))).toBeNull();
    // A fine timer: 200 × 100 ns = 20 µs, 4,000 steps of 5 ns.
    expect(nextCalibration(calibration([100], 5))).toBeNull();
  });

  it('grows the pass until the fastest job can be read, no further than needed', () => {
    // 200 × 50 ns = 10 µs, a tenth of a 100 µs step: read as one step, 500 ns.
    const first = nextCalibration(calibration([500, 1e4], 100_000));
    expect(first).toBe(6_000);
    // The next pass reads it as it is (50 ns): 60,000 would be needed, capped.
    expect(nextCalibration(calibration([50, 1e4], 100_000, first ?? 0))).toBe(MAX_CALIBRATION_ITERATIONS);
    expect(nextCalibration(calibration([50, 1e4], 100_000, MAX_CALIBRATION_ITERATIONS))).toBeNull();
  });

  it('multiplies a pass that read nothing by a hundred', () => {
    expect(nextCalibration(calibration([0, 1e4], 100_000))).toBe(20_000);
  });
});
