// Durations in the unit that suits them, as the CLI prints them ("126 ns", "1.37 µs").

function scaled(x: number, by: number): [number, string] {
  const m = Math.abs(by);
  if (m >= 1e9) return [x / 1e9, 's'];
  if (m >= 1e6) return [x / 1e6, 'ms'];
  if (m >= 1e3) return [x / 1e3, 'µs'];
  return [x, 'ns'];
}

function digits(x: number): string {
  const a = Math.abs(x);
  if (a >= 100) return x.toFixed(0);
  if (a >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

export function formatNs(ns: number): string {
  if (!Number.isFinite(ns)) return '—';
  const [v, unit] = scaled(ns, ns);
  return `${digits(v)} ${unit}`;
}

/** A min–max range in the unit of its maximum: "125–137 ns". */
export function formatRange(min: number, max: number): string {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return '—';
  const [lo, unit] = scaled(min, max);
  const [hi] = scaled(max, max);
  return `${digits(lo)}–${digits(hi)} ${unit}`;
}

/** An instruction count grouped by thousands, as the CLI prints it: "1,759". */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '—';
  return Math.round(n).toLocaleString('en-US');
}

/** A byte count in binary units, as the CLI prints it: "6.61 KiB", "128 KiB", "3.03 MiB". */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return '—';
  if (n < 1024) return `${Math.round(n)} B`;
  const [value, unit] = n < 1024 * 1024 ? [n / 1024, 'KiB'] : [n / (1024 * 1024), 'MiB'];
  return `${digits(value)} ${unit}`;
}

/** A browser's name and major version from its user agent ("Chrome 156"), for labels. */
export function browserName(userAgent: string): string {
  const known: [RegExp, string][] = [
    [/Firefox\/(\d+)/, 'Firefox'],
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/HeadlessChrome\/(\d+)/, 'headless Chrome'],
    [/Chrome\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/, 'Safari'],
  ];
  for (const [pattern, name] of known) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return userAgent.length > 40 ? `${userAgent.slice(0, 40)}…` : userAgent;
}

/** "about 12 s left", from the steps done since `start` and the steps to go. */
export function timeLeft(elapsedMs: number, stepsDone: number, stepsLeft: number): string {
  if (stepsDone <= 0 || elapsedMs <= 0) return '';
  const ms = (elapsedMs / stepsDone) * stepsLeft;
  if (ms < 1_000) return 'under a second left';
  if (ms < 90_000) return `about ${Math.round(ms / 1_000)} s left`;
  return `about ${Math.round(ms / 60_000)} min left`;
}
