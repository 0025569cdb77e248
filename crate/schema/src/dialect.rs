//! Which library a type's validation attributes are written for. The rules read
//! the same either way; what differs is where violations are reported: the
//! seed's paths use serde's names and leave a flattened field out, while
//! validator, garde and domainstack name Rust fields and keep a flattened
//! field's own segment (`location.point.lon`). A paste that says it is
//! domainstack's (its `use` lines, its derive's path, or words only
//! domainstack has) is read as domainstack 1.1's derive reads it.

pub use crate::registry::Dialect;
use crate::registry::KEYWORDS;

/// Whether `word` inside `#[validate(...)]` is a keyword of `dialect` and not
/// of the other library that writes `#[validate]`: the registry's words tell.
fn only_in(word: &str, dialect: Dialect) -> bool {
    let other = match dialect {
        Dialect::Seed | Dialect::Domainstack => Dialect::Validator,
        Dialect::Validator | Dialect::Garde => Dialect::Seed,
    };
    // A word may have an entry per dialect (`email` is each library's own).
    let has = |d: Dialect| {
        KEYWORDS
            .iter()
            .any(|k| k.word == word && k.dialects.contains(&d))
    };
    has(dialect) && !has(other)
}

/// `#[validate(...)]` container keywords only validator has (they are not
/// rules, so the registry's keyword table does not hold them).
const VALIDATOR_CONTAINER: &[&str] = &["schema", "context", "mutable", "nest_all_fields"];

/// `#[validate(...)]` field words only domainstack's derive reads (its numeric
/// and choice rules, which Overhead's own derive does not take).
const DOMAINSTACK_ONLY: &[&str] = &[
    "min",
    "max",
    "positive",
    "negative",
    "non_zero",
    "finite",
    "multiple_of",
    "equals",
    "not_equals",
];

/// How a type's dialect is found (the registry's [`Dialect`] is plain data
/// in another crate, so the reading of syntax lives here).
pub trait DialectOf: Sized {
    fn of_item(input: &syn::DeriveInput) -> Option<Self>;
    fn unstated(input: &syn::DeriveInput) -> Self;
    fn of_file(items: &[syn::Item]) -> Option<Self>;
    /// The dialect an item is read in, in a file whose `use` lines state
    /// `stated`: what the item says (the seed's words in a file that uses
    /// domainstack being its derive's), else what the file states, else
    /// `unstated` (a paste's guess from the item's words, or the derive's
    /// own dialect).
    fn read_in(
        input: &syn::DeriveInput,
        stated: Option<Self>,
        unstated: fn(&syn::DeriveInput) -> Self,
    ) -> Self;
}

impl DialectOf for Dialect {
    fn read_in(
        input: &syn::DeriveInput,
        stated: Option<Dialect>,
        unstated: fn(&syn::DeriveInput) -> Dialect,
    ) -> Dialect {
        match Dialect::of_item(input) {
            Some(Dialect::Seed) if stated == Some(Dialect::Domainstack) => Dialect::Domainstack,
            Some(dialect) => dialect,
            None => stated.unwrap_or_else(|| unstated(input)),
        }
    }

    /// What the item itself says: `#[garde]` attributes, a derive's path
    /// (`validator::Validate`), or keywords only one library has. `None` when
    /// it could be either.
    fn of_item(input: &syn::DeriveInput) -> Option<Dialect> {
        let fields = fields_of(input);
        if let Some(dialect) = input.attrs.iter().find_map(stated) {
            return Some(dialect);
        }
        let field_attrs = || fields.iter().flat_map(|f| f.attrs.iter());
        let field_words: Vec<String> = field_attrs()
            .filter(|a| a.path().is_ident("validate"))
            .flat_map(top_words)
            .collect();
        let derive_path = input.attrs.iter().find_map(derive_path_dialect);
        // A word only domainstack's derive reads says it is domainstack's.
        if field_words
            .iter()
            .any(|w| DOMAINSTACK_ONLY.contains(&w.as_str()))
        {
            return Some(Dialect::Domainstack);
        }
        // A word only the seed has decides next (Overhead's own derive reads
        // `#[garde]` beside it), unless the derive's path is domainstack's.
        if field_words.iter().any(|w| only_in(w, Dialect::Seed)) {
            return Some(match derive_path {
                Some(Dialect::Domainstack) => Dialect::Domainstack,
                _ => Dialect::Seed,
            });
        }
        if input
            .attrs
            .iter()
            .chain(field_attrs())
            .any(|a| a.path().is_ident("garde"))
        {
            return Some(Dialect::Garde);
        }
        if let Some(dialect) = derive_path {
            return Some(dialect);
        }
        let container_words: Vec<String> = input
            .attrs
            .iter()
            .filter(|a| a.path().is_ident("validate"))
            .flat_map(top_words)
            .collect();
        let validator_only = field_words.iter().any(|w| only_in(w, Dialect::Validator))
            || container_words
                .iter()
                .any(|w| VALIDATOR_CONTAINER.contains(&w.as_str()));
        validator_only.then_some(Dialect::Validator)
    }

    /// The dialect of an item when neither it nor its file's `use` lines say:
    /// validator's where it has `#[validate]` (its words are then ones both
    /// validator and the seed know, and such an item in public code is
    /// validator's: its build as shipped reads it so, `shipped::library_of`),
    /// else the seed's.
    fn unstated(input: &syn::DeriveInput) -> Dialect {
        let fields = fields_of(input);
        let validates = input
            .attrs
            .iter()
            .chain(fields.iter().flat_map(|f| f.attrs.iter()))
            .any(|a| a.path().is_ident("validate"));
        if validates {
            Dialect::Validator
        } else {
            Dialect::Seed
        }
    }

    /// What a file's `use` lines say: the crate `Validate` is imported from,
    /// else the one validation crate the file uses at all.
    fn of_file(items: &[syn::Item]) -> Option<Dialect> {
        let mut validate_from = None;
        let mut any = Vec::new();
        for item in items {
            let syn::Item::Use(u) = item else { continue };
            let syn::UseTree::Path(root) = &u.tree else {
                continue;
            };
            let Some(dialect) = crate_dialect(&root.ident.to_string()) else {
                continue;
            };
            any.push(dialect);
            if imports_validate(&root.tree) {
                validate_from.get_or_insert(dialect);
            }
        }
        validate_from.or_else(|| {
            let first = *any.first()?;
            any.iter().all(|d| *d == first).then_some(first)
        })
    }
}

fn crate_dialect(name: &str) -> Option<Dialect> {
    match name {
        "validator" | "actix_web_validator" | "axum_valid" => Some(Dialect::Validator),
        "garde" => Some(Dialect::Garde),
        "domainstack" => Some(Dialect::Domainstack),
        "overhead_validate" => Some(Dialect::Seed),
        _ => None,
    }
}

/// Whether a `use` tree brings `Validate` (or everything) into scope.
fn imports_validate(tree: &syn::UseTree) -> bool {
    match tree {
        syn::UseTree::Path(p) => imports_validate(&p.tree),
        syn::UseTree::Name(n) => n.ident == "Validate",
        syn::UseTree::Rename(r) => r.ident == "Validate",
        syn::UseTree::Glob(_) => true,
        syn::UseTree::Group(g) => g.items.iter().any(imports_validate),
    }
}

/// `#[overhead(dialect = "validator")]`: what code made from a file puts on
/// each item whose file's `use` lines say the dialect (a derive sees one item).
fn stated(attr: &syn::Attribute) -> Option<Dialect> {
    let name = overhead_value(attr, "dialect")?;
    Dialect::ALL.into_iter().find(|d| d.name() == name.value())
}

/// The string `key = "…"` of an `#[overhead(…)]` attribute (among others:
/// `#[overhead(dialect = "garde", context = "LIMITS")]`).
fn overhead_value(attr: &syn::Attribute, key: &str) -> Option<syn::LitStr> {
    if !attr.path().is_ident("overhead") {
        return None;
    }
    let mut found = None;
    let _ = attr.parse_nested_meta(|meta| {
        if meta.input.peek(syn::Token![=]) {
            let value: syn::Expr = meta.value()?.parse()?;
            if let (
                true,
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(text),
                    ..
                }),
            ) = (meta.path.is_ident(key), value)
            {
                found = Some(text);
            }
        }
        Ok(())
    });
    found
}

/// `#[overhead(as_pasted)]`: what code made for a person's paste puts on each
/// of its items, so that a derive skips a rule naming what the paste does not
/// define (as the playground does) instead of refusing the type.
pub fn as_pasted(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("overhead")
            && attr
                .parse_args::<syn::Ident>()
                .is_ok_and(|word| word == "as_pasted")
    })
}

/// `#[overhead(context = "expr")]`: how code made for a paste builds a type's
/// validation context (a constant of the paste, or its `Default`), for the
/// custom rules that take it.
pub fn stated_context(attrs: &[syn::Attribute]) -> Option<syn::Expr> {
    attrs
        .iter()
        .find_map(|attr| overhead_value(attr, "context")?.parse().ok())
}

/// `#[derive(validator::Validate)]`, `#[derive(garde::Validate)]`, …
fn derive_path_dialect(attr: &syn::Attribute) -> Option<Dialect> {
    if !attr.path().is_ident("derive") {
        return None;
    }
    let paths = attr
        .parse_args_with(syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
        .ok()?;
    paths.iter().find_map(|p| {
        let last = p.segments.last()?;
        if last.ident != "Validate" || p.segments.len() < 2 {
            return None;
        }
        crate_dialect(&p.segments.first()?.ident.to_string())
    })
}

/// Every field of a struct, of an enum's variants, or of a union.
fn fields_of(input: &syn::DeriveInput) -> Vec<&syn::Field> {
    match &input.data {
        syn::Data::Struct(s) => s.fields.iter().collect(),
        syn::Data::Enum(e) => e.variants.iter().flat_map(|v| v.fields.iter()).collect(),
        syn::Data::Union(u) => u.fields.named.iter().collect(),
    }
}

/// The keywords at the top level of `#[validate(a, b(…), c = …)]`.
fn top_words(attr: &syn::Attribute) -> Vec<String> {
    let mut words = Vec::new();
    let _ = attr.parse_nested_meta(|meta| {
        if let Some(ident) = meta.path.get_ident() {
            words.push(ident.to_string());
        }
        // Skip the item's value or arguments, whatever their form.
        if meta.input.peek(syn::Token![=]) {
            let _: syn::Expr = meta.value()?.parse()?;
        } else if meta.input.peek(syn::token::Paren) {
            let _: proc_macro2::Group = meta.input.parse()?;
        }
        Ok(())
    });
    words
}
