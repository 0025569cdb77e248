//! The interpreter's field-dispatch flatten against `#[derive(FastFlatten)]`:
//! the same values, the same JSON, the same errors, and postcard both ways.

#![allow(dead_code)]

use overhead_engine::Flatten;
use overhead_engine::run::Interpreter;
use overhead_flatten::FastFlatten;

macro_rules! both {
    ($($item:tt)*) => {
        $($item)*
        const TEXT: &str = stringify!($($item)*);
    };
}

both! {
    #[derive(FastFlatten, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct A {
        pub num1: u64,
        #[serde(flatten)]
        pub b: B,
        #[serde(flatten)]
        pub d: D,
    }

    #[derive(FastFlatten, Debug, PartialEq)]
    pub struct B {
        pub num2: u64,
        #[serde(flatten)]
        pub c: C,
    }

    #[derive(FastFlatten, Debug, PartialEq)]
    pub struct C {
        pub num3: u64,
        #[serde(default)]
        pub num4: u64,
    }

    #[derive(FastFlatten, Debug, PartialEq)]
    pub struct D {
        pub num5: u64,
        pub num6: Option<String>,
    }
}

#[test]
fn reads_and_writes_what_fast_flatten_does() {
    let engine = Interpreter::with_flatten(TEXT, Some("A"), Flatten::Fast).expect("runs");
    for input in [
        r#"{"num1":1,"num2":2,"num3":3,"num4":4,"num5":5,"num6":"six"}"#,
        r#"{"num6":null,"num3":3,"num1":1,"num5":5,"num2":2}"#,
        r#"{"num1":1,"num2":2,"num5":5}"#,
        r#"{"num1":1,"num2":2,"num3":3,"num5":5,"extra":true}"#,
        r#"{"num1":1,"num2":2,"num3":3,"num5":5,"num3":4}"#,
        r#"{"num1":1,"num2":2,"num3":"x","num5":5}"#,
    ] {
        let compiled = serde_json::from_str::<A>(input);
        let interpreted = engine.decode(input);
        match (&compiled, &interpreted) {
            (Ok(c), Ok(i)) => {
                assert_eq!(
                    serde_json::to_string(c).expect("ser"),
                    engine.to_json(i).expect("ser"),
                    "{input}"
                );
                // postcard: one flat struct, both ways.
                let ours = postcard::to_allocvec(&engine.typed(i)).expect("postcard");
                assert_eq!(ours, postcard::to_allocvec(c).expect("postcard"), "{input}");
                assert_eq!(postcard::from_bytes::<A>(&ours).expect("back"), *c);
            }
            (Err(c), Err(i)) => assert_eq!(c.to_string(), i.to_string(), "{input}"),
            _ => panic!("{input}: {:?} / {:?}", compiled.err(), interpreted.err()),
        }
    }
}

/// A flattened struct read through a conversion keeps a slot of its own (its
/// `From` takes it whole), where the rest of the tree is laid out in its
/// parent's: both flatten readers, alone and as rows of a `Vec`, give the
/// values and the JSON serde's way gives, and fail where it fails.
#[test]
fn a_flattened_struct_with_a_slot_of_its_own_reads_as_the_inline_ones() {
    const TREE: &str = r#"
        #[derive(Deserialize, Serialize)]
        pub struct Outer {
            pub id: u32,
            #[serde(flatten)]
            pub inner: Inner,
            #[serde(flatten)]
            pub tail: Tail,
        }

        #[derive(Deserialize, Serialize)]
        #[serde(from = "RawInner")]
        pub struct Inner {
            pub code: u32,
            #[serde(flatten)]
            pub deep: Deep,
        }

        #[derive(Deserialize)]
        pub struct RawInner {
            pub code: u32,
            #[serde(flatten)]
            pub deep: Deep,
        }

        impl From<RawInner> for Inner {
            fn from(raw: RawInner) -> Inner {
                Inner { code: raw.code, deep: raw.deep }
            }
        }

        #[derive(Deserialize, Serialize)]
        pub struct Deep {
            pub depth: u8,
            #[serde(default)]
            pub note: String,
        }

        #[derive(Deserialize, Serialize)]
        pub struct Tail {
            pub last: bool,
        }

        #[derive(Deserialize, Serialize)]
        pub struct Many {
            pub items: Vec<Outer>,
        }
    "#;
    let inputs = [
        r#"{"id":1,"code":2,"depth":3,"note":"n","last":true}"#,
        r#"{"last":false,"depth":3,"id":1,"code":0}"#,
        r#"{"id":1,"code":2,"last":true}"#,
        r#"{"id":1,"code":2,"depth":300,"last":true}"#,
        r#"{"id":1,"code":2,"depth":3,"last":true,"other":[1]}"#,
    ];
    for root in ["Outer", "Many"] {
        let fast = Interpreter::with_flatten(TREE, Some(root), Flatten::Fast).expect("runs");
        let serde_way = Interpreter::with_flatten(TREE, Some(root), Flatten::Serde).expect("runs");
        for one in inputs {
            let input = match root {
                "Many" => format!(r#"{{"items":[{one},{one}]}}"#),
                _ => one.to_owned(),
            };
            match (fast.decode(&input), serde_way.decode(&input)) {
                (Ok(f), Ok(s)) => {
                    let json = serde_way.to_json(&s).expect("ser");
                    assert_eq!(fast.to_json(&f).expect("ser"), json, "{input}");
                    // Each mode writes what the other read.
                    assert_eq!(serde_way.to_json(&f).expect("ser"), json, "{input}");
                }
                (Err(_), Err(_)) => {}
                (f, s) => panic!("{input}: fast {:?}, serde's way {:?}", f.err(), s.err()),
            }
        }
    }
}

/// A tree laid out inline is read by its direct reads (a bit and a slot
/// per key) and, where no field's skip depends on its value, written by
/// its direct writes (a slot per field); the same tree with a field that
/// is skipped when empty, by the writer that walks its structs.
/// Both give serde's values and JSON, and the same errors (an alias given
/// beside its field, a key left out, a value of the wrong type) at the
/// same place.
#[test]
fn the_direct_reads_read_as_the_struct_walk_does() {
    let tree = |extra: &str| {
        format!(
            r#"
            #[derive(Deserialize, Serialize)]
            pub struct Outer {{
                #[serde(alias = "ident")]
                pub id: u32,
                #[serde(flatten)]
                pub inner: Inner,
                #[serde(skip)]
                pub cache: u8,
            }}

            #[derive(Deserialize, Serialize)]
            pub struct Inner {{
                #[serde(default)]
                pub code: Option<u16>,
                pub name: String,
                #[serde(flatten)]
                pub deep: Deep,
                {extra}
            }}

            #[derive(Deserialize, Serialize)]
            pub struct Deep {{
                #[serde(alias = "lvl")]
                pub level: i8,
            }}
            "#
        )
    };
    let direct_text = tree("");
    let walked_text =
        tree(r#"#[serde(default, skip_serializing_if = "Vec::is_empty")] pub tags: Vec<String>,"#);
    let direct =
        Interpreter::with_flatten(&direct_text, Some("Outer"), Flatten::Fast).expect("runs");
    let walked =
        Interpreter::with_flatten(&walked_text, Some("Outer"), Flatten::Fast).expect("runs");
    let serde_way =
        Interpreter::with_flatten(&direct_text, Some("Outer"), Flatten::Serde).expect("runs");
    let direct_both_ways = |engine: &Interpreter| {
        let plan = engine.plan();
        let table = plan.struct_plan(plan.root).and_then(|s| s.flat.as_ref());
        (
            // The program reads any tree laid out inline by its direct reads.
            table.is_some_and(|table| table.direct.is_some()),
            table.is_some_and(|table| table.writes.is_some()),
        )
    };
    assert_eq!(direct_both_ways(&direct), (true, true));
    assert_eq!(direct_both_ways(&walked), (true, false));
    for input in [
        r#"{"id":1,"code":2,"name":"n","level":-3}"#,
        r#"{"level":3,"name":"n","ident":1}"#,
        r#"{"lvl":3,"name":"n","id":1,"code":null,"other":{"x":[1]}}"#,
        r#"{"id":1,"name":"n"}"#,
        r#"{"id":1,"level":3}"#,
        r#"{"id":1,"ident":2,"name":"n","level":3}"#,
        r#"{"id":1,"name":"n","level":3,"lvl":4}"#,
        r#"{"id":1,"name":"n","level":300}"#,
        r#"{"id":1,"name":7,"level":3}"#,
        r#"{"id":1,"name":"n","level":3,"cache":9}"#,
    ] {
        let (ours, theirs) = (direct.decode(input), walked.decode(input));
        match (&ours, &theirs, serde_way.decode(input)) {
            (Ok(d), Ok(w), Ok(s)) => {
                let json = serde_way.to_json(&s).expect("ser");
                assert_eq!(direct.to_json(d).expect("ser"), json, "{input}");
                assert_eq!(walked.to_json(w).expect("ser"), json, "{input}");
            }
            (Err(d), Err(w), _) => assert_eq!(d.to_string(), w.to_string(), "{input}"),
            _ => panic!("{input}: direct {ours:?}, walked {theirs:?}"),
        }
    }
}
