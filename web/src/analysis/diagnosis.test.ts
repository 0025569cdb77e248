import { describe, expect, it } from 'vitest';
import { summarize, toMarkers, type Diagnosis } from './diagnosis';

const diagnosis = (diagnostics: Diagnosis['diagnostics']): Diagnosis => ({ types: ['A'], diagnostics, runnable: true, assumed: [], automatic: null, misfits: [] });

describe('toMarkers', () => {
  it('keeps the analyzer’s 1-based positions', () => {
    const [m] = toMarkers(
      diagnosis([{ severity: 'error', message: 'unknown rule', line: 3, column: 16, end_line: 3, end_column: 21 }]),
    );
    expect(m).toEqual({
      severity: 'error',
      message: 'unknown rule',
      startLineNumber: 3,
      startColumn: 16,
      endLineNumber: 3,
      endColumn: 21,
    });
  });

  it('widens an empty span to one column so that it shows', () => {
    const [m] = toMarkers(diagnosis([{ severity: 'warning', message: 'w', line: 2, column: 5, end_line: 2, end_column: 5 }]));
    expect([m?.startColumn, m?.endColumn]).toEqual([5, 6]);
  });
});

describe('summarize', () => {
  it('counts errors and warnings', () => {
    const d = (severity: 'error' | 'warning') => ({ severity, message: '', line: 1, column: 1, end_line: 1, end_column: 2 });
    expect(summarize(diagnosis([]))).toBe('no problems');
    expect(summarize(diagnosis([d('error'), d('warning'), d('warning')]))).toBe('1 error, 2 warnings');
    expect(summarize(diagnosis([d('warning')]))).toBe('1 warning');
  });
});
