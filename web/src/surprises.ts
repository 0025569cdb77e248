// Outcomes worth a word before any timing: an input named "valid" that does
// not pass, or one named "invalid" that does (the scenario's own convention).
import type { ResultRow } from './report';

/** What a job returned on its checking run, before any timing. */
export type Checked = Pick<ResultRow, 'variant' | 'engine' | 'input' | 'outcome' | 'message' | 'violations'>;

export function surprises(rows: Checked[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.input)) continue;
    if (r.input === 'valid' && r.outcome !== 'ok') {
      seen.add(r.input);
      const why = r.violations?.[0] ? `${r.violations[0].path}: ${r.violations[0].message}` : (r.message ?? r.outcome);
      out.push(`Input “valid” does not pass (${r.variant}: ${why}).`);
    }
    if (r.input === 'invalid' && r.outcome === 'ok' && /validate/.test(r.variant)) {
      seen.add(r.input);
      out.push(`Input “invalid” passes every rule (${r.variant}).`);
    }
  }
  return out;
}
