//! Definitions that combine attributes: a request type of a few fields, each
//! a type with a rule of validator's, garde's or domainstack's derive, some with serde's
//! field attributes, the container sometimes renaming its fields or denying
//! unknown ones, sometimes holding a nested type its rules reach. Drawn
//! from a seed, so that a run is repeatable and a longer one goes further.

use super::Definition;

/// A small, seedable generator (xorshift64*): the test needs repeatable
/// draws, not a statistical one.
pub struct Draw(u64);

impl Draw {
    pub fn new(seed: u64) -> Draw {
        Draw(seed.max(1))
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn one<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A field's type and its rule, as validator writes it.
const VALIDATOR: &[(&str, &str)] = &[
    ("String", "length(min = 2, max = 8)"),
    ("String", "length(equal = 3)"),
    ("String", "email"),
    ("String", "url"),
    ("String", "non_control_character"),
    ("String", "contains(pattern = \"@\")"),
    ("String", "does_not_contain(pattern = \"x\")"),
    ("String", "ip"),
    ("String", "ip(v4)"),
    ("String", "length(min = 1), email"),
    ("u32", "range(min = 1, max = 100)"),
    ("i64", "range(min = -5, max = 5)"),
    ("u8", "range(max = 9)"),
    ("f64", "range(min = 0.5, max = 9.5)"),
    ("f32", "range(exclusive_min = 0.0)"),
    ("Option<String>", "length(max = 4)"),
    ("Option<String>", "required"),
    ("Option<u16>", "range(min = 10)"),
    ("Vec<String>", "length(min = 1, max = 3)"),
    ("Vec<u32>", "length(max = 2)"),
    ("std::collections::HashMap<String, u32>", "length(max = 2)"),
];

/// The same, as garde writes it.
const GARDE: &[(&str, &str)] = &[
    ("String", "length(min = 2, max = 8)"),
    ("String", "length(chars, max = 3)"),
    ("String", "length(bytes, min = 2)"),
    ("String", "email"),
    ("String", "url"),
    ("String", "ascii"),
    ("String", "alphanumeric"),
    ("String", "contains(\"@\")"),
    ("String", "prefix(\"ab\")"),
    ("String", "suffix(\"z\")"),
    ("String", "ip"),
    ("String", "ipv6"),
    ("String", "length(min = 1), email"),
    ("u32", "range(min = 1, max = 100)"),
    ("i64", "range(min = -5, max = 5)"),
    ("f64", "range(min = 0.5, max = 9.5)"),
    ("Option<String>", "length(max = 4)"),
    ("Option<String>", "required"),
    ("Option<u16>", "range(min = 10)"),
    ("Vec<String>", "length(min = 1, max = 3)"),
    ("Vec<String>", "inner(length(max = 3))"),
    ("Vec<u32>", "length(max = 2), inner(range(max = 50))"),
    ("String", "skip"),
];

/// The same, as domainstack 1.1's derive writes it (only forms it compiles:
/// its `min_items`, `max_items` and `unique` do not build on a `Vec`).
const DOMAINSTACK: &[(&str, &str)] = &[
    ("String", "email"),
    ("String", "url"),
    ("String", "min_len = 2"),
    ("String", "max_len = 4"),
    ("String", "length(min = 2, max = 8)"),
    ("String", "alphanumeric"),
    ("String", "alpha_only"),
    ("String", "numeric_string"),
    ("String", "ascii"),
    ("String", "non_blank"),
    ("String", "no_whitespace"),
    ("String", "non_empty"),
    ("String", "contains = \"@\""),
    ("String", "starts_with = \"ab\""),
    ("String", "ends_with = \"z\""),
    ("String", "matches_regex = \"^[a-z]+$\""),
    ("String", "email, max_len = 20"),
    ("u32", "range(min = 1, max = 100)"),
    ("i64", "range(min = -5, max = 5)"),
    ("f64", "range(min = 0.5, max = 9.5)"),
    ("u8", "range(max = 9)"),
    ("u32", "min = 10"),
    ("i64", "max = 5"),
    ("i32", "positive"),
    ("f64", "negative"),
    ("u16", "equals = 7"),
    ("i32", "non_zero"),
    ("i64", "not_equals = 3"),
    ("u32", "multiple_of = 5"),
    ("f64", "multiple_of = 2.5"),
    ("Vec<String>", "each(email)"),
    ("Vec<String>", "each(min_len = 2)"),
];

/// serde attributes a field may carry (its default is the type's, which
/// every table type has).
const FIELD_SERDE: &[&str] = &[
    "default",
    "rename = \"renamed_{i}\"",
    "alias = \"also_{i}\"",
];

/// `count` definitions from `seed`.
pub fn definitions(seed: u64, count: usize) -> Vec<Definition> {
    let mut draw = Draw::new(seed);
    (0..count).map(|n| definition(&mut draw, n)).collect()
}

fn definition(draw: &mut Draw, n: usize) -> Definition {
    let library = draw.below(3);
    let garde = library == 1;
    let (table, derive, attr, name) = match library {
        0 => (VALIDATOR, "validator::Validate", "validate", "validator"),
        1 => (GARDE, "garde::Validate", "garde", "garde"),
        _ => (
            DOMAINSTACK,
            "domainstack::Validate",
            "validate",
            "domainstack",
        ),
    };
    let mut paste = String::from("use serde::Deserialize;\n\n");
    let nested = draw.chance(35);
    if nested {
        let (ty, rule) = draw.one(table);
        paste.push_str(&format!(
            "#[derive(Debug, Deserialize, {derive})]\npub struct Part{n} {{\n    #[{attr}({rule})]\n    pub value: {ty},\n}}\n\n"
        ));
    }
    let mut container = Vec::new();
    if draw.chance(30) {
        container.push("deny_unknown_fields");
    }
    if draw.chance(30) {
        container.push("rename_all = \"camelCase\"");
    }
    paste.push_str(&format!("#[derive(Debug, Deserialize, {derive})]\n"));
    if !container.is_empty() {
        paste.push_str(&format!("#[serde({})]\n", container.join(", ")));
    }
    let root = format!("Generated{n}");
    paste.push_str(&format!("pub struct {root} {{\n"));
    let fields = 2 + draw.below(4);
    for i in 0..fields {
        let (ty, rule) = draw.one(table);
        if draw.chance(25) {
            let serde = draw.one(FIELD_SERDE).replace("{i}", &i.to_string());
            paste.push_str(&format!("    #[serde({serde})]\n"));
        }
        paste.push_str(&format!(
            "    #[{attr}({rule})]\n    pub field_{i}: {ty},\n"
        ));
    }
    if nested {
        let many = draw.chance(50);
        let dive = match (library, many) {
            (1, _) => "dive",
            // domainstack's `nested` calls the field's own `validate`.
            (2, true) => "each(nested)",
            _ => "nested",
        };
        let ty = match many {
            false => format!("Part{n}"),
            true => format!("Vec<Part{n}>"),
        };
        paste.push_str(&format!("    #[{attr}({dive})]\n    pub part: {ty},\n"));
    }
    paste.push_str("}\n");
    Definition {
        source: format!("generated #{n} ({name})"),
        paste,
        garde,
        roots: vec![(root, Vec::new())],
    }
}
