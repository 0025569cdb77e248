// Settings as the user types them, checked with the same limits the Rust side
// enforces, so a typo gets a message instead of an hour-long run.
import type { Settings } from './report';

export const LIMITS = {
  iterations: { min: 1, max: 100_000_000 },
  runs: { min: 1, max: 1_000 },
  warmup: { min: 0, max: 100_000_000 },
} as const;

const LABELS: Record<keyof Settings, string> = {
  iterations: 'Iterations / run',
  runs: 'Runs',
  warmup: 'Warm-up',
};

export type Parsed = { ok: true; settings: Settings } | { ok: false; error: string };

/** Parses the three fields; whole numbers within LIMITS only. */
export function parseSettings(raw: Record<keyof Settings, string>): Parsed {
  const settings: Partial<Settings> = {};
  for (const key of ['warmup', 'runs', 'iterations'] as const) {
    const text = raw[key].trim();
    const { min, max } = LIMITS[key];
    const value = Number(text);
    if (text === '' || !Number.isInteger(value) || value < min || value > max) {
      return {
        ok: false,
        error: `${LABELS[key]} must be a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}${text === '' ? '' : `, not “${text}”`}.`,
      };
    }
    settings[key] = value;
  }
  return { ok: true, settings: settings as Settings };
}
