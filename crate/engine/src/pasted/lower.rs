//! From a function's syntax to [`ir`](super::ir): names resolved to frame
//! slots, the paste's constants and regexes to values, each method checked
//! against the ones the evaluator knows. What is not read here refuses the
//! function, saying what and where.

use std::sync::Arc;

use quote::ToTokens;
use syn::spanned::Spanned;

use super::ir::{Arm, BinOp, Callee, Expr, Function, Pat, Stmt, Val};
use super::{Pasted, Refused};

/// The methods the evaluator gives a meaning (`eval::method`).
pub const METHODS: &[&str] = &[
    "len",
    "is_empty",
    "chars",
    "bytes",
    "iter",
    "into_iter",
    "iter_mut",
    "all",
    "any",
    "filter",
    "map",
    "count",
    "contains",
    "starts_with",
    "ends_with",
    "trim",
    "trim_start",
    "trim_end",
    "to_lowercase",
    "to_uppercase",
    "to_ascii_lowercase",
    "to_ascii_uppercase",
    "to_string",
    "to_owned",
    "clone",
    "cloned",
    "copied",
    "as_str",
    "as_ref",
    "as_deref",
    "as_slice",
    "into",
    "borrow",
    "deref",
    "is_some",
    "is_none",
    "is_ok",
    "is_err",
    "unwrap",
    "expect",
    "unwrap_or",
    "unwrap_or_default",
    "ok",
    "parse",
    "is_match",
    "is_ascii",
    "is_ascii_alphanumeric",
    "is_ascii_alphabetic",
    "is_ascii_digit",
    "is_ascii_lowercase",
    "is_ascii_uppercase",
    "is_ascii_punctuation",
    "is_ascii_whitespace",
    "is_ascii_hexdigit",
    "is_ascii_graphic",
    "is_ascii_control",
    "is_alphanumeric",
    "is_alphabetic",
    "is_numeric",
    "is_whitespace",
    "is_lowercase",
    "is_uppercase",
    "is_control",
    "is_digit",
    "split",
    "split_whitespace",
    "lines",
    "collect",
    "sum",
    "max",
    "min",
    "first",
    "last",
    "get",
    "abs",
    "is_nan",
    "is_finite",
    "is_sign_negative",
    "is_sign_positive",
    "enumerate",
    "zip",
    "rev",
    "skip",
    "take",
    "find",
    "position",
    "nth",
    "keys",
    "values",
    "get_or_init",
    "is_none_or",
    "is_some_and",
    "map_or",
    "and_then",
    "replace",
    "repeat",
    "char_indices",
    "checked_add",
    "checked_sub",
    "checked_mul",
    "pow",
    "len_utf8",
    "to_digit",
    "eq_ignore_ascii_case",
    "strip_prefix",
    "strip_suffix",
    "find_map",
    "windows",
    "as_bytes",
    "concat",
    "join",
    "is_char_boundary",
    "matches",
    "ok_or",
    "map_err",
    "with_message",
    "contains_key",
    "saturating_sub",
    "saturating_add",
    "min_by_key",
    "max_by_key",
    "fold",
    "flat_map",
    "into_owned",
    "unwrap_or_else",
    "then_some",
    "then",
    "not",
    "next",
    "next_back",
    "splitn",
    "rsplitn",
    "rsplit",
    "split_once",
    "rsplit_once",
    "ok_or_else",
    "filter_map",
];

const MAX_CONST_DEPTH: usize = 16;

struct Lower<'p, 'a> {
    pasted: &'p mut Pasted<'a>,
    /// The function's type parameters (`T` of `fn f<'de, T, D>`): a value
    /// parsed as one is read as whatever its text is (`T::from_str`).
    generics: Vec<String>,
    /// Names in scope, innermost last, with their slots.
    names: Vec<(String, usize)>,
    slots: usize,
    depth: usize,
}

fn refuse<T>(node: &impl Spanned, what: impl Into<String>) -> Result<T, Refused> {
    Err(Refused {
        span: node.span(),
        what: what.into(),
    })
}

pub fn function(
    sig: &syn::Signature,
    block: &syn::Block,
    pasted: &mut Pasted,
) -> Result<Function, Refused> {
    let mut lower = Lower::new(pasted);
    lower.generics = sig
        .generics
        .type_params()
        .map(|p| p.ident.to_string())
        .collect();
    let mut params = Vec::new();
    for input in &sig.inputs {
        match input {
            syn::FnArg::Typed(typed) => params.push(lower.pat(&typed.pat)?),
            // A method's `self` (a struct-level check, `impl T { fn check(&self) }`).
            syn::FnArg::Receiver(_) => {
                let slot = lower.bind("self".to_owned());
                params.push(Pat::Bind(slot));
            }
        }
    }
    let body = lower.block(block)?;
    Ok(Function {
        params,
        body,
        slots: lower.slots,
    })
}

pub fn closure(closure: &syn::ExprClosure, pasted: &mut Pasted) -> Result<Function, Refused> {
    let mut lower = Lower::new(pasted);
    let params = closure
        .inputs
        .iter()
        .map(|p| lower.pat(p))
        .collect::<Result<Vec<_>, _>>()?;
    let body = lower.expr(&closure.body)?;
    Ok(Function {
        params,
        body,
        slots: lower.slots,
    })
}

/// An expression over `self` (a condition on the struct), as a function of it.
pub fn condition(expr: &syn::Expr, pasted: &mut Pasted) -> Result<Function, Refused> {
    let mut lower = Lower::new(pasted);
    let this = lower.bind("self".to_owned());
    let body = lower.expr(expr)?;
    Ok(Function {
        params: vec![Pat::Bind(this)],
        body,
        slots: lower.slots,
    })
}

/// An expression of no parameters (a context constant), as a function.
pub fn constant(expr: &syn::Expr, pasted: &mut Pasted) -> Result<Function, Refused> {
    let mut lower = Lower::new(pasted);
    let body = lower.expr(expr)?;
    Ok(Function {
        params: Vec::new(),
        body,
        slots: lower.slots,
    })
}

impl<'p, 'a> Lower<'p, 'a> {
    fn new(pasted: &'p mut Pasted<'a>) -> Lower<'p, 'a> {
        Lower {
            pasted,
            generics: Vec::new(),
            names: Vec::new(),
            slots: 0,
            depth: 0,
        }
    }

    fn bind(&mut self, name: String) -> usize {
        let slot = self.slots;
        self.slots += 1;
        self.names.push((name, slot));
        slot
    }

    fn local(&self, name: &str) -> Option<usize> {
        self.names
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, s)| *s)
    }

    fn block(&mut self, block: &syn::Block) -> Result<Expr, Refused> {
        let scope = self.names.len();
        let mut stmts = Vec::new();
        let mut tail = None;
        let count = block.stmts.len();
        for (i, stmt) in block.stmts.iter().enumerate() {
            match stmt {
                syn::Stmt::Local(local) => {
                    if let Some(init) = &local.init
                        && init.diverge.is_some()
                    {
                        return refuse(local, "`let … else`");
                    }
                    // The value first: `let x = x.trim();` reads the outer `x`.
                    let value = match &local.init {
                        Some(init) => Some(self.expr(&init.expr)?),
                        None => None,
                    };
                    let pat = self.pat(&local.pat)?;
                    stmts.push(Stmt::Let(pat, value));
                }
                syn::Stmt::Expr(e, semi) => {
                    let e = self.expr(e)?;
                    if i + 1 == count && semi.is_none() {
                        tail = Some(Box::new(e));
                    } else {
                        stmts.push(Stmt::Expr(e));
                    }
                }
                syn::Stmt::Item(syn::Item::Use(_)) => {}
                syn::Stmt::Item(item) => return refuse(item, "an item inside a function"),
                syn::Stmt::Macro(m) => {
                    let e = self.mac(&m.mac)?;
                    stmts.push(Stmt::Expr(e));
                }
            }
        }
        self.names.truncate(scope);
        Ok(Expr::Block(stmts, tail))
    }

    fn pat(&mut self, pat: &syn::Pat) -> Result<Pat, Refused> {
        Ok(match pat {
            syn::Pat::Wild(_) => Pat::Wild,
            syn::Pat::Ident(p) => {
                if p.subpat.is_none() && p.ident == "None" {
                    return Ok(Pat::None);
                }
                let slot = self.bind(p.ident.to_string());
                match &p.subpat {
                    Some((_, sub)) => Pat::At(slot, Box::new(self.pat(sub)?)),
                    None => Pat::Bind(slot),
                }
            }
            syn::Pat::Type(t) => self.pat(&t.pat)?,
            syn::Pat::Reference(r) => self.pat(&r.pat)?,
            syn::Pat::Paren(p) => self.pat(&p.pat)?,
            syn::Pat::Lit(l) => Pat::Lit(literal(&l.lit)?),
            syn::Pat::Or(o) => Pat::Or(
                o.cases
                    .iter()
                    .map(|c| self.pat(c))
                    .collect::<Result<_, _>>()?,
            ),
            syn::Pat::Tuple(t) => Pat::Tuple(
                t.elems
                    .iter()
                    .map(|c| self.pat(c))
                    .collect::<Result<_, _>>()?,
            ),
            syn::Pat::Slice(s) => Pat::Slice(
                s.elems
                    .iter()
                    .map(|c| self.pat(c))
                    .collect::<Result<_, _>>()?,
            ),
            syn::Pat::Range(r) => {
                let end =
                    |e: &Option<Box<syn::Expr>>, this: &mut Self| -> Result<Option<Val>, Refused> {
                        match e {
                            None => Ok(None),
                            Some(e) => match this.expr(e)? {
                                Expr::Lit(v) => Ok(Some(v)),
                                _ => refuse(e, "a range pattern whose end is not a literal"),
                            },
                        }
                    };
                let lo = end(&r.start, self)?;
                let hi = end(&r.end, self)?;
                Pat::Range(lo, hi, matches!(r.limits, syn::RangeLimits::Closed(_)))
            }
            syn::Pat::TupleStruct(ts) => {
                let name = last(&ts.path);
                let inner = |this: &mut Self| -> Result<Box<Pat>, Refused> {
                    match ts.elems.first() {
                        Some(p) if ts.elems.len() == 1 => Ok(Box::new(this.pat(p)?)),
                        _ => refuse(ts, "a pattern of more than one field"),
                    }
                };
                match name.as_str() {
                    "Some" => Pat::Some(inner(self)?),
                    "Ok" => Pat::Ok(inner(self)?),
                    "Err" => Pat::Err(inner(self)?),
                    // `Kind::Other(x)`; a payload of several fields is a tuple.
                    _ if is_type_name(&name) => {
                        let payload = match ts.elems.len() {
                            1 => inner(self)?,
                            _ => Box::new(Pat::Tuple(
                                ts.elems
                                    .iter()
                                    .map(|p| self.pat(p))
                                    .collect::<Result<_, _>>()?,
                            )),
                        };
                        Pat::Variant(Arc::from(name.as_str()), Some(payload))
                    }
                    _ => return refuse(ts, format!("the pattern `{name}(…)`")),
                }
            }
            syn::Pat::Path(p) if last(&p.path) == "None" => Pat::None,
            // `Turn::Amber`: a unit variant (or any variant, its payload unread).
            syn::Pat::Path(p) if p.path.segments.len() >= 2 && is_type_name(&last(&p.path)) => {
                Pat::Variant(Arc::from(last(&p.path).as_str()), None)
            }
            // `Kind::Named { .. }`: the variant, its fields unread.
            syn::Pat::Struct(st)
                if st.fields.is_empty() && st.rest.is_some() && is_type_name(&last(&st.path)) =>
            {
                Pat::Variant(Arc::from(last(&st.path).as_str()), None)
            }
            other => {
                return refuse(other, format!("the pattern `{}`", other.to_token_stream()));
            }
        })
    }

    fn exprs<'e>(
        &mut self,
        exprs: impl IntoIterator<Item = &'e syn::Expr>,
    ) -> Result<Vec<Expr>, Refused> {
        exprs.into_iter().map(|e| self.expr(e)).collect()
    }

    fn expr(&mut self, expr: &syn::Expr) -> Result<Expr, Refused> {
        use syn::Expr as E;
        Ok(match expr {
            E::Lit(l) => Expr::Lit(literal(&l.lit)?),
            E::Paren(p) => self.expr(&p.expr)?,
            E::Group(g) => self.expr(&g.expr)?,
            E::Reference(r) => self.expr(&r.expr)?,
            E::Path(p) => self.path(p)?,
            E::Block(b) => self.block(&b.block)?,
            E::Unary(u) => {
                let inner = self.expr(&u.expr)?;
                match u.op {
                    syn::UnOp::Not(_) => Expr::Not(Box::new(inner)),
                    syn::UnOp::Neg(_) => match inner {
                        Expr::Lit(Val::Int(n)) => Expr::Lit(Val::Int(-n)),
                        Expr::Lit(Val::Float(n)) => Expr::Lit(Val::Float(-n)),
                        inner => Expr::Neg(Box::new(inner)),
                    },
                    // References and values are one here.
                    _ => inner,
                }
            }
            E::Binary(b) => self.binary(b)?,
            // `err.message = …`, `out.count = …`: a field of a local.
            E::Assign(a)
                if matches!(&*a.left, E::Field(f) if matches!(&*f.base, E::Path(_))
                    && matches!(f.member, syn::Member::Named(_))) =>
            {
                let E::Field(f) = &*a.left else {
                    return refuse(a, "an assignment to something other than a local");
                };
                let (E::Path(p), syn::Member::Named(name)) = (&*f.base, &f.member) else {
                    return refuse(a, "an assignment to something other than a local");
                };
                let Some(slot) = p.path.get_ident().and_then(|i| self.local(&i.to_string())) else {
                    return refuse(a, "an assignment to something other than a local");
                };
                Expr::SetField(
                    slot,
                    Arc::from(name.to_string()),
                    Box::new(self.expr(&a.right)?),
                )
            }
            E::Assign(a) => {
                let E::Path(p) = &*a.left else {
                    return refuse(a, "an assignment to something other than a local");
                };
                let Some(slot) = p.path.get_ident().and_then(|i| self.local(&i.to_string())) else {
                    return refuse(a, "an assignment to something other than a local");
                };
                Expr::Assign(slot, Box::new(self.expr(&a.right)?))
            }
            E::If(i) => {
                let otherwise = |this: &mut Self| -> Result<Option<Box<Expr>>, Refused> {
                    match &i.else_branch {
                        Some((_, e)) => Ok(Some(Box::new(this.expr(e)?))),
                        None => Ok(None),
                    }
                };
                if let E::Let(l) = &*i.cond {
                    let value = self.expr(&l.expr)?;
                    // The pattern's bindings are the `then` block's.
                    let scope = self.names.len();
                    let pat = self.pat(&l.pat)?;
                    let then = Box::new(self.block(&i.then_branch)?);
                    self.names.truncate(scope);
                    Expr::IfLet(pat, Box::new(value), then, otherwise(self)?)
                } else {
                    let cond = Box::new(self.expr(&i.cond)?);
                    let then = Box::new(self.block(&i.then_branch)?);
                    Expr::If(cond, then, otherwise(self)?)
                }
            }
            E::Match(m) => {
                let value = self.expr(&m.expr)?;
                let mut arms = Vec::new();
                for arm in &m.arms {
                    let scope = self.names.len();
                    // syn 3 writes a guard as a pattern of its own.
                    let (pat, guard) = match &arm.pat {
                        syn::Pat::Guard(g) => (&*g.pat, Some(&*g.guard)),
                        pat => (pat, None),
                    };
                    let pat = self.pat(pat)?;
                    let guard = match guard {
                        Some(g) => Some(self.expr(g)?),
                        None => None,
                    };
                    let body = self.expr(&arm.body)?;
                    self.names.truncate(scope);
                    arms.push(Arm { pat, guard, body });
                }
                Expr::Match(Box::new(value), arms)
            }
            E::Return(r) => Expr::Return(match &r.expr {
                Some(e) => Some(Box::new(self.expr(e)?)),
                None => None,
            }),
            E::Try(t) => Expr::Try(Box::new(self.expr(&t.expr)?)),
            E::Closure(c) => {
                let scope = self.names.len();
                let params = c
                    .inputs
                    .iter()
                    .map(|p| self.pat(p))
                    .collect::<Result<Vec<_>, _>>()?;
                let body = self.expr(&c.body)?;
                self.names.truncate(scope);
                Expr::Closure(Arc::new((params, body)))
            }
            E::Tuple(t) => Expr::Seq(self.exprs(&t.elems)?),
            E::Array(a) => Expr::Seq(self.exprs(&a.elems)?),
            E::Struct(s) => {
                if s.rest.is_some() {
                    return refuse(s, "a struct literal with `..`");
                }
                let mut fields = Vec::new();
                for f in &s.fields {
                    let syn::Member::Named(name) = &f.member else {
                        return refuse(f, "a tuple struct literal");
                    };
                    fields.push((Arc::from(name.to_string()), self.expr(&f.expr)?));
                }
                Expr::Struct(fields)
            }
            E::Cast(c) => {
                let to = c.ty.to_token_stream().to_string();
                let int = matches!(
                    to.as_str(),
                    "u8" | "u16"
                        | "u32"
                        | "u64"
                        | "u128"
                        | "usize"
                        | "i8"
                        | "i16"
                        | "i32"
                        | "i64"
                        | "i128"
                        | "isize"
                );
                if !int && !matches!(to.as_str(), "f32" | "f64") {
                    return refuse(c, format!("a cast to `{to}`"));
                }
                Expr::Cast(Box::new(self.expr(&c.expr)?), int)
            }
            E::Field(f) => {
                let base = Box::new(self.expr(&f.base)?);
                match &f.member {
                    syn::Member::Named(n) => Expr::Field(base, Arc::from(n.to_string())),
                    syn::Member::Unnamed(i) => Expr::TupleField(base, i.index as usize),
                }
            }
            E::Index(i) => Expr::Index(
                Box::new(self.expr(&i.expr)?),
                Box::new(self.expr(&i.index)?),
            ),
            E::MethodCall(m) => {
                let name = m.method.to_string();
                if !METHODS.contains(&name.as_str()) {
                    // The paste's own method (`self.check()` in a struct-level
                    // check): its function, the receiver its first argument.
                    if let Some(key) = self.pasted.method(&name) {
                        let function = self.pasted.function(&key)?;
                        let mut args = vec![self.expr(&m.receiver)?];
                        args.extend(self.exprs(&m.args)?);
                        return Ok(Expr::Call(Callee::Pasted(function), args));
                    }
                    return refuse(&m.method, format!("the method `{name}`"));
                }
                let turbofish = m.turbofish.as_ref().and_then(|t| {
                    t.args.last().map(|a| {
                        let text = a.to_token_stream().to_string();
                        match self.generics.contains(&text) {
                            true => Arc::from(ANY),
                            false => Arc::from(text),
                        }
                    })
                });
                Expr::Method(
                    Box::new(self.expr(&m.receiver)?),
                    Arc::from(name),
                    self.exprs(&m.args)?,
                    turbofish,
                )
            }
            E::Call(c) => self.call(c)?,
            E::Range(r) => {
                let mut end = |e: &Option<Box<syn::Expr>>| -> Result<Option<Box<Expr>>, Refused> {
                    e.as_ref().map(|e| self.expr(e).map(Box::new)).transpose()
                };
                let lo = end(&r.start)?;
                let hi = end(&r.end)?;
                Expr::Range(lo, hi, matches!(r.limits, syn::RangeLimits::Closed(_)))
            }
            E::ForLoop(f) => {
                let iter = Box::new(self.expr(&f.expr)?);
                let scope = self.names.len();
                let pat = self.pat(&f.pat)?;
                let body = Box::new(self.block(&f.body)?);
                self.names.truncate(scope);
                Expr::For(pat, iter, body)
            }
            E::Macro(m) => self.mac(&m.mac)?,
            other => {
                return refuse(
                    other,
                    format!("`{}`", short(&other.to_token_stream().to_string())),
                );
            }
        })
    }

    fn binary(&mut self, b: &syn::ExprBinary) -> Result<Expr, Refused> {
        use syn::BinOp as B;
        let left = self.expr(&b.left)?;
        let right = self.expr(&b.right)?;
        let (op, assign) = match b.op {
            B::Add(_) => (BinOp::Add, false),
            B::Sub(_) => (BinOp::Sub, false),
            B::Mul(_) => (BinOp::Mul, false),
            B::Div(_) => (BinOp::Div, false),
            B::Rem(_) => (BinOp::Rem, false),
            B::Eq(_) => (BinOp::Eq, false),
            B::Ne(_) => (BinOp::Ne, false),
            B::Lt(_) => (BinOp::Lt, false),
            B::Le(_) => (BinOp::Le, false),
            B::Gt(_) => (BinOp::Gt, false),
            B::Ge(_) => (BinOp::Ge, false),
            B::And(_) => (BinOp::And, false),
            B::Or(_) => (BinOp::Or, false),
            B::BitAnd(_) => (BinOp::BitAnd, false),
            B::BitOr(_) => (BinOp::BitOr, false),
            B::AddAssign(_) => (BinOp::Add, true),
            B::SubAssign(_) => (BinOp::Sub, true),
            B::MulAssign(_) => (BinOp::Mul, true),
            _ => return refuse(b, format!("the operator `{}`", b.op.to_token_stream())),
        };
        if assign {
            let Expr::Local(slot) = left else {
                return refuse(b, "an assignment to something other than a local");
            };
            return Ok(Expr::Assign(
                slot,
                Box::new(Expr::Bin(op, Box::new(Expr::Local(slot)), Box::new(right))),
            ));
        }
        Ok(Expr::Bin(op, Box::new(left), Box::new(right)))
    }

    fn path(&mut self, p: &syn::ExprPath) -> Result<Expr, Refused> {
        if let Some(ident) = p.path.get_ident() {
            let name = ident.to_string();
            if let Some(slot) = self.local(&name) {
                return Ok(Expr::Local(slot));
            }
            if name == "None" {
                return Ok(Expr::Lit(Val::Opt(None)));
            }
            return self.named_value(&name, p);
        }
        let segments = segments(&p.path);
        let last = segments.last().cloned().unwrap_or_default();
        if let [.., ty, bound] = segments.as_slice()
            && let Some(n) = int_bound(ty, bound)
        {
            return Ok(Expr::Lit(Val::Int(n)));
        }
        if last == "None" {
            return Ok(Expr::Lit(Val::Opt(None)));
        }
        // `crate::limits::MAX`, `self::PLATFORMS`: the paste's constant.
        if self.pasted.values.contains_key(&last) || self.pasted.regexes.contains_key(&last) {
            return self.named_value(&last, p);
        }
        // `.map_err(de::Error::custom)`: serde's error constructor as a function.
        if let [.., owner, name] = segments.as_slice()
            && owner == "Error"
            && matches!(name.as_str(), "custom" | "invalid_value" | "invalid_type")
        {
            let slot = self.bind(String::new());
            return Ok(Expr::Closure(Arc::new((
                vec![Pat::Bind(slot)],
                Expr::Call(Callee::Error, vec![Expr::Local(slot)]),
            ))));
        }
        // `Turn::Amber`, `Self::Amber`: a unit variant.
        if let [.., owner, name] = segments.as_slice()
            && is_type_name(owner)
            && is_type_name(name)
        {
            return Ok(Expr::Lit(Val::Variant(Arc::from(name.as_str()), None)));
        }
        refuse(p, format!("`{}`", segments.join("::")))
    }

    /// A constant or static of the paste, by name: a regex static as its
    /// regex, any other as its value's expression.
    fn named_value(&mut self, name: &str, at: &impl Spanned) -> Result<Expr, Refused> {
        if let Some(pattern) = self.pasted.regexes.get(name) {
            return match (self.pasted.patterns.0)(pattern) {
                Ok(Some(re)) => Ok(Expr::Lit(Val::Regex(re))),
                // Diagnosis only: a stand-in, never run.
                Ok(None) => Ok(Expr::Lit(Val::Unit)),
                Err(_) => refuse(at, format!("the regex of `{name}`, which does not compile")),
            };
        }
        let Some(value) = self.pasted.values.get(name).copied() else {
            return refuse(at, format!("`{name}`, which the paste does not define"));
        };
        if self.depth >= MAX_CONST_DEPTH {
            return refuse(at, format!("`{name}`, a constant defined through itself"));
        }
        // A constant is lowered where it is named, in a scope of its own.
        let names = std::mem::take(&mut self.names);
        self.depth += 1;
        let lowered = self.expr(value);
        self.depth -= 1;
        self.names = names;
        lowered
    }

    fn call(&mut self, c: &syn::ExprCall) -> Result<Expr, Refused> {
        let syn::Expr::Path(p) = &*c.func else {
            return refuse(c, "a call of something other than a named function");
        };
        let segments = segments(&p.path);
        let name = segments.last().cloned().unwrap_or_default();
        let owner = segments
            .len()
            .checked_sub(2)
            .map(|i| segments[i].as_str())
            .unwrap_or("");
        let callee = match (owner, name.as_str()) {
            // A `deserialize_with` function's read (`String::deserialize(d)`):
            // the value it is handed, read as that type before it runs.
            (_, "deserialize") if c.args.len() == 1 => Callee::Ok,
            // serde's errors (`de::Error::custom(…)`): a decoding error.
            (
                "Error",
                "custom" | "invalid_value" | "invalid_type" | "invalid_length" | "unknown_variant"
                | "unknown_field" | "missing_field" | "duplicate_field",
            ) => Callee::Error,
            // `T::from_str(&s)` for the function's own `T`: the text parsed
            // as whatever it reads as (the field's type then takes it or not).
            (owner, "from_str")
                if self.generics.iter().any(|g| g == owner) || owner == "FromStr" =>
            {
                let [text] = &self.exprs(&c.args)?[..] else {
                    return refuse(c, "`from_str` with other than one argument");
                };
                return Ok(Expr::Method(
                    Box::new(text.clone()),
                    Arc::from("parse"),
                    Vec::new(),
                    Some(Arc::from(ANY)),
                ));
            }
            (_, "Ok") => Callee::Ok,
            (_, "Err") => Callee::Err,
            (_, "Some") => Callee::Some,
            ("ValidationError" | "Error", "new") => Callee::Error,
            ("Regex", "new") => Callee::Regex,
            (
                "String" | "Cow" | "From" | "Box" | "Arc" | "Rc" | "Into",
                "from" | "new" | "into",
            )
            | ("Cow", "Borrowed" | "Owned")
            | ("", "String") => Callee::Same,
            ("", _) if self.pasted.functions.contains_key(&name) => {
                Callee::Pasted(self.pasted.function(&name)?)
            }
            (owner, "default")
                if self
                    .pasted
                    .functions
                    .contains_key(&format!("{owner}::default")) =>
            {
                Callee::Pasted(self.pasted.function(&format!("{owner}::default"))?)
            }
            // A lazily built static is its value here: built on first use.
            ("LazyLock" | "Lazy" | "LazyCell", "new") => Callee::Lazy,
            // Filled by `get_or_init` where it is read.
            ("OnceLock" | "OnceCell", "new") => Callee::Same,
            // `Kind::Other(x)`, `Self::Other(x)`: a tuple variant.
            (owner, name) if is_type_name(owner) && is_type_name(name) => {
                Callee::Variant(Arc::from(name))
            }
            // `Self(x)`, `Email(x)`, `models::Email(x)`: a tuple struct.
            (_, name) if is_type_name(name) => Callee::TupleStruct,
            _ => return refuse(c, format!("the function `{}`", segments.join("::"))),
        };
        Ok(Expr::Call(callee, self.exprs(&c.args)?))
    }

    fn mac(&mut self, mac: &syn::Macro) -> Result<Expr, Refused> {
        let name = last(&mac.path);
        match name.as_str() {
            // Its text is a message: libraries compare codes and paths, not it.
            "format" => {
                let template = mac
                    .parse_body_with(
                        syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
                    )
                    .ok()
                    .and_then(|args| match args.first() {
                        Some(syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(s),
                            ..
                        })) => Some(s.value()),
                        _ => None,
                    })
                    .unwrap_or_default();
                Ok(Expr::Lit(Val::str(&template)))
            }
            "vec" => {
                let args = mac
                    .parse_body_with(
                        syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
                    )
                    .or_else(|_| refuse(mac, "`vec![value; n]`"))?;
                Ok(Expr::Seq(self.exprs(&args)?))
            }
            "matches" => {
                let parsed = mac.parse_body_with(|input: syn::parse::ParseStream| {
                    let value: syn::Expr = input.parse()?;
                    let _: syn::Token![,] = input.parse()?;
                    let pat = syn::Pat::parse_multi_with_leading_vert(input)?;
                    let guard = if input.peek(syn::Token![if]) {
                        let _: syn::Token![if] = input.parse()?;
                        Some(input.parse::<syn::Expr>()?)
                    } else {
                        None
                    };
                    let _: Option<syn::Token![,]> = input.parse()?;
                    Ok((value, pat, guard))
                });
                let Ok((value, pat, guard)) = parsed else {
                    return refuse(mac, "this `matches!`");
                };
                let value = self.expr(&value)?;
                let scope = self.names.len();
                let pat = self.pat(&pat)?;
                let guard = match guard {
                    Some(g) => Some(Box::new(self.expr(&g)?)),
                    None => None,
                };
                self.names.truncate(scope);
                Ok(Expr::Matches(Box::new(value), pat, guard))
            }
            _ => refuse(mac, format!("the macro `{name}!`")),
        }
    }
}

/// A path's segments as written (`uuid`, `Uuid`, `parse_str`).
fn segments(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| s.ident.to_string()).collect()
}

/// The turbofish a parse into the function's own type parameter gets:
/// the text read as a number or a bool where it is one, else as text.
pub const ANY: &str = "_";

/// The `T` of the first `T::deserialize(…)` in `block` (or the type of the
/// `let` that binds `Deserialize::deserialize(…)`).
pub fn read_type(block: &syn::Block) -> Option<syn::Type> {
    fn call_type(expr: &syn::Expr) -> Option<Option<syn::Type>> {
        use syn::Expr as E;
        match expr {
            E::Try(t) => call_type(&t.expr),
            E::Paren(p) => call_type(&p.expr),
            E::MethodCall(m) => call_type(&m.receiver),
            E::Call(c) => {
                let E::Path(p) = &*c.func else {
                    return None;
                };
                let last = p.path.segments.last()?;
                if last.ident != "deserialize" || c.args.len() != 1 {
                    return None;
                }
                if let Some(q) = &p.qself {
                    return Some(Some((*q.ty).clone()));
                }
                let mut owner = p.path.clone();
                owner.segments.pop();
                let owner_last = owner.segments.pop()?;
                if owner_last.ident == "Deserialize" {
                    return Some(None);
                }
                // `Option::<String>` is the type `Option<String>`.
                let mut segment = owner_last;
                if let syn::PathArguments::AngleBracketed(a) = &mut segment.arguments {
                    a.colon2_token = None;
                }
                owner.segments.push(segment);
                Some(Some(syn::Type::Path(syn::TypePath {
                    attrs: Vec::new(),
                    qself: None,
                    path: owner,
                })))
            }
            _ => None,
        }
    }
    for stmt in &block.stmts {
        match stmt {
            syn::Stmt::Local(local) => {
                let Some(init) = &local.init else { continue };
                match call_type(&init.expr) {
                    Some(Some(ty)) => return Some(ty),
                    Some(None) => {
                        if let syn::Pat::Type(t) = &local.pat {
                            return Some((*t.ty).clone());
                        }
                        return None;
                    }
                    None => {}
                }
            }
            syn::Stmt::Expr(e, _) => {
                if let Some(found) = call_type(e) {
                    return found;
                }
            }
            _ => {}
        }
    }
    None
}

/// A name written as types and variants are (`Amber`, `Self`), not as
/// functions, constants or modules are (`new`, `MAX`, `limits`).
fn is_type_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
        && name.contains(|c: char| c.is_ascii_lowercase())
}

fn last(path: &syn::Path) -> String {
    path.segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default()
}

fn short(text: &str) -> String {
    let text = text.replace(" . ", ".").replace(" :: ", "::");
    if text.chars().count() > 40 {
        format!("{}…", text.chars().take(40).collect::<String>())
    } else {
        text
    }
}

fn literal(lit: &syn::Lit) -> Result<Val, Refused> {
    Ok(match lit {
        syn::Lit::Str(s) => Val::str(&s.value()),
        syn::Lit::Int(i) => match i.base10_parse::<i128>() {
            Ok(n) => Val::Int(n),
            Err(_) => return refuse(i, "an integer past i128"),
        },
        syn::Lit::Float(f) => match f.base10_parse::<f64>() {
            Ok(n) => Val::Float(n),
            Err(_) => return refuse(f, "this float"),
        },
        syn::Lit::Bool(b) => Val::Bool(b.value),
        syn::Lit::Char(c) => Val::Char(c.value()),
        syn::Lit::Byte(b) => Val::Int(i128::from(b.value())),
        other => return refuse(other, "this literal"),
    })
}

fn int_bound(ty: &str, bound: &str) -> Option<i128> {
    macro_rules! bounds {
        ($($t:ident)*) => {
            match (ty, bound) {
                $((stringify!($t), "MAX") => i128::try_from($t::MAX).ok(),
                  (stringify!($t), "MIN") => i128::try_from($t::MIN).ok(),)*
                _ => None,
            }
        };
    }
    bounds!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize i128)
}
