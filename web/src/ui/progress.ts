// The progress line of a run: variant, run k of n, and an estimate of the time
// left, taken from the pace of the timed runs (warm-up paces differently).
import type { Progress } from '../bench/protocol';
import { timeLeft } from '../format';

export class ProgressLine {
  /** When the timed runs started, and how many steps were done then (for the estimate). */
  private timedStart: { at: number; done: number } | null = null;

  constructor(
    private readonly bar: HTMLProgressElement,
    private readonly text: HTMLElement,
  ) {}

  /** Starts the time-left estimate afresh, for a new run. */
  restart(): void {
    this.timedStart = null;
  }

  say(text: string): void {
    this.text.textContent = text;
  }

  show(p: Progress, where = ''): void {
    this.bar.max = p.total;
    this.bar.value = p.done;
    const what = p.variant ? `${p.variant} · ${p.input}` : '';
    if (p.phase === 'run' && this.timedStart === null) this.timedStart = { at: performance.now(), done: p.done };
    const left = this.timedStart ? timeLeft(performance.now() - this.timedStart.at, p.done - this.timedStart.done, p.total - p.done) : '';
    const line =
      p.variant === null
        ? 'finishing…'
        : p.phase === 'warmup'
          ? `warming up ${what}`
          : `run ${p.run} of ${p.runs} · ${what}${left ? ` · ${left}` : ''}`;
    this.text.textContent = where ? `${where}: ${line}` : line;
  }
}
