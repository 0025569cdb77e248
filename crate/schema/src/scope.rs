//! What the file around a type offers its attributes: the validation crate its
//! `use` lines import, and its named constants (`length(max = MAX_LEN)`).

use std::collections::HashMap;

use crate::dialect::{Dialect, DialectOf};
use crate::rule::Literal;

/// A file's `use` lines and constants, as the attributes of its types see them.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    uses: Vec<syn::ItemUse>,
    /// `const NAME: T = <literal or arithmetic on them>;`, by name.
    consts: HashMap<String, Literal>,
    /// `fn name() -> T { <one expression> }`: what `default = "name"` calls.
    functions: HashMap<String, syn::Expr>,
    /// `impl Default for X { fn default() -> Self { X { field: <expr>, … } } }`:
    /// each field's expression, by type and field.
    default_impls: HashMap<String, HashMap<String, syn::Expr>>,
    /// `const`/`static` items by their type as written (`Venue`, spaces
    /// taken out): a validation context of that type is built from the first.
    typed: HashMap<String, String>,
    /// `const NAME: T = T { field: <expr>, … };`: each field's expression,
    /// by the item's name.
    struct_consts: HashMap<String, HashMap<String, syn::Expr>>,
}

impl Scope {
    /// Takes what `item` adds: a `use` line or a constant.
    pub fn add(&mut self, item: &syn::Item) {
        match item {
            syn::Item::Use(u) => self.uses.push(u.clone()),
            syn::Item::Const(c) => {
                if let Some(value) = self.eval(&c.expr) {
                    self.consts.insert(c.ident.to_string(), value);
                }
                if let syn::Expr::Struct(literal) = &*c.expr {
                    self.struct_consts
                        .insert(c.ident.to_string(), named_fields(literal));
                }
                self.typed
                    .entry(type_text(&c.ty))
                    .or_insert_with(|| c.ident.to_string());
            }
            syn::Item::Static(s) => {
                self.typed
                    .entry(type_text(&s.ty))
                    .or_insert_with(|| s.ident.to_string());
            }
            syn::Item::Fn(f) if f.sig.inputs.is_empty() => {
                if let Some(expr) = only_expr(&f.block) {
                    self.functions.insert(f.sig.ident.to_string(), expr.clone());
                }
            }
            syn::Item::Impl(i) => self.add_default_impl(i),
            _ => {}
        }
    }

    /// The paste's constant or static of type `ty` (`&'static T` counts as
    /// `T`): what builds a validation context of that type, as its build as
    /// shipped builds it (`codegen::shipped::context`).
    pub fn constant_of_type(&self, ty: &syn::Type) -> Option<&str> {
        self.typed.get(&type_text(ty)).map(String::as_str)
    }

    /// How a validation context of type `ty` is built from the paste: its
    /// constant or static of the type, else its `impl Default` (`T::default()`).
    pub fn context_of_type(&self, ty: &syn::Type) -> Option<syn::Expr> {
        if let Some(name) = self.constant_of_type(ty) {
            return syn::parse_str(name).ok();
        }
        let name = type_text(ty);
        self.default_impls
            .contains_key(&name)
            .then(|| syn::parse_str(&format!("{name}::default()")).ok())
            .flatten()
    }

    /// Field `field` of a validation context of type `ty` as the paste builds
    /// it ([`Scope::context_of_type`]), when its expression is a value, with
    /// what built it (`` `LIMITS` ``, `` `Limits::default()` ``).
    pub fn context_field(&self, ty: &syn::Type, field: &str) -> Option<(Literal, String)> {
        if let Some(name) = self.constant_of_type(ty) {
            let value = self.eval(self.struct_consts.get(name)?.get(field)?)?;
            return Some((value, format!("`{name}`")));
        }
        let syn::Type::Path(path) = ty else {
            return None;
        };
        let name = path.path.segments.last()?.ident.to_string();
        let value = self.eval(self.default_impls.get(&name)?.get(field)?)?;
        Some((value, format!("`{name}::default()`")))
    }

    /// `impl Default for X`: the fields of the struct literal its `default`
    /// returns.
    fn add_default_impl(&mut self, item: &syn::ItemImpl) {
        let is_default = item
            .trait_
            .as_ref()
            .and_then(|(path, _)| path.segments.last())
            .is_some_and(|s| s.ident == "Default");
        let syn::Type::Path(ty) = &*item.self_ty else {
            return;
        };
        let Some(name) = ty.path.segments.last().map(|s| s.ident.to_string()) else {
            return;
        };
        for inner in &item.items {
            let syn::ImplItem::Fn(f) = inner else {
                continue;
            };
            if !is_default || f.sig.ident != "default" {
                continue;
            }
            if let Some(syn::Expr::Struct(literal)) = only_expr(&f.block) {
                self.default_impls
                    .insert(name.clone(), named_fields(literal));
            }
        }
    }

    /// The JSON text of what `default = "path"` gives, when the function's body
    /// is a plain expression (see [`Scope::json`]).
    pub fn default_fn_json(&self, path: &syn::Path) -> Option<String> {
        let name = path.segments.last()?.ident.to_string();
        let body = self.functions.get(&name)?;
        self.json(body)
    }

    /// The JSON text of field `field` of `impl Default for ty`, when its
    /// expression is plain.
    pub fn default_impl_json(&self, ty: &str, field: &str) -> Option<String> {
        self.json(self.default_impls.get(ty)?.get(field)?)
    }

    /// A plain expression as the JSON serde reads back to the same value: a
    /// literal, `String::from("…")`, `"…".into()` (and `to_string`,
    /// `to_owned`), `Vec::new()`, `vec![]`, `HashMap::new()`, `None`, `Some(…)`,
    /// `true`/`false`, a named constant, a call of another such function.
    /// `None` for anything else (its value is the person's code).
    pub fn json(&self, expr: &syn::Expr) -> Option<String> {
        self.json_at(expr, 0)
    }

    fn json_at(&self, expr: &syn::Expr, depth: usize) -> Option<String> {
        if depth > 8 {
            return None;
        }
        let text = |s: &str| serde_string(s);
        match expr {
            syn::Expr::Lit(lit) => match &lit.lit {
                syn::Lit::Bool(b) => Some(b.value.to_string()),
                syn::Lit::Str(s) => Some(text(&s.value())),
                syn::Lit::Char(c) => Some(text(&c.value().to_string())),
                syn::Lit::Int(_) | syn::Lit::Float(_) => self.eval(expr).and_then(literal_json),
                _ => None,
            },
            syn::Expr::Paren(p) => self.json_at(&p.expr, depth + 1),
            syn::Expr::Group(g) => self.json_at(&g.expr, depth + 1),
            syn::Expr::Unary(_) | syn::Expr::Binary(_) | syn::Expr::Cast(_) => {
                self.eval(expr).and_then(literal_json)
            }
            syn::Expr::Path(p) => {
                let last = p.path.segments.last()?.ident.to_string();
                match last.as_str() {
                    "None" => Some("null".into()),
                    _ => self.constant(&p.path).and_then(literal_json),
                }
            }
            syn::Expr::Macro(m) if m.mac.path.is_ident("vec") && m.mac.tokens.is_empty() => {
                Some("[]".into())
            }
            syn::Expr::Call(call) => {
                let syn::Expr::Path(f) = &*call.func else {
                    return None;
                };
                let names: Vec<String> = f
                    .path
                    .segments
                    .iter()
                    .map(|s| s.ident.to_string())
                    .collect();
                let args: Vec<&syn::Expr> = call.args.iter().collect();
                match (
                    names
                        .iter()
                        .map(String::as_str)
                        .collect::<Vec<_>>()
                        .as_slice(),
                    args.as_slice(),
                ) {
                    ([.., "Some"], [inner]) => self.json_at(inner, depth + 1),
                    (
                        [
                            ..,
                            "String" | "PathBuf" | "Box" | "Arc" | "Rc",
                            "from" | "new",
                        ],
                        [inner],
                    ) => self.json_at(inner, depth + 1),
                    (
                        [
                            ..,
                            "Vec" | "HashMap" | "BTreeMap" | "HashSet" | "BTreeSet" | "IndexMap"
                            | "String",
                            "new",
                        ],
                        [],
                    ) => Some(
                        match names[names.len() - 2].as_str() {
                            "HashMap" | "BTreeMap" | "IndexMap" => "{}",
                            "String" => "\"\"",
                            _ => "[]",
                        }
                        .into(),
                    ),
                    // Another function of the paste (`default_port()`).
                    ([name], []) => self.json_at(self.functions.get(*name)?, depth + 1),
                    _ => None,
                }
            }
            syn::Expr::MethodCall(m)
                if m.args.is_empty()
                    && matches!(
                        m.method.to_string().as_str(),
                        "into" | "to_string" | "to_owned" | "clone"
                    ) =>
            {
                self.json_at(&m.receiver, depth + 1)
            }
            _ => None,
        }
    }

    /// The dialect of a type whose item does not say: what the `use` lines say,
    /// else the seed's.
    pub fn dialect(&self) -> Dialect {
        self.stated_dialect().unwrap_or_default()
    }

    /// What the `use` lines say of the dialect, if anything.
    pub fn stated_dialect(&self) -> Option<Dialect> {
        let items: Vec<syn::Item> = self.uses.iter().cloned().map(syn::Item::Use).collect();
        Dialect::of_file(&items)
    }

    /// The value of a constant named by `path` (its last segment, as the crates
    /// resolve `crate::limits::MAX` in the file it lives in), or of an
    /// integer type's `MIN`/`MAX`.
    pub fn constant(&self, path: &syn::Path) -> Option<Literal> {
        let last = path.segments.last()?.ident.to_string();
        if let Some(value) = self.consts.get(&last) {
            return Some(value.clone());
        }
        let [ty, bound] = [path.segments.len().checked_sub(2)?, path.segments.len() - 1]
            .map(|i| path.segments[i].ident.to_string());
        int_bound(&ty, &bound).map(Literal::Int)
    }

    /// A constant expression: literals, other constants, `-`, `+ - * /` and
    /// parentheses, as `const MAX: usize = 64 * 1024;` writes them.
    pub fn eval(&self, expr: &syn::Expr) -> Option<Literal> {
        match expr {
            syn::Expr::Lit(lit) => match &lit.lit {
                syn::Lit::Int(i) => i.base10_parse().ok().map(Literal::Int),
                syn::Lit::Float(f) => f.base10_parse().ok().map(Literal::Float),
                syn::Lit::Str(s) => Some(Literal::Str(s.value())),
                _ => None,
            },
            syn::Expr::Path(p) => self.constant(&p.path),
            syn::Expr::Paren(p) => self.eval(&p.expr),
            syn::Expr::Group(g) => self.eval(&g.expr),
            syn::Expr::Cast(c) => self.eval(&c.expr),
            syn::Expr::Unary(syn::ExprUnary {
                op: syn::UnOp::Neg(_),
                expr,
                ..
            }) => match self.eval(expr)? {
                Literal::Int(i) => Some(Literal::Int(-i)),
                Literal::Float(f) => Some(Literal::Float(-f)),
                Literal::Str(_) => None,
            },
            syn::Expr::Binary(b) => {
                let (l, r) = (self.eval(&b.left)?, self.eval(&b.right)?);
                arithmetic(&b.op, l, r)
            }
            // `format!("{}{}", "te", "st")` of constants (garde takes any
            // expression as a rule's argument).
            syn::Expr::Macro(m) if m.mac.path.is_ident("format") => self.format(&m.mac),
            // `"text".to_string()`, `String::from("text")`.
            syn::Expr::MethodCall(m)
                if m.args.is_empty()
                    && matches!(
                        m.method.to_string().as_str(),
                        "to_string" | "to_owned" | "into"
                    ) =>
            {
                self.eval(&m.receiver)
            }
            _ => None,
        }
    }

    /// `format!` with `{}` placeholders filled by constants, in order.
    fn format(&self, mac: &syn::Macro) -> Option<Literal> {
        let args = mac
            .parse_body_with(
                syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
            )
            .ok()?;
        let mut args = args.iter();
        let Literal::Str(template) = self.eval(args.next()?)? else {
            return None;
        };
        let mut out = String::new();
        let mut rest = template.as_str();
        while let Some(at) = rest.find(['{', '}']) {
            out.push_str(&rest[..at]);
            let tail = &rest[at..];
            if let Some(after) = tail.strip_prefix("{{") {
                out.push('{');
                rest = after;
            } else if let Some(after) = tail.strip_prefix("}}") {
                out.push('}');
                rest = after;
            } else if let Some(after) = tail.strip_prefix("{}") {
                match self.eval(args.next()?)? {
                    Literal::Str(s) => out.push_str(&s),
                    Literal::Int(i) => out.push_str(&i.to_string()),
                    Literal::Float(f) => out.push_str(&f.to_string()),
                }
                rest = after;
            } else {
                // Named or formatted placeholders: not read here.
                return None;
            }
        }
        out.push_str(rest);
        args.next().is_none().then_some(Literal::Str(out))
    }
}

/// The one expression a block is: no statements, a tail expression.
/// A struct literal's named fields and their expressions.
fn named_fields(literal: &syn::ExprStruct) -> HashMap<String, syn::Expr> {
    literal
        .fields
        .iter()
        .filter_map(|fv| match &fv.member {
            syn::Member::Named(ident) => Some((ident.to_string(), fv.expr.clone())),
            syn::Member::Unnamed(_) => None,
        })
        .collect()
}

fn only_expr(block: &syn::Block) -> Option<&syn::Expr> {
    match block.stmts.as_slice() {
        [syn::Stmt::Expr(expr, None)] => Some(expr),
        _ => None,
    }
}

fn literal_json(value: Literal) -> Option<String> {
    match value {
        Literal::Int(i) => Some(i.to_string()),
        Literal::Float(f) if f.is_finite() => Some(format!("{f:?}")),
        Literal::Float(_) => None,
        Literal::Str(s) => Some(serde_string(&s)),
    }
}

/// A JSON string literal.
fn serde_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn arithmetic(op: &syn::BinOp, l: Literal, r: Literal) -> Option<Literal> {
    use syn::BinOp::{Add, Div, Mul, Sub};
    match (l, r) {
        (Literal::Int(a), Literal::Int(b)) => match op {
            Add(_) => a.checked_add(b),
            Sub(_) => a.checked_sub(b),
            Mul(_) => a.checked_mul(b),
            Div(_) => a.checked_div(b),
            _ => None,
        }
        .map(Literal::Int),
        (l, r) => {
            let f = |v: Literal| match v {
                Literal::Int(i) => Some(i as f64),
                Literal::Float(f) => Some(f),
                Literal::Str(_) => None,
            };
            let (a, b) = (f(l)?, f(r)?);
            match op {
                Add(_) => Some(a + b),
                Sub(_) => Some(a - b),
                Mul(_) => Some(a * b),
                Div(_) => Some(a / b),
                _ => None,
            }
            .map(Literal::Float)
        }
    }
}

/// `u8::MAX`, `i64::MIN`, … as written in bounds.
fn int_bound(ty: &str, bound: &str) -> Option<i128> {
    macro_rules! bounds {
        ($($t:ident)*) => {
            match (ty, bound) {
                $(
                    (stringify!($t), "MIN") => Some($t::MIN as i128),
                    (stringify!($t), "MAX") => i128::try_from($t::MAX).ok(),
                )*
                _ => None,
            }
        };
    }
    bounds!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize)
}

/// A type as text without spaces, references and `'static` taken off.
fn type_text(ty: &syn::Type) -> String {
    match ty {
        syn::Type::Reference(r) => type_text(&r.elem),
        syn::Type::Paren(p) => type_text(&p.elem),
        ty => quote::ToTokens::to_token_stream(ty)
            .to_string()
            .replace(' ', ""),
    }
}
