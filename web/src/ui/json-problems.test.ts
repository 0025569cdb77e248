import { describe, expect, it } from 'vitest';
import { jsonProblems } from './json-problems';

describe('jsonProblems', () => {
  it('finds nothing in valid JSON', () => {
    expect(jsonProblems('{\n  "a": [1, 2.5e3, true, null, "x\\n"]\n}')).toEqual([]);
  });

  it('points at a missing value at its line and column', () => {
    const [marker] = jsonProblems('{\n  "email": ,\n  "age": 3\n}');
    expect(marker).toMatchObject({ severity: 'error', startLineNumber: 2, startColumn: 12 });
    expect(marker?.message).toBe('Not valid JSON: expected a value.');
  });

  it('refuses what JSON.parse refuses: trailing commas, comments, single quotes, empty text', () => {
    for (const text of ['{"a": 1,}', '{"a": 1 // note\n}', "{'a': 1}", '', '{"a": 1} 2']) {
      expect(jsonProblems(text), text).toHaveLength(1);
      expect(() => JSON.parse(text), text).toThrow();
    }
  });

  it('reports an unterminated string', () => {
    expect(jsonProblems('{"a": "open')[0]?.message).toBe('Not valid JSON: unterminated string.');
  });
});
