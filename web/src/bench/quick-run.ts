// "Quick": a short pass to see what each job costs, then runs sized to the
// time budget and to the timer (1,000 of its steps per run when the page is
// not cross-origin isolated, said in the Report's notes). The full page and
// the embed measure the same way.
import { CALIBRATION, coarseTimerNote, nextCalibration, quickSettings } from '../presets';
import type { Report, Settings } from '../report';
import type { Progress } from './protocol';

export type Measure = (settings: Settings, onProgress: (p: Progress) => void) => Promise<Report>;

export interface QuickSteps {
  /** The calibration pass is running. */
  calibrating(): void;
  /** The timed runs are sized: these settings. */
  sized(settings: Settings): void;
  progress(p: Progress): void;
}

export async function measureQuick(measure: Measure, isolated: boolean, steps: QuickSteps): Promise<Report> {
  let calibration = await measure(CALIBRATION, () => steps.calibrating());
  // A coarse timer: longer passes until the fastest job's run can be read.
  for (let more = isolated ? null : nextCalibration(calibration); more !== null; more = nextCalibration(calibration)) {
    calibration = await measure({ ...CALIBRATION, iterations: more }, () => steps.calibrating());
  }
  const settings = quickSettings(calibration, undefined, isolated);
  steps.sized(settings);
  const report = await measure(settings, (p) => steps.progress(p));
  // A coarse timer (no COOP/COEP, as on most docs hosts): runs sized to it, said once.
  if (!isolated && typeof report.timer.resolution_ns === 'number') {
    report.notes = [coarseTimerNote(report.timer.resolution_ns), ...(report.notes ?? [])];
  }
  return report;
}
