// What each rule keyword means exactly, shown when the pointer rests on it in
// the definitions. The text is the Rust rule registry's
// (crate/rules/src/registry.rs), which the analyzer module hands over
// when it starts: the page keeps no copy of its own.

/** One keyword as the registry documents it (Rust: `describe::KeywordDoc`). */
export interface KeywordDoc {
  word: string;
  dialects: string[];
  doc: string;
  code?: string;
  notRun?: string;
  /** A text rule: a string passes or not; the JS engine's `textRules` has its twin. */
  text?: boolean;
  /** A needle rule: one text looked for in a string; the JS engine's `needleRules` has its twin. */
  needle?: boolean;
  /** The registry's name of the text or needle rule it adds: its twin's key in the JS engine. */
  rule?: string;
}

/** The hover text of every keyword, by word. */
export class RuleDocs {
  /** Each meaning of a word: whose it is, and what it says. */
  private readonly byWord = new Map<string, { dialects: readonly string[]; text: string }[]>();

  constructor(keywords: readonly KeywordDoc[]) {
    for (const k of keywords) {
      let text = k.doc;
      if (k.code) text += ` Code \`${k.code}\`.`;
      if (k.notRun) text += ` Not run in the playground: ${k.notRun}.`;
      const meanings = this.byWord.get(k.word) ?? [];
      meanings.push({ dialects: k.dialects, text });
      this.byWord.set(k.word, meanings);
    }
  }

  /** The documentation of a rule keyword, or null for any other word. */
  doc(word: string): string | null {
    const meanings = this.byWord.get(word);
    if (!meanings) return null;
    // One word, several meanings (`email` is each library's own): each with whose it is.
    if (meanings.length === 1) return meanings[0]!.text;
    return meanings.map((m) => `(${m.dialects.join(', ')}) ${m.text}`).join('\n\n');
  }
}

/** Whether `column` (1-based) of `line` is inside a `#[validate(…)]` or `#[garde(…)]`. */
export function inRuleAttribute(line: string, column: number): boolean {
  const before = line.slice(0, column - 1);
  const start = Math.max(before.lastIndexOf('#[validate'), before.lastIndexOf('#[garde'));
  if (start < 0) return false;
  // Still inside: the attribute's `]` has not closed before the word.
  let depth = 0;
  for (const ch of before.slice(start + 1)) {
    if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    if (depth === 0 && ch === ']') return false;
  }
  return depth > 0;
}
