//! Which type a paste's inputs are, when no root is named ("automatic"): the
//! type the inputs fit — their keys against each type's keys as serde reads
//! them (renames, aliases, flattened children, an enum's tags) — else the type
//! no other type refers to. A request type pasted with its helper types
//! (`Address`, `LineItem`) runs at the request, wherever it sits in the paste.
//! The page's picker, `overhead run` and `overhead check` all choose here.

use std::collections::{HashMap, HashSet};

use overhead_schema::{FieldDef, Shape, Style, Tagging, TypeDef, TypeKind, VariantDef};

/// The root chosen for a paste that names none, and why.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Automatic {
    /// The type's name, as a root is named.
    pub name: String,
    /// Why, in words: "the inputs fit it (…)", "no other type refers to it".
    pub why: String,
}

impl std::fmt::Display for Automatic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the root is `{}`: {}", self.name, self.why)
    }
}

/// How deep flattened children are followed for their keys.
const MAX_FLATTEN_DEPTH: usize = 8;

/// The root for `types` (a paste's definitions, in text order) and `inputs`
/// (parsed JSON), or `None` when nothing can be a root. A generic definition
/// is a root only at arguments: the ones the paste itself writes
/// (`CardAuthenticate::<TerminalInput>` in a test, a `type` alias), else the
/// types the inputs show at its parameters (`schema`'s text is searched for
/// the first; pass `""` without it).
pub fn choose(schema: &str, types: &[TypeDef], inputs: &[serde_json::Value]) -> Option<Automatic> {
    let by_name: HashMap<String, &TypeDef> =
        types.iter().map(|t| (t.ident.to_string(), t)).collect();
    let objects: Vec<&serde_json::Map<String, serde_json::Value>> =
        inputs.iter().filter_map(|v| v.as_object()).collect();
    let concrete: Vec<&TypeDef> = types.iter().filter(|t| t.type_params.is_empty()).collect();
    // A generic definition takes part when it can be named with arguments.
    let candidates: Vec<(&TypeDef, String)> = types
        .iter()
        .filter_map(|t| {
            if t.type_params.is_empty() {
                return Some((t, t.ident.to_string()));
            }
            if objects.is_empty() {
                return None;
            }
            // What the inputs show at its parameters is what runs; where
            // they show nothing, the arguments the paste's code writes.
            let named = inferred_arguments(t, &objects, &concrete, &by_name)
                .or_else(|| written_with_arguments(schema, t, &by_name))?;
            Some((t, named))
        })
        .collect();
    let referenced = referenced(types);
    let unreferenced = |t: &TypeDef| !referenced.contains(&t.ident.to_string());
    if let [(only, name)] = &candidates[..] {
        return Some(Automatic {
            name: name.clone(),
            why: if only.type_params.is_empty() {
                "the only type the definitions define".into()
            } else {
                "the only type the inputs can be, at the arguments they show".into()
            },
        });
    }
    if !objects.is_empty() {
        // Each candidate's fit over every input; the best wins, a type no
        // other refers to before one that is a part, then text order.
        let best = candidates
            .iter()
            .enumerate()
            .map(|(i, (t, name))| (i, *t, name, fit_all(t, &objects, &by_name)))
            .filter(|(_, _, _, fit)| fit.matched > 0)
            .max_by_key(|(i, t, _, fit)| (fit.score(), unreferenced(t), std::cmp::Reverse(*i)));
        if let Some((_, _, name, fit)) = best {
            return Some(Automatic {
                name: name.clone(),
                why: format!(
                    "the inputs fit it ({} of their {} top-level keys are its fields)",
                    fit.matched, fit.keys
                ),
            });
        }
    }
    let first = concrete.first()?;
    // No input to go by: of the types no other refers to, the one with the
    // most rules it reaches (a paste of a module's request types holds query
    // parameters and responses beside the request someone validates), then
    // text order.
    let top = concrete
        .iter()
        .enumerate()
        .filter(|(_, t)| unreferenced(t))
        .max_by_key(|(i, t)| (rules_reached(t, &by_name), std::cmp::Reverse(*i)))
        .map(|(_, t)| t);
    Some(match top {
        Some(t) => Automatic {
            name: t.ident.to_string(),
            why: if objects.is_empty() {
                "no other type refers to it, and it has the most rules (no input is a JSON object to fit)".into()
            } else {
                "no other type refers to it, and it has the most rules (no type's fields match the inputs' keys)".into()
            },
        },
        None => Automatic {
            name: first.ident.to_string(),
            why: "the first type: every type is referred to by another".into(),
        },
    })
}

fn fit_all(
    ty: &TypeDef,
    objects: &[&serde_json::Map<String, serde_json::Value>],
    types: &HashMap<String, &TypeDef>,
) -> Fit {
    objects
        .iter()
        .fold(Fit::default(), |sum, o| sum.add(fit(ty, o, types)))
}

/// `Name<Args>` as the paste's code writes it with concrete arguments
/// (`Name::<A>` in a call, `Name<A>` in an alias or a handler's signature),
/// read from its tokens so that comments and strings do not count: the first
/// use whose arguments are all types, none of them a parameter.
fn written_with_arguments(
    schema: &str,
    def: &TypeDef,
    types: &HashMap<String, &TypeDef>,
) -> Option<String> {
    let params: HashSet<&str> = types
        .values()
        .flat_map(|t| t.type_params.iter().map(String::as_str))
        .collect();
    let tokens: proc_macro2::TokenStream = schema.parse().ok()?;
    let mut uses = Vec::new();
    written_uses(tokens, &def.ident.to_string(), &mut uses);
    uses.into_iter().find_map(|inner| {
        let Ok(syn::Type::Path(path)) =
            syn::parse_str::<syn::Type>(&format!("{}<{inner}>", def.ident))
        else {
            return None;
        };
        let last = path.path.segments.last()?;
        let syn::PathArguments::AngleBracketed(written) = &last.arguments else {
            return None;
        };
        // Types only (a definition's own `<T: Validate>` is no use of it).
        let mut names = Vec::new();
        let all_types = written.args.iter().all(|a| match a {
            syn::GenericArgument::Type(t) => {
                idents(t, &mut names);
                true
            }
            syn::GenericArgument::Lifetime(_) => true,
            _ => false,
        });
        (all_types && !names.is_empty() && names.iter().all(|n| !params.contains(n.as_str())))
            .then(|| crate::generic::key(last))
    })
}

/// The argument text of each `ident<…>` or `ident::<…>` in `tokens`, in order.
fn written_uses(tokens: proc_macro2::TokenStream, ident: &str, out: &mut Vec<String>) {
    use proc_macro2::TokenTree;
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let punct =
        |t: Option<&TokenTree>, c: char| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c);
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(group) => written_uses(group.stream(), ident, out),
            TokenTree::Ident(name) if name == ident => {
                let mut at = i + 1;
                if punct(tokens.get(at), ':') && punct(tokens.get(at + 1), ':') {
                    at += 2;
                }
                if !punct(tokens.get(at), '<') {
                    continue;
                }
                let start = at + 1;
                let mut depth = 1usize;
                let mut end = None;
                for (k, t) in tokens.iter().enumerate().skip(start) {
                    if punct(Some(t), '<') {
                        depth += 1;
                    } else if punct(Some(t), '>') {
                        depth -= 1;
                        if depth == 0 {
                            end = Some(k);
                            break;
                        }
                    }
                }
                if let Some(end) = end {
                    let inner: proc_macro2::TokenStream =
                        tokens[start..end].iter().cloned().collect();
                    out.push(inner.to_string());
                }
            }
            _ => {}
        }
    }
}

/// `Name<Args>` with each parameter the concrete type that best fits the
/// values the inputs show there (`serde_json::Value` where they show none).
fn inferred_arguments(
    def: &TypeDef,
    objects: &[&serde_json::Map<String, serde_json::Value>],
    concrete: &[&TypeDef],
    types: &HashMap<String, &TypeDef>,
) -> Option<String> {
    let mut args = Vec::new();
    for param in &def.type_params {
        let mut values = Vec::new();
        for object in objects {
            values_at_param(def, param, Place::Object(object), types, 0, &mut values);
        }
        let shown: Vec<&serde_json::Map<String, serde_json::Value>> =
            values.iter().filter_map(|v| v.as_object()).collect();
        let best = concrete
            .iter()
            .map(|t| (*t, fit_all(t, &shown, types)))
            .filter(|(_, fit)| fit.matched > 0)
            .max_by_key(|(_, fit)| fit.score())
            .map(|(t, _)| t.ident.to_string());
        args.push(best.unwrap_or_else(|| "serde_json::Value".into()));
    }
    // A type whose parameters no input shows is no better than its fields.
    if args.iter().all(|a| a == "serde_json::Value") {
        return None;
    }
    Some(format!("{}<{}>", def.ident, args.join(",")))
}

/// Where a generic definition's value is: an object's fields, or (transparent)
/// the value itself.
#[derive(Clone, Copy)]
enum Place<'v> {
    Object(&'v serde_json::Map<String, serde_json::Value>),
    Value(&'v serde_json::Value),
}

/// The values `param` of `def` takes in `place`: fields of type `P`,
/// `Option<P>`, `Vec<P>`, `Box<P>`, or a generic definition given `P`.
fn values_at_param<'v>(
    def: &TypeDef,
    param: &str,
    place: Place<'v>,
    types: &HashMap<String, &TypeDef>,
    depth: usize,
    out: &mut Vec<&'v serde_json::Value>,
) {
    if depth > MAX_FLATTEN_DEPTH {
        return;
    }
    for field in def.all_fields().filter(|f| !f.skip) {
        let value = match place {
            Place::Value(value) if def.transparent => Some(value),
            Place::Value(value) => value.as_object().and_then(|o| o.get(&field.name)),
            Place::Object(object) => object.get(&field.name),
        };
        let Some(value) = value else { continue };
        let syn::Type::Path(path) = &field.ty else {
            continue;
        };
        let Some(last) = path.path.segments.last() else {
            continue;
        };
        let inner = first_type_argument(last);
        let ident = last.ident.to_string();
        let wraps_param = inner.is_some_and(|t| is_path(t, param));
        if ident == param || (matches!(ident.as_str(), "Option" | "Box") && wraps_param) {
            out.push(value);
        } else if ident == "Vec" && wraps_param {
            out.extend(value.as_array().into_iter().flatten());
        } else if let Some(generic) = types.get(&ident).filter(|g| !g.type_params.is_empty()) {
            // `ProtocolPayload<T>`: follow `T` into the definition it is given to.
            let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
                continue;
            };
            let given = args.args.iter().filter_map(|a| match a {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            });
            for (theirs, ty) in generic.type_params.iter().zip(given) {
                if is_path(ty, param) {
                    values_at_param(generic, theirs, Place::Value(value), types, depth + 1, out);
                }
            }
        }
    }
}

fn first_type_argument(segment: &syn::PathSegment) -> Option<&syn::Type> {
    let syn::PathArguments::AngleBracketed(args) = &segment.arguments else {
        return None;
    };
    args.args.iter().find_map(|a| match a {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    })
}

fn is_path(ty: &syn::Type, name: &str) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident(name))
}

/// How well a type fits the inputs' keys.
#[derive(Debug, Default, Clone, Copy)]
struct Fit {
    /// Input keys the type reads.
    matched: usize,
    /// Of those, the keys only a flattened map takes (any key would do).
    by_any: usize,
    /// Input keys it does not.
    unknown: usize,
    /// Fields it needs that an input lacks.
    missing: usize,
    /// Optional fields it has that an input does not give: a type that would
    /// take anything (every field optional) fits less closely than one whose
    /// fields the input fills.
    absent: usize,
    /// Every input key.
    keys: usize,
}

impl Fit {
    fn add(self, other: Fit) -> Fit {
        Fit {
            matched: self.matched + other.matched,
            by_any: self.by_any + other.by_any,
            unknown: self.unknown + other.unknown,
            missing: self.missing + other.missing,
            absent: self.absent + other.absent,
            keys: self.keys + other.keys,
        }
    }

    /// Keys read count for, keys it would not read and fields an input lacks
    /// against (an invalid input may lack one; a helper type lacks most).
    fn score(&self) -> i64 {
        let named = (self.matched - self.by_any) as i64;
        4 * named + 2 * self.by_any as i64
            - 2 * self.unknown as i64
            - 2 * self.missing as i64
            - self.absent as i64
    }
}

/// How `ty` reads `object`'s keys.
fn fit(
    ty: &TypeDef,
    object: &serde_json::Map<String, serde_json::Value>,
    types: &HashMap<String, &TypeDef>,
) -> Fit {
    let mut keys = Keys::default();
    keys.of_type(ty, types, 0);
    let mut fit = Fit {
        keys: object.len(),
        ..Fit::default()
    };
    for key in object.keys() {
        if keys.names.contains(key.as_str()) {
            fit.matched += 1;
        } else if keys.any {
            fit.matched += 1;
            fit.by_any += 1;
        } else {
            fit.unknown += 1;
        }
    }
    fit.missing = keys
        .required
        .iter()
        .filter(|k| !object.contains_key(**k))
        .count();
    fit.absent = keys
        .optional
        .iter()
        .filter(|names| names.iter().all(|k| !object.contains_key(*k)))
        .count();
    fit
}

/// The keys a type reads at its top level.
#[derive(Default)]
struct Keys<'a> {
    names: HashSet<&'a str>,
    /// Keys it needs (no default, not an `Option`).
    required: Vec<&'a str>,
    /// The names (with aliases) of each field it can do without.
    optional: Vec<Vec<&'a str>>,
    /// A flattened map takes any key.
    any: bool,
}

impl<'a> Keys<'a> {
    fn of_type(&mut self, ty: &'a TypeDef, types: &HashMap<String, &'a TypeDef>, depth: usize) {
        if depth > MAX_FLATTEN_DEPTH {
            return;
        }
        // serde's `from`/`try_from`: the type reads as its source.
        if let Some(conversion) = &ty.conversion {
            let mut names = Vec::new();
            idents(&conversion.source, &mut names);
            if let Some(source) = names.last().and_then(|n| types.get(n)) {
                self.of_type(source, types, depth + 1);
            }
            return;
        }
        match &ty.kind {
            // A newtype, or a transparent struct, reads its one field's form.
            TypeKind::Struct { style, fields } if ty.transparent || *style == Style::Newtype => {
                match fields
                    .iter()
                    .find(|f| !f.skip)
                    .map(|f| peel_option(&f.shape))
                {
                    Some(Shape::Map(_) | Shape::Json) => self.any = true,
                    Some(Shape::Named(name)) => {
                        if let Some(inner) = types.get(name) {
                            self.of_type(inner, types, depth + 1);
                        }
                    }
                    _ => {}
                }
            }
            TypeKind::Struct {
                style: Style::Named,
                fields,
            } => self.of_fields(fields, types, depth, true),
            TypeKind::Struct { .. } => {}
            TypeKind::Enum { variants } => {
                for variant in variants.iter().filter(|v| !v.skip) {
                    match &ty.tagging {
                        Tagging::External => {
                            self.names.insert(variant.name.as_str());
                        }
                        Tagging::Internal { tag } => {
                            self.names.insert(tag.as_str());
                            self.of_variant(variant, types, depth);
                        }
                        Tagging::Adjacent { tag, content } => {
                            self.names.insert(tag.as_str());
                            self.names.insert(content.as_str());
                        }
                        Tagging::Untagged => self.of_variant(variant, types, depth),
                    }
                }
            }
        }
    }

    /// A variant's content where it stands for the enum's value (untagged,
    /// or beside an internal tag): its fields, or a newtype's form.
    fn of_variant(
        &mut self,
        variant: &'a VariantDef,
        types: &HashMap<String, &'a TypeDef>,
        depth: usize,
    ) {
        match variant.style {
            Style::Named => self.of_fields(&variant.fields, types, depth, false),
            Style::Newtype => match variant.fields.first().map(|f| peel_option(&f.shape)) {
                Some(Shape::Map(_) | Shape::Json) => self.any = true,
                Some(Shape::Named(name)) => {
                    if let Some(inner) = types.get(name.as_str()) {
                        self.of_type(inner, types, depth + 1);
                    }
                }
                _ => {}
            },
            Style::Tuple | Style::Unit => {}
        }
    }

    fn of_fields(
        &mut self,
        fields: &'a [FieldDef],
        types: &HashMap<String, &'a TypeDef>,
        depth: usize,
        required: bool,
    ) {
        for field in fields.iter().filter(|f| !f.skip) {
            if field.flatten {
                match peel_option(&field.shape) {
                    Shape::Map(_) | Shape::Json => self.any = true,
                    Shape::Named(name) => match types.get(name.as_str()) {
                        Some(inner) => self.of_type(inner, types, depth + 1),
                        // A flattened type from elsewhere: its keys are unknown.
                        None => self.any = true,
                    },
                    _ => {}
                }
                continue;
            }
            self.names.insert(field.name.as_str());
            self.names.extend(field.aliases.iter().map(String::as_str));
            let optional = matches!(field.shape, Shape::Option(_)) || field.default;
            if required && !optional {
                self.required.push(field.name.as_str());
            } else if required {
                let names = std::iter::once(field.name.as_str());
                self.optional.push(
                    names
                        .chain(field.aliases.iter().map(String::as_str))
                        .collect(),
                );
            }
        }
    }
}

fn peel_option(shape: &Shape) -> &Shape {
    match shape {
        Shape::Option(inner) => peel_option(inner),
        other => other,
    }
}

/// The rules of `root`'s fields and of every type they reach, each type
/// counted once.
fn rules_reached(root: &TypeDef, by_name: &HashMap<String, &TypeDef>) -> usize {
    let mut seen = HashSet::from([root.ident.to_string()]);
    let mut stack = vec![root];
    let mut rules = 0;
    while let Some(ty) = stack.pop() {
        for field in ty.all_fields() {
            rules += field.rules.len();
            let mut names = Vec::new();
            idents(&field.ty, &mut names);
            for name in names {
                if let Some(next) = by_name.get(&name)
                    && seen.insert(name)
                {
                    stack.push(next);
                }
            }
        }
    }
    rules
}

/// The names of the types some other type's fields name (anywhere in a
/// field's type: `Vec<Item>`, `HashMap<String, Price>`, `Box<Node>`), or
/// its `from`/`try_from` reads; a type naming itself does not count.
fn referenced(types: &[TypeDef]) -> HashSet<String> {
    let defined: HashSet<String> = types.iter().map(|t| t.ident.to_string()).collect();
    let mut out = HashSet::new();
    for ty in types {
        let own = ty.ident.to_string();
        // The source of serde's `from`/`try_from` is a part of the type.
        let source = ty.conversion.as_ref().map(|c| &c.source);
        for field_ty in ty.all_fields().map(|f| &f.ty).chain(source) {
            let mut names = Vec::new();
            idents(field_ty, &mut names);
            out.extend(
                names
                    .into_iter()
                    .filter(|n| *n != own && defined.contains(n)),
            );
        }
    }
    out
}

/// Every path segment's name in a type, arguments included.
fn idents(ty: &syn::Type, out: &mut Vec<String>) {
    match ty {
        syn::Type::Path(p) => {
            if let Some(q) = &p.qself {
                idents(&q.ty, out);
            }
            for segment in &p.path.segments {
                out.push(segment.ident.to_string());
                if let syn::PathArguments::AngleBracketed(args) = &segment.arguments {
                    for arg in &args.args {
                        if let syn::GenericArgument::Type(t) = arg {
                            idents(t, out);
                        }
                    }
                }
            }
        }
        syn::Type::Reference(r) => idents(&r.elem, out),
        syn::Type::Paren(p) => idents(&p.elem, out),
        syn::Type::Group(g) => idents(&g.elem, out),
        syn::Type::Slice(s) => idents(&s.elem, out),
        syn::Type::Array(a) => idents(&a.elem, out),
        syn::Type::Tuple(t) => t.elems.iter().for_each(|e| idents(e, out)),
        _ => {}
    }
}

/// Why `value` (a parsed input) is not a value of the root `root`, before any
/// run: the root reads objects and it is none, or none of its keys is one the
/// root reads. `None` when it may fit (a missing field or a broken rule is an
/// invalid input's business, for the run to report).
pub fn misfit(types: &[TypeDef], root: &str, value: &serde_json::Value) -> Option<String> {
    let by_name: HashMap<String, &TypeDef> =
        types.iter().map(|t| (t.ident.to_string(), t)).collect();
    // A generic root's keys are its definition's (`Envelope` of `Envelope<User>`).
    let ty = by_name.get(root.split('<').next().unwrap_or(root).trim())?;
    let mut keys = Keys::default();
    keys.of_type(ty, &by_name, 0);
    if keys.any || (keys.names.is_empty() && keys.required.is_empty()) {
        return None;
    }
    let Some(object) = value.as_object() else {
        return Some(format!(
            "`{root}` reads a JSON object; this input is {}",
            kind(value)
        ));
    };
    let fit = fit(ty, object, &by_name);
    (fit.keys > 0 && fit.matched == 0).then(|| {
        let mut shown: Vec<&str> = object.keys().map(String::as_str).take(4).collect();
        if object.len() > shown.len() {
            shown.push("…");
        }
        format!(
            "none of this input's keys ({}) is a field of `{root}`",
            shown.join(", ")
        )
    })
}

fn kind(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a bool",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// The root a run uses: `root` when named, else the automatic choice for
/// `schema` and its `inputs` (JSON texts; those that do not parse are passed
/// over). `None` for a named root or definitions with no concrete type.
pub fn automatic(schema: &str, root: Option<&str>, inputs: &[&str]) -> Option<Automatic> {
    if root.is_some() {
        return None;
    }
    let values: Vec<serde_json::Value> = inputs
        .iter()
        .filter_map(|text| serde_json::from_str(text).ok())
        .collect();
    choose(schema, &overhead_schema::analyze(schema).types, &values)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chosen(schema: &str, inputs: &[&str]) -> Automatic {
        automatic(schema, None, inputs).expect("a root")
    }

    const ORDER: &str = r#"
#[derive(Deserialize, Validate)]
pub struct Address {
    #[validate(length(min = 1))]
    pub street: String,
    pub city: String,
}

#[derive(Deserialize, Validate)]
pub struct LineItem {
    pub sku: String,
    #[validate(range(min = 1))]
    pub quantity: u32,
}

#[derive(Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CreateOrder {
    #[validate(nested)]
    pub shipping_address: Address,
    #[validate(length(min = 1), nested)]
    pub line_items: Vec<LineItem>,
    pub note: Option<String>,
}
"#;

    #[test]
    fn helper_types_first_the_inputs_pick_the_request() {
        let root = chosen(
            ORDER,
            &[
                r#"{"shippingAddress": {"street": "1 Main", "city": "X"}, "lineItems": [{"sku": "a", "quantity": 1}]}"#,
            ],
        );
        assert_eq!(root.name, "CreateOrder");
        assert!(
            root.why.starts_with("the inputs fit it (2 of their 2"),
            "{}",
            root.why
        );
    }

    #[test]
    fn an_invalid_input_missing_a_field_still_fits_its_type() {
        let root = chosen(
            ORDER,
            &[
                r#"{"shippingAddress": {"street": "", "city": "X"}}"#,
                "not json",
            ],
        );
        assert_eq!(root.name, "CreateOrder");
    }

    #[test]
    fn a_type_read_through_try_from_is_chosen_over_its_source() {
        let schema = r#"
            #[derive(serde::Deserialize)]
            struct StayUnchecked { guest: String, adults: i32 }
            #[derive(serde::Deserialize, validator::Validate)]
            #[serde(try_from = "StayUnchecked")]
            pub struct Stay { #[validate(length(min = 2))] guest: String, guests: i32 }
        "#;
        let root = chosen(schema, &[r#"{"guest": "Ama", "adults": 2}"#]);
        assert_eq!(root.name, "Stay", "{}", root.why);
        assert!(root.why.contains("2 of their 2"), "{}", root.why);
    }

    #[test]
    fn without_inputs_the_type_no_other_refers_to() {
        let root = chosen(ORDER, &[]);
        assert_eq!(root.name, "CreateOrder");
        assert!(
            root.why.starts_with("no other type refers to it"),
            "{}",
            root.why
        );
    }

    #[test]
    fn the_inputs_can_pick_a_part_when_they_are_one() {
        let root = chosen(ORDER, &[r#"{"sku": "a", "quantity": 2}"#]);
        assert_eq!(root.name, "LineItem");
    }

    #[test]
    fn flattened_children_and_aliases_count_for_their_parent() {
        let schema = r#"
struct Pagination { page: u32, per_page: u32 }
struct Search {
    #[serde(alias = "query")]
    q: String,
    #[serde(flatten)]
    pagination: Pagination,
}
"#;
        let root = chosen(schema, &[r#"{"query": "x", "page": 1, "per_page": 20}"#]);
        assert_eq!(root.name, "Search");
    }

    #[test]
    fn a_tagged_enum_is_read_by_its_tag_and_variants() {
        let schema = r#"
struct Card { number: String }
#[serde(tag = "type", rename_all = "snake_case")]
enum Payment { Card(Card), BankTransfer { iban: String } }
"#;
        let root = chosen(schema, &[r#"{"type": "bank_transfer", "iban": "DE00"}"#]);
        assert_eq!(root.name, "Payment");
    }

    #[test]
    fn a_generic_type_is_chosen_at_the_arguments_its_inputs_show() {
        let schema = "struct Envelope<T> { data: T, meta: u8 }\nstruct User { name: String }\nstruct Team { title: String }\n";
        let root = chosen(schema, &[r#"{"data": {"name": "a"}, "meta": 1}"#]);
        assert_eq!(root.name, "Envelope<User>");
        // Through a transparent generic wrapper too, and in a list.
        let schema = "#[serde(transparent)]\nstruct Payload<T> { inner: T }\nstruct Page<T> { items: Vec<T>, body: Payload<T> }\nstruct User { name: String }\n";
        let root = chosen(
            schema,
            &[r#"{"items": [{"name": "a"}], "body": {"name": "b"}}"#],
        );
        assert_eq!(root.name, "Page<User>");
    }

    #[test]
    fn a_generic_type_is_chosen_at_the_arguments_the_paste_writes() {
        let schema = "struct Envelope<T> { data: T, meta: u8 }\nstruct User { name: String }\nfn parse() { let _ = Envelope::<User>::validate; }\n";
        let root = chosen(schema, &[r#"{"data": 3, "meta": 1}"#]);
        assert_eq!(root.name, "Envelope<User>");
    }

    #[test]
    fn a_comment_or_a_string_is_not_a_use() {
        let schema = "// the tautology `Envelope<Team>`\n#[doc = \"Envelope<Team>\"]\nstruct Envelope<T> { data: T, meta: u8 }\nstruct User { name: String }\nstruct Team { title: String }\nasync fn create(Json(req): Json<Envelope<User>>) {}\n";
        let root = chosen(schema, &[r#"{"data": 3, "meta": 1}"#]);
        assert_eq!(root.name, "Envelope<User>");
    }

    #[test]
    fn without_inputs_a_generic_type_is_not_chosen() {
        let schema = "struct Envelope<T> { data: T, meta: u8 }\nstruct User { name: String }\n";
        assert_eq!(chosen(schema, &[]).name, "User");
    }

    #[test]
    fn an_input_of_other_definitions_is_told_apart_from_an_invalid_one() {
        let types = overhead_schema::analyze(ORDER).types;
        let misfit = |input: &str| {
            let value = serde_json::from_str(input).expect("JSON");
            misfit(&types, "CreateOrder", &value)
        };
        assert_eq!(
            misfit(r#"{"lineItems": []}"#),
            None,
            "a missing field is the run's to report"
        );
        assert_eq!(misfit(r#"{"shippingAddress": 3, "extra": 1}"#), None);
        assert_eq!(
            misfit(r#"{"email": "a@b", "password": "x"}"#).as_deref(),
            Some("none of this input's keys (email, password) is a field of `CreateOrder`")
        );
        assert_eq!(
            misfit("[1, 2]").as_deref(),
            Some("`CreateOrder` reads a JSON object; this input is an array")
        );
        // Text that is not JSON is said so by the diagnosis, which parses each input once.
        let diagnosis = crate::diagnose::diagnose_with(ORDER, Some("CreateOrder"), &["{"]);
        assert!(
            diagnosis.misfits[0]
                .as_deref()
                .is_some_and(|why| why.starts_with("not JSON")),
            "{:?}",
            diagnosis.misfits
        );
    }

    #[test]
    fn a_named_root_is_not_replaced() {
        assert_eq!(automatic(ORDER, Some("Address"), &[]), None);
    }
}
