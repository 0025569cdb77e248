// The JS rules on the tables their Rust twins are tested with
// (crate/validate/src/rules/*.rs), the edge cases included: the two must
// accept and refuse the same strings.
import { describe, expect, it } from 'vitest';
import { isAlphanumeric, isEmail, isNonBlank, rustRegex, textLength, textLengthBounds } from './rules';

describe('the JS rules, on the Rust rules’ tables', () => {
  it('email: the WHATWG table of email.rs', () => {
    const accepted = [
      'alice@example.com',
      'a.b+c@x.io',
      'a@b.c',
      'A@B.C',
      'user@localhost',
      'first.last@sub.domain.example',
      'x@a-b.c',
      'x@a--b.c',
      'x@1.2.3.4',
      'x@123',
      "!#$%&'*+/=?^_`{|}~-@example.com",
      'user/dept=shipping@example.com',
      "o'brien@example.ie",
      'under_score@example.com',
      '.a@b.c',
      'a..b@c.d',
      'a.@b.c',
      '...@b.c',
      'x@xn--bcher-kva.de',
      `${'a'.repeat(64)}@b.c`,
      `a@${'b'.repeat(63)}.c`,
    ];
    const rejected = [
      '', '@', '@a.b', 'a@', 'a', 'a.b.c', 'a@b..c', 'a@.b', 'a@b.', 'a@-b.c', 'a@b-.c', 'a@b.-c', 'a@b.c-',
      'a@b@c.d', 'a@[1.2.3.4]', 'a@[IPv6:::1]', '"a"@b.c', '"a b"@c.d', 'a b@c.d', ' a@b.c', 'a@b.c ', 'a@b c.d',
      'a\n@b.c', 'a(comment)@b.c', 'a,b@c.d', 'a;b@c.d', 'a\\b@c.d', 'ä@b.c', 'a@bücher.de', 'a@b_c.d', 'a@b.c\0',
      'a@例え.jp', `${'a'.repeat(65)}@b.c`, `a@${'b'.repeat(64)}.c`, `a@${'b.'.repeat(126)}cc`,
    ];
    for (const s of accepted) expect(isEmail(s), s).toBe(true);
    for (const s of rejected) expect(isEmail(s), s).toBe(false);
  });

  it('alphanumeric: letters and digits of any script, nothing else (alphanumeric.rs)', () => {
    for (const s of ['', 'a', 'Z9', 'abc123', 'Zoë42', '日本語', '١٢٣', 'Ⅻ', 'straße', 'Ωmega']) expect(isAlphanumeric(s), s).toBe(true);
    for (const s of [' ', 'a b', 'a_b', 'a-b', 'a.b', 'abc!', 'ab\0', 'e\u0301', '日本語!', '😀', 'a\u200Bb', 'ü ']) {
      expect(isAlphanumeric(s), s).toBe(false);
    }
  });

  it('non_blank: Unicode White_Space, not JavaScript’s \\s (non_blank.rs)', () => {
    for (const s of ['', ' ', '\t\n\r', '\u000B\u000C', '\u0085', '\u00A0', '\u2003\u2028', '\u3000']) expect(isNonBlank(s), JSON.stringify(s)).toBe(false);
    for (const s of ['a', '  a  ', '\n.', '\u3000日', '\u200B', '\uFEFF', '\0', '😀']) expect(isNonBlank(s), JSON.stringify(s)).toBe(true);
  });

  it('length: scalar values, UTF-8 bytes and UTF-16 units (length/count.rs), and bounds that hold them', () => {
    const cases: [string, number, number, number][] = [
      ['', 0, 0, 0],
      ['abc', 3, 3, 3],
      ['é', 1, 2, 1],
      ['e\u0301', 2, 3, 2],
      ['😀', 1, 4, 2],
      ['日本', 2, 6, 2],
    ];
    for (const [s, chars, bytes, utf16] of cases) {
      expect([textLength(s, 'chars'), textLength(s, 'bytes'), textLength(s, 'utf16'), textLength(s, 'items')], s).toEqual([chars, bytes, utf16, chars]);
      for (const mode of ['chars', 'bytes', 'utf16'] as const) {
        const [least, most] = textLengthBounds(s.length, mode);
        expect(least <= textLength(s, mode) && textLength(s, mode) <= most, `${s} ${mode}`).toBe(true);
      }
    }
  });

  it('regex: Rust’s Unicode classes and text anchors read as Rust means them', () => {
    expect(rustRegex('^\\d+$').test('١٢٣')).toBe(true);
    expect(rustRegex('^\\w+$').test('Zoë_9')).toBe(true);
    expect(rustRegex('^\\s$').test('\u0085')).toBe(true);
    expect(rustRegex('\\A[a-z]+\\z').test('abc')).toBe(true);
    expect(rustRegex('\\A[a-z]+\\z').test('ab1')).toBe(false);
    expect(rustRegex('(?i)^abc$').test('ABC')).toBe(true);
    expect(() => rustRegex('[\\D]')).toThrow(/character class/);
    expect(() => rustRegex('(?P<x>a')).toThrow(/not one JavaScript reads/);
  });
});
