use proptest::prelude::*;

use super::*;

const AGE: Range<i128> = Range::integer().min(18).max(130);
const RATIO: Range<f64> = Range::float().exclusive_min(0.0).exclusive_max(1.0);

#[test]
fn inclusive_integer_bounds() {
    assert!(!AGE.check(&17u8));
    assert!(AGE.check(&18u8));
    assert!(AGE.check(&130i64));
    assert!(!AGE.check(&131u16));
    assert!(!AGE.check(&-18i32));
    assert!(AGE.check(&18usize));
    assert!(AGE.check(&100isize));
}

#[test]
fn extreme_integers_compare_exactly() {
    let huge: Range<i128> = Range::integer().max(i128::MAX);
    assert!(huge.check(&i128::MAX));
    assert!(huge.check(&(i128::MAX as u128)));
    assert!(!huge.check(&(i128::MAX as u128 + 1))); // above every i128 bound
    assert!(!huge.check(&u128::MAX));
    let at_least_min: Range<i128> = Range::integer().min(i128::MIN);
    assert!(at_least_min.check(&i128::MIN));
    // 2^53 + 1 is not an f64; compared as i128 it is still exact.
    let edge: Range<i128> = Range::integer().max(9_007_199_254_740_992);
    assert!(!edge.check(&9_007_199_254_740_993u64));
    assert!(edge.check(&9_007_199_254_740_992u64));
}

#[test]
fn floats_against_integer_bounds_use_their_exact_value() {
    assert!(!AGE.check(&17.999f64));
    assert!(AGE.check(&18.0f32));
    assert!(AGE.check(&130.0f64));
    assert!(!AGE.check(&130.000_001f64));
    assert!(!AGE.check(&f64::INFINITY));
    assert!(!AGE.check(&f64::NEG_INFINITY));
    assert!(!AGE.check(&f64::NAN));
    assert!(AGE.check(&20.5f64));
    let below_zero: Range<i128> = Range::integer().exclusive_max(0);
    assert!(below_zero.check(&-0.5f64));
    assert!(!below_zero.check(&-0.0f64)); // -0 equals 0
    assert!(!Range::integer().exclusive_min(2).check(&2.0f64));
    assert!(Range::integer().exclusive_min(2).check(&2.000_000_1f64));
    assert!(Range::integer().min(i128::MIN).check(&-1e30f64));
    assert!(!Range::integer().min(i128::MIN).check(&-1e39f64));
}

#[test]
fn exclusive_float_bounds() {
    assert!(!RATIO.check(&0.0f64));
    assert!(RATIO.check(&f64::MIN_POSITIVE));
    assert!(RATIO.check(&0.5f32));
    assert!(!RATIO.check(&1.0f64));
    assert!(!RATIO.check(&1u8));
    assert!(!RATIO.check(&f64::NAN));
    assert!(!RATIO.check(&f32::NAN));
}

#[test]
fn no_bounds_pass_everything() {
    assert!(Range::<i128>::NONE.check(&f64::NAN));
    assert!(Range::<f64>::NONE.check(&u128::MAX));
}

#[test]
fn integer_and_float_numbers_convert() {
    assert_eq!(2.0f32.as_i128(), Some(2));
    assert_eq!(2.5f64.as_i128(), None);
    assert_eq!(f64::NAN.as_i128(), None);
    assert_eq!(1e40f64.as_i128(), None);
    assert_eq!(u128::MAX.as_i128(), None);
    assert_eq!((-3i8).as_i128(), Some(-3));
    assert_eq!(u64::MAX.as_f64(), 18_446_744_073_709_551_615.0);
}

#[test]
fn messages_describe_the_bound_that_failed() {
    let v = AGE.violation(&5u8);
    assert_eq!(v.code, "range");
    assert_eq!(v.message(), "must be between 18 and 130");
    assert_eq!(v.params.get("min"), Some(&Param::Int(18)));
    let v = Range::integer().min(1).violation(&0u8);
    assert_eq!(v.message(), "must be at least 1");
    let v = Range::float().max(1.5).violation(&2u8);
    assert_eq!(v.message(), "must be at most 1.5");
    assert_eq!(v.params.get("max"), Some(&Param::Float(1.5)));
    assert_eq!(RATIO.violation(&0.0f64).message(), "must be greater than 0");
    assert_eq!(RATIO.violation(&1.0f64).message(), "must be less than 1");
    let mixed = Range::integer().min(0).exclusive_max(10);
    assert_eq!(mixed.violation(&10u8).message(), "must be less than 10");
    assert_eq!(mixed.violation(&-1i8).message(), "must be at least 0");
    assert_eq!(mixed.violation(&5u8).message(), "must be at least 0"); // nothing broke
}

proptest! {
    /// Against integer bounds a float compares like the exact rational it is.
    #[test]
    fn float_vs_int_bound_matches_exact_comparison(x in -1e6f64..1e6, bound in -1_000_000i128..1_000_000) {
        let expected = x.partial_cmp(&(bound as f64)); // exact: both fit f64
        prop_assert_eq!(cmp_int(x, bound), expected);
    }

    #[test]
    fn integers_agree_across_types(v in any::<i64>(), lo in any::<i64>(), hi in any::<i64>()) {
        let range: Range<i128> = Range::integer().min(i128::from(lo)).max(i128::from(hi));
        prop_assert_eq!(range.check(&v), lo <= v && v <= hi);
    }
}
