// The rules in plain JavaScript, each following the definition of its Rust
// twin in crate/validate/src/rules/ (the same accepted values, code and
// message), so that the `js` engine checks exactly what wasm checks. Each is a
// predicate on the value it applies to; the violation is built only when it
// fails.

/** A rule's verdict on one value of the kind it checks. */
export type Predicate<T> = (value: T) => boolean;

// ---- email: the WHATWG "valid email address" (rules/email.rs) ----

// The standard's own pattern: a local part of atext and dots, then labels of
// letters, digits and inner hyphens, 1–63 long. Rust walks a byte table
// instead; the accepted set is the same, and V8 compiles this to native code.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** At most 254 bytes in all (RFC 5321's path limit); an accepted address is ASCII, so units are bytes. */
const MAX_ADDRESS = 254;

export function isEmail(s: string): boolean {
  return s.length <= MAX_ADDRESS && EMAIL.test(s);
}

// ---- email as validator and garde check it (rules/library_email.rs) ----

const LOCAL_PART = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const LABELS = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// validator's literal regex, unanchored at the start as its own is.
const VALIDATOR_LITERAL = /\[([a-fA-F0-9:.]+)\]$/;
const GARDE_LITERAL = /^\[(.*)\]$/s;
/** What idna keeps as it is and the labels then refuse: the URL parser would read these as delimiters or decode them. */
const KEPT_AND_REFUSED = /[\x00-\x20%#/:<>?@[\\\]^|\x7f]/;

/**
 * idna's domain-to-ASCII, as both libraries call it before they look at the
 * labels again: the URL parser's host, which is UTS #46 processing too. An
 * ASCII domain comes back as it went in (case aside), so its verdict is the
 * labels' own.
 */
function domainToAscii(domain: string): string | null {
  if (ASCII.test(domain) || KEPT_AND_REFUSED.test(domain)) return domain;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/** validator 0.21's `validate_email`: split at the last `@`, lengths in chars. */
export function isValidatorEmail(s: string): boolean {
  const at = s.lastIndexOf('@');
  if (at < 0) return false;
  const [user, domain] = [s.slice(0, at), s.slice(at + 1)];
  if ([...user].length > 64 || [...domain].length > 255 || !LOCAL_PART.test(user)) return false;
  const domainPart = (d: string) => {
    if (LABELS.test(d)) return true;
    const literal = VALIDATOR_LITERAL.exec(d);
    return literal !== null && isIp(literal[1]!, 'any');
  };
  if (domainPart(domain)) return true;
  const ascii = domainToAscii(domain);
  return ascii !== null && domainPart(ascii);
}

/** garde 0.23's `parse_email` (with `email-idna`): split at the first `@`, lengths in bytes. */
export function isGardeEmail(s: string): boolean {
  const at = s.indexOf('@');
  if (at < 0) return false;
  const [user, domain] = [s.slice(0, at), s.slice(at + 1)];
  if (utf8Length(user) > 64 || !LOCAL_PART.test(user) || utf8Length(domain) > 255) return false;
  const domainPart = (d: string) => {
    if (LABELS.test(d)) return true;
    const literal = GARDE_LITERAL.exec(d);
    return literal !== null && isIp(literal[1]!, 'any');
  };
  if (domainPart(domain)) return true;
  const ascii = domainToAscii(domain);
  return ascii !== null && domainPart(ascii);
}

// ---- url: an absolute URL by the WHATWG URL Standard (rules/url.rs) ----

export function isUrl(s: string): boolean {
  return URL.canParse(s);
}

// ---- text classes (alphanumeric.rs, ascii.rs, non_blank.rs) ----

// `char::is_alphanumeric`: the Alphabetic property or a Numeric category.
const ALPHANUMERIC = /^[\p{Alphabetic}\p{N}]*$/u;
const ASCII = /^[\x00-\x7f]*$/;
// `char::is_whitespace` is Unicode White_Space; JS's `\s` differs (U+FEFF in, U+0085 out).
const VISIBLE = /[^\p{White_Space}]/u;

const ASCII_ALPHANUMERIC = /^[A-Za-z0-9]*$/;
// ASCII first, as Rust does: most text never needs the Unicode tables.
export const isAlphanumeric: Predicate<string> = (s) => ASCII_ALPHANUMERIC.test(s) || ALPHANUMERIC.test(s);
export const isAscii: Predicate<string> = (s) => ASCII.test(s);
export const isNonBlank: Predicate<string> = (s) => VISIBLE.test(s);

// ---- non_control_character (non_control_character.rs) ----

// `char::is_control`: general category Cc, U+0000–U+001F and U+007F–U+009F.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
export const isNonControlCharacter: Predicate<string> = (s) => !CONTROL.test(s);

// ---- domainstack's text classes (alpha_only.rs, numeric_string.rs, no_whitespace.rs) ----

// `char::is_alphabetic` is the Alphabetic property; `char::is_numeric` the
// categories Nd, Nl and No; `char::is_whitespace` White_Space.
const ALPHABETIC = /^\p{Alphabetic}*$/u;
const NUMERIC = /^\p{N}*$/u;
const WHITE_SPACE = /\p{White_Space}/u;
export const isAlphaOnly: Predicate<string> = (s) => ALPHABETIC.test(s);
export const isNumericString: Predicate<string> = (s) => NUMERIC.test(s);
export const isNoWhitespace: Predicate<string> = (s) => !WHITE_SPACE.test(s);

// ---- ip (ip.rs): what `std::net` parses ----

// Dotted decimal, each octet 0–255 without leading zeros (`Ipv4Addr::from_str`).
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const IPV4_TAIL = new RegExp(`^(.*:)${OCTET}(?:\\.${OCTET}){3}$`);
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

export function isIpv4(s: string): boolean {
  return IPV4.test(s);
}

/** RFC 4291 text as `Ipv6Addr::from_str` reads it: 8 groups of 1–4 hex digits, one `::`, an IPv4 tail; no zone. */
export function isIpv6(s: string): boolean {
  let text = s;
  let groups = 8;
  // An embedded IPv4 address takes the place of the last two groups.
  const tail = IPV4_TAIL.exec(s);
  if (tail) {
    text = tail[1]!.endsWith('::') ? tail[1]! : tail[1]!.slice(0, -1);
    groups = 6;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const parts = (half: string) => (half === '' ? [] : half.split(':'));
  if (halves.length === 1) {
    const all = parts(text);
    return all.length === groups && all.every((g) => HEX_GROUP.test(g));
  }
  const head = parts(halves[0]!);
  const rest = parts(halves[1]!);
  // `::` stands for at least one group.
  return head.length + rest.length < groups && [...head, ...rest].every((g) => HEX_GROUP.test(g));
}

export function isIp(s: string, version: 'any' | 'v4' | 'v6'): boolean {
  if (version === 'v4') return isIpv4(s);
  if (version === 'v6') return isIpv6(s);
  return isIpv4(s) || isIpv6(s);
}

// ---- credit_card (credit_card.rs): card-validate's brands, lengths and Luhn ----

/** card-validate's brands in its order (debit first): prefixes, and the lengths allowed. */
const BRANDS: readonly [readonly string[], number, number][] = [
  [['4026', '417500', '4405', '4508', '4844', '4913', '4917'], 16, 16], // Visa Electron
  [['5018', '502', '503', '56', '58', '639', '67'], 12, 19], // Maestro
  [['600'], 16, 16], // Forbrugsforeningen
  [['5019'], 16, 16], // Dankort
  [['4'], 13, 16], // Visa
  [['2200', '2201', '2202', '2203', '2204'], 16, 19], // MIR
  [['51', '52', '53', '54', '55', '22', '23', '24', '25', '26', '27'], 16, 16], // MasterCard
  [['34', '37'], 15, 15], // American Express
  [['30', '36', '38', '39'], 14, 14], // Diners Club
  [['60', '64', '65', '622'], 16, 16], // Discover
  [['62', '88'], 16, 19], // UnionPay
  [['35'], 16, 16], // JCB
];

export function isCreditCard(s: string): boolean {
  if (!/^[0-9]+$/.test(s)) return false;
  const brand = BRANDS.find(([prefixes]) => prefixes.some((p) => s.startsWith(p)));
  if (!brand || s.length < brand[1] || s.length > brand[2]) return false;
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    let d = s.charCodeAt(s.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// ---- the text rules, by the registry's name (crate/rules/src/registry.rs) ----

/**
 * Every rule on a string's text without parameters (the registry's `TextRule`),
 * by the name the model gives it: the engines take their predicate from here,
 * so a new text rule is its predicate and its line in this table.
 */
export const textRules = {
  email: isEmail,
  validator_email: isValidatorEmail,
  garde_email: isGardeEmail,
  url: isUrl,
  alphanumeric: isAlphanumeric,
  ascii: isAscii,
  non_blank: isNonBlank,
  non_control_character: isNonControlCharacter,
  credit_card: isCreditCard,
  alpha_only: isAlphaOnly,
  numeric_string: isNumericString,
  no_whitespace: isNoWhitespace,
} as const satisfies Record<string, Predicate<string>>;

export type TextRuleName = keyof typeof textRules;

/** Whether a rule of the model is a text rule, its predicate in `textRules`. */
export function isTextRule<C extends { rule: string }>(c: C): c is Extract<C, { rule: TextRuleName }> {
  return Object.hasOwn(textRules, c.rule);
}

// ---- the needle rules, by the registry's name (crate/rules/src/registry.rs) ----

/**
 * Every rule that looks for one text in a string (the registry's `NeedleRule`),
 * by the name the model gives it, with the text as its second argument: a new
 * needle rule is its predicate and its line in this table.
 */
export const needleRules = {
  contains: (s: string, needle: string) => s.includes(needle),
  does_not_contain: (s: string, needle: string) => !s.includes(needle),
  starts_with: (s: string, needle: string) => s.startsWith(needle),
  ends_with: (s: string, needle: string) => s.endsWith(needle),
} as const satisfies Record<string, (s: string, needle: string) => boolean>;

export type NeedleRuleName = keyof typeof needleRules;

/** Whether a rule of the model is a needle rule, its predicate in `needleRules`. */
export function isNeedleRule<C extends { rule: string }>(c: C): c is Extract<C, { rule: NeedleRuleName }> {
  return Object.hasOwn(needleRules, c.rule);
}

// ---- the number rules, by the registry's name (crate/rules/src/registry.rs) ----

/**
 * Every rule that compares a number with one it names (the registry's
 * `NumberRule`, rules/numeric.rs), by the name the model gives it: a new
 * number rule is its predicate and its line in this table. `-0 === 0`, and
 * `%` is the remainder Rust's is, so floats compare as Rust's `f64` do.
 */
export const numberRules = {
  not_equals: (x: number, n: number) => x !== n,
  multiple_of: (x: number, n: number) => n !== 0 && x % n === 0,
} as const satisfies Record<string, (x: number, n: number) => boolean>;

export type NumberRuleName = keyof typeof numberRules;

/** Whether a rule of the model is a number rule, its predicate in `numberRules`. */
export function isNumberRule<C extends { rule: string }>(c: C): c is Extract<C, { rule: NumberRuleName }> {
  return Object.hasOwn(numberRules, c.rule);
}

// ---- length (length.rs, length/count.rs) ----

export type LengthMode = 'chars' | 'bytes' | 'utf16' | 'items';

/** A string's length in `mode`: scalar values, UTF-8 bytes or UTF-16 units. */
export function textLength(s: string, mode: LengthMode): number {
  if (mode === 'utf16') return s.length;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    const high = unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length;
    const pair = high && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (mode === 'bytes') n += pair ? 4 : unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
    else n += 1;
    if (pair) i++;
  }
  return n;
}

/**
 * The least and most a string of `units` UTF-16 units can count in `mode`,
 * known without counting: a scalar value is 1 or 2 units, and 1 to 3 UTF-8
 * bytes per unit. Rust's `length_bounds` does the same from the byte length.
 */
export function textLengthBounds(units: number, mode: LengthMode): [number, number] {
  if (mode === 'utf16') return [units, units];
  if (mode === 'bytes') return [units, 3 * units];
  return [Math.ceil(units / 2), units];
}

/** The accepted interval of a length rule, every bound applied (`Length::interval`). */
export function lengthInterval(min?: number, max?: number, equal?: number): [number, number] {
  let lo = min ?? 0;
  let hi = max ?? Infinity;
  if (equal !== undefined) {
    lo = Math.max(lo, equal);
    hi = Math.min(hi, equal);
  }
  return [lo, hi];
}

// ---- regex (pattern.rs): the regex crate's syntax, read by JavaScript ----

/**
 * A Rust `regex` pattern as a JavaScript RegExp with the same meaning where
 * the two differ in the common cases: `\d`, `\w` and `\s` are Unicode in Rust
 * (ASCII in JS), `\A` and `\z` are JS's `^` and `$`, and a leading `(?i)` is
 * a flag. Throws, with the reason, for
 * what JavaScript cannot read.
 */
export function rustRegex(pattern: string): RegExp {
  let flags = 'u';
  let source = pattern;
  const leading = /^\(\?([ims]+)\)/.exec(source);
  if (leading) {
    for (const f of leading[1]!) if (!flags.includes(f)) flags += f;
    source = source.slice(leading[0].length);
  }
  const classes: Record<string, [string, boolean]> = {
    d: ['\\p{Nd}', false],
    D: ['\\p{Nd}', true],
    s: ['\\p{White_Space}', false],
    S: ['\\p{White_Space}', true],
    w: ['\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}', false],
    W: ['\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}', true],
  };
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\' && i + 1 < source.length) {
      const next = source[i + 1]!;
      const unicode = classes[next];
      if (!inClass && (next === 'A' || next === 'z')) {
        // Rust's start and end of text; without the `m` flag JS's ^ and $ mean the same.
        out += next === 'A' ? '^' : '$';
      } else if (unicode) {
        const [set, negated] = unicode;
        if (negated && inClass) throw new Error(`\\${next} inside a character class has no JavaScript equivalent`);
        out += inClass ? set : negated ? `[^${set}]` : `[${set}]`;
      } else out += c + next;
      i++;
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  try {
    return new RegExp(out, flags);
  } catch (error) {
    throw new Error(`the pattern ${pattern} is not one JavaScript reads (${error instanceof Error ? error.message : String(error)})`);
  }
}

// ---- equality, for unique and must_match (Rust's `PartialEq` on values) ----

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k) || !sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

export function allDistinct(items: readonly unknown[]): boolean {
  for (let i = 1; i < items.length; i++) {
    for (let j = 0; j < i; j++) if (sameValue(items[i], items[j])) return false;
  }
  return true;
}

/** A rule parameter as Rust's `Display` prints it (`18`, `0.5`, text as is). */
export function display(value: string | number): string {
  return typeof value === 'number' ? String(value) : value;
}
