import { describe, expect, it } from 'vitest';
import { freshInputName, inputNameProblem } from './input-names';

describe('input names', () => {
  it('accept short unique names, refuse the rest with a reason', () => {
    expect(inputNameProblem('edge-case_1', ['valid'])).toBeNull();
    expect(inputNameProblem('valid', ['valid'])).toBe('There is already an input named “valid”.');
    expect(inputNameProblem('', [])).toContain('1–64');
    expect(inputNameProblem('a b', [])).toContain('1–64');
    expect(inputNameProblem('<img>', [])).toContain('1–64');
    expect(inputNameProblem('x'.repeat(65), [])).toContain('1–64');
  });

  it('find a free name for a new input', () => {
    expect(freshInputName(['valid', 'invalid'])).toBe('input-2');
    expect(freshInputName(['input-2', 'input-3'])).toBe('input-4');
  });
});
