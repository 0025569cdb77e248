// Where an input is not JSON, as editor markers: jsonc-parser (the parser of
// VS Code's JSON service) in strict mode reports every error with its offset,
// which `JSON.parse` does not in every browser.
import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import type { Marker } from '../analysis/diagnosis';

// By the names `printParseErrorCode` gives (the codes are a const enum).
const WORDS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected `:`',
  CommaExpected: 'expected `,`',
  CloseBraceExpected: 'expected `}`',
  CloseBracketExpected: 'expected `]`',
  EndOfFileExpected: 'expected the end of the input',
  InvalidCommentToken: 'JSON has no comments',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape',
  InvalidCharacter: 'control character in a string (escape it)',
};

/** 1-based line and column of each offset, as the editor counts. */
function positions(text: string, offsets: number[]): { line: number; column: number }[] {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  return offsets.map((offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
  });
}

/** The first error of `text` as JSON (later ones mostly follow from it), or none. */
export function jsonProblems(text: string): Marker[] {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return [];
  const [start, end] = positions(text, [first.offset, first.offset + Math.max(first.length, 1)]);
  if (!start || !end) return [];
  return [
    {
      severity: 'error',
      message: `Not valid JSON: ${WORDS[printParseErrorCode(first.error)] ?? 'unexpected text'}.`,
      startLineNumber: start.line,
      startColumn: start.column,
      endLineNumber: end.line,
      // A point at a line's end still gets a visible squiggle.
      endColumn: end.line === start.line && end.column <= start.column ? start.column + 1 : end.column,
    },
  ];
}
