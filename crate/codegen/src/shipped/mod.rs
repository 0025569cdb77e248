//! The paste as its own build compiles it ("as shipped"): the person's items
//! verbatim, with their own derives, their impls and functions, in a module
//! of the crate built on demand, and only what a paste cut from its codebase
//! lacks supplied:
//! - the names such a file imports from std, serde, serde_json, its
//!   validation library and the ecosystem's crates, by one glob that the
//!   paste's own imports and items shadow;
//! - `use` lines of crates the build does not have (a web framework, the
//!   person's own `crate::…`) blanked, saying so; the types they named are
//!   the completion's (the form the interpreter assumes, appended to the
//!   definitions before they come here);
//! - `#[serde(crate = "rocket::serde")]` pointed at serde itself.
//!
//! Every edit keeps each line where it was and, but for a visibility made
//! public on the way to a nested root, each column: rustc's messages on the
//! module are the paste's lines (the module's first line is the prelude).

mod compat;
pub(crate) mod context;
mod edits;
mod foreign;
mod stand_ins;
mod translate;

pub use translate::{Translation, translate};

use std::collections::HashSet;

use proc_macro2::LineColumn;
use quote::ToTokens;

use crate::items::{derive_paths_of, derives};
use context::{context, walk_items};
use edits::Edits;

/// The name of the root's `CompiledType` in the module.
pub const ROOT: &str = "__OverheadShippedRoot";

/// The module of names a paste may use unimported, glob-imported by the
/// module and by each of its inline modules.
const NAMES: &str = "__overhead_names";

/// The crates the build has beside the ecosystem's (`ecosystem::CRATES`):
/// what a paste's `use` line, derive or attribute path may name.
const LIBRARY_CRATES: &[&str] = &[
    "std",
    "core",
    "alloc",
    "serde",
    "serde_json",
    "validator",
    "garde",
    "serde_repr",
    "domainstack",
];

/// Whether the build has the crate `name`.
pub(crate) fn has_crate(name: &str) -> bool {
    LIBRARY_CRATES.contains(&name) || crate::ecosystem::CRATES.contains(&name)
}

/// The library that validates a root as the person's build has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Library {
    Validator,
    Garde,
    /// The seed's dialect, which is domainstack's derive's (`#[validate(email,
    /// max_len = 255)]`).
    Domainstack,
    /// No validation derive on the root: serde's alone.
    Serde,
}

impl Library {
    /// The crate's name, as the Report's engine `peer:<name>` says it.
    pub fn name(self) -> &'static str {
        match self {
            Library::Validator => "validator",
            Library::Garde => "garde",
            Library::Domainstack => "domainstack",
            Library::Serde => "serde",
        }
    }
}

/// A module of the paste compiled by a library's own derive: the paste as
/// shipped, or (for the seed's dialect) a translation into another
/// library's form.
#[derive(Debug, Clone)]
pub struct Module {
    /// Its file's stem in the crate (`shipped`, `translated_validator`); its
    /// cargo feature is the same with dashes.
    pub name: &'static str,
    /// `<name>.rs`: the prelude on line 1, the definitions from line 2 on,
    /// then the root's harness.
    pub text: String,
    pub library: Library,
    /// What was supplied or blanked, said beside the figures.
    pub notes: Vec<String>,
    /// A translation's definitions, shown to the person (`None` as shipped).
    pub translation: Option<String>,
}

impl Module {
    /// The cargo feature that compiles it in.
    pub fn feature(&self) -> String {
        self.name.replace('_', "-")
    }
}

/// The modules of `definitions` (the paste and its completion) measured at
/// `root`: the paste as shipped, and for the seed's dialect its translations
/// into validator's and garde's forms. Each one missing says why, in a note.
pub fn modules(definitions: &str, root: &str, pasted: usize) -> (Vec<Module>, Vec<String>) {
    let mut modules = Vec::new();
    let mut notes = Vec::new();
    match module_as(definitions, root, "shipped", None, pasted) {
        Ok(shipped) => {
            let seed = shipped.library == Library::Domainstack;
            modules.push(shipped);
            if seed {
                for (name, library) in [
                    ("translated_validator", Library::Validator),
                    ("translated_garde", Library::Garde),
                ] {
                    let built = translate(definitions, library).and_then(|t| {
                        let mut module = module_as(&t.text, root, name, Some(library), pasted)?;
                        module.translation = Some(t.text);
                        module.notes.clear();
                        Ok(module)
                    });
                    match built {
                        Ok(module) => modules.push(module),
                        Err(why) => notes.push(format!(
                            "peers: {} is not timed: the definitions in its form: {why}",
                            library.name()
                        )),
                    }
                }
            }
        }
        Err(why) => notes.push(format!("as shipped: no build: {why}")),
    }
    (modules, notes)
}

/// The as-shipped module for `definitions` measured at `root` (a type's
/// name, with its arguments for a generic one: `Page<Item>`). An error says
/// why the paste has no such build.
pub fn module(definitions: &str, root: &str) -> Result<Module, String> {
    module_as(definitions, root, "shipped", None, usize::MAX)
}

/// [`module`] as the file `name`, validated by `library` when given (a
/// translation), else by the library the paste derives; the paste's own
/// text is its first `pasted` lines (the completion's types follow).
pub fn module_as(
    definitions: &str,
    root: &str,
    name: &'static str,
    library: Option<Library>,
    pasted: usize,
) -> Result<Module, String> {
    let file = syn::parse_file(definitions)
        .map_err(|e| format!("the definitions do not parse as Rust: {e}"))?;
    let root_ty: syn::Type =
        syn::parse_str(root).map_err(|e| format!("the root `{root}` is not a Rust type: {e}"))?;
    let base =
        base_name(&root_ty).ok_or_else(|| format!("the root `{root}` is not a type path"))?;
    let found = find(&file.items, &base, &mut Vec::new())
        .ok_or_else(|| format!("the definitions do not define the root `{base}`"))?;
    if !decodes(&file, found.attrs, &base) {
        return Err(format!(
            "`{base}` does not derive `Deserialize`, so its own build does not decode it"
        ));
    }
    let library = library.unwrap_or_else(|| library_of(&file, found.attrs));
    let mut edits = Edits::new(definitions);
    let mut notes = Vec::new();
    let names = all_names(&file.items);
    let foreign = foreign::blank(&file, &names, &mut edits, name);
    notes.extend(foreign.notes());
    let stand_ins = stand_ins::missing(&file, &names, &mut edits);
    notes.extend(stand_ins.notes());
    assumed_derives(&file, pasted, library, &mut edits);
    if library == Library::Validator {
        let older = compat::validator(&file, &mut edits);
        if !older.is_empty() {
            notes.push(format!(
                "as shipped: built with validator 0.21, which reads a paste written for an older validator only with its syntax of 0.18 on: {} (as 0.18's changelog maps them)",
                older.join(", ")
            ));
        }
    }
    // A root inside modules is reached through them: the path made public.
    for (vis, at) in found.private_on_the_way {
        if vis {
            edits.insert(at, "pub ");
        }
    }
    let path: Vec<String> = found.modules.iter().map(ToString::to_string).collect();
    let ty = if path.is_empty() {
        root.to_owned()
    } else {
        format!("{}::{}", path.join("::"), root.trim())
    };
    let context = context(&file, found.attrs, library)?;
    let mut text = prelude();
    text.push('\n');
    text.push_str(&edits.apply());
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let mentioned = file.to_token_stream().to_string();
    let mut supplied = stand_ins.code.clone();
    if let Some(stand_in) = &context.stand_in {
        supplied.push(' ');
        supplied.push_str(stand_in);
        notes.push("as shipped: the root's validation context comes from elsewhere and no rule reads it: an empty one stands in".to_owned());
    }
    text.push_str(&names_module(library, &mentioned, &supplied));
    let mut context = context.expr.map(|c| format!(", {c}")).unwrap_or_default();
    // domainstack also validates inside `Deserialize`, on a copy of the root.
    if library == Library::Domainstack && found.modules.is_empty() {
        if let Some(copy) = on_de_copy(found.item) {
            text.push_str(&copy);
            text.push('\n');
            context = format!(", on_de = {ON_DE}");
        }
    }
    text.push_str(&format!(
        "::overhead_bench::shipped_root!({ROOT}, {}, {ty}{context});\n",
        library.name()
    ));
    Ok(Module {
        name,
        text,
        library,
        notes,
        translation: None,
    })
}

/// The name of the root's copy under domainstack's `ValidateOnDeserialize`.
const ON_DE: &str = "__OverheadShippedOnDe";

/// The root struct again, as domainstack's `ValidateOnDeserialize` takes it
/// (named fields, no parameters): its `#[serde]` and `#[validate]` attributes
/// alone, under that derive. `None` for a root it does not take.
fn on_de_copy(item: &syn::Item) -> Option<String> {
    let syn::Item::Struct(root) = item else {
        return None;
    };
    if !root.generics.params.is_empty() || !matches!(root.fields, syn::Fields::Named(_)) {
        return None;
    }
    // The derive decodes an intermediate struct under the container's
    // `#[serde]`: one that asks more of that struct than its fields (a
    // container `default`, a conversion, `transparent`) would refuse it and
    // take the library's other rows down with it, so such a root has none.
    let plain = ["rename", "rename_all", "deny_unknown_fields", "expecting"];
    let container_keys = root
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("serde"))
        .flat_map(|a| {
            a.parse_args_with(
                syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
            )
            .map(|metas| metas.into_iter().map(|m| m.path().clone()).collect())
            .unwrap_or_else(|_| vec![syn::parse_quote!(unreadable)])
        })
        .collect::<Vec<syn::Path>>();
    if !container_keys
        .iter()
        .all(|k| plain.iter().any(|p| k.is_ident(p)))
    {
        return None;
    }
    let mut copy = root.clone();
    copy.ident = syn::Ident::new(ON_DE, proc_macro2::Span::call_site());
    let kept = |a: &syn::Attribute| a.path().is_ident("serde") || a.path().is_ident("validate");
    copy.attrs.retain(kept);
    for field in copy.fields.iter_mut() {
        field.attrs.retain(kept);
    }
    Some(
        quote::quote!(#[derive(::overhead_bench::peers::shipped::ValidateOnDeserialize)] #[allow(dead_code)] #copy)
            .to_string(),
    )
}

/// The types the completion assumes (after the paste's `pasted` lines)
/// stand for the person's own, which have whatever the paste's derives need
/// of them: a default, and the library's `Validate` for a nested rule (with
/// no rules of their own: valid). (Equality the completion derives itself,
/// for compiled code too.)
fn assumed_derives(file: &syn::File, pasted: usize, library: Library, edits: &mut Edits) {
    for item in &file.items {
        let attrs = match item {
            syn::Item::Struct(s) => &s.attrs,
            syn::Item::Enum(e) => &e.attrs,
            _ => continue,
        };
        if proc_macro2::Span::start(&syn::spanned::Spanned::span(item)).line <= pasted {
            continue;
        }
        let Some(derive) = attrs.iter().find(|a| a.path().is_ident("derive")) else {
            continue;
        };
        let syn::Meta::List(list) = &derive.meta else {
            continue;
        };
        let mut more = Vec::new();
        if let syn::Item::Struct(s) = item {
            more.push("Default");
            match library {
                Library::Validator => more.push("::validator::Validate"),
                Library::Garde => {
                    more.push("::garde::Validate");
                    // garde asks a rule of every field: none here.
                    for field in &s.fields {
                        edits.insert(
                            syn::spanned::Spanned::span(field).start(),
                            "#[garde(skip)] ",
                        );
                    }
                }
                _ => {}
            }
        }
        if more.is_empty() {
            continue;
        }
        let at = list.delimiter.span().open().end();
        edits.insert(at, &format!("{}, ", more.join(", ")));
    }
}

/// Whether the root derives `Deserialize` (under any path) or the paste
/// implements it by hand.
fn decodes(file: &syn::File, attrs: &[syn::Attribute], base: &str) -> bool {
    if derives(attrs, "Deserialize") || derives(attrs, "Deserialize_repr") {
        return true;
    }
    let mut by_hand = false;
    walk_items(&file.items, &mut Vec::new(), &mut |item, _| {
        if let syn::Item::Impl(i) = item {
            let ty = i.self_ty.to_token_stream().to_string();
            let trait_is_deserialize = i.trait_.as_ref().is_some_and(|(path, _)| {
                path.segments
                    .last()
                    .is_some_and(|s| s.ident == "Deserialize")
            });
            by_hand |= trait_is_deserialize && ty.split(['<', ' ']).next() == Some(base);
        }
    });
    by_hand
}

/// Line 1 of the module: lints off (the paste is the person's), and the
/// names it may use unimported.
fn prelude() -> String {
    format!("#![allow(warnings, clippy::all)] #[allow(unused_imports)] use self::{NAMES}::*;")
}

/// The names a file of a request type uses without saying where from, in
/// one module the paste globs: its own imports and items shadow each. The
/// interpreter's well-known names (`Uuid`, `NaiveDate`, sea-orm's
/// `DateTimeUtc`) are the same types here; the logging macros of a handler
/// (`tracing`, `log`) write nothing.
fn names_module(library: Library, mentioned: &str, stand_ins: &str) -> String {
    let mut dialect = match library {
        Library::Validator => "pub use ::validator::Validate;",
        Library::Garde => "pub use ::garde::Validate;",
        Library::Domainstack => "pub use ::domainstack::Validate;",
        Library::Serde => "",
    }
    .to_owned();
    // A paste whose root validates with another library (or none) may still
    // name validator's types in its functions.
    if mentioned.contains("Validat") && !mentioned.contains("garde") {
        dialect
            .push_str(" pub use ::validator::{ValidateArgs, ValidationError, ValidationErrors};");
    }
    let mut named: HashSet<&str> = HashSet::new();
    let mut items = Vec::new();
    let mut name = |name: &'static str, item: String| {
        if named.insert(name) {
            items.push(item);
        }
    };
    for (each, item) in crate::ecosystem::WELL_KNOWN {
        name(
            each,
            item.replacen("use ", "pub use ", 1)
                .replace("pub pub", "pub"),
        );
    }
    for (each, path) in [
        ("Arc", "::std::sync::Arc"),
        ("Mutex", "::std::sync::Mutex"),
        ("RwLock", "::std::sync::RwLock"),
        ("OnceLock", "::std::sync::OnceLock"),
        ("Cow", "::std::borrow::Cow"),
        ("Rc", "::std::rc::Rc"),
        ("RefCell", "::std::cell::RefCell"),
        ("Cell", "::std::cell::Cell"),
        ("Deserialize", "::serde::Deserialize"),
        ("Serialize", "::serde::Serialize"),
        ("Deserializer", "::serde::Deserializer"),
        ("Serializer", "::serde::Serializer"),
        ("IndexMap", "::indexmap::IndexMap"),
        ("IndexSet", "::indexmap::IndexSet"),
        ("serde_as", "::serde_with::serde_as"),
        (
            "skip_serializing_none",
            "::serde_with::skip_serializing_none",
        ),
        ("DisplayFromStr", "::serde_with::DisplayFromStr"),
        ("Deserialize_repr", "::serde_repr::Deserialize_repr"),
        ("Serialize_repr", "::serde_repr::Serialize_repr"),
        ("json", "::serde_json::json"),
    ] {
        name(each, format!("pub use {path};"));
    }
    let logging = "macro_rules! __overhead_quiet { ($($t:tt)*) => {} } \
pub(crate) use __overhead_quiet as error; pub(crate) use __overhead_quiet as warn; \
pub(crate) use __overhead_quiet as info; pub(crate) use __overhead_quiet as debug; \
pub(crate) use __overhead_quiet as trace; \
pub mod tracing { pub(crate) use super::{error, warn, info, debug, trace}; } pub use self::tracing as log;";
    format!(
        "#[doc(hidden)] #[allow(unused_imports, unused_macros)] pub mod {NAMES} {{ {} {dialect} {logging} {stand_ins} }}\n",
        items.join(" ")
    )
}

/// The type's name, without arguments: `Page` of `Page<Item>`.
fn base_name(ty: &syn::Type) -> Option<String> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    Some(path.path.segments.last()?.ident.to_string())
}

struct Found<'a> {
    item: &'a syn::Item,
    attrs: &'a [syn::Attribute],
    modules: Vec<syn::Ident>,
    /// For each module on the way and the root itself: whether it is private
    /// (then `pub ` goes at the position given).
    private_on_the_way: Vec<(bool, LineColumn)>,
}

/// The struct or enum `name`, searched through inline modules (the first
/// found, outermost first).
fn find<'a>(
    items: &'a [syn::Item],
    name: &str,
    modules: &mut Vec<&'a syn::ItemMod>,
) -> Option<Found<'a>> {
    for item in items {
        let (ident, attrs, vis, start) = match item {
            syn::Item::Struct(s) => (&s.ident, &s.attrs[..], &s.vis, s.struct_token.span.start()),
            syn::Item::Enum(e) => (&e.ident, &e.attrs[..], &e.vis, e.enum_token.span.start()),
            _ => continue,
        };
        if ident != name {
            continue;
        }
        let mut private_on_the_way: Vec<(bool, LineColumn)> = modules
            .iter()
            .map(|m| {
                (
                    matches!(m.vis, syn::Visibility::Inherited),
                    m.mod_token.span.start(),
                )
            })
            .collect();
        private_on_the_way.push((
            !modules.is_empty() && matches!(vis, syn::Visibility::Inherited),
            start,
        ));
        return Some(Found {
            item,
            attrs,
            modules: modules.iter().map(|m| m.ident.clone()).collect(),
            private_on_the_way,
        });
    }
    for item in items {
        if let syn::Item::Mod(m) = item {
            if let Some((_, inner)) = &m.content {
                modules.push(m);
                if let Some(found) = find(inner, name, modules) {
                    return Some(found);
                }
                modules.pop();
            }
        }
    }
    None
}

/// The names of every item of the paste, at any depth.
fn all_names(items: &[syn::Item]) -> HashSet<String> {
    let mut names = HashSet::new();
    walk_items(items, &mut Vec::new(), &mut |item, _| {
        names.extend(item_name(item));
        if let syn::Item::Macro(m) = item {
            names.extend(crate::elsewhere::lazy_statics(m));
        }
    });
    names
}

fn item_name(item: &syn::Item) -> Option<String> {
    Some(match item {
        syn::Item::Struct(s) => s.ident.to_string(),
        syn::Item::Enum(e) => e.ident.to_string(),
        syn::Item::Mod(m) => m.ident.to_string(),
        syn::Item::Type(t) => t.ident.to_string(),
        syn::Item::Fn(f) => f.sig.ident.to_string(),
        syn::Item::Const(c) => c.ident.to_string(),
        syn::Item::Static(s) => s.ident.to_string(),
        _ => return None,
    })
}

/// Which library validates the root: the crate its `Validate` derive names,
/// else the one the file imports `Validate` from, else its attributes' dialect.
fn library_of(file: &syn::File, root_attrs: &[syn::Attribute]) -> Library {
    if uses_seed_dialect(file) {
        return if derives(root_attrs, "Validate") {
            Library::Domainstack
        } else {
            Library::Serde
        };
    }
    let mut derives_validate = None;
    for path in derive_paths_of(root_attrs) {
        if path.segments.last().is_some_and(|s| s.ident == "Validate") {
            let first = path.segments.first().map(|s| s.ident.to_string());
            derives_validate = Some(match first.as_deref() {
                Some("garde") => Some(Library::Garde),
                Some("validator") => Some(Library::Validator),
                Some("domainstack") => Some(Library::Domainstack),
                _ => None,
            });
        }
    }
    let Some(named) = derives_validate else {
        return Library::Serde;
    };
    if let Some(library) = named {
        return library;
    }
    let text = file.to_token_stream().to_string();
    if text.contains("use garde") || text.contains("garde ::") {
        return Library::Garde;
    }
    if text.contains("use validator") || text.contains("validator ::") {
        return Library::Validator;
    }
    if root_attrs.iter().any(|a| a.path().is_ident("garde")) || text.contains("# [garde (") {
        Library::Garde
    } else {
        Library::Validator
    }
}

/// Whether the paste imports Overhead's own derive or domainstack's (the
/// seed's dialect, which is domainstack's).
fn uses_seed_dialect(file: &syn::File) -> bool {
    file.items.iter().any(|item| {
        matches!(item, syn::Item::Use(u) if {
            let text = u.to_token_stream().to_string();
            text.contains("overhead_validate") || text.contains("domainstack")
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paste_keeps_its_lines_and_loses_what_the_build_has_not() {
        let paste = "use actix_web::{web, HttpResponse};\nuse validator::Validate;\n#[derive(Deserialize, Validate)]\n#[serde(crate = \"rocket::serde\")]\npub struct A {\n    #[validate(length(min = 1))]\n    pub name: String,\n}\n";
        let module = module(paste, "A").expect("a module");
        assert_eq!(module.library, Library::Validator);
        let lines: Vec<&str> = module.text.lines().collect();
        assert!(lines[0].starts_with("#![allow(warnings"));
        assert_eq!(lines[1].trim(), "", "the framework's import is blanked");
        assert_eq!(lines[2], "use validator::Validate;");
        assert_eq!(lines[4], "#[serde(crate = \"::serde\"      )]");
        assert_eq!(lines[7], "    pub name: String,");
        assert!(module.notes[0].contains("actix_web"), "{:?}", module.notes);
        assert!(
            module
                .text
                .ends_with("shipped_root!(__OverheadShippedRoot, validator, A);\n")
        );
    }

    #[test]
    fn a_root_in_a_module_is_reached_through_it() {
        let paste = "mod publish {\n    #[derive(Deserialize, garde::Validate)]\n    struct Zone { #[garde(length(min = 1))] name: String }\n}\n";
        let module = module(paste, "Zone").expect("a module");
        assert_eq!(module.library, Library::Garde);
        assert!(module.text.contains("pub mod publish {"), "{}", module.text);
        assert!(module.text.contains("pub struct Zone"), "{}", module.text);
        assert!(
            module
                .text
                .ends_with("shipped_root!(__OverheadShippedRoot, garde, publish::Zone);\n")
        );
    }

    #[test]
    fn a_context_is_built_from_the_pastes_constant_or_default() {
        let paste = "use validator::Validate;\npub struct Limits { pub max: usize }\npub const LIMITS: Limits = Limits { max: 3 };\n#[derive(Deserialize, Validate)]\n#[validate(context = Limits)]\npub struct A { #[validate(custom(function = \"f\", use_context))] pub a: String }\n";
        let written = module(paste, "A").expect("a module");
        assert!(
            written
                .text
                .ends_with("shipped_root!(__OverheadShippedRoot, validator, A, LIMITS);\n"),
            "{}",
            written.text
        );
        let garde = "#[derive(Default)]\npub struct Ctx { pub max: usize }\n#[derive(Deserialize, garde::Validate)]\n#[garde(context(Ctx))]\npub struct A { #[garde(length(max = ctx.max))] pub a: String }\n";
        let written = module(garde, "A").expect("a module");
        assert!(
            written
                .text
                .ends_with("shipped_root!(__OverheadShippedRoot, garde, A);\n"),
            "{}",
            written.text
        );
        // From elsewhere, unread: an empty one stands in; read by a rule: none can.
        let unread = "#[derive(Deserialize, garde::Validate)]\n#[garde(context(Ctx))]\npub struct A { #[garde(skip)] pub a: String }\n";
        let written = module(unread, "A").expect("a stand-in");
        assert!(
            written.text.contains("#[derive(Default)] pub struct Ctx;"),
            "{}",
            written.text
        );
        let read = "#[derive(Deserialize, garde::Validate)]\n#[garde(context(Ctx))]\npub struct A { #[garde(length(max = ctx.max))] pub a: String }\n";
        let error = module(read, "A").expect_err("no context");
        assert!(error.contains("`Ctx`"), "{error}");
    }

    #[test]
    fn derives_and_attributes_of_other_crates_are_blanked_where_they_are() {
        let paste = "//! Requests.\n#[derive(ToSchema, Deserialize, garde::Validate, IntoParams)]\n#[schema(example = 1)]\npub struct A {\n    #[garde(length(min = 1))]\n    #[param(inline)]\n    pub name: String,\n}\nmod other;\n";
        let written = module(paste, "A").expect("a module");
        let lines: Vec<&str> = written.text.lines().collect();
        assert_eq!(lines[1].trim(), "");
        assert_eq!(
            lines[2],
            "#[derive(          Deserialize, garde::Validate            )]"
        );
        assert_eq!(lines[3].trim(), "");
        assert_eq!(lines[6].trim(), "");
        assert_eq!(lines[9].trim(), "");
        assert!(
            written.notes[0].contains("derive `ToSchema`"),
            "{:?}",
            written.notes
        );
        assert!(
            written.notes[0].contains("`mod other;`"),
            "{:?}",
            written.notes
        );
    }

    #[test]
    fn what_attributes_name_from_elsewhere_gets_a_stand_in() {
        let paste = "use crate::checks::strong;\n#[derive(Deserialize, Validate)]\npub struct A {\n    #[validate(custom(function = \"strong\"), regex(path = *crate::re::SLUG))]\n    #[serde(deserialize_with = \"trimmed\")]\n    pub name: String,\n}\n";
        let written = module(paste, "A").expect("a module");
        assert!(
            written.text.contains("pub fn strong<T>(_: T)"),
            "{}",
            written.text
        );
        assert!(
            written.text.contains("pub static __overhead_stand_in_SLUG"),
            "{}",
            written.text
        );
        assert!(
            written.text.contains("pub fn trimmed<'de"),
            "{}",
            written.text
        );
        assert!(
            written
                .text
                .contains("regex(path = *__overhead_stand_in_SLUG)"),
            "{}",
            written.text
        );
        assert!(
            written
                .notes
                .iter()
                .any(|n| n.contains("`strong`") && n.contains("not run")),
            "{:?}",
            written.notes
        );
    }

    #[test]
    fn older_validator_syntax_is_written_as_validator_0_21_reads_it() {
        let paste = "use validator::Validate;\n#[derive(Deserialize, Validate)]\npub struct A {\n    #[validate]\n    pub inner: B,\n    #[validate(custom = \"check\", contains = \"@\")]\n    pub name: String,\n    #[validate(range(min = 0, max = 500_000))]\n    pub cost: f32,\n}\nfn check(_: &str) -> Result<(), validator::ValidationError> { Ok(()) }\n";
        let written = module(paste, "A").expect("a module");
        let lines: Vec<&str> = written.text.lines().collect();
        assert_eq!(lines[4].trim(), "#[validate(nested)]");
        assert_eq!(
            lines[6].trim(),
            "#[validate(custom(function = \"check\"), contains(pattern = \"@\"))]"
        );
        assert_eq!(
            lines[8].trim(),
            "#[validate(range(min = 0.0, max = 500000.0))]"
        );
        assert!(
            written.notes.iter().any(|n| n.contains("validator 0.21")),
            "{:?}",
            written.notes
        );
    }

    #[test]
    fn the_seed_dialect_is_domainstacks() {
        let paste = "use overhead_validate::Validate;\nuse serde::Deserialize;\n#[derive(Debug, Deserialize, Validate)]\npub struct U {\n    #[validate(email, max_len = 255)]\n    pub email: String,\n}\n";
        let written = module(paste, "U").expect("a module");
        assert_eq!(written.library, Library::Domainstack);
        assert_eq!(written.text.lines().nth(1).map(str::trim), Some(""));
        assert!(written.text.contains("pub use ::domainstack::Validate;"));
        assert!(written.text.ends_with(
            "shipped_root!(__OverheadShippedRoot, domainstack, U, on_de = __OverheadShippedOnDe);\n"
        ));
        // A container `default` would ask the derive's intermediate struct
        // for a `Default`: that root keeps its other rows, without a copy.
        let defaulted = paste.replace("pub struct U {", "#[serde(default)]\npub struct U {");
        let written = module(&defaulted, "U").expect("a module");
        assert!(
            written
                .text
                .ends_with("shipped_root!(__OverheadShippedRoot, domainstack, U);\n")
        );
    }

    #[test]
    fn a_root_without_a_validation_derive_is_serdes() {
        let module = module(
            "#[derive(Deserialize)]\nstruct Page<T> { items: Vec<T> }\n",
            "Page<u32>",
        )
        .expect("a module");
        assert_eq!(module.library, Library::Serde);
        assert!(
            module
                .text
                .ends_with("shipped_root!(__OverheadShippedRoot, serde, Page<u32>);\n")
        );
    }
}
