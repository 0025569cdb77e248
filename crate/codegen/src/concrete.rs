//! A paste as our derives can take it: the types of inline `mod` blocks beside
//! the others, each generic definition at the concrete arguments it is used
//! with (as rustc monomorphizes it, and as the interpreter reads it:
//! `overhead_schema::instance`), and lifetimes erased to owned forms.
//!
//! Our derives implement traits for types without parameters; the person's
//! own build (the as-shipped side) keeps the paste as written, so its
//! figures are the borrowed, generic ones.

use std::collections::{HashMap, HashSet};

use overhead_schema::instance::{key, substitute};

use crate::items::without_serde_keys;
use syn::visit_mut::VisitMut;

/// How many instances one paste may make: polymorphic recursion would make
/// them forever (the interpreter stops at the same count).
const MAX_INSTANCES: usize = 64;

/// The paste's items in the form our derives take, and the name each
/// instance runs under (`Page<Item>` for the struct `Page_Item__`).
pub struct Concrete {
    pub items: Vec<syn::Item>,
    pub names: HashMap<String, String>,
}

/// What [`concrete`] reads otherwise than the paste is written, for the
/// Report's notes: borrowed types read owned, generic ones per instance.
pub fn notes(items: &[syn::Item]) -> Vec<String> {
    let items = hoisted(items.to_vec());
    let named = |pick: fn(&syn::Generics) -> bool| -> Vec<String> {
        items
            .iter()
            .filter_map(|item| match item {
                syn::Item::Struct(s) if pick(&s.generics) => Some(format!("`{}`", s.ident)),
                syn::Item::Enum(e) if pick(&e.generics) => Some(format!("`{}`", e.ident)),
                _ => None,
            })
            .collect()
    };
    let mut notes = Vec::new();
    let borrowed = named(has_lifetimes);
    if !borrowed.is_empty() {
        notes.push(format!(
            "compiled: our derives take no lifetimes: {} read with borrowed fields owned (`&'a str` as a `String`, `Cow<'a, str>` as `Cow<'static, str>`); the as-shipped rows borrow as the paste does",
            borrowed.join(", ")
        ));
    }
    let generic = named(|g| g.type_params().next().is_some());
    if !generic.is_empty() {
        notes.push(format!(
            "compiled: {} run at each concrete use, as rustc monomorphizes them",
            generic.join(", ")
        ));
    }
    notes
}

/// `items` with modules hoisted, lifetimes erased and generic types
/// instantiated at their uses and at `root` (a key such as `Page<Item>`).
pub fn concrete(items: Vec<syn::Item>, root: Option<&str>) -> Concrete {
    let items = read_through_aliases(hoisted(items));
    let borrowed: HashSet<String> = items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Struct(s) if has_lifetimes(&s.generics) => Some(s.ident.to_string()),
            syn::Item::Enum(e) if has_lifetimes(&e.generics) => Some(e.ident.to_string()),
            _ => None,
        })
        .collect();
    let mut items: Vec<syn::Item> = items
        .into_iter()
        .map(|item| owned(item, &borrowed))
        .collect();
    with_contexts(&mut items);
    with_constant_bounds(&mut items);
    instantiated(items, root)
}

/// Rule arguments that name a constant of the paste (`length(max =
/// MAX_SHELF_LEN)`) written as its value, as the interpreter reads them
/// (`overhead_schema::scope`): a derive sees one item, not the constant.
fn with_constant_bounds(items: &mut [syn::Item]) {
    let mut scope = overhead_schema::scope::Scope::default();
    for item in items.iter() {
        scope.add(item);
    }
    let rewrite = |attrs: &mut Vec<syn::Attribute>| {
        for attr in attrs.iter_mut() {
            if !(attr.path().is_ident("validate") || attr.path().is_ident("garde")) {
                continue;
            }
            if let syn::Meta::List(list) = &mut attr.meta {
                list.tokens = evaluated(std::mem::take(&mut list.tokens), &scope);
            }
        }
    };
    for item in items.iter_mut() {
        fields_mut(item).for_each(|f| rewrite(&mut f.attrs));
    }
}

/// `tokens` with each `= <expr>` whose expression is a constant of `scope`
/// (not a literal already) written as its number.
fn evaluated(
    tokens: proc_macro2::TokenStream,
    scope: &overhead_schema::scope::Scope,
) -> proc_macro2::TokenStream {
    use proc_macro2::{Group, Literal, TokenTree};
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), evaluated(g.stream(), scope));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
                i += 1;
            }
            TokenTree::Punct(p) if p.as_char() == '=' => {
                out.push(tokens[i].clone());
                let end = tokens[i + 1..]
                    .iter()
                    .position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
                    .map_or(tokens.len(), |n| i + 1 + n);
                let value: proc_macro2::TokenStream = tokens[i + 1..end].iter().cloned().collect();
                // A literal is a token of its own, without a sign; a float
                // that is not finite has none (the derive reports the bound).
                let number = match syn::parse2::<syn::Expr>(value) {
                    Ok(syn::Expr::Lit(_)) | Err(_) => None,
                    Ok(expr) => match scope.eval(&expr) {
                        Some(overhead_schema::Literal::Int(n)) => {
                            Some((n < 0, Literal::u128_unsuffixed(n.unsigned_abs())))
                        }
                        Some(overhead_schema::Literal::Float(f)) if f.is_finite() => {
                            Some((f < 0.0, Literal::f64_unsuffixed(f.abs())))
                        }
                        _ => None,
                    },
                };
                match number {
                    Some((negative, mut literal)) => {
                        let span = tokens[i + 1].span();
                        if negative {
                            let mut minus =
                                proc_macro2::Punct::new('-', proc_macro2::Spacing::Alone);
                            minus.set_span(span);
                            out.push(TokenTree::Punct(minus));
                        }
                        literal.set_span(span);
                        out.push(TokenTree::Literal(literal));
                    }
                    None => out.extend(tokens[i + 1..end].iter().cloned()),
                }
                i = end;
            }
            other => {
                out.push(other.clone());
                i += 1;
            }
        }
    }
    out.into_iter().collect()
}

/// `#[overhead(context = "…")]` on each type that validates with a context
/// (validator's `context = T`, garde's `context(T)`), built as the as-shipped
/// build builds the root's (`shipped::context`): from a constant of the
/// paste, else its `Default`. A type whose context the paste cannot build
/// gets none, and our derive says so at the rule that needs it.
fn with_contexts(items: &mut [syn::Item]) {
    use crate::shipped::Library;
    use crate::shipped::context::{Context, context, context_type};
    let mut file: Option<syn::File> = None;
    let snapshot = items.to_vec();
    for item in items.iter_mut() {
        let attrs = match item {
            syn::Item::Struct(s) => &mut s.attrs,
            syn::Item::Enum(e) => &mut e.attrs,
            _ => continue,
        };
        for library in [Library::Validator, Library::Garde] {
            let Some(ty) = context_type(attrs, library) else {
                continue;
            };
            // The paste as a file, made the first time a type needs its context.
            let file = file.get_or_insert_with(|| {
                let mut file: syn::File = syn::parse_quote!();
                file.items = snapshot.clone();
                file
            });
            let expr = match context(file, attrs, library) {
                Ok(Context {
                    expr: Some(expr),
                    stand_in: None,
                }) => expr,
                Ok(Context {
                    expr: None,
                    stand_in: None,
                }) => format!("<{ty} as ::std::default::Default>::default()"),
                _ => break,
            };
            attrs.push(syn::parse_quote!(#[overhead(context = #expr)]));
            break;
        }
    }
}

/// Field types with the paste's aliases replaced by what they name, as the
/// interpreter reads them (`overhead_schema::aliases`): a derive sees one
/// item, so `length` on a `Username` where `type Username = String;` (the
/// paste's, or one assumed for a type from elsewhere) must see the `String`.
fn read_through_aliases(mut items: Vec<syn::Item>) -> Vec<syn::Item> {
    let mut aliases = overhead_schema::aliases::Aliases::default();
    for item in &items {
        if let syn::Item::Type(alias) = item {
            aliases.add(alias);
        }
    }
    if aliases.is_empty() {
        return items;
    }
    for item in &mut items {
        for field in fields_mut(item) {
            aliases.expand_where(&mut field.ty, 0, &of_the_paste);
        }
    }
    items
}

/// Whether `path` may name one of the paste's aliases: not a path into a crate
/// the build has (`std::time::Instant` is std's, whatever an alias `Instant`
/// the interpreter assumed says).
fn of_the_paste(path: &syn::Path) -> bool {
    path.segments.len() == 1
        || !path
            .segments
            .first()
            .is_some_and(|f| crate::shipped::has_crate(&f.ident.to_string()))
}

/// The fields of a struct, or of every variant of an enum (none of another item).
fn fields_mut(item: &mut syn::Item) -> Box<dyn Iterator<Item = &mut syn::Field> + '_> {
    match item {
        syn::Item::Struct(s) => Box::new(s.fields.iter_mut()),
        syn::Item::Enum(e) => Box::new(e.variants.iter_mut().flat_map(|v| v.fields.iter_mut())),
        _ => Box::new(std::iter::empty()),
    }
}

/// Whether the item is a struct or enum our derives see.
fn is_type(item: &syn::Item) -> bool {
    matches!(item, syn::Item::Struct(_) | syn::Item::Enum(_))
}

/// The types of `mod x { … }` blocks beside the paste's other items, when
/// their names are free there: a paste cut from a file keeps its modules,
/// and a root is named by its type (`publish::Zone` runs as `Zone`). A
/// module holding no type (`mod ts` for `#[serde(with = "ts")]`) or behind
/// a `cfg` stays as written.
fn hoisted(items: Vec<syn::Item>) -> Vec<syn::Item> {
    let mut taken: HashSet<String> = items.iter().filter_map(name).collect();
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let syn::Item::Mod(module) = item else {
            out.push(item);
            continue;
        };
        let configured = module.attrs.iter().any(|a| a.path().is_ident("cfg"));
        let inner = match &module.content {
            Some((_, inner)) if !configured => hoisted(inner.clone()),
            _ => {
                out.push(syn::Item::Mod(module));
                continue;
            }
        };
        let names: Vec<String> = inner.iter().filter_map(name).collect();
        let free = names.iter().all(|n| !taken.contains(n));
        if !inner.iter().any(is_type) || !free {
            out.push(syn::Item::Mod(module));
            continue;
        }
        taken.extend(names);
        // Paths into the paste's own modules are the same names now.
        out.extend(inner.into_iter().filter(|i| !is_relative_use(i)));
    }
    out
}

fn name(item: &syn::Item) -> Option<String> {
    match item {
        syn::Item::Struct(s) => Some(s.ident.to_string()),
        syn::Item::Enum(e) => Some(e.ident.to_string()),
        syn::Item::Fn(f) => Some(f.sig.ident.to_string()),
        syn::Item::Const(c) => Some(c.ident.to_string()),
        syn::Item::Static(s) => Some(s.ident.to_string()),
        syn::Item::Type(t) => Some(t.ident.to_string()),
        syn::Item::Mod(m) => Some(m.ident.to_string()),
        _ => None,
    }
}

/// `use super::*;`, `use self::…`, `use crate::…`: names of the paste itself.
fn is_relative_use(item: &syn::Item) -> bool {
    let syn::Item::Use(u) = item else {
        return false;
    };
    match &u.tree {
        syn::UseTree::Path(p) => ["super", "self", "crate"]
            .iter()
            .any(|root| p.ident == root),
        _ => false,
    }
}

fn has_lifetimes(generics: &syn::Generics) -> bool {
    generics.lifetimes().next().is_some()
}

/// The item without lifetime parameters: a borrowed field owns its value
/// (`&'a str` → `String`, `&'a [T]` → `Vec<T>`, `Cow<'a, str>` →
/// `Cow<'static, str>`, which serde reads owned as it reads any `Cow`), and
/// a use of a type in `borrowed` drops its lifetime arguments.
fn owned(mut item: syn::Item, borrowed: &HashSet<String>) -> syn::Item {
    let generics = match &mut item {
        syn::Item::Struct(s) => &mut s.generics,
        syn::Item::Enum(e) => &mut e.generics,
        _ => return item,
    };
    let had_lifetimes = has_lifetimes(generics);
    generics.params = std::mem::take(&mut generics.params)
        .into_iter()
        .filter(|p| !matches!(p, syn::GenericParam::Lifetime(_)))
        .collect();
    if let Some(clause) = &mut generics.where_clause {
        clause.predicates = std::mem::take(&mut clause.predicates)
            .into_iter()
            .filter(|p| !matches!(p, syn::WherePredicate::Lifetime(_)))
            .collect();
    }
    let mut erase = Erase {
        borrowed,
        fields_only: !had_lifetimes,
    };
    for field in fields_mut(&mut item) {
        erase.visit_type_mut(&mut field.ty);
        if had_lifetimes {
            // Nothing is borrowed from the input any more.
            field
                .attrs
                .retain_mut(|a| without_serde_keys(a, &["borrow"]));
        }
    }
    item
}

struct Erase<'a> {
    borrowed: &'a HashSet<String>,
    /// A type without lifetime parameters keeps its `'static` references
    /// (their owner decides whether serde can read them); only uses of
    /// borrowed paste types lose their arguments.
    fields_only: bool,
}

impl VisitMut for Erase<'_> {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if let syn::Type::Reference(r) = ty {
            if !self.fields_only {
                let mut elem = (*r.elem).clone();
                self.visit_type_mut(&mut elem);
                *ty = owned_form(elem);
                return;
            }
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }

    fn visit_path_segment_mut(&mut self, segment: &mut syn::PathSegment) {
        let of_paste = self.borrowed.contains(&segment.ident.to_string());
        if let syn::PathArguments::AngleBracketed(args) = &mut segment.arguments {
            if of_paste {
                args.args = std::mem::take(&mut args.args)
                    .into_iter()
                    .filter(|a| !matches!(a, syn::GenericArgument::Lifetime(_)))
                    .collect();
            } else if !self.fields_only {
                for arg in args.args.iter_mut() {
                    if let syn::GenericArgument::Lifetime(l) = arg {
                        *l = syn::Lifetime::new("'static", l.span());
                    }
                }
            }
            if args.args.is_empty() {
                segment.arguments = syn::PathArguments::None;
            }
        }
        syn::visit_mut::visit_path_segment_mut(self, segment);
    }
}

/// What a borrowed `&T` owns: `String` for `str`, `Vec<T>` for `[T]`, else `T`.
fn owned_form(elem: syn::Type) -> syn::Type {
    match elem {
        syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("str") => {
            syn::parse_quote!(::std::string::String)
        }
        syn::Type::Slice(s) => {
            let inner = *s.elem;
            syn::parse_quote!(::std::vec::Vec<#inner>)
        }
        other => other,
    }
}

/// Each generic struct or enum replaced by its instances: one per distinct
/// use with concrete arguments in the other types (and at `root`), named
/// `Page__Item`, with every such use pointing at it.
fn instantiated(items: Vec<syn::Item>, root: Option<&str>) -> Concrete {
    let params = |item: &syn::Item| -> Option<Vec<String>> {
        let generics = match item {
            syn::Item::Struct(s) => &s.generics,
            syn::Item::Enum(e) => &e.generics,
            _ => return None,
        };
        let params: Vec<String> = generics
            .type_params()
            .map(|p| p.ident.to_string())
            .collect();
        (!params.is_empty()).then_some(params)
    };
    let generic: HashMap<String, (syn::Item, Vec<String>)> = items
        .iter()
        .filter_map(|item| Some((name(item)?, (item.clone(), params(item)?))))
        .collect();
    let mut names = HashMap::new();
    if generic.is_empty() {
        return Concrete { items, names };
    }
    let mut instances = Instances {
        generic: &generic,
        made: HashMap::new(),
        queue: Vec::new(),
    };
    let mut out: Vec<syn::Item> = Vec::with_capacity(items.len());
    for item in items {
        match name(&item) {
            Some(n) if generic.contains_key(&n) => {}
            _ => out.push(instances.in_item(item)),
        }
    }
    if let Some(root) = root.filter(|r| r.contains('<')) {
        if let Ok(mut ty) = syn::parse_str::<syn::Type>(root) {
            instances.visit_type_mut(&mut ty);
        }
    }
    let mut made = Vec::new();
    while let Some(instance) = instances.queue.pop() {
        made.push(instances.in_item(instance));
    }
    for (key, ident) in &instances.made {
        names.insert(ident.to_string(), key.clone());
    }
    made.reverse();
    out.extend(made);
    Concrete { items: out, names }
}

struct Instances<'a> {
    generic: &'a HashMap<String, (syn::Item, Vec<String>)>,
    /// Each instance made, by its key.
    made: HashMap<String, syn::Ident>,
    /// Instances whose own fields are still to be instantiated.
    queue: Vec<syn::Item>,
}

impl Instances<'_> {
    fn in_item(&mut self, mut item: syn::Item) -> syn::Item {
        for field in fields_mut(&mut item) {
            self.visit_type_mut(&mut field.ty);
        }
        item
    }

    /// The instance `segment` names (made now if it is new).
    fn instance(&mut self, segment: &syn::PathSegment) -> Option<syn::Ident> {
        let (item, params) = self.generic.get(&segment.ident.to_string())?;
        let args = overhead_schema::shape::type_args(segment);
        if args.len() != params.len() {
            return None;
        }
        let key = key(segment);
        if let Some(ident) = self.made.get(&key) {
            return Some(ident.clone());
        }
        if self.made.len() >= MAX_INSTANCES {
            return None;
        }
        let spelled: String = key
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .collect();
        let spelled = spelled.trim_end_matches('_');
        let ident = syn::Ident::new(&format!("{spelled}__"), segment.ident.span());
        self.made.insert(key, ident.clone());
        let by: HashMap<String, syn::Type> = params
            .iter()
            .cloned()
            .zip(args.into_iter().cloned())
            .collect();
        let mut instance = item.clone();
        for field in fields_mut(&mut instance) {
            substitute(&mut field.ty, &by);
        }
        let (name, generics, attrs) = match &mut instance {
            syn::Item::Struct(s) => (&mut s.ident, &mut s.generics, &mut s.attrs),
            syn::Item::Enum(e) => (&mut e.ident, &mut e.generics, &mut e.attrs),
            _ => return None,
        };
        *name = ident.clone();
        *generics = syn::Generics::default();
        // `#[serde(bound = "…")]` names the parameters the instance has not.
        attrs.retain_mut(|a| without_serde_keys(a, &["bound"]));
        self.queue.push(instance);
        Some(ident)
    }
}

impl VisitMut for Instances<'_> {
    /// A use of a generic type becomes its instance, keyed by the use as
    /// written (`Page<Wrapper<Hymn>>`, as the root and the interpreter name
    /// it); its arguments are instantiated inside the instance.
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if let syn::Type::Path(p) = ty {
            if p.qself.is_none() {
                if let Some(ident) = p.path.segments.last().and_then(|l| self.instance(l)) {
                    *ty = syn::parse_quote!(#ident);
                    return;
                }
            }
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn concrete_text(text: &str, root: Option<&str>) -> (String, HashMap<String, String>) {
        let file = syn::parse_file(text).expect("parses");
        let out = concrete(file.items, root);
        let items = &out.items;
        (quote!(#(#items)*).to_string(), out.names)
    }

    #[test]
    fn a_generic_type_runs_at_each_use_and_at_a_generic_root() {
        let (code, names) = concrete_text(
            "pub struct Page<T: Validate> { pub items: Vec<T>, pub next: Option<Box<Page<T>>> }
             pub struct Hymn { pub title: String }
             pub struct Library { pub shelf: Page<Hymn> }",
            Some("Envelope<Hymn>"),
        );
        assert!(!code.contains("struct Page <"), "{code}");
        assert!(code.contains("pub struct Page_Hymn__ { pub items : Vec < Hymn > , pub next : Option < Box < Page_Hymn__ > > }"), "{code}");
        assert!(code.contains("pub shelf : Page_Hymn__"), "{code}");
        assert_eq!(
            names.get("Page_Hymn__").map(String::as_str),
            Some("Page<Hymn>")
        );
        let (_, names) = concrete_text(
            "pub struct Page<T> { pub items: Vec<T> }\npub struct Hymn { pub title: String }",
            Some("Page<Hymn>"),
        );
        assert_eq!(
            names.get("Page_Hymn__").map(String::as_str),
            Some("Page<Hymn>")
        );
    }

    #[test]
    fn the_notes_say_what_is_read_otherwise_than_written() {
        let file = syn::parse_file(
            "pub struct Note<'a> { pub title: &'a str }
             pub mod api { pub struct Page<T> { pub items: Vec<T> } }
             pub struct Plain { pub n: u8 }",
        )
        .expect("parses");
        let notes = notes(&file.items);
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(
            notes[0].contains("`Note` read with borrowed fields owned"),
            "{notes:?}"
        );
        assert!(
            notes[1].starts_with("compiled: `Page` run at each concrete use"),
            "{notes:?}"
        );
        assert!(
            super::notes(
                &syn::parse_file("pub struct Plain { pub n: u8 }")
                    .expect("parses")
                    .items
            )
            .is_empty()
        );
    }

    #[test]
    fn a_field_of_an_alias_is_of_what_it_names() {
        let (code, _) = concrete_text(
            "pub struct Member { pub name: Username, pub tags: Vec<Tag> }
             type Username = String;
             pub type Tag = Username;
             pub struct Seen { pub at: std::time::Instant, pub by: Instant }
             type Instant = serde_json::Value;",
            None,
        );
        assert!(
            code.contains("pub name : String , pub tags : Vec < String >"),
            "{code}"
        );
    }

    #[test]
    fn a_generic_root_of_a_generic_argument_is_named_as_written() {
        let (code, names) = concrete_text(
            "#[serde(rename_all = \"camelCase\", bound = \"T: Deserialize<'de>\")]
             pub struct Page<T> { pub items: Vec<T> }
             pub struct Wrapper<T> { pub inner: T }
             pub struct Hymn { pub title: String }",
            Some("Page<Wrapper<Hymn>>"),
        );
        let page = names.iter().find(|(_, key)| *key == "Page<Wrapper<Hymn>>");
        let (ident, _) = page.expect("the root has its instance");
        assert!(code.contains(&format!("pub struct {ident}")), "{code}");
        assert!(code.contains("pub inner : Hymn"), "{code}");
        // `bound` names the parameter the instance has not; the rest stays.
        assert!(
            code.contains("# [serde (rename_all = \"camelCase\")]"),
            "{code}"
        );
    }

    #[test]
    fn a_bound_named_by_a_constant_is_its_value() {
        let (code, _) = concrete_text(
            "pub const MAX_SHELF: usize = 6 * 8;
             pub struct Note {
                 #[garde(length(bytes, min = 1, max = MAX_SHELF), custom(check))]
                 pub shelf: String,
                 #[validate(range(min = limits::LOW, max = 2.5))]
                 pub level: f64,
             }",
            None,
        );
        assert!(
            code.contains("length (bytes , min = 1 , max = 48)"),
            "{code}"
        );
        let (negative, _) = concrete_text(
            "const COLDEST: i32 = -40;
             pub struct Reading { #[validate(range(min = COLDEST))] pub celsius: i32 }",
            None,
        );
        assert!(negative.contains("range (min = - 40)"), "{negative}");
        // A constant the paste does not define stays for the derive to report.
        assert!(code.contains("min = limits :: LOW"), "{code}");
    }

    #[test]
    fn borrowed_fields_own_their_values() {
        let (code, _) = concrete_text(
            "pub struct Note<'a> { #[serde(borrow)] pub title: Cow<'a, str>, pub tag: &'a str, pub ids: &'a [u32], pub at: Stamp<'a> }
             pub struct Stamp<'a> { pub zone: &'a str }
             pub struct Rules { pub allowed: &'static [&'static str] }",
            None,
        );
        assert!(
            code.contains("pub struct Note { pub title : Cow < 'static , str >"),
            "{code}"
        );
        assert!(
            code.contains("pub tag : :: std :: string :: String"),
            "{code}"
        );
        assert!(
            code.contains("pub ids : :: std :: vec :: Vec < u32 >"),
            "{code}"
        );
        assert!(code.contains("pub at : Stamp }"), "{code}");
        assert!(code.contains("pub struct Note {"), "{code}");
        // A type with no lifetime of its own keeps its `'static` references.
        assert!(code.contains("& 'static [& 'static str]"), "{code}");
    }

    #[test]
    fn types_in_modules_stand_beside_the_others_unless_their_names_are_taken() {
        let (code, _) = concrete_text(
            "use serde::Deserialize;
             pub mod dto { use super::*; use garde::Validate; pub struct Address { pub street: String } }
             mod ts { pub fn deserialize() {} }
             pub struct Line { pub text: String }
             mod other { pub struct Line { pub zip: String } }",
            None,
        );
        assert!(code.contains("use garde :: Validate ;"), "{code}");
        assert!(!code.contains("use super"), "{code}");
        assert!(code.contains("mod ts"), "{code}");
        assert!(code.contains("mod other"), "{code}");
        assert!(!code.contains("mod dto"), "{code}");
    }
}
