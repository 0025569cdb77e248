use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use proptest::prelude::*;

use super::*;

fn counts(s: &str) -> [usize; 4] {
    [
        s.length(LengthMode::Chars),
        s.length(LengthMode::Bytes),
        s.length(LengthMode::Utf16),
        s.length(LengthMode::Items),
    ]
}

#[test]
fn each_mode_counts_its_unit() {
    assert_eq!(counts(""), [0, 0, 0, 0]);
    assert_eq!(counts("abc"), [3, 3, 3, 3]);
    assert_eq!(counts("héllo"), [5, 6, 5, 5]);
    assert_eq!(counts("e\u{301}"), [2, 3, 2, 2]); // combining accent: 2 scalar values
    assert_eq!(counts("日本"), [2, 6, 2, 2]);
    assert_eq!(counts("😀"), [1, 4, 2, 1]);
    assert_eq!(counts("👩‍👩‍👧"), [5, 18, 8, 5]); // one grapheme, 5 scalar values
}

#[test]
fn collections_count_items_in_every_mode() {
    let v = vec!["a", "bb", "ccc"];
    for mode in [
        LengthMode::Chars,
        LengthMode::Bytes,
        LengthMode::Utf16,
        LengthMode::Items,
    ] {
        assert_eq!(v.length(mode), 3);
        assert_eq!(v[..2].length(mode), 2);
        assert_eq!([1u8; 5].length(mode), 5);
        assert_eq!(VecDeque::from([1, 2]).length(mode), 2);
        assert_eq!(HashMap::from([(1, 2)]).length(mode), 1);
        assert_eq!(BTreeMap::<u8, u8>::new().length(mode), 0);
        assert_eq!(HashSet::from([1, 2, 3, 4]).length(mode), 4);
        assert_eq!(BTreeSet::from(["x"]).length(mode), 1);
    }
}

#[test]
fn string_types_agree_with_str() {
    let s = "naïve 😀";
    let expected = counts(s);
    let owned = String::from(s);
    let boxed: Box<str> = s.into();
    let cow: Cow<'_, str> = Cow::Borrowed(s);
    for (i, mode) in [
        LengthMode::Chars,
        LengthMode::Bytes,
        LengthMode::Utf16,
        LengthMode::Items,
    ]
    .into_iter()
    .enumerate()
    {
        assert_eq!(owned.length(mode), expected[i]);
        assert_eq!(boxed.length(mode), expected[i]);
        assert_eq!(cow.length(mode), expected[i]);
        assert_eq!((&s).length(mode), expected[i]);
    }
}

#[test]
fn bounds_are_inclusive() {
    const NAME: Length = Length::chars().min(2).max(4);
    assert!(!NAME.check("a"));
    assert!(NAME.check("ab"));
    assert!(NAME.check("abcd"));
    assert!(!NAME.check("abcde"));
    assert!(NAME.check("😀😀😀😀")); // 16 bytes, 4 chars
    assert!(!NAME.check("😀")); // 4 bytes, 1 char
    assert!(!Length::bytes().max(4).check("é😀"));
    assert!(Length::utf16().max(2).check("😀"));
    assert!(!Length::utf16().max(2).check("😀a"));
}

#[test]
fn equal_is_exact_and_combines_with_min_and_max() {
    const PIN: Length = Length::chars().equal(4);
    assert!(PIN.check("1234"));
    assert!(PIN.check("١٢٣٤")); // Arabic-Indic digits: 8 bytes, 4 chars
    assert!(!PIN.check("123"));
    assert!(!PIN.check("12345"));
    assert!(!Length::chars().equal(3).min(4).check("abc"));
    assert!(!Length::chars().min(3).max(2).check("ab")); // empty interval
}

#[test]
fn empty_values() {
    assert!(Length::chars().check(""));
    assert!(Length::chars().max(0).check(""));
    assert!(!Length::chars().min(1).check(""));
    assert!(!Length::items().min(1).check(&Vec::<u8>::new()));
    assert!(Length::items().equal(0).check(&[0u8; 0]));
}

#[test]
fn collections_check_items() {
    let tags = vec!["a".to_string(); 3];
    assert!(Length::items().min(1).max(3).check(&tags));
    assert!(!Length::items().max(2).check(&tags));
    assert!(!Length::items().max(2).check(tags.as_slice()));
    assert!(Length::chars().max(3).check(&tags)); // a collection counts items in any mode
}

#[test]
fn messages_name_the_unit_and_the_bounds_set() {
    let between = Rule::<str>::violation(&Length::chars().min(3).max(20), "ab");
    assert_eq!(between.code, "length");
    assert_eq!(between.message(), "must be 3 to 20 characters");
    assert_eq!(between.params.iter().count(), 2);
    let at_least = Rule::<str>::violation(&Length::bytes().min(3), "ab");
    assert_eq!(at_least.message(), "must be at least 3 bytes");
    let at_most = Rule::<str>::violation(&Length::utf16().max(1), "ab");
    assert_eq!(at_most.message(), "must be at most 1 UTF-16 code units");
    assert!(at_most.params.get("min").is_none());
    let equal = Rule::<[u8]>::violation(&Length::items().equal(2), &[1u8][..]);
    assert_eq!(equal.message(), "must be exactly 2 items");
    assert_eq!(equal.params.get("equal"), Some(&crate::Param::Int(2)));
}

fn naive(rule: &Length, s: &str) -> bool {
    let n = s.length(rule.mode);
    rule.min.is_none_or(|m| n >= m)
        && rule.max.is_none_or(|m| n <= m)
        && rule.equal.is_none_or(|m| n == m)
}

fn any_mode() -> impl Strategy<Value = LengthMode> {
    prop_oneof![
        Just(LengthMode::Chars),
        Just(LengthMode::Bytes),
        Just(LengthMode::Utf16),
        Just(LengthMode::Items),
    ]
}

proptest! {
    /// The byte-length shortcut never disagrees with counting.
    #[test]
    fn shortcut_agrees_with_counting(
        s in "\\PC{0,24}",
        mode in any_mode(),
        min in proptest::option::of(0usize..40),
        max in proptest::option::of(0usize..40),
        equal in proptest::option::weighted(0.2, 0usize..40),
    ) {
        let rule = Length { min, max, equal, mode };
        prop_assert_eq!(rule.check(s.as_str()), naive(&rule, &s));
    }

    #[test]
    fn utf16_count_matches_encode_utf16(s in "\\PC{0,32}") {
        prop_assert_eq!(s.length(LengthMode::Utf16), s.encode_utf16().count());
    }
}
