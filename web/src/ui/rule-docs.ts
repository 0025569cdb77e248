// What each rule keyword means exactly, shown when the pointer rests on it in
// the definitions (the same text as crate/validate/src/rules/mod.rs).

const DOCS: Record<string, string> = {
  email:
    'A WHATWG HTML "valid e-mail address" (what `<input type=email>` accepts) within RFC 5321 lengths: local part ≤ 64, address ≤ 254. ASCII only; no IP literals or quoted local parts. Code `email`.',
  url: 'An absolute URL by the WHATWG URL Standard (`url::Url::parse`), any scheme; relative references fail. Code `url`.',
  length:
    '`min ≤ length ≤ max`, or `length = equal`. Strings count Unicode scalar values (`chars()`), collections count items. garde\'s default counts **bytes**. Code `length`.',
  min_len: 'The string has at least this many characters (Unicode scalar values). Code `length`.',
  max_len: 'The string has at most this many characters (Unicode scalar values). Code `length`.',
  min_items: 'The collection has at least this many items. Code `length`.',
  max_items: 'The collection has at most this many items. Code `length`.',
  range: '`min ≤ v ≤ max`; `exclusive_min < v < exclusive_max`. NaN fails any bound. Code `range`.',
  alphanumeric: 'Every char is a Unicode letter or digit (`char::is_alphanumeric`); `""` passes. Code `alphanumeric`.',
  ascii: 'Every byte is ASCII (`str::is_ascii`, controls included); `""` passes. Code `ascii`.',
  non_empty: 'At least one byte or item; `" "` passes. Code `non_empty`.',
  non_blank: 'Some char is not whitespace (Unicode White_Space); `""` fails. Code `non_blank`.',
  contains: 'The substring is present, byte for byte. Code `contains`.',
  does_not_contain: 'The substring is absent, byte for byte. Code `does_not_contain`.',
  starts_with: '`str::starts_with`, byte for byte. Code `starts_with`.',
  ends_with: '`str::ends_with`, byte for byte. Code `ends_with`.',
  prefix: 'garde: `str::starts_with`, byte for byte. Code `starts_with`.',
  suffix: 'garde: `str::ends_with`, byte for byte. Code `ends_with`.',
  regex:
    '`Regex::is_match`: a match **anywhere** in the value (unanchored; write `^…$` for the whole value). `path` names a static (`LazyLock`, `Lazy`, `lazy_static!`) defined in the file. Code `regex`.',
  matches_regex: 'A pattern given inline; `Regex::is_match`, unanchored. Code `regex`.',
  pattern: 'garde: a regex, inline or a static; `Regex::is_match`, unanchored. Code `regex`.',
  one_of: 'Equal to one of the listed values; numbers by value across types (`3.0` is `3`). Code `one_of`.',
  unique: 'No two items of the collection are equal. Code `unique`.',
  each: "The rules inside apply to every item of the collection (or entry's value of a map).",
  inner: "garde: the rules inside apply to every item (or to an `Option`'s value).",
  nested: "The field's own type's rules are checked too; their paths go under this field's name.",
  dive: "garde: the field's own type's rules are checked too.",
  required: 'The `Option` is `Some`, whatever it holds. Code `required`.',
  must_match: 'The field equals the `other` field. Code `must_match`.',
  custom: 'A function of yours. Its body is not in the playground, so it is listed as not run here.',
  code: "The violation's code in place of the rule's own.",
  message: "The violation's message in place of the rule's own.",
  skip: 'garde: no rules for this field, on purpose.',
};

/** The documentation of a rule keyword, or null for any other word. */
export function ruleDoc(word: string): string | null {
  return Object.hasOwn(DOCS, word) ? (DOCS[word] ?? null) : null;
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
