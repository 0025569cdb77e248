//! The interpreter reads and writes what serde's derive does, construct by
//! construct: each type below is compiled with serde's derive and given to the
//! interpreter as text (the same tokens), and both decode the same inputs to the
//! same outcome and write the same JSON.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use overhead_engine::Flatten;
use overhead_engine::run::Interpreter;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Defines the items and keeps their text for the interpreter.
macro_rules! both {
    ($name:ident: $($item:tt)*) => {
        mod $name {
            use super::*;
            $($item)*
            pub const TEXT: &str = stringify!($($item)*);
        }
    };
}

fn agree<T: DeserializeOwned + Serialize>(text: &str, root: &str, inputs: &[&str]) {
    agree_with::<T>(text, root, inputs, true);
}

/// `positions`: whether error positions must match too. Tagged enums are read
/// from a buffer, and their errors point one column past serde's (after the
/// object's closing brace rather than at it).
fn agree_with<T: DeserializeOwned + Serialize>(
    text: &str,
    root: &str,
    inputs: &[&str],
    positions: bool,
) {
    let engine = Interpreter::new(text, Some(root)).unwrap_or_else(|d| panic!("{root}: {d:?}"));
    for input in inputs {
        let compiled = serde_json::from_str::<T>(input);
        let interpreted = engine.decode(input);
        match (&compiled, &interpreted) {
            (Ok(c), Ok(i)) => {
                // postcard writes each integer as its own type does (`u8`
                // and `i8` as one byte, wider ones as varints): the same
                // bytes, where a format cares.
                let (cp, ip) = (
                    postcard::to_allocvec(c),
                    postcard::to_allocvec(&engine.typed(i)),
                );
                // The plan's writer writes what `Typed` does.
                assert_eq!(
                    postcard::to_allocvec(&engine.written(i)).ok(),
                    ip.as_ref().ok().cloned(),
                    "{root} on {input}: postcard writer"
                );
                if let (Ok(cp), Ok(ip)) = (&cp, &ip) {
                    assert_eq!(cp, ip, "{root} on {input}: postcard");
                    // And read back alike (or refused alike: postcard cannot
                    // read what needs `deserialize_any`).
                    let back = engine.read_postcard(cp);
                    // The program's postcard reader reads what its
                    // general reader (a visitor walk) reads.
                    let general = engine.read(&mut postcard::Deserializer::from_bytes(cp));
                    assert_eq!(
                        format!("{back:?}"),
                        format!("{general:?}"),
                        "{root} on {input}: postcard program"
                    );
                    match (postcard::from_bytes::<T>(cp), back) {
                        (Ok(_), Ok(back)) => {
                            let again = postcard::to_allocvec(&engine.typed(&back));
                            assert_eq!(again.as_ref().ok(), Some(cp), "{root} on {input}: back");
                        }
                        (c, i) => assert_eq!(
                            c.is_ok(),
                            i.is_ok(),
                            "{root} on {input}: postcard back: {:?}",
                            i.err()
                        ),
                    }
                }
                assert_eq!(cp.is_ok(), ip.is_ok(), "{root} on {input}: postcard");
                let c = serde_json::to_string(c).expect("ser");
                let i = engine.to_json(i).expect("ser");
                assert_eq!(c, i, "{root} on {input}");
            }
            (Err(c), Err(i)) => {
                // serde's own messages, word for word.
                let strip = |e: String| match positions {
                    true => e,
                    false => e.split(" at line ").next().unwrap_or_default().to_owned(),
                };
                assert_eq!(
                    strip(c.to_string()),
                    strip(i.to_string()),
                    "{root} on {input}"
                );
            }
            _ => panic!(
                "{root} on {input}: {:?} / {:?}",
                compiled.as_ref().err(),
                interpreted.as_ref().err()
            ),
        }
    }
}

both!(numbers:
    #[derive(Serialize, Deserialize)]
    pub struct Numbers {
        pub a: i8,
        pub b: u16,
        pub c: i64,
        pub d: u128,
        pub e: i128,
        pub f: f32,
        pub g: f64,
        pub h: char,
        pub i: bool,
    }
);

#[test]
fn numbers() {
    agree::<numbers::Numbers>(
        numbers::TEXT,
        "Numbers",
        &[
            r#"{"a":-128,"b":65535,"c":-9,"d":340282366920938463463374607431768211455,"e":-170141183460469231731687303715884105728,"f":0.1,"g":1e300,"h":"é","i":true}"#,
            r#"{"a":128,"b":0,"c":0,"d":0,"e":0,"f":0,"g":0,"h":"x","i":false}"#,
            r#"{"a":1,"b":-1,"c":0,"d":0,"e":0,"f":0,"g":0,"h":"x","i":false}"#,
            r#"{"a":1,"b":1,"c":1.5,"d":0,"e":0,"f":0,"g":0,"h":"x","i":false}"#,
            r#"{"a":1,"b":1,"c":1,"d":0,"e":0,"f":0,"g":0,"h":"xy","i":false}"#,
            r#"{"a":1,"b":1,"c":1,"d":0,"e":0,"f":0,"g":0,"h":"x","i":0}"#,
        ],
    );
}

both!(shapes:
    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct Shapes {
        pub nick_name: Option<String>,
        #[serde(default)]
        pub tags: Vec<String>,
        #[serde(alias = "colour")]
        pub color: String,
        pub scores: BTreeMap<String, u32>,
        pub flags: BTreeSet<Flag>,
        pub point: (i32, i32),
        pub rgb: [u8; 3],
        #[serde(skip)]
        pub cache: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub note: Option<Option<String>>,
        pub id: Id,
        pub pair: Pair,
        pub nothing: Nothing,
        pub boxed: Box<Pair>,
    }

    #[derive(Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
    pub enum Flag {
        Red,
        #[serde(rename = "verde")]
        Green,
        Blue,
    }

    #[derive(Serialize, Deserialize)]
    pub struct Id(pub u64);

    #[derive(Serialize, Deserialize)]
    pub struct Pair(pub String, pub i16);

    #[derive(Serialize, Deserialize)]
    pub struct Nothing;
);

#[test]
fn shapes() {
    let base = r#""scores":{"b":2,"a":1},"flags":["Blue","Red","verde","Red"],"point":[1,-2],"rgb":[1,2,3],"id":7,"pair":["x",-3],"nothing":null,"boxed":["y",4]"#;
    let inputs: Vec<String> = [
        r#"{"nickName":"Al","color":"red","#,
        r#"{"nickName":null,"tags":["a"],"colour":"red","note":null,"#,
        r#"{"color":"red","note":"hi","#,
        r#"{"color":"red","unknown":1,"#,
        r#"{"color":"red","color":"blue","#,
        r#"{"#,
        r#"{"color":"red","cache":5,"#,
    ]
    .iter()
    .map(|head| format!("{head}{base}}}"))
    .chain([
        r#"{"color":"red","scores":{},"flags":["Purple"],"point":[1,2],"rgb":[1,2,3],"id":1,"pair":["x",1],"nothing":null,"boxed":["y",4]}"#.to_owned(),
        r#"{"color":"red","scores":{},"flags":[],"point":[1,2,3],"rgb":[1,2,3],"id":1,"pair":["x",1],"nothing":null,"boxed":["y",4]}"#.to_owned(),
        r#"{"color":"red","scores":{},"flags":[],"point":[1,2],"rgb":[1,2],"id":1,"pair":["x",1],"nothing":null,"boxed":["y",4]}"#.to_owned(),
        r#"[null,[],"red",{},[],[1,2],[1,2,3],1,["x",1],null,null,["y",4]]"#.to_owned(),
        r#"[null,[],"red"]"#.to_owned(),
        r#"{"color":"red","scores":{},"flags":[],"point":[1,2],"rgb":[1,2,3],"id":1,"pair":["x"],"nothing":null,"boxed":["y",4]}"#.to_owned(),
        r#"{"color":5}"#.to_owned(),
    ])
    .collect();
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    agree::<shapes::Shapes>(shapes::TEXT, "Shapes", &inputs);
}

both!(variants:
    #[derive(Serialize, Deserialize)]
    pub struct Event {
        pub kinds: Vec<Kind>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Kind {
        Started,
        Moved(i32),
        Resized(u32, u32),
        Renamed { from: String, to: String },
    }
);

#[test]
fn externally_tagged_enums() {
    agree::<variants::Event>(
        variants::TEXT,
        "Event",
        &[
            r#"{"kinds":["started",{"moved":-3},{"resized":[2,3]},{"renamed":{"from":"a","to":"b"}}]}"#,
            r#"{"kinds":[{"started":null}]}"#,
            r#"{"kinds":["moved"]}"#,
            r#"{"kinds":[{"moved":"x"}]}"#,
            r#"{"kinds":[{"renamed":{"from":"a"}}]}"#,
            r#"{"kinds":["stopped"]}"#,
            r#"{"kinds":[{"resized":[1]}]}"#,
            r#"{"kinds":[{"renamed":["a"]}]}"#,
            r#"{"kinds":[{"renamed":5}]}"#,
            r#"{"kinds":"started"}"#,
        ],
    );
}

both!(variant_forms:
    #[derive(Serialize, Deserialize)]
    #[serde(rename_all_fields = "camelCase")]
    pub enum Shape {
        #[serde(rename = "circle", alias = "round")]
        Circle { radius_mm: u32 },
        #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
        Square { side_mm: u32 },
        #[serde(skip_deserializing)]
        Hidden,
        #[serde(skip)]
        Gone(u8),
        Dot,
    }

    #[derive(Serialize, Deserialize)]
    pub struct Drawing {
        pub shape: Shape,
        #[serde(skip_deserializing)]
        pub cached: u32,
    }

    #[derive(Serialize, Deserialize)]
    pub struct Defaults {
        pub a: u8,
        #[serde(default)]
        pub b: u8,
        pub c: Option<u8>,
    }

    #[derive(Serialize, Deserialize, Default)]
    #[serde(default)]
    pub struct AllDefault {
        pub a: u8,
        pub b: Option<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Person {
        #[serde(alias = "full_name")]
        pub name: String,
        #[serde(rename = "b", alias = "a", alias = "c")]
        pub middle: u8,
    }
);

#[test]
fn variant_and_field_forms_read_as_serde_reads_them() {
    // A variant's `rename`, `alias` and `rename_all`, the enum's
    // `rename_all_fields`, `skip` and `skip_deserializing` on a variant and on a
    // field: what each input becomes, or serde's own error for it.
    agree::<variant_forms::Drawing>(
        variant_forms::TEXT,
        "Drawing",
        &[
            r#"{"shape":{"circle":{"radiusMm":3}}}"#,
            r#"{"shape":{"round":{"radiusMm":3}}}"#,
            r#"{"shape":{"Circle":{"radiusMm":3}}}"#,
            r#"{"shape":{"circle":{"radius_mm":3}}}"#,
            r#"{"shape":{"Square":{"SIDE_MM":2}}}"#,
            r#"{"shape":{"Square":{"sideMm":2}}}"#,
            r#"{"shape":"Hidden"}"#,
            r#"{"shape":{"Gone":1}}"#,
            r#"{"shape":"Dot"}"#,
            r#"{"shape":"Dot","cached":9}"#,
        ],
    );
    // A struct read from a sequence: an element the sequence ends before is
    // the field's default where it has one, else serde's length error.
    agree::<variant_forms::Defaults>(
        variant_forms::TEXT,
        "Defaults",
        &["[1,2,3]", "[1]", "[1,2]", "[]", "[1,2,3,4]"],
    );
    agree::<variant_forms::AllDefault>(
        variant_forms::TEXT,
        "AllDefault",
        &["[]", "[3]", r#"[3,"x"]"#, "{}"],
    );
    // serde lists a name and its aliases as one sorted set in "expected one of".
    agree::<variant_forms::Person>(
        variant_forms::TEXT,
        "Person",
        &[
            r#"{"name":"x","b":1}"#,
            r#"{"full_name":"x","a":1}"#,
            r#"{"name":"x","c":1,"nick":"y"}"#,
        ],
    );
}

both!(expecting:
    #[derive(Serialize, Deserialize)]
    pub struct Plot {
        pub at: Point,
        pub shape: Shape,
        pub label: Label,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(expecting = "a point as {x, y} or [x, y]")]
    pub struct Point {
        pub x: i32,
        pub y: i32,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(tag = "kind", expecting = "a shape with its kind")]
    pub enum Shape {
        Dot,
        Ring { r: u8 },
    }

    #[derive(Serialize, Deserialize)]
    #[serde(untagged, expecting = "a label: text or a number")]
    pub enum Label {
        Text(String),
        Number(u32),
    }
);

#[test]
fn expecting_is_what_the_messages_say_was_expected() {
    agree_with::<expecting::Plot>(
        expecting::TEXT,
        "Plot",
        &[
            r#"{"at":{"x":1,"y":2},"shape":{"kind":"Dot"},"label":"a"}"#,
            r#"{"at":[1,2],"shape":{"kind":"Ring","r":3},"label":4}"#,
            r#"{"at":5,"shape":{"kind":"Dot"},"label":"a"}"#,
            r#"{"at":[1],"shape":{"kind":"Dot"},"label":"a"}"#,
            r#"{"at":{"x":1,"y":2},"shape":7,"label":"a"}"#,
            r#"{"at":{"x":1,"y":2},"shape":{"kind":"Dot"},"label":true}"#,
        ],
        false,
    );
}

both!(tagged:
    #[derive(Serialize, Deserialize)]
    pub struct Messages {
        pub internal: Vec<Internal>,
        pub adjacent: Vec<Adjacent>,
        pub untagged: Vec<Untagged>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "lowercase")]
    pub enum Internal {
        Ping,
        Move { x: i32, y: i32 },
        Wrapped(Inner),
    }

    #[derive(Serialize, Deserialize)]
    pub struct Inner {
        pub id: u32,
        #[serde(default)]
        pub note: Option<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(tag = "t", content = "c")]
    pub enum Adjacent {
        Stop,
        Speed(u16),
        Turn(i8, i8),
        Goto { place: String },
    }

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    pub enum Untagged {
        Number(u64),
        Text(String),
        Pair(u8, u8),
        Named { name: String },
        Nothing,
    }
);

#[test]
fn internally_adjacently_and_un_tagged_enums() {
    agree_with::<tagged::Messages>(
        tagged::TEXT,
        "Messages",
        &[
            r#"{"internal":[{"type":"ping"},{"type":"move","x":1,"y":-2},{"y":3,"type":"move","x":4},{"type":"wrapped","id":7}],"adjacent":[{"t":"Stop"},{"t":"Speed","c":30},{"c":[1,-1],"t":"Turn"},{"t":"Goto","c":{"place":"home"}}],"untagged":[5,"five",[1,2],{"name":"n"},null]}"#,
            r#"{"internal":[{"x":1,"y":2}],"adjacent":[],"untagged":[]}"#,
            r#"{"internal":[{"type":"jump"}],"adjacent":[],"untagged":[]}"#,
            r#"{"internal":[{"type":"move","x":1}],"adjacent":[],"untagged":[]}"#,
            r#"{"internal":[5],"adjacent":[],"untagged":[]}"#,
            r#"{"internal":[],"adjacent":[{"t":"Speed"}],"untagged":[]}"#,
            r#"{"internal":[],"adjacent":[{"t":"Fly","c":1}],"untagged":[]}"#,
            r#"{"internal":[],"adjacent":[],"untagged":[true]}"#,
            r#"{"internal":[],"adjacent":[],"untagged":[-1]}"#,
            // A key written twice: serde's buffer keeps both, and the variant refuses
            // a field or the tag twice; another key twice is passed over.
            r#"{"internal":[{"type":"move","x":1,"x":2,"y":3}],"adjacent":[],"untagged":[]}"#,
            r#"{"internal":[{"type":"move","type":"move","x":1,"y":2}],"adjacent":[],"untagged":[]}"#,
            r#"{"internal":[{"type":"move","x":1,"y":2,"z":1,"z":2}],"adjacent":[],"untagged":[]}"#,
            r#"{"internal":[],"adjacent":[{"t":"Speed","c":1,"c":2}],"untagged":[]}"#,
        ],
        false,
    );
}

both!(transparent:
    #[derive(Serialize, Deserialize)]
    pub struct Order {
        pub id: OrderId,
        pub note: Note,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(transparent)]
    pub struct OrderId(pub u64);

    #[derive(Serialize, Deserialize)]
    #[serde(transparent)]
    pub struct Note {
        pub text: String,
        #[serde(skip)]
        pub cached: u8,
    }
);

#[test]
fn transparent_structs_read_and_write_as_their_field() {
    agree::<transparent::Order>(
        transparent::TEXT,
        "Order",
        &[
            r#"{"id":7,"note":"hi"}"#,
            r#"{"id":"7","note":"hi"}"#,
            r#"{"id":7,"note":{"text":"hi"}}"#,
        ],
    );
}

both!(flattened:
    #[derive(Serialize, Deserialize)]
    pub struct A {
        pub num1: u64,
        #[serde(flatten)]
        pub b: B,
        #[serde(flatten)]
        pub d: D,
    }

    #[derive(Serialize, Deserialize)]
    pub struct B {
        pub num2: u64,
        #[serde(flatten)]
        pub c: C,
    }

    #[derive(Serialize, Deserialize)]
    pub struct C {
        pub num3: u64,
        #[serde(default)]
        pub num4: u64,
    }

    #[derive(Serialize, Deserialize)]
    pub struct D {
        pub num5: u64,
        pub num6: Option<String>,
    }
);

const FLAT_INPUTS: &[&str] = &[
    r#"{"num1":1,"num2":2,"num3":3,"num4":4,"num5":5,"num6":"six"}"#,
    r#"{"num6":null,"num3":3,"num1":1,"num5":5,"num2":2,"extra":[1,2]}"#,
    r#"{"num1":1,"num2":2,"num5":5}"#,
    r#"{"num1":1,"num2":2,"num3":"x","num5":5}"#,
];

#[test]
fn flatten_the_serde_way() {
    agree_with::<flattened::A>(flattened::TEXT, "A", FLAT_INPUTS, false);
}

both!(catch_all:
    #[derive(Serialize, Deserialize)]
    pub struct Request {
        pub id: u32,
        #[serde(flatten)]
        pub paging: Option<Paging>,
        #[serde(flatten)]
        pub owner: Owner,
        #[serde(flatten)]
        pub extra: BTreeMap<String, serde_json::Value>,
    }

    #[derive(Serialize, Deserialize)]
    pub struct Paging {
        pub page: u32,
        #[serde(alias = "perPage")]
        pub per_page: u32,
    }

    /// Flattens in turn: serde reads it as a map, which leaves its keys for `extra`.
    #[derive(Serialize, Deserialize)]
    pub struct Owner {
        pub owner: String,
        #[serde(flatten)]
        pub meta: Meta,
    }

    #[derive(Serialize, Deserialize)]
    pub struct Meta {
        pub tag: Option<String>,
    }

    #[derive(Serialize, Deserialize)]
    pub struct Counters {
        pub name: String,
        #[serde(flatten)]
        pub counts: BTreeMap<String, u32>,
    }

    #[derive(Serialize, Deserialize)]
    pub struct Rest {
        pub name: String,
        #[serde(flatten)]
        pub rest: serde_json::Value,
    }

    #[derive(Serialize, Deserialize)]
    pub struct RestMap {
        #[serde(flatten)]
        pub rest: serde_json::Map<String, serde_json::Value>,
        pub name: String,
    }
);

const CATCH_ALL_INPUTS: &[&str] = &[
    r#"{"id":1,"page":2,"per_page":20,"owner":"ann","tag":"x","note":"hi","n":[1,{"a":null}]}"#,
    r#"{"id":1,"page":2,"owner":"ann"}"#,
    r#"{"id":1,"perPage":5,"page":2,"owner":"ann","page2":true}"#,
    r#"{"id":1,"page":"two","per_page":20,"owner":"ann"}"#,
    r#"{"owner":"ann","id":7}"#,
    r#"{"id":1,"tag":"x"}"#,
    r#"{"id":1,"owner":5}"#,
    r#"{"id":1,"owner":"ann","id":2}"#,
];

const COUNTER_INPUTS: &[&str] = &[
    r#"{"name":"a","x":1,"y":2}"#,
    r#"{"y":2,"name":"a"}"#,
    r#"{"name":"a","x":"one"}"#,
    r#"{"x":1}"#,
];

#[test]
fn flattened_maps_values_and_options_take_what_serde_gives_them() {
    agree_with::<catch_all::Request>(catch_all::TEXT, "Request", CATCH_ALL_INPUTS, false);
    agree_with::<catch_all::Counters>(catch_all::TEXT, "Counters", COUNTER_INPUTS, false);
    agree_with::<catch_all::Rest>(catch_all::TEXT, "Rest", COUNTER_INPUTS, false);
    agree_with::<catch_all::RestMap>(catch_all::TEXT, "RestMap", COUNTER_INPUTS, false);
}

/// Field dispatch needs every key of the tree in advance; a tree with a map, a
/// `Value` or an `Option` flattened in it reads serde's way, and says so.
#[test]
fn fast_flatten_reads_a_catch_all_serde_s_way() {
    let serde = Interpreter::new(catch_all::TEXT, Some("Request")).expect("runs");
    let fast =
        Interpreter::with_flatten(catch_all::TEXT, Some("Request"), Flatten::Fast).expect("runs");
    for input in CATCH_ALL_INPUTS {
        let a = serde.decode(input).map(|v| serde.to_json(&v).expect("ser"));
        let b = fast.decode(input).map(|v| fast.to_json(&v).expect("ser"));
        assert_eq!(
            a.map_err(|e| e.to_string()),
            b.map_err(|e| e.to_string()),
            "{input}"
        );
    }
    assert!(
        fast.plan()
            .notes
            .iter()
            .any(|n| n.message.contains("`Request` flattens a map")),
        "{:?}",
        fast.plan().notes
    );
}

#[test]
fn what_it_cannot_run_is_an_error_at_its_place() {
    let text = "enum Shape {\n    A,\n}\nstruct Inner { b: u8 }\nstruct Wrapper { #[serde(flatten)] a: Shape }\n\nstruct S { w: Widget }\nstruct Node { #[serde(flatten)] next: Option<Box<Node>> }\n";
    let errors = Interpreter::new(text, Some("S")).err().expect("refused");
    let lines: Vec<String> = errors.iter().map(|d| d.to_string()).collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("5:18: error: only structs with named fields")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("7:15: error: `Widget` is not defined here")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("8:15: error: `Node` flattens itself")),
        "{lines:?}"
    );
}

both!(nested_structs:
    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Order {
        pub id: u32,
        pub buyer: Buyer,
        #[serde(default)]
        pub shipping: Shipping,
        pub note: Option<String>,
        pub lines: Vec<Line>,
    }

    #[derive(Serialize, Deserialize)]
    pub struct Line {
        pub sku: String,
        pub qty: u32,
        pub parts: Vec<Address>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Buyer {
        pub name: String,
        pub address: Address,
    }

    #[derive(Serialize, Deserialize)]
    pub struct Address {
        pub city: String,
        pub zip: u16,
    }

    #[derive(Serialize, Deserialize, Default)]
    pub struct Shipping {
        pub days: u8,
        pub express: bool,
        pub carrier: Option<String>,
    }
);

/// Structs inside structs are laid out inline in their parent's slots, and a
/// `Vec` of structs in rows (one allocation for the value and one per `Vec`,
/// as compiled code has them); every way in (keys, arrays, postcard) and out
/// reads and writes them as serde does.
#[test]
fn structs_nested_in_structs_read_and_write_as_serde_does() {
    use nested_structs::Order;
    let valid = r#"{"id":7,"buyer":{"name":"Ada","address":{"city":"Oslo","zip":150}},"shipping":{"days":2,"express":true,"carrier":"DHL"},"note":null,"lines":[{"sku":"a","qty":1,"parts":[]},{"sku":"b","qty":2,"parts":[{"city":"c","zip":3},{"city":"d","zip":4}]}]}"#;
    agree::<Order>(
        nested_structs::TEXT,
        "Order",
        &[
            valid,
            // Keys in another order; the defaulted struct left out.
            r#"{"lines":[],"buyer":{"address":{"zip":1,"city":"Rome"},"name":"Bo"},"id":1}"#,
            // Structs as arrays of their fields.
            r#"{"id":2,"buyer":["Cy",["Lima",9]],"shipping":[1,false,null],"lines":[["s",1,[["x",1]]]]}"#,
            // A nested field missing, twice, of the wrong type, unknown.
            r#"{"id":3,"buyer":{"name":"D","address":{"city":"X"}},"lines":[]}"#,
            r#"{"id":3,"buyer":{"name":"D","address":{"city":"X","zip":1}},"buyer":{},"lines":[]}"#,
            r#"{"id":3,"buyer":{"name":"D","address":{"city":"X","zip":-1}},"lines":[]}"#,
            r#"{"id":3,"buyer":{"name":"D","extra":1,"address":{"city":"X","zip":1}},"lines":[]}"#,
            r#"{"id":4,"buyer":["E"],"lines":[]}"#,
            r#"{"id":5,"buyer":null,"lines":[]}"#,
            // A row missing a field, of the wrong type, cut short.
            r#"{"id":6,"buyer":["F",["G",1]],"lines":[{"sku":"a","qty":1,"parts":[]},{"sku":"b","parts":[]}]}"#,
            r#"{"id":6,"buyer":["F",["G",1]],"lines":[{"sku":"a","qty":1,"parts":[{"city":1,"zip":1}]}]}"#,
            r#"{"id":6,"buyer":["F",["G",1]],"lines":[["a"]]}"#,
            r#"{"id":6,"buyer":["F",["G",1]],"lines":{}}"#,
        ],
    );
    let engine = Interpreter::new(nested_structs::TEXT, Some("Order")).expect("runs");
    let value = engine.decode(valid).expect("decodes");
    // id, name, city, zip, days, express, carrier, note, lines: one slot
    // each; the lines' two rows of three slots in one `Vec`.
    match &value {
        overhead_engine::Value::Struct(slots) => {
            assert_eq!(slots.len(), 9);
            match &slots[8] {
                overhead_engine::Value::Rows(3, rows) => assert_eq!(rows.len(), 6),
                other => panic!("not in rows: {other:?}"),
            }
        }
        other => panic!("not a struct: {other:?}"),
    }
    let order: Order = serde_json::from_str(valid).expect("serde reads it");
    let bytes = postcard::to_allocvec(&order).expect("postcard");
    let read = engine.read_postcard(&bytes).expect("postcard reads");
    assert_eq!(read, value);
    assert_eq!(
        postcard::to_allocvec(&engine.typed(&read)).expect("writes"),
        bytes
    );
}

both!(traps:
    #[derive(Serialize, Deserialize)]
    pub struct Traps {
        pub small: u8,
        pub wide: i64,
        pub big: u64,
        pub ratio: f32,
        pub exact: f64,
        pub text: String,
        pub maybe: Option<u32>,
        pub twice: Option<Option<String>>,
        #[serde(default)]
        pub kind: Kind,
    }

    #[derive(Serialize, Deserialize, Default)]
    pub enum Kind {
        #[default]
        Plain,
        Rich,
        #[serde(other)]
        Unknown,
    }
);

/// What serde_json treats specially at the JSON level, as the unseen pastes'
/// inputs met it: `-0` and exponents into integers, integers past `u64::MAX`,
/// an `f32` past its range, lone and paired surrogate escapes, duplicate and
/// escaped keys, a top-level `null`, an unknown variant under `#[serde(other)]`.
#[test]
fn json_level_traps() {
    let base = |field: &str, value: &str| {
        let mut fields = [
            ("small", "1"),
            ("wide", "-2"),
            ("big", "3"),
            ("ratio", "0.5"),
            ("exact", "0.25"),
            ("text", "\"t\""),
            ("maybe", "null"),
            ("twice", "null"),
            ("kind", "\"Plain\""),
        ];
        for f in fields.iter_mut().filter(|f| f.0 == field) {
            f.1 = value;
        }
        let body: Vec<String> = fields.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
        format!("{{{}}}", body.join(","))
    };
    let mut inputs = vec![
        base("small", "-0"),
        base("wide", "-0"),
        base("small", "1e3"),
        base("small", "1e0"),
        base("wide", "1E2"),
        base("small", "0.0"),
        base("big", "18446744073709551615"),
        base("big", "18446744073709551616"),
        base("wide", "-9223372036854775809"),
        base("big", "-1"),
        base("ratio", "1e39"),
        base("ratio", "-1e39"),
        base("ratio", "1e-50"),
        base("exact", "1e309"),
        base("exact", "-0.0"),
        base("exact", "123456789012345678901234567890"),
        base("text", r#""\ud83d\ude00""#),
        base("text", r#""\ud83d""#),
        base("text", r#""\ude00x""#),
        base("text", r#""a\u0000b""#),
        base("text", "\"tab\there\""),
        base("maybe", "4294967296"),
        base("twice", r#""x""#),
        base("kind", r#""Rich""#),
        base("kind", r#""Sparkly""#),
        base("kind", r#"{"Rich":null}"#),
        base("kind", "5"),
        "null".to_owned(),
        "[]".to_owned(),
        "{}".to_owned(),
        "  ".to_owned(),
        r#"{"small":1,"small":2}"#.to_owned(),
        r#"{"sm\u0061ll":1,"wide":-2,"big":3,"ratio":0.5,"exact":0.25,"text":"t","maybe":null,"twice":null}"#.to_owned(),
        format!("{} ", base("small", "7")),
        format!("{}x", base("small", "7")),
    ];
    // The same object missing `twice` (an `Option` field: `None`) and `maybe`.
    inputs.push(r#"{"small":1,"wide":-2,"big":3,"ratio":0.5,"exact":0.25,"text":"t"}"#.to_owned());
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    agree::<traps::Traps>(traps::TEXT, "Traps", &inputs);
}

both!(raw:
    #[derive(Serialize, Deserialize)]
    pub struct Hook {
        pub id: u32,
        pub payload: Box<serde_json::value::RawValue>,
    }
);

/// `Box<RawValue>` takes any JSON value and refuses what is not JSON.
#[test]
fn raw_values_take_any_json() {
    let engine = Interpreter::new(raw::TEXT, Some("Hook")).expect("reads");
    for input in [
        r#"{"id":1,"payload":{"a":[1,2]}}"#,
        r#"{"id":1,"payload":"text"}"#,
        r#"{"id":1,"payload":null}"#,
        r#"{"id":1,"payload":[true,{"b":-0.5}]}"#,
    ] {
        let compiled: raw::Hook = serde_json::from_str(input).expect("serde reads it");
        let interpreted = engine.decode(input).expect("the interpreter reads it");
        assert_eq!(
            serde_json::to_string(&compiled).expect("ser"),
            engine.to_json(&interpreted).expect("ser"),
            "{input}"
        );
    }
    agree::<raw::Hook>(
        raw::TEXT,
        "Hook",
        &[
            r#"{"id":1,"payload":{"a":[1,2}}"#,
            r#"{"id":1}"#,
            r#"{"payload":1,"id":-1}"#,
        ],
    );
}

both!(borrowed:
    #[derive(Deserialize, Serialize)]
    pub struct Note<'a> {
        pub text: &'a str,
        pub owned: String,
        pub cow: std::borrow::Cow<'a, str>,
    }
);

/// A `&str` field borrows from the input text: a string written with an
/// escape cannot be borrowed, and serde refuses it; `String` and `Cow` take it.
#[test]
fn a_borrowed_str_takes_only_what_serde_can_borrow() {
    let engine = Interpreter::new(borrowed::TEXT, Some("Note")).expect("runs");
    for input in [
        r#"{"text": "plain", "owned": "a\nb", "cow": "c\u00e9"}"#,
        r#"{"text": "line\nbreak", "owned": "", "cow": ""}"#,
        r#"{"text": "caf\u00e9", "owned": "", "cow": ""}"#,
        r#"{"text": "café", "owned": "", "cow": ""}"#,
        r#"{"text": "q\"uote", "owned": "", "cow": ""}"#,
    ] {
        let serde = serde_json::from_str::<borrowed::Note>(input).map(|_| ());
        let ours = engine.decode(input).map(|_| ());
        assert_eq!(
            serde.is_ok(),
            ours.is_ok(),
            "{input}: serde {serde:?}, ours {ours:?}"
        );
    }
}

both!(identifiers:
    #[derive(Deserialize, Debug)]
    #[serde(rename = "Renamed", bound = "")]
    pub struct Lookup {
        pub kind: Kind,
        pub column: Column,
        pub named: Named,
        #[serde(bound = "")]
        pub either: Either,
    }

    #[derive(Deserialize, Debug)]
    #[serde(variant_identifier)]
    pub enum Kind {
        Table,
        View,
    }

    #[derive(Deserialize, Debug)]
    #[serde(field_identifier, rename_all = "snake_case")]
    pub enum Column {
        UserId,
        CreatedAt,
    }

    #[derive(Deserialize, Debug)]
    #[serde(field_identifier)]
    pub enum Named {
        Id,
        Other(String),
    }

    #[derive(Deserialize, Debug)]
    #[serde(untagged)]
    pub enum Either {
        #[serde(bound = "")]
        Kind(Kind),
        Text(String),
    }
);

/// `variant_identifier` and `field_identifier` enums are names: read from a
/// string only, with "identifier" in the messages, a field identifier's last
/// newtype variant taking any other name. `rename` on a container is the
/// name serde's messages use. (Inside an untagged enum serde also reads a
/// number as a variant's index; the interpreter does not, and this does not
/// test it.)
/// (serde cannot write an identifier, so what each valid input reads as is
/// checked by what the interpreter writes, in the names it reads.)
#[test]
fn identifier_enums_are_names() {
    let engine = Interpreter::new(identifiers::TEXT, Some("Lookup")).expect("runs");
    let doc = |kind: &str, column: &str, named: &str, either: &str| {
        format!(r#"{{"kind":{kind},"column":{column},"named":{named},"either":{either}}}"#)
    };
    let cases = [
        (
            doc(r#""Table""#, r#""user_id""#, r#""Id""#, r#""View""#),
            Some(r#"{"kind":"Table","column":"user_id","named":"Id","either":"View"}"#),
        ),
        (
            doc(r#""View""#, r#""created_at""#, r#""nick""#, r#""Table""#),
            Some(
                r#"{"kind":"View","column":"created_at","named":{"Other":"nick"},"either":"Table"}"#,
            ),
        ),
        (
            doc(r#""View""#, r#""created_at""#, r#""Other""#, r#""x""#),
            Some(r#"{"kind":"View","column":"created_at","named":{"Other":"Other"},"either":"x"}"#),
        ),
        (
            doc(r#"{"Table":null}"#, r#""user_id""#, r#""Id""#, r#""x""#),
            None,
        ),
        (doc("0", r#""user_id""#, r#""Id""#, r#""x""#), None),
        (doc(r#""Chair""#, r#""user_id""#, r#""Id""#, r#""x""#), None),
        (doc(r#""Table""#, r#""UserId""#, r#""Id""#, r#""x""#), None),
        (doc(r#""Table""#, "[]", r#""Id""#, r#""x""#), None),
        (doc(r#""Table""#, r#""user_id""#, "7", r#""x""#), None),
        (doc(r#""Table""#, r#""user_id""#, r#""Id""#, "5"), None),
        ("[]".to_owned(), None),
        ("3".to_owned(), None),
    ];
    for (input, written) in &cases {
        let serde = serde_json::from_str::<identifiers::Lookup>(input);
        let ours = engine.decode(input);
        match (written, serde, ours) {
            (Some(written), Ok(_), Ok(value)) => {
                assert_eq!(engine.to_json(&value).expect("writes"), *written, "{input}");
            }
            (None, Err(serde), Err(ours)) => {
                assert_eq!(serde.to_string(), ours.to_string(), "{input}");
            }
            (_, serde, ours) => panic!("{input}: serde {serde:?}, ours {:?}", ours.map(|_| ())),
        }
    }
}
