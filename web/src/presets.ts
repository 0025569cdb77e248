// Settings presets. "Seed methodology" is the seeds' own (DESIGN.md); "Quick"
// sizes the runs by time: a short calibration pass measures every job once,
// then the iterations are chosen so that the whole run takes about `budget`.
import type { Report, Settings } from './report';
import { LIMITS } from './settings';

export type Preset = 'custom' | 'quick' | 'seed';

export const SEED_SETTINGS: Settings = { warmup: 50_000, runs: 5, iterations: 500_000 };

/** What a calibration pass runs: enough to see every job's cost, no more. */
export const CALIBRATION: Settings = { warmup: 10, runs: 1, iterations: 200 };

/** Quick's total time, in nanoseconds. */
export const QUICK_BUDGET_NS = 2e9;
const QUICK_RUNS = 5;

/** A run lasts at least this many timer steps, so the timer's step is ≤ 1% of it. */
const STEPS_PER_RUN = 100;

/**
 * Settings so that `runs` runs of every job in `calibration` take about
 * `budget` ns, warm-up included (a tenth of a run), and so that even the
 * fastest job's run lasts 100 steps of the measured timer.
 */
export function quickSettings(calibration: Report, budget = QUICK_BUDGET_NS): Settings {
  const medians = calibration.results.map((r) => r.median_ns).filter((m) => Number.isFinite(m) && m > 0);
  const perIteration = medians.reduce((sum, m) => sum + m, 0);
  const byBudget = perIteration > 0 ? budget / (perIteration * (QUICK_RUNS + 0.1)) : LIMITS.iterations.max;
  const resolution = calibration.timer.resolution_ns ?? 0;
  const byTimer = medians.length > 0 ? (STEPS_PER_RUN * resolution) / Math.min(...medians) : 0;
  const iterations = Math.round(Math.min(Math.max(byBudget, byTimer, 10), 10_000_000));
  return { warmup: Math.max(1, Math.round(iterations / 10)), runs: QUICK_RUNS, iterations };
}
