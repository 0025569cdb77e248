// Settings presets. "Seed methodology" is the seeds' own (DESIGN.md); "Quick"
// sizes the runs by time: a short calibration pass measures every job once,
// then the iterations are chosen so that the whole run takes about `budget`.
import type { Report, Settings } from './report';
import { formatNs } from './format';
import { LIMITS } from './settings';

export type Preset = 'custom' | 'quick' | 'seed';

export const SEED_SETTINGS: Settings = { warmup: 50_000, runs: 5, iterations: 500_000 };

/** What a calibration pass runs: enough to see every job's cost, no more. */
export const CALIBRATION: Settings = { warmup: 10, runs: 1, iterations: 200 };

/**
 * Under a coarse timer a calibration run must last some steps to be read:
 * 200 iterations of a 50 ns job last a tenth of a 100 µs step, so the pass
 * would read it as many times slower and size its runs short. Passes grow
 * until even the fastest job's run lasts `CALIBRATION_STEPS` steps (within
 * 4%), never past `MAX_CALIBRATION_ITERATIONS` — a fixed 50,000 would take
 * minutes on a scenario of 500 µs jobs, where 200 already last 100 steps.
 */
export const CALIBRATION_STEPS = 25;
export const MAX_CALIBRATION_ITERATIONS = 50_000;

/** The iterations of the next calibration pass, or null when `calibration` is fine enough to size runs by. */
export function nextCalibration(calibration: Report): number | null {
  const resolution = calibration.timer.resolution_ns ?? 0;
  const iterations = calibration.settings.iterations;
  if (resolution <= 0 || iterations >= MAX_CALIBRATION_ITERATIONS) return null;
  const medians = calibration.results.map((r) => r.median_ns).filter((m) => Number.isFinite(m));
  if (medians.length === 0) return null;
  const fastest = Math.min(...medians);
  if (fastest * iterations >= CALIBRATION_STEPS * resolution) return null;
  // A run shorter than a step may read as nothing: then a hundredfold.
  const wanted = fastest > 0 ? Math.ceil((CALIBRATION_STEPS * resolution * 1.2) / fastest) : iterations * 100;
  return Math.min(Math.max(wanted, iterations * 2), MAX_CALIBRATION_ITERATIONS);
}

/** Quick's total time, in nanoseconds. */
export const QUICK_BUDGET_NS = 2e9;
const QUICK_RUNS = 5;

/**
 * A run lasts at least this many steps of the measured timer: 100 when the
 * page is cross-origin isolated (a 5 µs step is then ≤ 1% of a run); 1,000
 * when it is not (a docs host sends no COOP/COEP: 100 µs steps in Chromium,
 * 1 ms elsewhere), so the coarse step is ≤ 0.1% of a run, over the budget if
 * need be.
 */
export const STEPS_PER_RUN = { isolated: 100, coarse: 1_000 } as const;

/** Aimed above the coarse floor by the calibration's own error (a step in 25). */
const COARSE_MARGIN = 1.1;

/**
 * Settings so that `runs` runs of every job in `calibration` take about
 * `budget` ns, warm-up included (a tenth of a run), and so that even the
 * fastest job's run lasts `STEPS_PER_RUN` steps of the measured timer.
 */
export function quickSettings(calibration: Report, budget = QUICK_BUDGET_NS, isolated = true): Settings {
  const medians = calibration.results.map((r) => r.median_ns).filter((m) => Number.isFinite(m) && m > 0);
  const perIteration = medians.reduce((sum, m) => sum + m, 0);
  const byBudget = perIteration > 0 ? budget / (perIteration * (QUICK_RUNS + 0.1)) : LIMITS.iterations.max;
  const resolution = calibration.timer.resolution_ns ?? 0;
  const steps = isolated ? STEPS_PER_RUN.isolated : STEPS_PER_RUN.coarse * COARSE_MARGIN;
  const byTimer = medians.length > 0 ? (steps * resolution) / Math.min(...medians) : 0;
  const iterations = Math.round(Math.min(Math.max(byBudget, byTimer, 10), 10_000_000));
  return { warmup: Math.max(1, Math.round(iterations / 10)), runs: QUICK_RUNS, iterations };
}

/** The one line a run outside cross-origin isolation carries: why its runs are long. */
export function coarseTimerNote(resolution_ns: number): string {
  return `not cross-origin isolated: the timer steps ${formatNs(resolution_ns)}, so each run lasts at least ${STEPS_PER_RUN.coarse.toLocaleString('en')} steps (${formatNs(STEPS_PER_RUN.coarse * resolution_ns)}) and the medians and ranges stay precise`;
}
