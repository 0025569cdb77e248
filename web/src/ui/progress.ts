// The progress line of a run: variant, run k of n, and an estimate of the time
// left, taken from the pace of the timed runs (warm-up paces differently).
import type { Progress } from '../bench/protocol';
import { timeLeft } from '../format';
import { ui } from './elements';

/** When the timed runs started, and how many steps were done then (for the estimate). */
let timedStart: { at: number; done: number } | null = null;

/** Starts the time-left estimate afresh, for a new run. */
export function restartEstimate(): void {
  timedStart = null;
}

export function showProgress(p: Progress, where = ''): void {
  ui.progressBar.max = p.total;
  ui.progressBar.value = p.done;
  const what = p.variant ? `${p.variant} · ${p.input}` : '';
  if (p.phase === 'run' && timedStart === null) timedStart = { at: performance.now(), done: p.done };
  const left = timedStart ? timeLeft(performance.now() - timedStart.at, p.done - timedStart.done, p.total - p.done) : '';
  ui.progressText.textContent =
    p.variant === null
      ? 'finishing…'
      : p.phase === 'warmup'
        ? `warming up ${what}`
        : `run ${p.run} of ${p.runs} · ${what}${left ? ` · ${left}` : ''}`;
  if (where) ui.progressText.textContent = `${where}: ${ui.progressText.textContent}`;
}
