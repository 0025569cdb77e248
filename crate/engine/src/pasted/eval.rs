//! Running a lowered function: Rust's meaning for each construct, on
//! [`Val`]s, in a bounded number of steps.

use std::cmp::Ordering;
use std::sync::Arc;

use super::ir::{BinOp, Callee, Expr, Function, Pat, Stmt, Val};

/// Steps one call may take (an expression evaluated is a step): far more
/// than a validation function takes, far less than a hang.
const STEPS: u32 = 200_000;
/// Calls deep, one pasted function calling another.
const DEPTH: u32 = 32;

/// How a run ended.
#[derive(Debug)]
pub enum Outcome {
    Returned(Val),
    /// It could not go on: a value of a form the step does not take, a panic
    /// (`unwrap` on `None`), or the step budget spent. Why, in words (the
    /// rule then gives no verdict; the tests read why).
    Stopped(#[cfg_attr(not(test), allow(dead_code))] String),
}

enum Stop {
    Return(Val),
    Fail(String),
}

type Step<T = Val> = Result<T, Stop>;

fn fail<T>(why: impl Into<String>) -> Step<T> {
    Err(Stop::Fail(why.into()))
}

struct Run {
    steps: u32,
    depth: u32,
}

/// Runs `function` on `args`.
pub fn run(function: &Function, args: &[Val]) -> Outcome {
    let mut run = Run {
        steps: STEPS,
        depth: 0,
    };
    match run.call(function, args) {
        Ok(v) | Err(Stop::Return(v)) => Outcome::Returned(v),
        Err(Stop::Fail(why)) => Outcome::Stopped(why),
    }
}

impl Run {
    fn call(&mut self, function: &Function, args: &[Val]) -> Step {
        if self.depth >= DEPTH {
            return fail("calls nested too deep");
        }
        if args.len() != function.params.len() {
            return fail("called with another number of arguments");
        }
        let mut frame = vec![Val::Unit; function.slots];
        for (pat, arg) in function.params.iter().zip(args) {
            if !bind(pat, arg, &mut frame) {
                return fail("an argument that does not fit its pattern");
            }
        }
        self.depth += 1;
        let result = match self.eval(&function.body, &mut frame) {
            Err(Stop::Return(v)) => Ok(v),
            other => other,
        };
        self.depth -= 1;
        result
    }

    fn closure(&mut self, closure: &Val, args: &[Val], frame: &mut [Val]) -> Step {
        let Val::Closure(c) = closure else {
            return fail("a call of something other than a closure");
        };
        let (params, body) = &**c;
        if params.len() != args.len() {
            return fail("a closure called with another number of arguments");
        }
        for (pat, arg) in params.iter().zip(args) {
            if !bind(pat, arg, frame) {
                return fail("a closure's argument that does not fit its pattern");
            }
        }
        self.eval(body, frame)
    }

    fn eval(&mut self, expr: &Expr, frame: &mut [Val]) -> Step {
        if self.steps == 0 {
            return fail(format!("ran past {STEPS} steps"));
        }
        self.steps -= 1;
        Ok(match expr {
            Expr::Lit(v) => v.clone(),
            // A closure handed to another function reads its own frame's
            // slots: a slot out of this frame stops the run, never panics.
            Expr::Local(slot) => match frame.get(*slot) {
                Some(v) => v.clone(),
                None => return fail("a closure run outside the function that made it"),
            },
            Expr::Field(base, name) => match self.eval(base, frame)? {
                Val::Struct(fields) => match fields.iter().find(|(n, _)| n == name) {
                    Some((_, v)) => v.clone(),
                    None => return fail(format!("no field `{name}`")),
                },
                _ => return fail(format!("`.{name}` on a value without fields")),
            },
            Expr::TupleField(base, i) => match self.eval(base, frame)? {
                Val::Seq(items) => match items.get(*i) {
                    Some(v) => v.clone(),
                    None => return fail("a tuple field past its end"),
                },
                // A tuple struct's fields are named by position.
                Val::Struct(fields) => {
                    let name = i.to_string();
                    match fields.iter().find(|(n, _)| **n == *name) {
                        Some((_, v)) => v.clone(),
                        None => return fail(format!("no field `{i}`")),
                    }
                }
                _ => return fail("a tuple field of a value that is not a tuple"),
            },
            Expr::Index(base, index) => {
                let base = self.eval(base, frame)?;
                let index = self.eval(index, frame)?;
                match (&base, &index) {
                    (Val::Seq(items), Val::Int(i)) => {
                        match usize::try_from(*i).ok().and_then(|i| items.get(i)) {
                            Some(v) => v.clone(),
                            None => return fail("an index past the end (a panic)"),
                        }
                    }
                    _ => return fail("an index into a value that is not a sequence"),
                }
            }
            // `parts.next()` on a local iterator takes its first item away.
            Expr::Method(receiver, name, args, _)
                if args.is_empty()
                    && matches!(&**name, "next" | "next_back")
                    && matches!(**receiver, Expr::Local(_)) =>
            {
                let Expr::Local(slot) = **receiver else {
                    return fail("`next` on a value that is not an iterator");
                };
                let Some(Val::Seq(items)) = frame.get(slot).cloned() else {
                    return fail("`next` on a value that is not an iterator");
                };
                let (item, rest) = match &**name {
                    "next" => match items.split_first() {
                        Some((first, rest)) => (Some(first.clone()), rest),
                        None => (None, &items[..]),
                    },
                    _ => match items.split_last() {
                        Some((last, rest)) => (Some(last.clone()), rest),
                        None => (None, &items[..]),
                    },
                };
                frame[slot] = Val::Seq(Arc::from(rest));
                Val::Opt(item.map(Box::new))
            }
            Expr::Method(receiver, name, args, turbofish) => {
                let receiver = self.eval(receiver, frame)?;
                let args = args
                    .iter()
                    .map(|a| self.eval(a, frame))
                    .collect::<Step<Vec<Val>>>()?;
                self.method(receiver, name, &args, turbofish.as_deref(), frame)?
            }
            Expr::Call(callee, args) => {
                let args = args
                    .iter()
                    .map(|a| self.eval(a, frame))
                    .collect::<Step<Vec<Val>>>()?;
                let first = || args.first().cloned().unwrap_or(Val::Unit);
                match callee {
                    Callee::Ok => Val::Res(Ok(Box::new(first()))),
                    Callee::Err => Val::Res(Err(Box::new(first()))),
                    Callee::Some => Val::Opt(Some(Box::new(first()))),
                    Callee::Same => first(),
                    Callee::Error => match first() {
                        Val::Str(s) => Val::Error(s),
                        _ => Val::Error(Arc::from("")),
                    },
                    Callee::Regex => match first() {
                        Val::Str(s) => match regex::Regex::new(&s) {
                            Ok(re) => Val::Res(Ok(Box::new(Val::Regex(re)))),
                            Err(e) => Val::Res(Err(Box::new(Val::str(&e.to_string())))),
                        },
                        _ => return fail("`Regex::new` of something other than a string"),
                    },
                    Callee::Pasted(function) => self.call(function, &args)?,
                    Callee::Lazy => self.closure(&first(), &[], frame)?,
                    Callee::TupleStruct => Val::Struct(
                        args.iter()
                            .enumerate()
                            .map(|(i, v)| (Arc::from(i.to_string()), v.clone()))
                            .collect(),
                    ),
                    Callee::Variant(name) => {
                        let payload = match args.len() {
                            1 => first(),
                            _ => Val::seq(args.clone()),
                        };
                        Val::Variant(name.clone(), Some(Box::new(payload)))
                    }
                }
            }
            Expr::Bin(op, a, b) => {
                let a = self.eval(a, frame)?;
                // `&&` and `||` do not read their right side when the left decides.
                match (op, &a) {
                    (BinOp::And, Val::Bool(false)) => return Ok(Val::Bool(false)),
                    (BinOp::Or, Val::Bool(true)) => return Ok(Val::Bool(true)),
                    _ => {}
                }
                let b = self.eval(b, frame)?;
                binary(*op, &a, &b)?
            }
            Expr::Not(e) => match self.eval(e, frame)? {
                Val::Bool(b) => Val::Bool(!b),
                Val::Int(n) => Val::Int(!n),
                _ => return fail("`!` on a value that is not a bool"),
            },
            Expr::Neg(e) => match self.eval(e, frame)? {
                Val::Int(n) => match n.checked_neg() {
                    Some(n) => Val::Int(n),
                    None => return fail("an overflow (a panic)"),
                },
                Val::Float(n) => Val::Float(-n),
                _ => return fail("`-` on a value that is not a number"),
            },
            Expr::If(cond, then, otherwise) => match self.eval(cond, frame)? {
                Val::Bool(true) => self.eval(then, frame)?,
                Val::Bool(false) => match otherwise {
                    Some(e) => self.eval(e, frame)?,
                    None => Val::Unit,
                },
                _ => return fail("`if` on a value that is not a bool"),
            },
            Expr::IfLet(pat, value, then, otherwise) => {
                let value = self.eval(value, frame)?;
                if bind(pat, &value, frame) {
                    self.eval(then, frame)?
                } else {
                    match otherwise {
                        Some(e) => self.eval(e, frame)?,
                        None => Val::Unit,
                    }
                }
            }
            Expr::Match(value, arms) => {
                let value = self.eval(value, frame)?;
                for arm in arms {
                    if !bind(&arm.pat, &value, frame) {
                        continue;
                    }
                    if let Some(guard) = &arm.guard
                        && !matches!(self.eval(guard, frame)?, Val::Bool(true))
                    {
                        continue;
                    }
                    return self.eval(&arm.body, frame);
                }
                return fail("no arm of a `match` took the value");
            }
            Expr::Block(stmts, tail) => {
                for stmt in stmts {
                    match stmt {
                        Stmt::Let(pat, value) => {
                            let value = match value {
                                Some(v) => self.eval(v, frame)?,
                                None => Val::Unit,
                            };
                            if !bind(pat, &value, frame) {
                                return fail("a `let` whose pattern does not fit");
                            }
                        }
                        Stmt::Expr(e) => {
                            self.eval(e, frame)?;
                        }
                    }
                }
                match tail {
                    Some(e) => self.eval(e, frame)?,
                    None => Val::Unit,
                }
            }
            Expr::Return(value) => {
                let value = match value {
                    Some(v) => self.eval(v, frame)?,
                    None => Val::Unit,
                };
                return Err(Stop::Return(value));
            }
            Expr::Try(e) => match self.eval(e, frame)? {
                Val::Res(Ok(v)) | Val::Opt(Some(v)) => *v,
                Val::Res(Err(e)) => return Err(Stop::Return(Val::Res(Err(e)))),
                Val::Opt(None) => return Err(Stop::Return(Val::Opt(None))),
                _ => return fail("`?` on a value that is neither a Result nor an Option"),
            },
            Expr::Closure(c) => Val::Closure(c.clone()),
            Expr::Seq(items) => Val::seq(
                items
                    .iter()
                    .map(|e| self.eval(e, frame))
                    .collect::<Step<Vec<Val>>>()?,
            ),
            Expr::Struct(fields) => {
                let mut out = Vec::with_capacity(fields.len());
                for (name, e) in fields {
                    out.push((name.clone(), self.eval(e, frame)?));
                }
                Val::Struct(Arc::from(out))
            }
            Expr::Cast(e, int) => match (self.eval(e, frame)?, int) {
                (Val::Int(n), true) => Val::Int(n),
                (Val::Int(n), false) => Val::Float(n as f64),
                (Val::Float(n), true) => Val::Int(n as i128),
                (Val::Float(n), false) => Val::Float(n),
                (Val::Char(c), true) => Val::Int(i128::from(u32::from(c))),
                (Val::Bool(b), true) => Val::Int(i128::from(b)),
                _ => return fail("a cast of a value that is not a number"),
            },
            Expr::For(pat, iter, body) => {
                let Val::Seq(items) = iterable(self.eval(iter, frame)?)? else {
                    return fail("`for` over a value that is not a sequence");
                };
                for item in items.iter() {
                    if !bind(pat, item, frame) {
                        return fail("a `for` whose pattern does not fit");
                    }
                    self.eval(body, frame)?;
                }
                Val::Unit
            }
            Expr::Matches(value, pat, guard) => {
                let value = self.eval(value, frame)?;
                let fits = bind(pat, &value, frame)
                    && match guard {
                        Some(g) => matches!(self.eval(g, frame)?, Val::Bool(true)),
                        None => true,
                    };
                Val::Bool(fits)
            }
            Expr::Range(lo, hi, closed) => {
                let lo = lo.as_ref().map(|e| self.eval(e, frame)).transpose()?;
                let hi = hi.as_ref().map(|e| self.eval(e, frame)).transpose()?;
                Val::Range(Arc::new((lo, hi)), *closed)
            }
            Expr::SetField(slot, name, value) => {
                let value = self.eval(value, frame)?;
                match frame.get_mut(*slot) {
                    Some(Val::Struct(fields)) => {
                        let mut new: Vec<(Arc<str>, Val)> = fields.to_vec();
                        match new.iter_mut().find(|(n, _)| n == name) {
                            Some((_, place)) => *place = value,
                            None => return fail(format!("no field `{name}`")),
                        }
                        *fields = Arc::from(new);
                    }
                    // A library error's message or params: the libraries
                    // compare its code, which stays.
                    Some(Val::Error(_)) => {}
                    _ => return fail(format!("`.{name} = …` on a value without fields")),
                }
                Val::Unit
            }
            Expr::Assign(slot, value) => {
                let value = self.eval(value, frame)?;
                match frame.get_mut(*slot) {
                    Some(place) => *place = value,
                    None => return fail("a closure run outside the function that made it"),
                }
                Val::Unit
            }
        })
    }

    fn predicate(&mut self, f: &Val, item: &Val, frame: &mut [Val]) -> Step<bool> {
        match self.closure(f, std::slice::from_ref(item), frame)? {
            Val::Bool(b) => Ok(b),
            _ => fail("a predicate that does not give a bool"),
        }
    }

    fn method(
        &mut self,
        receiver: Val,
        name: &str,
        args: &[Val],
        turbofish: Option<&str>,
        frame: &mut [Val],
    ) -> Step {
        let arg = |i: usize| args.get(i).cloned().unwrap_or(Val::Unit);
        // What every value does the same way.
        match name {
            "to_string" | "to_owned" | "clone" | "cloned" | "copied" | "as_str" | "as_ref"
            | "as_deref" | "as_slice" | "into" | "borrow" | "deref" | "into_owned"
            | "with_message" => {
                return Ok(match receiver {
                    Val::Char(c) if name == "to_string" => Val::str(&c.to_string()),
                    Val::Int(n) if name == "to_string" => Val::str(&n.to_string()),
                    other => other,
                });
            }
            "get_or_init" => {
                return match receiver {
                    Val::Regex(_) => Ok(receiver),
                    _ => self.closure(&arg(0), &[], frame),
                };
            }
            _ => {}
        }
        match receiver {
            Val::Str(s) => self.str_method(&s, name, args, turbofish, frame),
            Val::Char(c) => char_method(c, name, args),
            Val::Int(n) => int_method(n, name, args),
            Val::Float(x) => Ok(match name {
                "abs" => Val::Float(x.abs()),
                "is_nan" => Val::Bool(x.is_nan()),
                "is_finite" => Val::Bool(x.is_finite()),
                "is_sign_negative" => Val::Bool(x.is_sign_negative()),
                "is_sign_positive" => Val::Bool(x.is_sign_positive()),
                _ => return fail(format!("`{name}` on a float")),
            }),
            Val::Bool(b) => Ok(match name {
                "then_some" => Val::Opt(b.then(|| Box::new(arg(0)))),
                "then" => match b {
                    true => Val::Opt(Some(Box::new(self.closure(&arg(0), &[], frame)?))),
                    false => Val::Opt(None),
                },
                "not" => Val::Bool(!b),
                _ => return fail(format!("`{name}` on a bool")),
            }),
            Val::Opt(o) => self.option_method(o, name, args, frame),
            Val::Res(r) => Ok(match (name, r) {
                ("is_ok", r) => Val::Bool(r.is_ok()),
                ("is_err", r) => Val::Bool(r.is_err()),
                ("ok", r) => Val::Opt(r.ok()),
                ("unwrap" | "expect", Ok(v)) => *v,
                ("unwrap" | "expect", Err(_)) => return fail("`unwrap` on an `Err` (a panic)"),
                // A number, what a `Result` unwrapped so is most often
                // (`text.parse::<u32>().unwrap_or_default()`).
                ("unwrap_or_default", Ok(v)) => *v,
                ("unwrap_or_default", Err(_)) => Val::Int(0),
                ("unwrap_or", Ok(v)) => *v,
                ("unwrap_or", Err(_)) => arg(0),
                ("unwrap_or_else", Ok(v)) => *v,
                ("unwrap_or_else", Err(e)) => self.closure(&arg(0), &[*e], frame)?,
                ("map", Ok(v)) => Val::Res(Ok(Box::new(self.closure(&arg(0), &[*v], frame)?))),
                ("map_err", Err(e)) => {
                    Val::Res(Err(Box::new(self.closure(&arg(0), &[*e], frame)?)))
                }
                ("map" | "map_err", r) => Val::Res(r),
                ("and_then", Ok(v)) => self.closure(&arg(0), &[*v], frame)?,
                ("and_then", r) => Val::Res(r),
                _ => return fail(format!("`{name}` on a Result")),
            }),
            Val::Regex(re) => match (name, args.first()) {
                ("is_match", Some(Val::Str(s))) => Ok(Val::Bool(re.is_match(s))),
                _ => fail(format!("`{name}` on a regex")),
            },
            Val::Seq(items) => self.seq_method(items, name, args, frame),
            Val::Range(ends, closed) if name == "contains" => {
                let (lo, hi) = &*ends;
                let v = args.first().cloned().unwrap_or(Val::Unit);
                let above = match lo {
                    Some(lo) => order(&v, lo)? != Ordering::Less,
                    None => true,
                };
                let below = match (hi, closed) {
                    (Some(hi), true) => order(&v, hi)? != Ordering::Greater,
                    (Some(hi), false) => order(&v, hi)? == Ordering::Less,
                    (None, _) => true,
                };
                Ok(Val::Bool(above && below))
            }
            range @ Val::Range(..) => {
                let Val::Seq(items) = iterable(range)? else {
                    return fail(format!("`{name}` on a range"));
                };
                self.seq_method(items, name, args, frame)
            }
            _ => fail(format!("`{name}` on this value")),
        }
    }

    fn option_method(
        &mut self,
        o: Option<Box<Val>>,
        name: &str,
        args: &[Val],
        frame: &mut [Val],
    ) -> Step {
        let arg = |i: usize| args.get(i).cloned().unwrap_or(Val::Unit);
        Ok(match (name, o) {
            ("is_some", o) => Val::Bool(o.is_some()),
            ("is_none", o) => Val::Bool(o.is_none()),
            ("unwrap" | "expect", Some(v)) => *v,
            ("unwrap" | "expect", None) => return fail("`unwrap` on `None` (a panic)"),
            ("unwrap_or", Some(v)) => *v,
            ("unwrap_or", None) => arg(0),
            ("unwrap_or_else", Some(v)) => *v,
            ("unwrap_or_else", None) => self.closure(&arg(0), &[], frame)?,
            ("map", Some(v)) => Val::Opt(Some(Box::new(self.closure(&arg(0), &[*v], frame)?))),
            ("map" | "and_then" | "filter", None) => Val::Opt(None),
            ("and_then", Some(v)) => self.closure(&arg(0), &[*v], frame)?,
            ("filter", Some(v)) => match self.predicate(&arg(0), &v, frame)? {
                true => Val::Opt(Some(v)),
                false => Val::Opt(None),
            },
            ("is_none_or", None) => Val::Bool(true),
            ("is_some_and", None) => Val::Bool(false),
            ("is_none_or" | "is_some_and", Some(v)) => {
                Val::Bool(self.predicate(&arg(0), &v, frame)?)
            }
            ("map_or", None) => arg(0),
            ("map_or", Some(v)) => self.closure(&arg(1), &[*v], frame)?,
            // The default of a type not known here: text, what an `Option`
            // unwrapped so is most often (`parts.next().unwrap_or_default()`).
            ("unwrap_or_default", Some(v)) => *v,
            ("unwrap_or_default", None) => Val::str(""),
            ("ok_or_else", Some(v)) => Val::Res(Ok(v)),
            ("ok_or_else", None) => Val::Res(Err(Box::new(self.closure(&arg(0), &[], frame)?))),
            ("ok_or", Some(v)) => Val::Res(Ok(v)),
            ("ok_or", None) => Val::Res(Err(Box::new(arg(0)))),
            ("iter" | "into_iter", o) => Val::seq(o.map(|v| *v).into_iter().collect()),
            (name, _) => return fail(format!("`{name}` on an Option")),
        })
    }

    fn str_method(
        &mut self,
        s: &str,
        name: &str,
        args: &[Val],
        turbofish: Option<&str>,
        frame: &mut [Val],
    ) -> Step {
        let text = |i: usize| match args.get(i) {
            Some(Val::Str(t)) => Ok(t.clone()),
            Some(Val::Char(c)) => Ok(Arc::from(c.to_string())),
            _ => fail(format!("`{name}` with an argument that is not text")),
        };
        Ok(match name {
            "len" => Val::Int(s.len() as i128),
            "is_empty" => Val::Bool(s.is_empty()),
            "chars" => Val::seq(s.chars().map(Val::Char).collect()),
            "bytes" | "as_bytes" => Val::seq(s.bytes().map(|b| Val::Int(b.into())).collect()),
            "char_indices" => Val::seq(
                s.char_indices()
                    .map(|(i, c)| Val::seq(vec![Val::Int(i as i128), Val::Char(c)]))
                    .collect(),
            ),
            "contains" | "starts_with" | "ends_with" | "find" | "strip_prefix" | "strip_suffix"
            | "split" | "matches"
                if matches!(args.first(), Some(Val::Closure(_))) =>
            {
                // A char predicate: each char tested.
                let f = args[0].clone();
                let mut hits = Vec::new();
                for (i, c) in s.char_indices() {
                    if self.predicate(&f, &Val::Char(c), frame)? {
                        hits.push((i, c));
                    }
                }
                match name {
                    "contains" => Val::Bool(!hits.is_empty()),
                    "starts_with" => Val::Bool(hits.first().is_some_and(|h| h.0 == 0)),
                    "ends_with" => Val::Bool(
                        hits.last()
                            .is_some_and(|(i, c)| i + c.len_utf8() == s.len()),
                    ),
                    "find" => Val::Opt(hits.first().map(|h| Box::new(Val::Int(h.0 as i128)))),
                    _ => return fail(format!("`{name}` with a closure")),
                }
            }
            "contains" => Val::Bool(s.contains(&*text(0)?)),
            "starts_with" => Val::Bool(s.starts_with(&*text(0)?)),
            "ends_with" => Val::Bool(s.ends_with(&*text(0)?)),
            "find" => Val::Opt(s.find(&*text(0)?).map(|i| Box::new(Val::Int(i as i128)))),
            "strip_prefix" => Val::Opt(s.strip_prefix(&*text(0)?).map(|t| Box::new(Val::str(t)))),
            "strip_suffix" => Val::Opt(s.strip_suffix(&*text(0)?).map(|t| Box::new(Val::str(t)))),
            "split" => Val::seq(s.split(&*text(0)?).map(Val::str).collect()),
            "rsplit" => Val::seq(s.rsplit(&*text(0)?).map(Val::str).collect()),
            "splitn" | "rsplitn" => {
                let n = match args.first() {
                    Some(Val::Int(n)) => usize::try_from(*n).unwrap_or(0),
                    _ => return fail(format!("`{name}` with a count that is not a number")),
                };
                let pattern = text(1)?;
                match name {
                    "splitn" => Val::seq(s.splitn(n, &*pattern).map(Val::str).collect()),
                    _ => Val::seq(s.rsplitn(n, &*pattern).map(Val::str).collect()),
                }
            }
            "split_once" | "rsplit_once" => {
                let pattern = text(0)?;
                let split = match name {
                    "split_once" => s.split_once(&*pattern),
                    _ => s.rsplit_once(&*pattern),
                };
                Val::Opt(split.map(|(a, b)| Box::new(Val::seq(vec![Val::str(a), Val::str(b)]))))
            }
            "matches" => Val::seq(s.matches(&*text(0)?).map(Val::str).collect()),
            "split_whitespace" => Val::seq(s.split_whitespace().map(Val::str).collect()),
            "lines" => Val::seq(s.lines().map(Val::str).collect()),
            "trim" => Val::str(s.trim()),
            "trim_start" => Val::str(s.trim_start()),
            "trim_end" => Val::str(s.trim_end()),
            "to_lowercase" => Val::str(&s.to_lowercase()),
            "to_uppercase" => Val::str(&s.to_uppercase()),
            "to_ascii_lowercase" => Val::str(&s.to_ascii_lowercase()),
            "to_ascii_uppercase" => Val::str(&s.to_ascii_uppercase()),
            "is_ascii" => Val::Bool(s.is_ascii()),
            "eq_ignore_ascii_case" => Val::Bool(s.eq_ignore_ascii_case(&text(0)?)),
            "replace" => Val::str(&s.replace(&*text(0)?, &text(1)?)),
            "repeat" => match args.first() {
                Some(Val::Int(n)) if *n >= 0 && *n < 10_000 => Val::str(&s.repeat(*n as usize)),
                _ => return fail("`repeat` with a count out of reach"),
            },
            "is_char_boundary" => match args.first() {
                Some(Val::Int(i)) => {
                    Val::Bool(usize::try_from(*i).is_ok_and(|i| s.is_char_boundary(i)))
                }
                _ => return fail("`is_char_boundary` of something other than an index"),
            },
            "parse" => parse(s, turbofish)?,
            "iter" | "into_iter" => Val::seq(s.chars().map(Val::Char).collect()),
            _ => return fail(format!("`{name}` on a string")),
        })
    }

    fn seq_method(
        &mut self,
        items: Arc<[Val]>,
        name: &str,
        args: &[Val],
        frame: &mut [Val],
    ) -> Step {
        let arg = |i: usize| args.get(i).cloned().unwrap_or(Val::Unit);
        let int = |i: usize| match args.get(i) {
            Some(Val::Int(n)) => {
                usize::try_from(*n).map_err(|_| Stop::Fail("a negative count".into()))
            }
            _ => fail(format!("`{name}` with an argument that is not a count")),
        };
        Ok(match name {
            "len" | "count" => Val::Int(items.len() as i128),
            "is_empty" => Val::Bool(items.is_empty()),
            "iter" | "into_iter" | "iter_mut" | "collect" => Val::Seq(items),
            "keys" | "values" => {
                let at = usize::from(name == "values");
                Val::seq(
                    items
                        .iter()
                        .map(|pair| match pair {
                            Val::Seq(kv) if kv.len() == 2 => Ok(kv[at].clone()),
                            _ => fail("`keys`/`values` of a sequence that is not a map"),
                        })
                        .collect::<Step<Vec<Val>>>()?,
                )
            }
            "rev" => Val::seq(items.iter().rev().cloned().collect()),
            "all" => {
                for item in items.iter() {
                    if !self.predicate(&arg(0), item, frame)? {
                        return Ok(Val::Bool(false));
                    }
                }
                Val::Bool(true)
            }
            "any" => {
                for item in items.iter() {
                    if self.predicate(&arg(0), item, frame)? {
                        return Ok(Val::Bool(true));
                    }
                }
                Val::Bool(false)
            }
            "filter" => {
                let mut out = Vec::new();
                for item in items.iter() {
                    if self.predicate(&arg(0), item, frame)? {
                        out.push(item.clone());
                    }
                }
                Val::seq(out)
            }
            "map" => Val::seq(
                items
                    .iter()
                    .map(|item| self.closure(&arg(0), std::slice::from_ref(item), frame))
                    .collect::<Step<Vec<Val>>>()?,
            ),
            "flat_map" => {
                let mut out = Vec::new();
                for item in items.iter() {
                    if let Val::Seq(inner) =
                        iterable(self.closure(&arg(0), std::slice::from_ref(item), frame)?)?
                    {
                        out.extend(inner.iter().cloned());
                    }
                }
                Val::seq(out)
            }
            "find" => {
                for item in items.iter() {
                    if self.predicate(&arg(0), item, frame)? {
                        return Ok(Val::Opt(Some(Box::new(item.clone()))));
                    }
                }
                Val::Opt(None)
            }
            "filter_map" => {
                let mut out = Vec::new();
                for item in items.iter() {
                    if let Val::Opt(Some(v)) =
                        self.closure(&arg(0), std::slice::from_ref(item), frame)?
                    {
                        out.push(*v);
                    }
                }
                Val::seq(out)
            }
            "find_map" => {
                for item in items.iter() {
                    if let Val::Opt(Some(v)) =
                        self.closure(&arg(0), std::slice::from_ref(item), frame)?
                    {
                        return Ok(Val::Opt(Some(v)));
                    }
                }
                Val::Opt(None)
            }
            "position" => {
                for (i, item) in items.iter().enumerate() {
                    if self.predicate(&arg(0), item, frame)? {
                        return Ok(Val::Opt(Some(Box::new(Val::Int(i as i128)))));
                    }
                }
                Val::Opt(None)
            }
            "fold" => {
                let mut acc = arg(0);
                for item in items.iter() {
                    acc = self.closure(&arg(1), &[acc, item.clone()], frame)?;
                }
                acc
            }
            "contains" => Val::Bool(items.iter().any(|i| equal(i, &arg(0)))),
            "contains_key" => Val::Bool(items.iter().any(
                |pair| matches!(pair, Val::Seq(kv) if kv.len() == 2 && equal(&kv[0], &arg(0))),
            )),
            // An iterator here is its items, read once: `next` is the first.
            "first" | "next" => Val::Opt(items.first().cloned().map(Box::new)),
            "last" | "next_back" => Val::Opt(items.last().cloned().map(Box::new)),
            "get" => match args.first() {
                Some(Val::Int(i)) => Val::Opt(
                    usize::try_from(*i)
                        .ok()
                        .and_then(|i| items.get(i))
                        .cloned()
                        .map(Box::new),
                ),
                Some(key) => Val::Opt(items.iter().find_map(|pair| match pair {
                    Val::Seq(kv) if kv.len() == 2 && equal(&kv[0], key) => {
                        Some(Box::new(kv[1].clone()))
                    }
                    _ => None,
                })),
                None => return fail("`get` without an argument"),
            },
            "nth" => Val::Opt(items.get(int(0)?).cloned().map(Box::new)),
            "skip" => Val::seq(items.iter().skip(int(0)?).cloned().collect()),
            "take" => Val::seq(items.iter().take(int(0)?).cloned().collect()),
            "windows" => {
                let n = int(0)?;
                if n == 0 {
                    return fail("`windows(0)` (a panic)");
                }
                Val::seq(items.windows(n).map(|w| Val::seq(w.to_vec())).collect())
            }
            "enumerate" => Val::seq(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| Val::seq(vec![Val::Int(i as i128), v.clone()]))
                    .collect(),
            ),
            "zip" => {
                let Val::Seq(other) = iterable(arg(0))? else {
                    return fail("`zip` with something other than a sequence");
                };
                Val::seq(
                    items
                        .iter()
                        .zip(other.iter())
                        .map(|(a, b)| Val::seq(vec![a.clone(), b.clone()]))
                        .collect(),
                )
            }
            "sum" => {
                let mut total = Val::Int(0);
                for item in items.iter() {
                    total = binary(BinOp::Add, &total, item)?;
                }
                total
            }
            "max" | "min" => {
                let mut best: Option<&Val> = None;
                for item in items.iter() {
                    let better = match best {
                        None => true,
                        Some(b) => {
                            let o = order(item, b)?;
                            if name == "max" {
                                o != Ordering::Less
                            } else {
                                o == Ordering::Less
                            }
                        }
                    };
                    if better {
                        best = Some(item);
                    }
                }
                Val::Opt(best.cloned().map(Box::new))
            }
            "join" | "concat" => {
                let sep = match args.first() {
                    Some(Val::Str(s)) => s.to_string(),
                    _ => String::new(),
                };
                let mut parts = Vec::with_capacity(items.len());
                for item in items.iter() {
                    match item {
                        Val::Str(s) => parts.push(s.to_string()),
                        Val::Char(c) => parts.push(c.to_string()),
                        _ => return fail("`join` of values that are not text"),
                    }
                }
                Val::str(&parts.join(&sep))
            }
            _ => return fail(format!("`{name}` on a sequence")),
        })
    }
}

/// What `for`, `zip` and `flat_map` walk: a sequence, an option's value,
/// a string's chars.
/// The most numbers a range walks as (a longer walk would spend the step
/// budget anyway).
const RANGE_WALK: i128 = 1_000_000;

fn iterable(v: Val) -> Step {
    Ok(match v {
        Val::Seq(_) => v,
        Val::Range(ends, closed) => match &*ends {
            (Some(Val::Int(lo)), Some(Val::Int(hi))) => {
                let hi = if closed { hi.saturating_add(1) } else { *hi };
                if hi.saturating_sub(*lo) > RANGE_WALK {
                    return fail("a walk over a range too long to take here");
                }
                Val::seq((*lo..hi.max(*lo)).map(Val::Int).collect())
            }
            _ => return fail("a walk over a range that is not of integers with both ends"),
        },
        Val::Opt(o) => Val::seq(o.map(|v| *v).into_iter().collect()),
        Val::Str(s) => Val::seq(s.chars().map(Val::Char).collect()),
        _ => return fail("a walk over a value that is not a sequence"),
    })
}

fn char_method(c: char, name: &str, args: &[Val]) -> Step {
    let radix = || match args.first() {
        Some(Val::Int(r)) if (2..=36).contains(r) => Ok(*r as u32),
        _ => fail("a radix out of 2..=36"),
    };
    Ok(Val::Bool(match name {
        "is_ascii" => c.is_ascii(),
        "is_ascii_alphanumeric" => c.is_ascii_alphanumeric(),
        "is_ascii_alphabetic" => c.is_ascii_alphabetic(),
        "is_ascii_digit" => c.is_ascii_digit(),
        "is_ascii_lowercase" => c.is_ascii_lowercase(),
        "is_ascii_uppercase" => c.is_ascii_uppercase(),
        "is_ascii_punctuation" => c.is_ascii_punctuation(),
        "is_ascii_whitespace" => c.is_ascii_whitespace(),
        "is_ascii_hexdigit" => c.is_ascii_hexdigit(),
        "is_ascii_graphic" => c.is_ascii_graphic(),
        "is_ascii_control" => c.is_ascii_control(),
        "is_alphanumeric" => c.is_alphanumeric(),
        "is_alphabetic" => c.is_alphabetic(),
        "is_numeric" => c.is_numeric(),
        "is_whitespace" => c.is_whitespace(),
        "is_lowercase" => c.is_lowercase(),
        "is_uppercase" => c.is_uppercase(),
        "is_control" => c.is_control(),
        "is_digit" => c.is_digit(radix()?),
        "eq_ignore_ascii_case" => match args.first() {
            Some(Val::Char(o)) => c.eq_ignore_ascii_case(o),
            _ => return fail("`eq_ignore_ascii_case` with something other than a char"),
        },
        "to_digit" => {
            return Ok(Val::Opt(
                c.to_digit(radix()?).map(|d| Box::new(Val::Int(d.into()))),
            ));
        }
        "len_utf8" => return Ok(Val::Int(c.len_utf8() as i128)),
        "to_ascii_lowercase" => return Ok(Val::Char(c.to_ascii_lowercase())),
        "to_ascii_uppercase" => return Ok(Val::Char(c.to_ascii_uppercase())),
        _ => return fail(format!("`{name}` on a char")),
    }))
}

fn int_method(n: i128, name: &str, args: &[Val]) -> Step {
    let other = || match args.first() {
        Some(Val::Int(o)) => Ok(*o),
        _ => fail(format!("`{name}` with something other than an integer")),
    };
    // A byte's ASCII tests (`text.bytes().all(|b| b.is_ascii_uppercase())`).
    if name.starts_with("is_ascii") {
        return match u8::try_from(n) {
            Ok(b) => char_method(char::from(b), name, args),
            Err(_) => fail(format!("`{name}` on an integer past a byte")),
        };
    }
    Ok(match name {
        "abs" => match n.checked_abs() {
            Some(n) => Val::Int(n),
            None => return fail("an overflow (a panic)"),
        },
        "pow" => match u32::try_from(other()?) {
            Ok(e) => match n.checked_pow(e) {
                Some(v) => Val::Int(v),
                None => return fail("an overflow (a panic)"),
            },
            Err(_) => return fail("a negative exponent"),
        },
        "checked_add" => Val::Opt(n.checked_add(other()?).map(|v| Box::new(Val::Int(v)))),
        "checked_sub" => Val::Opt(n.checked_sub(other()?).map(|v| Box::new(Val::Int(v)))),
        "checked_mul" => Val::Opt(n.checked_mul(other()?).map(|v| Box::new(Val::Int(v)))),
        "saturating_add" => Val::Int(n.saturating_add(other()?)),
        // Unsigned in practice: counts and sizes.
        "saturating_sub" => Val::Int(n.saturating_sub(other()?).max(0)),
        _ => return fail(format!("`{name}` on an integer")),
    })
}

/// `text.parse::<T>()`: `Ok` with the value or `Err`, as `FromStr` for `T` says.
fn parse(s: &str, ty: Option<&str>) -> Step {
    let ok = |v: Val| Val::Res(Ok(Box::new(v)));
    let err = || Val::Res(Err(Box::new(Val::str("invalid"))));
    macro_rules! int {
        ($t:ty) => {
            match s.parse::<$t>() {
                Ok(n) => ok(Val::Int(n as i128)),
                Err(_) => err(),
            }
        };
    }
    Ok(match ty {
        Some("u8") => int!(u8),
        Some("u16") => int!(u16),
        Some("u32") => int!(u32),
        Some("u64") => int!(u64),
        Some("usize") => int!(usize),
        Some("i8") => int!(i8),
        Some("i16") => int!(i16),
        Some("i32") => int!(i32),
        Some("i64") => int!(i64),
        Some("isize") => int!(isize),
        Some("i128") => int!(i128),
        Some("f32") => match s.parse::<f32>() {
            Ok(x) => ok(Val::Float(x.into())),
            Err(_) => err(),
        },
        Some("f64") => match s.parse::<f64>() {
            Ok(x) => ok(Val::Float(x)),
            Err(_) => err(),
        },
        Some("bool") => match s.parse::<bool>() {
            Ok(b) => ok(Val::Bool(b)),
            Err(_) => err(),
        },
        Some("char") => match s.parse::<char>() {
            Ok(c) => ok(Val::Char(c)),
            Err(_) => err(),
        },
        Some("String") => ok(Val::str(s)),
        // Into the function's own type parameter: the field's type takes
        // the value or refuses it.
        Some(super::lower::ANY) => match (s.parse::<i128>(), s.parse::<f64>(), s.parse::<bool>()) {
            (Ok(n), _, _) => ok(Val::Int(n)),
            (_, Ok(x), _) if s.bytes().any(|b| b.is_ascii_digit()) => ok(Val::Float(x)),
            (_, _, Ok(b)) => ok(Val::Bool(b)),
            _ => ok(Val::str(s)),
        },
        Some(other) => return fail(format!("`parse::<{other}>()`")),
        None => return fail("`parse()` whose type is not written at the call"),
    })
}

fn binary(op: BinOp, a: &Val, b: &Val) -> Step {
    use BinOp::*;
    Ok(match op {
        Eq => Val::Bool(equal(a, b)),
        Ne => Val::Bool(!equal(a, b)),
        Lt => Val::Bool(order(a, b)? == Ordering::Less),
        Le => Val::Bool(order(a, b)? != Ordering::Greater),
        Gt => Val::Bool(order(a, b)? == Ordering::Greater),
        Ge => Val::Bool(order(a, b)? != Ordering::Less),
        And | BitAnd | Or | BitOr => match (a, b) {
            (Val::Bool(x), Val::Bool(y)) => Val::Bool(if matches!(op, And | BitAnd) {
                *x && *y
            } else {
                *x || *y
            }),
            (Val::Int(x), Val::Int(y)) if matches!(op, BitAnd) => Val::Int(x & y),
            (Val::Int(x), Val::Int(y)) if matches!(op, BitOr) => Val::Int(x | y),
            _ => return fail("a logical operator on values that are not bools"),
        },
        Add | Sub | Mul | Div | Rem => match (a, b) {
            (Val::Int(x), Val::Int(y)) => {
                let v = match op {
                    Add => x.checked_add(*y),
                    Sub => x.checked_sub(*y),
                    Mul => x.checked_mul(*y),
                    Div => x.checked_div(*y),
                    _ => x.checked_rem(*y),
                };
                match v {
                    Some(v) => Val::Int(v),
                    None => return fail("an overflow or a division by zero (a panic)"),
                }
            }
            (Val::Float(_) | Val::Int(_), Val::Float(_) | Val::Int(_)) => {
                let (x, y) = (float(a), float(b));
                Val::Float(match op {
                    Add => x + y,
                    Sub => x - y,
                    Mul => x * y,
                    Div => x / y,
                    _ => x % y,
                })
            }
            (Val::Str(x), Val::Str(y)) if op == Add => Val::str(&format!("{x}{y}")),
            _ => return fail("arithmetic on values that are not numbers"),
        },
    })
}

fn float(v: &Val) -> f64 {
    match v {
        Val::Int(n) => *n as f64,
        Val::Float(x) => *x,
        _ => f64::NAN,
    }
}

/// Rust's `==` on the values (references compared through).
pub fn equal(a: &Val, b: &Val) -> bool {
    match (a, b) {
        (Val::Unit, Val::Unit) => true,
        (Val::Bool(x), Val::Bool(y)) => x == y,
        (Val::Int(x), Val::Int(y)) => x == y,
        (Val::Float(_) | Val::Int(_), Val::Float(_) | Val::Int(_)) => float(a) == float(b),
        (Val::Char(x), Val::Char(y)) => x == y,
        (Val::Str(x), Val::Str(y)) => x == y,
        (Val::Seq(x), Val::Seq(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(a, b)| equal(a, b))
        }
        (Val::Opt(x), Val::Opt(y)) => match (x, y) {
            (Some(x), Some(y)) => equal(x, y),
            (None, None) => true,
            _ => false,
        },
        (Val::Res(Ok(x)), Val::Res(Ok(y))) | (Val::Res(Err(x)), Val::Res(Err(y))) => equal(x, y),
        (Val::Error(x), Val::Error(y)) => x == y,
        (Val::Struct(x), Val::Struct(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|((n, a), (m, b))| n == m && equal(a, b))
        }
        (Val::Variant(x, a), Val::Variant(y, b)) => {
            x == y
                && match (a, b) {
                    (Some(a), Some(b)) => equal(a, b),
                    (None, None) => true,
                    _ => false,
                }
        }
        _ => false,
    }
}

fn order(a: &Val, b: &Val) -> Step<Ordering> {
    let ordering = match (a, b) {
        (Val::Int(x), Val::Int(y)) => Some(x.cmp(y)),
        (Val::Float(_) | Val::Int(_), Val::Float(_) | Val::Int(_)) => {
            float(a).partial_cmp(&float(b))
        }
        (Val::Char(x), Val::Char(y)) => Some(x.cmp(y)),
        (Val::Str(x), Val::Str(y)) => Some(x.cmp(y)),
        (Val::Bool(x), Val::Bool(y)) => Some(x.cmp(y)),
        _ => None,
    };
    match ordering {
        Some(o) => Ok(o),
        None => fail("a comparison of values that have no order between them"),
    }
}

/// Whether `value` fits `pat`, binding its names into `frame` as it goes.
fn bind(pat: &Pat, value: &Val, frame: &mut [Val]) -> bool {
    match (pat, value) {
        (Pat::Wild, _) => true,
        (Pat::Bind(slot), v) => match frame.get_mut(*slot) {
            Some(place) => {
                *place = v.clone();
                true
            }
            None => false,
        },
        (Pat::At(slot, inner), v) => match frame.get_mut(*slot) {
            Some(place) => {
                *place = v.clone();
                bind(inner, v, frame)
            }
            None => false,
        },
        (Pat::Lit(l), v) => equal(l, v),
        (Pat::Range(lo, hi, closed), v) => {
            let above = lo
                .as_ref()
                .is_none_or(|lo| order(v, lo).is_ok_and(|o| o != Ordering::Less));
            let below = hi.as_ref().is_none_or(|hi| {
                order(v, hi).is_ok_and(|o| o == Ordering::Less || (*closed && o == Ordering::Equal))
            });
            above && below
        }
        (Pat::Some(p), Val::Opt(Some(v))) => bind(p, v, frame),
        (Pat::None, Val::Opt(None)) => true,
        (Pat::Ok(p), Val::Res(Ok(v))) | (Pat::Err(p), Val::Res(Err(v))) => bind(p, v, frame),
        (Pat::Or(cases), v) => cases.iter().any(|c| bind(c, v, frame)),
        (Pat::Variant(name, inner), Val::Variant(variant, payload)) => {
            name == variant
                && match (inner, payload) {
                    (None, _) => true,
                    (Some(p), Some(v)) => bind(p, v, frame),
                    (Some(_), None) => false,
                }
        }
        (Pat::Tuple(ps) | Pat::Slice(ps), Val::Seq(items)) => {
            ps.len() == items.len() && ps.iter().zip(items.iter()).all(|(p, v)| bind(p, v, frame))
        }
        _ => false,
    }
}
