//! The fast flatten codec against serde's own flatten: the same JSON, the same
//! values back, formats serde's flatten cannot do, and unknown keys it lets through.

use overhead_flatten::FastFlatten;
use serde::{Deserialize, Serialize};

/// Seed 003's shape, three ways: the fast codec, serde's flatten, and unflattened.
mod fast {
    use super::*;

    #[derive(Debug, Clone, PartialEq, FastFlatten)]
    pub struct A {
        pub num1: u64,
        #[serde(flatten)]
        pub b: B,
        #[serde(flatten)]
        pub d: D,
    }

    #[derive(Debug, Clone, PartialEq, FastFlatten)]
    pub struct B {
        pub num2: u64,
        #[serde(flatten)]
        pub c: C,
    }

    #[derive(Debug, Clone, PartialEq, FastFlatten)]
    pub struct C {
        pub num3: u64,
        pub num4: u64,
    }

    #[derive(Debug, Clone, PartialEq, FastFlatten)]
    pub struct D {
        pub num5: u64,
        pub num6: u64,
    }
}

mod serde_flatten {
    use super::*;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub struct A {
        pub num1: u64,
        #[serde(flatten)]
        pub b: B,
        #[serde(flatten)]
        pub d: D,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub struct B {
        pub num2: u64,
        #[serde(flatten)]
        pub c: C,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub struct C {
        pub num3: u64,
        pub num4: u64,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub struct D {
        pub num5: u64,
        pub num6: u64,
    }
}

fn fast_value(seed: u64) -> fast::A {
    fast::A {
        num1: seed,
        b: fast::B {
            num2: seed.wrapping_mul(3),
            c: fast::C {
                num3: u64::MAX - seed,
                num4: 7,
            },
        },
        d: fast::D {
            num5: seed << 20,
            num6: 0,
        },
    }
}

fn serde_value(seed: u64) -> serde_flatten::A {
    let v = fast_value(seed);
    serde_flatten::A {
        num1: v.num1,
        b: serde_flatten::B {
            num2: v.b.num2,
            c: serde_flatten::C {
                num3: v.b.c.num3,
                num4: v.b.c.num4,
            },
        },
        d: serde_flatten::D {
            num5: v.d.num5,
            num6: v.d.num6,
        },
    }
}

#[test]
fn writes_the_same_json_as_serde_flatten() {
    for seed in [0, 1, 42, u64::MAX] {
        let ours = serde_json::to_string(&fast_value(seed)).expect("serializes");
        let serdes = serde_json::to_string(&serde_value(seed)).expect("serializes");
        assert_eq!(ours, serdes);
        let ours = serde_json::to_string_pretty(&vec![fast_value(seed); 2]).expect("serializes");
        let serdes = serde_json::to_string_pretty(&vec![serde_value(seed); 2]).expect("serializes");
        assert_eq!(ours, serdes);
    }
}

#[test]
fn reads_serde_flatten_json_in_any_key_order() {
    let value: fast::A =
        serde_json::from_str(r#"{"num6":6,"num3":3,"num1":1,"num5":5,"num4":4,"num2":2}"#)
            .expect("decodes");
    assert_eq!(
        value,
        fast::A {
            num1: 1,
            b: fast::B {
                num2: 2,
                c: fast::C { num3: 3, num4: 4 }
            },
            d: fast::D { num5: 5, num6: 6 },
        }
    );
    let serdes = serde_json::to_string(&serde_value(9)).expect("serializes");
    let back: fast::A = serde_json::from_str(&serdes).expect("decodes");
    assert_eq!(back, fast_value(9));
}

#[test]
fn round_trips_through_json_postcard_and_cbor() {
    let values: Vec<fast::A> = (0..50).map(|i| fast_value(i * 7919)).collect();

    let json = serde_json::to_vec(&values).expect("json");
    assert_eq!(
        serde_json::from_slice::<Vec<fast::A>>(&json).expect("json back"),
        values
    );

    let bytes = postcard::to_allocvec(&values).expect("postcard");
    assert_eq!(
        postcard::from_bytes::<Vec<fast::A>>(&bytes).expect("postcard back"),
        values
    );

    let mut cbor = Vec::new();
    ciborium::into_writer(&values, &mut cbor).expect("cbor");
    let back: Vec<fast::A> = ciborium::from_reader(cbor.as_slice()).expect("cbor back");
    assert_eq!(back, values);
}

#[test]
fn postcard_works_where_serde_flatten_fails() {
    // serde's flatten writes a map of unknown length, which postcard cannot encode
    // (serde-rs/serde#1183, postcard#29)...
    assert!(postcard::to_allocvec(&serde_value(1)).is_err());
    // ...and reads through `deserialize_map`, which postcard does not support.
    let flat = postcard::to_allocvec(&fast_value(1)).expect("ours encodes");
    assert!(postcard::from_bytes::<serde_flatten::A>(&flat).is_err());
    assert_eq!(
        postcard::from_bytes::<fast::A>(&flat).expect("ours decodes"),
        fast_value(1)
    );
}

#[test]
fn missing_and_duplicate_fields_are_serde_errors() {
    let missing =
        serde_json::from_str::<fast::A>(r#"{"num1":1,"num2":2,"num3":3,"num5":5,"num6":6}"#)
            .expect_err("num4 is missing");
    assert!(
        missing.to_string().contains("missing field `num4`"),
        "{missing}"
    );
    let twice = serde_json::from_str::<fast::A>(
        r#"{"num1":1,"num2":2,"num3":3,"num4":4,"num5":5,"num6":6,"num3":3}"#,
    )
    .expect_err("num3 twice");
    assert!(
        twice.to_string().contains("duplicate field `num3`"),
        "{twice}"
    );
    let short = postcard::from_bytes::<fast::A>(&[1, 2, 3]).expect_err("too short");
    assert!(!short.to_string().is_empty());
}

mod deny {
    use super::*;

    #[derive(Debug, PartialEq, FastFlatten)]
    #[serde(deny_unknown_fields)]
    pub struct Outer {
        pub id: u32,
        #[serde(flatten)]
        pub inner: Inner,
    }

    #[derive(Debug, PartialEq, FastFlatten)]
    pub struct Inner {
        pub name: String,
    }

    #[derive(Debug, PartialEq, FastFlatten)]
    pub struct Lenient {
        pub id: u32,
        #[serde(flatten)]
        pub inner: Strict,
    }

    #[derive(Debug, PartialEq, FastFlatten)]
    #[serde(deny_unknown_fields)]
    pub struct Strict {
        pub name: String,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    pub struct SerdeLenient {
        pub id: u32,
        #[serde(flatten)]
        pub inner: SerdeStrict,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct SerdeStrict {
        pub name: String,
    }
}

#[test]
fn deny_unknown_fields_holds_across_flattened_levels() {
    let text = r#"{"id":1,"name":"a","extra":true}"#;
    // serde's flatten lets the unknown key through a flattened struct that denies
    // unknown fields (serde-rs/serde#2283)...
    assert!(serde_json::from_str::<deny::SerdeLenient>(text).is_ok());
    // ...ours rejects it, whichever level denies.
    let err = serde_json::from_str::<deny::Lenient>(text).expect_err("denied below");
    assert!(err.to_string().contains("unknown field `extra`"), "{err}");
    assert!(err.to_string().contains("expected `id` or `name`"), "{err}");
    let err = serde_json::from_str::<deny::Outer>(text).expect_err("denied above");
    assert!(err.to_string().contains("unknown field `extra`"), "{err}");
    // Known keys at every level still decode.
    let ok: deny::Outer = serde_json::from_str(r#"{"name":"a","id":1}"#).expect("decodes");
    assert_eq!(ok.inner.name, "a");
}

mod attrs {
    use super::*;

    fn seven() -> u32 {
        7
    }

    #[derive(Debug, PartialEq, FastFlatten)]
    #[serde(rename_all = "camelCase")]
    pub struct Page {
        pub page_id: u32,
        #[serde(rename = "t", alias = "heading")]
        pub title: String,
        #[serde(default = "seven")]
        pub per_page: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub cursor: Option<String>,
        #[serde(skip)]
        pub cached: u32,
        #[serde(flatten)]
        pub meta: Meta,
    }

    #[derive(Debug, PartialEq, Default, FastFlatten)]
    #[serde(default)]
    pub struct Meta {
        pub lang: String,
        pub draft: bool,
    }
}

#[test]
fn honours_serde_attributes() {
    let page: attrs::Page =
        serde_json::from_str(r#"{"pageId":3,"heading":"Hi","lang":"en"}"#).expect("decodes");
    assert_eq!(
        page,
        attrs::Page {
            page_id: 3,
            title: "Hi".into(),
            per_page: 7,
            cursor: None,
            cached: 0,
            meta: attrs::Meta {
                lang: "en".into(),
                draft: false
            },
        }
    );
    let text = serde_json::to_string(&page).expect("serializes");
    assert_eq!(
        text,
        r#"{"pageId":3,"t":"Hi","perPage":7,"lang":"en","draft":false}"#
    );
    // The same struct through serde's own derive writes the same text...
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct SerdePage<'a> {
        page_id: u32,
        #[serde(rename = "t")]
        title: &'a str,
        per_page: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        cursor: Option<&'a str>,
        #[serde(flatten)]
        meta: &'a attrs::Meta,
    }
    let serdes = serde_json::to_string(&SerdePage {
        page_id: 3,
        title: "Hi",
        per_page: 7,
        cursor: None,
        meta: &page.meta,
    })
    .expect("serializes");
    assert_eq!(text, serdes);
    // ...and CBOR, which writes a map's length first, round-trips the skipped field.
    let mut cbor = Vec::new();
    ciborium::into_writer(&page, &mut cbor).expect("cbor");
    let back: attrs::Page = ciborium::from_reader(cbor.as_slice()).expect("cbor back");
    assert_eq!(back, page);
}

mod validated {
    use overhead_validate::Validate;

    use super::*;

    #[derive(Debug, FastFlatten, Validate)]
    #[fast_flatten(validate)]
    pub struct Booking {
        #[validate(length(min = 1))]
        pub reference: String,
        #[serde(flatten)]
        #[validate(nested)]
        pub guest: Guest,
    }

    #[derive(Debug, FastFlatten, Validate)]
    pub struct Guest {
        #[validate(email)]
        pub email: String,
        #[validate(range(min = 1, max = 9))]
        pub party: u8,
    }
}

#[test]
fn validation_composes_with_paths_as_the_json_reads() {
    let ok = r#"{"reference":"R1","email":"a@example.com","party":2}"#;
    assert!(overhead_validate::json::from_str::<validated::Booking>(ok).is_ok());
    assert!(serde_json::from_str::<validated::Booking>(ok).is_ok());

    let bad = r#"{"reference":"","email":"nope","party":12}"#;
    let Err(overhead_validate::json::Error::Invalid(violations)) =
        overhead_validate::json::from_str::<validated::Booking>(bad)
    else {
        panic!("expected violations");
    };
    let found: Vec<String> = violations
        .iter()
        .map(|v| format!("{}:{}", v.path, v.code))
        .collect();
    assert_eq!(found, ["reference:length", "email:email", "party:range"]);

    let Err(overhead_validate::json::Error::Invalid(first)) =
        overhead_validate::json::from_str_fail_fast::<validated::Booking>(bad)
    else {
        panic!("expected a violation");
    };
    assert_eq!(first.len(), 1);

    // Through plain serde the violations become the format's error.
    let err = serde_json::from_str::<validated::Booking>(bad).expect_err("invalid");
    assert!(err.to_string().contains("email"), "{err}");
}
