//! The lowered form of a paste's function: owned, `Send`, and small enough
//! that every construct in it has a meaning the evaluator gives it.

use std::sync::Arc;

/// A value while a function runs.
#[derive(Debug, Clone)]
pub enum Val {
    Unit,
    Bool(bool),
    Int(i128),
    Float(f64),
    Char(char),
    Str(Arc<str>),
    /// Slices, arrays, `Vec`s, sets, tuples, a map's `(key, value)` pairs and
    /// iterators (eager: a validation function's iterators are short).
    Seq(Arc<[Val]>),
    Opt(Option<Box<Val>>),
    Res(Result<Box<Val>, Box<Val>>),
    /// validator's `ValidationError` (its code) or garde's `Error` (its message).
    Error(Arc<str>),
    /// A struct, by field name (a tuple struct's fields are `0`, `1`, …): one
    /// the paste builds (a context constant, a conversion's result) or one
    /// decoded and handed to its code.
    Struct(Arc<[(Arc<str>, Val)]>),
    /// An enum's variant, by its Rust name, with its payload (a newtype
    /// variant's value, a tuple variant's as a `Seq`, a struct variant's as a
    /// `Struct`; none for a unit variant).
    Variant(Arc<str>, Option<Box<Val>>),
    /// `lo..hi` or `lo..=hi` (`true`), either end open: `contains` reads it,
    /// and a range of integers walks as its numbers.
    Range(Arc<(Option<Val>, Option<Val>)>, bool),
    /// A value the interpreter cannot hand to the paste's code (a
    /// `serde_json::Value`): a function that reads it stops.
    Opaque,
    Regex(regex::Regex),
    /// A closure: its parameters' patterns and body, run in its function's frame.
    Closure(Arc<(Vec<Pat>, Expr)>),
}

impl Val {
    pub fn str(s: &str) -> Val {
        Val::Str(Arc::from(s))
    }

    pub fn seq(items: Vec<Val>) -> Val {
        Val::Seq(Arc::from(items))
    }
}

/// A lowered function: its parameters' patterns, its body and how many local
/// slots its frame needs.
#[derive(Debug)]
pub struct Function {
    pub params: Vec<Pat>,
    pub body: Expr,
    pub slots: usize,
}

#[derive(Debug, Clone)]
pub enum Expr {
    Lit(Val),
    Local(usize),
    Field(Box<Expr>, Arc<str>),
    /// `a.0` on a tuple.
    TupleField(Box<Expr>, usize),
    Index(Box<Expr>, Box<Expr>),
    /// A method by name, with its turbofish's last type (`parse::<u32>`).
    Method(Box<Expr>, Arc<str>, Vec<Expr>, Option<Arc<str>>),
    Call(Callee, Vec<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    If(Box<Expr>, Box<Expr>, Option<Box<Expr>>),
    /// `if let pat = e { … } else { … }`.
    IfLet(Pat, Box<Expr>, Box<Expr>, Option<Box<Expr>>),
    Match(Box<Expr>, Vec<Arm>),
    Block(Vec<Stmt>, Option<Box<Expr>>),
    Return(Option<Box<Expr>>),
    /// `e?` on a `Result` or `Option`.
    Try(Box<Expr>),
    Closure(Arc<(Vec<Pat>, Expr)>),
    Seq(Vec<Expr>),
    Struct(Vec<(Arc<str>, Expr)>),
    /// `as` to an integer (`true`) or a float type.
    Cast(Box<Expr>, bool),
    /// `for pat in e { body }`.
    For(Pat, Box<Expr>, Box<Expr>),
    /// `matches!(e, pat)` / `matches!(e, pat if guard)`.
    Matches(Box<Expr>, Pat, Option<Box<Expr>>),
    /// `x = e` (and `x += e`, lowered to `x = x + e`).
    Assign(usize, Box<Expr>),
    /// `lo..hi`, `lo..=hi` (`true`); either end may be open.
    Range(Option<Box<Expr>>, Option<Box<Expr>>, bool),
    /// `x.field = e` on a local.
    SetField(usize, Arc<str>, Box<Expr>),
}

#[derive(Debug, Clone)]
pub enum Callee {
    /// Another function of the paste, lowered.
    Pasted(Arc<Function>),
    Ok,
    Err,
    Some,
    /// `ValidationError::new`, `garde::Error::new`: the first argument's text.
    Error,
    /// `Regex::new`.
    Regex,
    /// `LazyLock::new(f)`, `Lazy::new(f)`: `f()`.
    Lazy,
    /// `String::from`, `From::from`, `Into::into`, `Cow::from`, …: the value.
    Same,
    /// A tuple struct of the paste built (`Self(x)`, `Email(x)`): its fields
    /// by position.
    TupleStruct,
    /// A tuple variant built (`Kind::Other(x)`), by its Rust name.
    Variant(Arc<str>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    BitAnd,
    BitOr,
}

#[derive(Debug, Clone)]
pub enum Stmt {
    Let(Pat, Option<Expr>),
    Expr(Expr),
}

#[derive(Debug, Clone)]
pub struct Arm {
    pub pat: Pat,
    pub guard: Option<Expr>,
    pub body: Expr,
}

#[derive(Debug, Clone)]
pub enum Pat {
    Wild,
    Bind(usize),
    Lit(Val),
    /// `lo..=hi` (`true`) or `lo..hi`; either end may be open.
    Range(Option<Val>, Option<Val>, bool),
    Some(Box<Pat>),
    None,
    Ok(Box<Pat>),
    Err(Box<Pat>),
    Or(Vec<Pat>),
    Tuple(Vec<Pat>),
    /// `[a, b, ..]`-free slices: exactly these elements.
    Slice(Vec<Pat>),
    /// `name @ pat`.
    At(usize, Box<Pat>),
    /// `Kind::Name` or `Kind::Name(pat)`: an enum's variant by its Rust name.
    Variant(Arc<str>, Option<Box<Pat>>),
}
