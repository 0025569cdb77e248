//! The paste's own functions, run: a custom rule's function (validator's
//! `custom(function = …)`, garde's `custom(…)`) as the paste defines it.
//!
//! A function is lowered once from its syntax to a small tree ([`ir`]) — only
//! what validation functions are made of: literals, the paste's constants and
//! regex statics, `if`/`match`/`let`/`return`, comparisons and arithmetic, the
//! standard library's methods on strings, chars, numbers, slices, options and
//! iterators, and the libraries' error constructors. Anything else refuses
//! the function with the construct and its place, and the rule is listed as
//! not run, as before. A lowered function runs on the field's value in
//! bounded steps ([`eval`]): a loop that does not end stops, never hangs.

mod eval;
mod ir;
mod lower;

use std::collections::HashMap;
use std::sync::Arc;

use crate::rules::Patterns;

pub use eval::{Outcome, run};
pub use ir::{Function, Val};

/// The paste's functions, constants and regexes (borrowed from its
/// analysis), and the functions lowered from them so far.
pub struct Pasted<'a> {
    /// Functions by name (`T::default` for `impl Default for T`): their
    /// signature and body.
    functions: HashMap<String, Body<'a>>,
    values: HashMap<String, &'a syn::Expr>,
    regexes: &'a HashMap<String, String>,
    /// How a regex is built: a run builds it, the editor's diagnosis only
    /// checks it (and links no regex engine).
    patterns: Patterns,
    lowered: HashMap<String, Result<Arc<Function>, Refused>>,
}

/// Why a function cannot run here: the construct, at its place.
#[derive(Debug, Clone)]
pub struct Refused {
    pub span: proc_macro2::Span,
    pub what: String,
}

impl Refused {
    /// What it is, with its line where it has one: `the method \`splitn\` (line 12)`.
    pub fn placed(&self) -> String {
        match self.span.start().line {
            0 => self.what.clone(),
            line => format!("{} (line {line})", self.what),
        }
    }
}

/// A function's signature and body.
type Body<'a> = (&'a syn::Signature, &'a syn::Block);

impl<'a> Pasted<'a> {
    /// From the paste's items (functions, `const` and `static` items, and
    /// those inside `mod` blocks) and its regex statics by name.
    pub fn new(
        items: &'a [syn::Item],
        regexes: &'a HashMap<String, String>,
        patterns: Patterns,
    ) -> Pasted<'a> {
        let mut functions = HashMap::new();
        let mut values = HashMap::new();
        collect(items, &mut functions, &mut values);
        Pasted {
            functions,
            values,
            regexes,
            patterns,
            lowered: HashMap::new(),
        }
    }

    /// Whether the paste defines a function named `name`.
    pub fn defines(&self, name: &str) -> bool {
        self.functions.contains_key(name)
    }

    /// The function named `name` (the last segment of its path), lowered.
    pub fn function(&mut self, name: &str) -> Result<Arc<Function>, Refused> {
        if let Some(done) = self.lowered.get(name) {
            return done.clone();
        }
        let Some((sig, block)) = self.functions.get(name).copied() else {
            return Err(Refused {
                span: proc_macro2::Span::call_site(),
                what: format!("`{name}` is not defined in the paste"),
            });
        };
        // A function being lowered is refused as its own callee (recursion).
        self.lowered.insert(
            name.to_owned(),
            Err(Refused {
                span: sig.ident.span(),
                what: format!("`{name}`, a function that calls itself"),
            }),
        );
        let lowered = lower::function(sig, block, self).map(Arc::new);
        self.lowered.insert(name.to_owned(), lowered.clone());
        lowered
    }

    /// The one method named `name` that some `impl T` of the paste defines
    /// with a `self`, by its table name (`T::name`); none when no type or
    /// more than one does (the receiver's type is not known here).
    pub fn method(&self, name: &str) -> Option<String> {
        let suffix = format!("::{name}");
        let mut found = self
            .functions
            .iter()
            .filter(|(key, (sig, _))| key.ends_with(&suffix) && sig.receiver().is_some());
        let (key, _) = found.next()?;
        found.next().is_none().then(|| key.clone())
    }

    /// The type a `deserialize_with` function reads before its own code
    /// runs: the `T` of its `T::deserialize(deserializer)` (or of the `let`
    /// it is bound by, for `Deserialize::deserialize`).
    pub fn read_type(&self, name: &str) -> Option<syn::Type> {
        let (_, block) = self.functions.get(name)?;
        lower::read_type(block)
    }

    /// The pattern of the regex static `name`, when the paste defines one.
    pub fn regex(&self, name: &str) -> Option<&str> {
        self.regexes.get(name).map(String::as_str)
    }

    /// How regexes are built here.
    pub fn patterns(&self) -> Patterns {
        self.patterns
    }

    /// A closure written in the attribute (garde's `custom(|v, ctx| …)`), lowered.
    pub fn closure(&mut self, closure: &syn::ExprClosure) -> Result<Arc<Function>, Refused> {
        lower::closure(closure, self).map(Arc::new)
    }

    /// A condition over the struct (garde's `if(cond = self.strict)`),
    /// lowered as a function of `self`.
    pub fn condition(&mut self, expr: &syn::Expr) -> Result<Arc<Function>, Refused> {
        lower::condition(expr, self).map(Arc::new)
    }

    /// A constant expression of the paste (a context such as `MAIN_HALL` or
    /// `Policy::default()`), lowered as a function of no arguments: run where
    /// a check first needs it, so that planning (the editor's diagnosis
    /// too) runs none of the paste's code.
    pub fn constant(&mut self, expr: &syn::Expr) -> Result<Arc<Function>, Refused> {
        lower::constant(expr, self).map(Arc::new)
    }
}

fn collect<'a>(
    items: &'a [syn::Item],
    functions: &mut HashMap<String, Body<'a>>,
    values: &mut HashMap<String, &'a syn::Expr>,
) {
    for item in items {
        match item {
            syn::Item::Fn(f) => {
                functions.insert(f.sig.ident.to_string(), (&f.sig, &f.block));
            }
            syn::Item::Const(c) => {
                values.insert(c.ident.to_string(), &c.expr);
            }
            syn::Item::Static(s) => {
                values.insert(s.ident.to_string(), &s.expr);
            }
            // `impl Default for T` as `T::default`, `impl TryFrom<S> for T`
            // as `T::try_from(S)` (and `From`), `impl T`'s own as `T::name`.
            syn::Item::Impl(i) => {
                let ty = type_key(&i.self_ty);
                let key = |name: &syn::Ident| match &i.trait_ {
                    None => Some(format!("{ty}::{name}")),
                    Some((path, _)) => {
                        let last = path.segments.last()?;
                        match (last.ident.to_string().as_str(), name.to_string().as_str()) {
                            ("Default", "default") => Some(format!("{ty}::default")),
                            ("From", "from") | ("TryFrom", "try_from") => {
                                let source = overhead_schema::shape::type_args(last)
                                    .first()
                                    .map(|t| type_key(t))?;
                                Some(conversion_key(&ty, &name.to_string(), &source))
                            }
                            _ => None,
                        }
                    }
                };
                for inner in &i.items {
                    if let syn::ImplItem::Fn(f) = inner
                        && let Some(key) = key(&f.sig.ident)
                    {
                        functions.insert(key, (&f.sig, &f.block));
                    }
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    collect(inner, functions, values);
                    // A `with` module's functions by their module too
                    // (`as_str::deserialize`): two modules define the same names.
                    for item in inner {
                        if let syn::Item::Fn(f) = item {
                            functions.insert(
                                format!("{}::{}", m.ident, f.sig.ident),
                                (&f.sig, &f.block),
                            );
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// A type as the function table names it: its path's last segment, without
/// its arguments (`crate::wire::Raw<'a>` → `Raw`).
pub fn type_key(ty: &syn::Type) -> String {
    match ty {
        syn::Type::Path(p) => p
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default(),
        syn::Type::Reference(r) => type_key(&r.elem),
        other => quote::ToTokens::to_token_stream(other)
            .to_string()
            .replace(' ', ""),
    }
}

/// The table's name for `impl From<source> for target` (`function` is
/// `from`) or `TryFrom` (`try_from`).
pub fn conversion_key(target: &str, function: &str, source: &str) -> String {
    format!("{target}::{function}({source})")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The function `name` of `text`, lowered for a run.
    fn lowered(text: &str, name: &str) -> Arc<Function> {
        let file = syn::parse_file(text).expect("parses");
        let regexes = HashMap::new();
        let mut pasted = Pasted::new(&file.items, &regexes, Patterns::BUILD);
        pasted.function(name).expect("lowers")
    }

    #[test]
    fn a_run_that_would_take_too_long_stops_with_why() {
        let f = lowered(
            r#"fn slow(text: &str) -> Result<(), ValidationError> {
                let long = text.repeat(5000);
                let mut n = 0;
                for a in long.chars() { for b in long.chars() { if a == b { n += 1; } } }
                if n > 0 { Ok(()) } else { Err(ValidationError::new("none")) }
            }"#,
            "slow",
        );
        match run(&f, &[Val::str("ab")]) {
            Outcome::Stopped(why) => assert!(why.contains("ran past"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_panic_in_the_function_stops_the_run() {
        let f = lowered(
            r#"fn first(items: &[u32]) -> Result<(), ValidationError> {
                if items[3] > 1 { return Err(ValidationError::new("big")); }
                Ok(())
            }"#,
            "first",
        );
        assert!(matches!(
            run(&f, &[Val::seq(vec![Val::Int(1)])]),
            Outcome::Stopped(why) if why.contains("past the end")
        ));
        assert!(matches!(
            run(
                &f,
                &[Val::seq(vec![
                    Val::Int(1),
                    Val::Int(1),
                    Val::Int(1),
                    Val::Int(5)
                ])]
            ),
            Outcome::Returned(Val::Res(Err(_)))
        ));
    }
}
