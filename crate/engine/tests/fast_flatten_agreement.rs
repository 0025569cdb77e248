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
