// What the wasm analyzer says about struct definitions (`analyze()` in
// crate/wasm-analyzer), and how it maps onto editor markers.

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  severity: Severity;
  message: string;
  /** 1-based, as the analyzer and Monaco count. */
  line: number;
  column: number;
  end_line: number;
  end_column: number;
}

export interface Diagnosis {
  /** The types the definitions define, in text order. */
  types: string[];
  diagnostics: Diagnostic[];
  /** No error: the definitions can run. */
  runnable: boolean;
  /** Types the definitions name and do not define, with the definition assumed for each (the quick fix inserts it). */
  assumed: Assumed[];
  /** With no root named: the root a run uses, and why (the picker's "automatic" says it). */
  automatic: Automatic | null;
  /** For each input sent, in order: why it is not a value of the root, or null when it may be. */
  misfits: (string | null)[];
}

export interface Automatic {
  name: string;
  why: string;
}

export interface Assumed {
  name: string;
  definition: string;
  warning: Diagnostic;
}

/** A marker as the editor takes it, without the editor's enum (kept pure for tests). */
export interface Marker {
  severity: Severity;
  message: string;
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/**
 * Markers for the diagnostics. A diagnostic whose span is empty (a point)
 * still gets one column, so the squiggle shows.
 */
export function toMarkers(diagnosis: Diagnosis): Marker[] {
  return diagnosis.diagnostics.map((d) => {
    const point = d.end_line < d.line || (d.end_line === d.line && d.end_column <= d.column);
    return {
      severity: d.severity,
      message: d.message,
      startLineNumber: d.line,
      startColumn: d.column,
      endLineNumber: point ? d.line : d.end_line,
      endColumn: point ? d.column + 1 : d.end_column,
    };
  });
}

/** One line for a status bar: "2 errors, 1 warning", or "no problems". */
export function summarize(diagnosis: Diagnosis): string {
  const count = (s: Severity) => diagnosis.diagnostics.filter((d) => d.severity === s).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const errors = count('error');
  const warnings = count('warning');
  if (errors === 0 && warnings === 0) return 'no problems';
  return [errors > 0 ? plural(errors, 'error') : '', warnings > 0 ? plural(warnings, 'warning') : ''].filter(Boolean).join(', ');
}
